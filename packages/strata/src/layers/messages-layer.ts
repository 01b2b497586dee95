import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { ChatMessage } from '../model/chat-model.js';
import type { CachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import { countMessageTokens } from '../tokenizer/count-chat-tokens.js';
import { tokenizerVersion } from '../tokenizer/tokenizer.js';
import { type Turn, type TurnInput, validateTurn } from './chat-turn.js';
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

export type { Turn, TurnInput } from './chat-turn.js';

export interface MessagesLayerOptions extends LayerOptions {
  /**
   * Most turns kept (older ones are forgotten, a tool exchange as a whole). Default 50; 0 keeps
   * none. The newest exchange (an assistant turn with tool calls and its results) is never split,
   * so it alone may hold more.
   */
  maxTurns?: number;
  /** Events that clear the turns (e.g. 'ticket-closed'). */
  resetOn?: string | readonly string[];
}

/**
 * Chat turns as chat messages: a sliding window by count and tokens, newest kept. An assistant
 * turn with tool calls and the tool results that answer it form one exchange, kept or dropped as
 * a unit, so no result is ever sent without its call.
 */
export interface MessagesLayer extends Layer {
  /** The kept turns, oldest first (a fresh array, built on demand). */
  readonly turns: readonly Turn[];
  /**
   * Appends a turn and returns its id. A 'tool' turn must answer a call of the assistant turn
   * before it (INPUT_INVALID otherwise), and a user or assistant turn cannot follow an assistant
   * turn whose calls are not all answered yet (the API would reject that request).
   */
  add(turn: TurnInput): string;
  /** Ids of the newest assistant turn's calls that have no result yet. */
  readonly pendingToolCalls: readonly string[];
  /** Removes every turn. */
  reset(): void;
}

/** Fewest tokens worth spending on a truncated turn. */
const MIN_TRUNCATED_TOKENS = 8;

/** One kept turn, rendered once and counted once per tokenizer (and tokenizer version). */
interface Entry {
  turn: Turn;
  message: ChatMessage;
  /** True unless it continues an exchange (a tool result). */
  startsGroup: boolean;
  countedBy: CachedTokenizer | undefined;
  /** The tokenizer's `version` when counted: a calibrated approximate tokenizer recounts. */
  countedVersion: number;
  tokens: number;
  droppedLayer: DroppedItem;
  droppedTotal: DroppedItem;
}

/**
 * A ring of entries: `add` appends and evicts at the head in constant time (amortized), and a fit
 * walks back only over the turns it shows.
 */
class EntryRing {
  private items: Array<Entry | undefined> = new Array(8);
  private head = 0;
  size = 0;
  // The drop records of the entries, oldest first, so a fit copies a prefix instead of building one.
  readonly droppedLayer: DroppedItem[] = [];
  readonly droppedTotal: DroppedItem[] = [];

  at(index: number): Entry {
    return this.items[(this.head + index) % this.items.length] as Entry;
  }

  push(entry: Entry): void {
    if (this.size === this.items.length) {
      const grown: Array<Entry | undefined> = new Array(this.items.length * 2);
      for (let index = 0; index < this.size; index += 1) grown[index] = this.at(index);
      this.items = grown;
      this.head = 0;
    }
    this.items[(this.head + this.size) % this.items.length] = entry;
    this.size += 1;
    this.droppedLayer.push(entry.droppedLayer);
    this.droppedTotal.push(entry.droppedTotal);
  }

  shift(): void {
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.items.length;
    this.size -= 1;
    this.droppedLayer.shift();
    this.droppedTotal.shift();
  }

  clear(): void {
    this.items = new Array(8);
    this.head = 0;
    this.size = 0;
    this.droppedLayer.length = 0;
    this.droppedTotal.length = 0;
  }
}

/** Creates a messages layer (defaults: budget 2,000, priority 80, dynamic). */
export function createMessagesLayer(options: MessagesLayerOptions = {}): MessagesLayer {
  const resolved = resolveLayerOptions('messages', options, { budget: 2000, priority: 80, stable: false });
  const maxTurns = options.maxTurns ?? 50;
  if (!Number.isInteger(maxTurns) || maxTurns < 0) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Messages '${resolved.name}': 'maxTurns' must be a whole number >= 0, got ${String(options.maxTurns)}.`,
    );
  }
  const where = `Messages '${resolved.name}'`;
  const ring = new EntryRing();
  let nextId = 1;
  let revision = 0;
  // Calls of the newest assistant turn still waiting for their result, in call order.
  let pending: string[] = [];
  let turnsCache: Turn[] | undefined;
  const bindings = eventList(options.resetOn).map((event) => ({ event, action: 'reset' as LayerAction }));

  const entryOf = (turn: Turn): Entry => ({
    turn,
    message: toMessage(turn),
    startsGroup: turn.role !== 'tool',
    countedBy: undefined,
    countedVersion: 0,
    tokens: 0,
    droppedLayer: Object.freeze({ id: turn.id, reason: 'layer-budget' as const }),
    droppedTotal: Object.freeze({ id: turn.id, reason: 'total-budget' as const }),
  });

  const tokensOf = (entry: Entry, tokenizer: CachedTokenizer): number => {
    const version = tokenizerVersion(tokenizer);
    if (entry.countedBy !== tokenizer || entry.countedVersion !== version) {
      entry.tokens = countMessageTokens(entry.message, tokenizer);
      entry.countedBy = tokenizer;
      entry.countedVersion = version;
    }
    return entry.tokens;
  };

  // Evicts whole exchanges from the head while over the count; the newest exchange stays whole.
  const evict = (): void => {
    while (ring.size > maxTurns) {
      let groupEnd = 1;
      while (groupEnd < ring.size && !ring.at(groupEnd).startsGroup) groupEnd += 1;
      if (groupEnd === ring.size && maxTurns > 0) return;
      for (let index = 0; index < groupEnd; index += 1) ring.shift();
    }
  };

  const append = (turn: Turn): void => {
    ring.push(entryOf(turn));
    evict();
    turnsCache = undefined;
    revision += 1;
  };

  return {
    ...resolved,
    kind: 'messages',
    usesQuery: false,
    bindings,
    get revision() {
      return revision;
    },
    get turns() {
      if (!turnsCache) {
        turnsCache = [];
        for (let index = 0; index < ring.size; index += 1) turnsCache.push(ring.at(index).turn);
      }
      return turnsCache;
    },
    get pendingToolCalls() {
      return [...pending];
    },
    add(input) {
      const clean = validateTurn(input, where);
      if (input.id !== undefined && (typeof input.id !== 'string' || input.id === '')) {
        throw new StrataError('INPUT_INVALID', `${where}: a turn's 'id' must be a non-empty string.`);
      }
      if (clean.role === 'tool') {
        const position = pending.indexOf(clean.toolCallId as string);
        if (position < 0) {
          throw new StrataError(
            'INPUT_INVALID',
            `${where}: the tool result for '${clean.toolCallId}' answers no open call. Add it right after the assistant turn whose toolCalls include that id${pending.length > 0 ? ` (open: ${pending.join(', ')})` : ''}.`,
          );
        }
        pending.splice(position, 1);
      } else if (pending.length > 0) {
        throw new StrataError(
          'INPUT_INVALID',
          `${where}: the assistant's tool calls ${pending.join(', ')} have no result yet. Add a 'tool' turn with each 'toolCallId' first (the API rejects calls without results).`,
        );
      }
      const id = input.id ?? `t${nextId}`;
      nextId += 1;
      const turn: Turn = { id, ...clean };
      if (turn.toolCalls) pending = turn.toolCalls.map((call) => call.id);
      append(turn);
      return id;
    },
    reset() {
      ring.clear();
      pending = [];
      turnsCache = undefined;
      revision += 1;
    },
    fit(request: FitRequest): LayerFit {
      const { tokenizer } = request;
      const total = request.shrunk;
      const kept: ChatMessage[] = [];
      const keptIds: string[] = [];
      const keptTokens: number[] = [];
      const truncated: TruncatedItem[] = [];
      let room = request.allowance;
      // Walk back exchange by exchange: [start, end) is the group being looked at.
      let end = ring.size;
      while (end > 0) {
        let start = end - 1;
        while (start > 0 && !ring.at(start).startsGroup) start -= 1;
        let cost = 0;
        for (let index = start; index < end; index += 1) cost += tokensOf(ring.at(index), tokenizer);
        if (cost <= room) {
          for (let index = end - 1; index >= start; index -= 1) {
            const entry = ring.at(index);
            kept.push(entry.message);
            keptIds.push(entry.turn.id);
            keptTokens.push(entry.tokens);
          }
          room -= cost;
          end = start;
          continue;
        }
        if (kept.length === 0) {
          const shortened = truncateGroup(ring, start, end, room, tokenizer);
          if (shortened) {
            for (let index = shortened.messages.length - 1; index >= 0; index -= 1) {
              kept.push(shortened.messages[index] as ChatMessage);
              keptIds.push(ring.at(start + index).turn.id);
              keptTokens.push(shortened.tokens[index] as number);
            }
            truncated.push(...shortened.truncated);
            room -= shortened.tokens.reduce((sum, tokens) => sum + tokens, 0);
            end = start;
          }
        }
        break;
      }
      const dropped = (total ? ring.droppedTotal : ring.droppedLayer).slice(0, end);
      kept.reverse();
      keptIds.reverse();
      keptTokens.reverse();
      return markExactFit({
        section: '',
        messages: kept,
        messageTokens: keptTokens,
        tokens: request.allowance - room,
        kept: keptIds,
        dropped,
        truncated,
      });
    },
    snapshot(): JsonValue {
      const turns: Turn[] = [];
      for (let index = 0; index < ring.size; index += 1) turns.push(ring.at(index).turn);
      return { turns, nextId, pending } as unknown as JsonValue;
    },
    restore(snapshot: JsonValue) {
      const value = snapshot as { turns?: unknown; nextId?: unknown; pending?: unknown } | null;
      const turns = Array.isArray(value?.turns) ? value.turns : [];
      ring.clear();
      for (const [index, raw] of turns.entries()) {
        const id = (raw as { id?: unknown } | null)?.id;
        if (typeof id !== 'string' || id === '') {
          throw new StrataError('STATE_CORRUPT', `${where}: snapshot turn ${index} has no id.`);
        }
        let clean: Omit<Turn, 'id'>;
        try {
          clean = validateTurn(raw as TurnInput, `${where} snapshot turn ${index}`);
        } catch (error) {
          throw new StrataError('STATE_CORRUPT', (error as Error).message, { cause: error });
        }
        // A snapshot may start inside an exchange (older sessions); a result without its call is dropped.
        if (clean.role === 'tool' && ring.size === 0) continue;
        ring.push(entryOf({ id, ...clean }));
      }
      evict();
      nextId = typeof value?.nextId === 'number' ? value.nextId : ring.size + 1;
      pending = Array.isArray(value?.pending)
        ? value.pending.filter((id): id is string => typeof id === 'string')
        : [];
      turnsCache = undefined;
      revision += 1;
    },
  };
}

function toMessage(turn: Turn): ChatMessage {
  const message: ChatMessage = { role: turn.role, content: turn.content };
  if (turn.name !== undefined) message.name = turn.name;
  if (turn.toolCalls !== undefined) message.toolCalls = turn.toolCalls;
  if (turn.toolCallId !== undefined) message.toolCallId = turn.toolCallId;
  return message;
}

/**
 * The newest exchange alone is larger than the room: keep its beginning, marked. A plain turn is
 * cut; in a tool exchange the assistant turn stays whole (its call arguments must stay valid JSON)
 * and the results share what is left, each cut to its share.
 */
function truncateGroup(
  ring: EntryRing,
  start: number,
  end: number,
  room: number,
  tokenizer: CachedTokenizer,
): { messages: ChatMessage[]; tokens: number[]; truncated: TruncatedItem[] } | undefined {
  const messages: ChatMessage[] = [];
  const tokens: number[] = [];
  const truncated: TruncatedItem[] = [];
  const first = ring.at(start);
  let left = room;
  let results = end - start;
  if (first.message.toolCalls) {
    if (first.tokens > left) return undefined;
    messages.push(first.message);
    tokens.push(first.tokens);
    left -= first.tokens;
    results -= 1;
  }
  for (let index = start + messages.length; index < end; index += 1) {
    const entry = ring.at(index);
    const share = Math.floor(left / results);
    results -= 1;
    if (entry.tokens <= share) {
      messages.push(entry.message);
      tokens.push(entry.tokens);
      left -= entry.tokens;
      continue;
    }
    const frame = countMessageTokens({ ...entry.message, content: '' }, tokenizer);
    if (share - frame < MIN_TRUNCATED_TOKENS) return undefined;
    const content = truncateWithMarker(entry.message.content, share - frame, tokenizer);
    const shortened = { ...entry.message, content };
    const shortTokens = countMessageTokens(shortened, tokenizer);
    if (content === '' || shortTokens > share) return undefined;
    messages.push(shortened);
    tokens.push(shortTokens);
    truncated.push({ id: entry.turn.id, fullTokens: entry.tokens, keptTokens: shortTokens });
    left -= shortTokens;
  }
  return { messages, tokens, truncated };
}
