import { StrataError } from '../errors/strata-error.js';
import type { ChatMessage } from '../model/chat-model.js';
import { countMessageTokens, TOKENS_FOR_REPLY } from '../tokenizer/count-chat-tokens.js';
import type { Tokenizer } from '../tokenizer/tokenizer.js';

/** Ends a truncated state rendering or turn, visible to the model. */
export const CHAT_TRUNCATION_MARKER = '\n[…truncated to fit the token budget]';

/** What `fitChatMessages` fits: the system prompt, the state message and the turns, under a budget. */
export interface FitChatMessagesInput {
  system: string;
  /** The rendered state message (already escaped); truncated before the newest turn is. */
  stateText: string;
  /** Oldest first. */
  turns: readonly ChatMessage[];
  budget: number;
  tokenizer: Tokenizer;
  /** Token counts of turns seen before (turn objects must not change while cached). */
  countCache?: WeakMap<ChatMessage, number>;
  /** The system and state messages' last counts, by text: a fit of an unchanged state counts neither again. */
  textCounts?: FitTextCounts;
}

/** Counts of the system and state messages by their text, kept by a caller across fits (one tokenizer). */
export interface FitTextCounts {
  system?: { text: string; tokens: number } | undefined;
  state?: { text: string; tokens: number } | undefined;
}

/** A fitted chat request and its accounting. */
export interface ChatFit {
  /** system, state (unless omitted), then the kept turns, oldest first. */
  messages: ChatMessage[];
  /** Tokens of the whole request by the framing rule (see `countChatMessage`), reply priming included. */
  tokens: number;
  budget: number;
  turnsKept: number;
  /** Oldest turns dropped to fit (a tool-call exchange is dropped as a unit). */
  turnsDropped: number;
  stateTruncated: boolean;
  /** The state message did not fit at all, even truncated to its marker. */
  stateOmitted: boolean;
  /** The newest turn alone did not fit and was cut (with the marker) or dropped. */
  newestTurnTruncated: boolean;
  /** Tokens of the system message as sent (framing included, reply priming not). */
  systemTokens?: number;
  /** Tokens of the state message as sent (0 when omitted). */
  stateTokens?: number;
}

/** Tokens of one message by the framing rule of {@link countMessageTokens} (tool calls included). */
export function countChatMessage(message: ChatMessage, tokenizer: Tokenizer): number {
  return countMessageTokens(message, tokenizer);
}

/**
 * Fits system prompt + state + turns into `budget` tokens: drops the oldest turns first, then
 * truncates the state (down to omitting it), then cuts the newest turn. Throws
 * BUDGET_UNSATISFIABLE only when the system prompt alone (with framing) exceeds the budget.
 */
export function fitChatMessages(input: FitChatMessagesInput): ChatFit {
  const { tokenizer, budget } = input;
  const systemMessage: ChatMessage = { role: 'system', content: input.system };
  const textCounts = input.textCounts;
  const systemTokens = countSystemText(systemMessage, textCounts, 'system', tokenizer);
  const fixed = TOKENS_FOR_REPLY + systemTokens;
  if (!Number.isFinite(budget) || fixed > budget) {
    throw new StrataError(
      'BUDGET_UNSATISFIABLE',
      `The chat budget of ${budget} tokens is smaller than the system prompt alone needs (${fixed} tokens with message framing). Raise 'budget' or shorten 'system'.`,
      { details: { budget, systemTokens: fixed, layers: [{ name: 'system', minimumTokens: fixed }] } },
    );
  }
  // A tool result whose call is not in the window (cut by maxTurns) would be rejected by the API.
  const turns = withoutOrphanToolResults(input.turns);
  const cache = input.countCache;
  const turnCosts = turns.map((turn) => {
    const known = cache?.get(turn);
    if (known !== undefined) return known;
    const cost = countChatMessage(turn, tokenizer);
    cache?.set(turn, cost);
    return cost;
  });
  const groupStarts = exchangeStarts(turns);
  const stateMessage: ChatMessage = { role: 'system', content: input.stateText };
  const stateCost = countSystemText(stateMessage, textCounts, 'state', tokenizer);

  // 1. Drop the oldest exchanges until everything fits, keeping at least the newest exchange.
  let turnsTotal = turnCosts.reduce((sum, cost) => sum + cost, 0);
  let startGroup = 0;
  while (startGroup < groupStarts.length - 1 && fixed + stateCost + turnsTotal > budget) {
    const from = groupStarts[startGroup] ?? 0;
    const to = groupStarts[startGroup + 1] ?? turns.length;
    for (let index = from; index < to; index += 1) turnsTotal -= turnCosts[index] ?? 0;
    startGroup += 1;
  }
  const firstKept = groupStarts.length === 0 ? turns.length : (groupStarts[startGroup] ?? 0);
  let kept: ChatMessage[] = turns.slice(firstKept);

  // 2. Truncate the state rendering into what is left, or omit it.
  let state: ChatMessage | undefined = stateMessage;
  let stateTruncated = false;
  if (fixed + stateCost + turnsTotal > budget) {
    stateTruncated = true;
    const room = budget - fixed - turnsTotal;
    const content = truncateContent(stateMessage, input.stateText, room, tokenizer);
    state = content === undefined ? undefined : { role: 'system', content };
  }
  const stateTokens = state === stateMessage ? stateCost : state ? countChatMessage(state, tokenizer) : 0;

  // 3. The newest exchange alone is too large: cut a single message, else drop the exchange.
  let newestTurnTruncated = false;
  if (fixed + stateTokens + turnsTotal > budget && kept.length > 0) {
    newestTurnTruncated = true;
    const only = kept.length === 1 ? kept[0] : undefined;
    const room = budget - fixed - stateTokens;
    const content =
      only && !only.toolCalls?.length ? truncateContent(only, only.content, room, tokenizer) : undefined;
    kept = content === undefined || !only ? [] : [{ ...only, content }];
  }

  const messages = [systemMessage, ...(state ? [state] : []), ...kept];
  // Each part counted once: kept turns are the counted objects (a cut one is new, so counted here).
  const tokens =
    fixed +
    stateTokens +
    kept.reduce(
      (sum, turn, index) =>
        sum +
        (turn === turns[firstKept + index]
          ? (turnCosts[firstKept + index] ?? 0)
          : countChatMessage(turn, tokenizer)),
      0,
    );
  if (tokens > budget) {
    // Unreachable by construction; a loud failure beats a silent budget violation.
    throw new StrataError(
      'BUDGET_UNSATISFIABLE',
      `Internal error: fitted chat request has ${tokens} tokens > budget ${budget}.`,
    );
  }
  return {
    messages,
    tokens,
    budget,
    turnsKept: kept.length,
    turnsDropped: input.turns.length - kept.length,
    stateTruncated,
    stateOmitted: state === undefined,
    newestTurnTruncated,
    systemTokens,
    stateTokens,
  };
}

/** A system-role message's count, from `counts` when its text is the one counted last. */
function countSystemText(
  message: ChatMessage,
  counts: FitTextCounts | undefined,
  which: keyof FitTextCounts,
  tokenizer: Tokenizer,
): number {
  const known = counts?.[which];
  if (known !== undefined && known.text === message.content) return known.tokens;
  const tokens = countChatMessage(message, tokenizer);
  if (counts) counts[which] = { text: message.content, tokens };
  return tokens;
}

function withoutOrphanToolResults(turns: readonly ChatMessage[]): ChatMessage[] {
  return turns.filter((turn, index) => {
    if (turn.role !== 'tool') return true;
    for (let back = index - 1; back >= 0; back -= 1) {
      const previous = turns[back];
      if (previous?.role !== 'tool') {
        return previous?.role === 'assistant' && (previous.toolCalls?.length ?? 0) > 0;
      }
    }
    return false;
  });
}

/**
 * Indices where an exchange starts. An assistant message with tool calls and the tool results
 * after it form one exchange: dropping half would leave an orphan tool result the API rejects.
 */
function exchangeStarts(turns: readonly ChatMessage[]): number[] {
  const starts: number[] = [];
  turns.forEach((turn, index) => {
    const previous = turns[index - 1];
    const continuesExchange =
      turn.role === 'tool' &&
      previous !== undefined &&
      (previous.role === 'tool' || (previous.toolCalls?.length ?? 0) > 0);
    if (!continuesExchange) starts.push(index);
  });
  return starts;
}

/** The longest `content` prefix + marker whose message costs at most `room`; undefined if not even the marker fits. */
function truncateContent(
  message: ChatMessage,
  content: string,
  room: number,
  tokenizer: Tokenizer,
): string | undefined {
  const frame = countChatMessage({ ...message, content: '' }, tokenizer);
  const maxContent = room - frame;
  if (maxContent <= 0) return undefined;
  if (tokenizer.count(content) <= maxContent) return content;
  let keep = maxContent - tokenizer.count(CHAT_TRUNCATION_MARKER);
  while (keep > 0) {
    const candidate = `${tokenizer.truncate(content, keep)}${CHAT_TRUNCATION_MARKER}`;
    const tokens = tokenizer.count(candidate);
    if (tokens <= maxContent) return candidate;
    keep -= Math.max(1, tokens - maxContent);
  }
  const markerOnly = CHAT_TRUNCATION_MARKER.trimStart();
  return tokenizer.count(markerOnly) <= maxContent ? markerOnly : undefined;
}
