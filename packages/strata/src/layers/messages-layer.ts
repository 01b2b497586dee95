import type { JsonValue, Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { ChatMessage } from '../model/chat-model.js';
import { countMessageTokens } from '../tokenizer/count-chat-tokens.js';
import { markExactFit, truncateWithMarker } from './fit-items.js';
import type {
  DroppedItem,
  FitRequest,
  Layer,
  LayerAction,
  LayerFit,
  LayerOptions,
  TruncatedItem,
} from './layer.js';
import { eventList, resolveLayerOptions } from './resolve-layer-options.js';

export interface Turn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  name?: string;
  provenance?: Provenance;
}

export interface MessagesLayerOptions extends LayerOptions {
  /** Most turns kept (older ones are forgotten). Default 50. */
  maxTurns?: number;
  /** Events that clear the turns (e.g. 'ticket-closed'). */
  resetOn?: string | readonly string[];
}

/** Chat turns as chat messages: a sliding window by count and tokens, newest kept. */
export interface MessagesLayer extends Layer {
  readonly turns: readonly Turn[];
  /** Appends a turn. Returns its id. */
  add(turn: {
    role: 'user' | 'assistant';
    content: string;
    name?: string;
    id?: string;
    provenance?: Provenance;
  }): string;
  reset(): void;
}

/** Fewest tokens worth spending on a truncated turn. */
const MIN_TRUNCATED_TOKENS = 8;

/** Creates a messages layer (defaults: budget 2,000, priority 80, dynamic). */
export function createMessagesLayer(options: MessagesLayerOptions = {}): MessagesLayer {
  const resolved = resolveLayerOptions('messages', options, { budget: 2000, priority: 80, stable: false });
  const maxTurns = options.maxTurns ?? 50;
  let turns: Turn[] = [];
  let nextId = 1;
  let revision = 0;
  const bindings = eventList(options.resetOn).map((event) => ({ event, action: 'reset' as LayerAction }));

  return {
    ...resolved,
    kind: 'messages',
    usesQuery: false,
    bindings,
    get revision() {
      return revision;
    },
    get turns() {
      return turns;
    },
    add(turn) {
      if ((turn?.role !== 'user' && turn?.role !== 'assistant') || typeof turn.content !== 'string') {
        throw new StrataError(
          'INPUT_INVALID',
          `Messages '${resolved.name}': a turn needs role 'user' or 'assistant' and a string 'content' (system text belongs in createMemory's 'system').`,
        );
      }
      const id = turn.id ?? `t${nextId}`;
      nextId += 1;
      const stored: Turn = { id, role: turn.role, content: turn.content };
      if (turn.name !== undefined) stored.name = turn.name;
      if (turn.provenance !== undefined) stored.provenance = turn.provenance;
      turns.push(stored);
      if (turns.length > maxTurns) turns = turns.slice(turns.length - maxTurns);
      revision += 1;
      return id;
    },
    reset() {
      turns = [];
      revision += 1;
    },
    fit(request: FitRequest): LayerFit {
      const { tokenizer } = request;
      const reason = request.shrunk ? 'total-budget' : 'layer-budget';
      const kept: ChatMessage[] = [];
      const keptIds: string[] = [];
      const dropped: DroppedItem[] = [];
      const truncated: TruncatedItem[] = [];
      let room = request.allowance;
      let index = turns.length - 1;
      for (; index >= 0; index -= 1) {
        const turn = turns[index] as Turn;
        const message = toMessage(turn);
        // Framing (role, name) is counted exactly; the content only up to what could still fit.
        const frame = countMessageTokens({ ...message, content: '' }, tokenizer);
        const cost = frame + tokenizer.countUpTo(turn.content, Math.max(0, room - frame));
        if (cost <= room) {
          kept.push(message);
          keptIds.push(turn.id);
          room -= cost;
          continue;
        }
        if (kept.length === 0 && room - frame >= MIN_TRUNCATED_TOKENS) {
          // The newest turn alone is larger than the layer: keep its beginning, marked.
          const content = truncateWithMarker(turn.content, room - frame, tokenizer);
          const shortened = { ...message, content };
          const shortCost = countMessageTokens(shortened, tokenizer);
          if (content !== '' && shortCost <= room) {
            kept.push(shortened);
            keptIds.push(turn.id);
            truncated.push({ id: turn.id, fullTokens: cost, keptTokens: shortCost });
            room -= shortCost;
            index -= 1;
          }
        }
        break;
      }
      for (; index >= 0; index -= 1) dropped.push({ id: (turns[index] as Turn).id, reason });
      kept.reverse();
      keptIds.reverse();
      return markExactFit({
        section: '',
        messages: kept,
        tokens: request.allowance - room,
        kept: keptIds,
        dropped,
        truncated,
      });
    },
    snapshot(): JsonValue {
      return { turns: turns as unknown as JsonValue, nextId };
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { turns?: Turn[]; nextId?: number } | null;
      turns = Array.isArray(value?.turns) ? value.turns.map((turn) => ({ ...turn })) : [];
      nextId = typeof value?.nextId === 'number' ? value.nextId : turns.length + 1;
      revision += 1;
    },
  };
}

function toMessage(turn: Turn): ChatMessage {
  const message: ChatMessage = { role: turn.role, content: turn.content };
  if (turn.name !== undefined) message.name = turn.name;
  return message;
}
