import { StrataError } from '../errors/strata-error.js';
import type { Tokenizer } from '../tokenizer/tokenizer.js';
import { bestFirst } from './best-first.js';
import { CONTEXT_PREAMBLE, QUESTION_HEADER, renderQuestion } from './context-format.js';
import type { ConversationLog } from './conversation-log.js';
import type { AssembledConversation } from './conversation-memory.js';
import { diverseFirst } from './diverse-first.js';
import type { TurnRedundancy } from './turn-redundancy.js';

/** A turn worth including, with how much it is worth. */
export interface TurnCandidate {
  /** Index of the turn in the log. */
  index: number;
  /** Higher is better; only the order of value / tokens^costExponent matters. */
  value: number;
}

export interface FitConversationOptions {
  log: ConversationLog;
  tokenizer: Tokenizer;
  budget: number;
  query: string;
  candidates: readonly TurnCandidate[];
  /**
   * 0 keeps the best turns first whatever their size; 1 is a greedy knapsack by value per token.
   * In between favours short turns less strongly.
   */
  costExponent: number;
  strategy: string;
  /** Stop at the first candidate that does not fit (a window keeps no gaps). */
  stopAtFirstMiss?: boolean;
  /** After the candidates, turns (log indices) tried in this order to fill leftover room. */
  fill?: Iterable<number>;
  /**
   * Maximal marginal relevance: a candidate's rank is multiplied by 1 - penalty x its similarity to
   * the turns already taken, so the budget is not spent on near-duplicates. Penalty 0 or absent: off.
   */
  diversity?: { penalty: number; redundancy: TurnRedundancy };
}

/** The smallest a turn line can cost: "[" id "] " speaker ": " text newline. */
const MINIMUM_LINE_TOKENS = 4;
/** The newest-first fill stops after this many turns in a row that did not fit. */
const FILL_MISSES = 64;

const TRUNCATED = ' […question truncated to fit the budget]';

/**
 * Tokenizers whose count is additive over our pieces. Every piece of a context ends with a newline
 * and the next one starts with '[', '=' or a letter; the o200k_base and cl100k_base pre-tokenizers
 * never put a newline and a following non-space character other than '/' in one chunk, and BPE
 * merges chunks independently, so the count of the whole text is the sum of the counts of its pieces.
 * The tests check this against a full count; any other tokenizer gets a full count.
 */
const ADDITIVE_TOKENIZERS = new Set(['o200k_base', 'cl100k_base']);

/**
 * Picks turns greedily by value per token, renders them oldest first under session date headers,
 * then verifies the exact count of the whole text and drops the least valuable turn while over budget
 * (counts of pieces are not always additive).
 */
export function fitConversationContext(options: FitConversationOptions): AssembledConversation {
  const { log, tokenizer, budget, candidates, costExponent } = options;
  const question = fitQuestion(options.query, tokenizer, budget);
  const frameTokens = tokenizer.count(CONTEXT_PREAMBLE) + tokenizer.count(question);
  const available = budget - frameTokens;

  const ranked = candidates.map((candidate) => {
    const turn = log.turns[candidate.index];
    if (!turn) throw new StrataError('INPUT_INVALID', `No turn at index ${candidate.index}.`);
    const cost = turn.lineTokens;
    return { candidate, turn, cost, rank: candidate.value / Math.max(1, cost) ** costExponent };
  });
  let smallest = Number.POSITIVE_INFINITY;
  for (const item of ranked) smallest = Math.min(smallest, item.cost);

  const chosen: number[] = [];
  const seen = new Set<number>();
  const sessions = new Set<number>();
  const dropped: string[] = [];
  let used = 0;
  // Best first without sorting every candidate; stops once no candidate could fit any more.
  const diversity = options.diversity && options.diversity.penalty > 0 ? options.diversity : undefined;
  const order = diversity
    ? diverseFirst(
        ranked,
        (item) => item.rank,
        (item) => item.rank * (1 - diversity.penalty * diversity.redundancy.similarity(item.candidate.index)),
        (a, b) => a.candidate.index < b.candidate.index,
      )
    : bestFirst(
        ranked,
        (a, b) => a.rank > b.rank || (a.rank === b.rank && a.candidate.index < b.candidate.index),
      );
  for (const { candidate, turn, cost } of order) {
    if (available - used < smallest) break;
    if (seen.has(candidate.index)) continue;
    seen.add(candidate.index);
    const header = sessions.has(turn.session) ? 0 : log.sessionHeader(turn.session).tokens;
    if (used + cost + header > available) {
      if (dropped.length < 50 && candidate.value > 0) dropped.push(turn.id);
      if (options.stopAtFirstMiss) break;
      continue;
    }
    used += cost + header;
    sessions.add(turn.session);
    chosen.push(candidate.index);
    diversity?.redundancy.take(candidate.index);
  }
  if (options.fill) {
    let misses = 0;
    for (const index of options.fill) {
      if (available - used < MINIMUM_LINE_TOKENS || misses >= FILL_MISSES) break;
      if (seen.has(index)) continue;
      seen.add(index);
      const turn = log.turns[index];
      if (!turn) continue;
      const header = sessions.has(turn.session) ? 0 : log.sessionHeader(turn.session).tokens;
      if (used + turn.lineTokens + header > available) {
        misses += 1;
        continue;
      }
      misses = 0;
      used += turn.lineTokens + header;
      sessions.add(turn.session);
      chosen.push(index);
    }
  }

  const additive = ADDITIVE_TOKENIZERS.has(tokenizer.name);
  for (;;) {
    const rendered = render(log, chosen, question);
    const tokens = additive ? frameTokens + used : tokenizer.count(rendered.text);
    if (tokens <= budget) {
      return {
        text: rendered.text,
        tokens,
        budget,
        turnIds: rendered.turnIds,
        sessionIds: rendered.sessionIds,
        droppedTurnIds: dropped,
        strategy: options.strategy,
      };
    }
    const removed = chosen.pop();
    const removedTurn = removed === undefined ? undefined : log.turns[removed];
    if (removedTurn) {
      used -= removedTurn.lineTokens;
      // Its session header stays counted when other turns of the session remain.
      if (!chosen.some((index) => log.turns[index]?.session === removedTurn.session)) {
        used -= log.sessionHeader(removedTurn.session).tokens;
      }
    }
    if (removed === undefined) {
      throw new StrataError(
        'BUDGET_UNSATISFIABLE',
        `A budget of ${budget} tokens cannot hold even the question frame (${tokens} tokens). Raise the budget.`,
        { details: { budget, tokens } },
      );
    }
    if (removedTurn) dropped.unshift(removedTurn.id);
  }
}

function render(
  log: ConversationLog,
  chosen: readonly number[],
  question: string,
): { text: string; turnIds: string[]; sessionIds: string[] } {
  const order = [...chosen].sort((a, b) => a - b);
  const parts: string[] = [CONTEXT_PREAMBLE];
  const turnIds: string[] = [];
  const sessionIds: string[] = [];
  let session = -1;
  for (const index of order) {
    const turn = log.turns[index];
    if (!turn) continue;
    if (turn.session !== session) {
      session = turn.session;
      parts.push(log.sessionHeader(session).line);
      const record = log.sessions[session];
      if (record) sessionIds.push(record.id);
    }
    parts.push(turn.line);
    turnIds.push(turn.id);
  }
  parts.push(question);
  return { text: parts.join(''), turnIds, sessionIds };
}

/** The question block; a question too long for the budget is cut with a visible marker. */
function fitQuestion(query: string, tokenizer: Tokenizer, budget: number): string {
  const block = renderQuestion(query);
  const room = budget - tokenizer.count(CONTEXT_PREAMBLE);
  if (tokenizer.count(block) <= room) return block;
  const keep = room - tokenizer.count(QUESTION_HEADER) - tokenizer.count(TRUNCATED) - 2;
  if (keep <= 0) {
    throw new StrataError(
      'BUDGET_UNSATISFIABLE',
      `A budget of ${budget} tokens cannot hold the context frame and any of the question. Raise the budget.`,
      { details: { budget } },
    );
  }
  const cut = tokenizer.truncate(block.slice(QUESTION_HEADER.length), keep);
  return `${QUESTION_HEADER}${cut}${TRUNCATED}`;
}
