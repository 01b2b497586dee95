import { StrataError } from '../errors/strata-error.js';
import { cosineSimilarity } from '../layers/embedder.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import type { ConversationEmbedder } from './conversation-embedder.js';
import { createConversationLog } from './conversation-log.js';
import type { ConversationMemory, ConversationMemoryBaseOptions } from './conversation-memory.js';
import { type ConversationPersistence, turnRecord, turnsFromRecords } from './conversation-persistence.js';
import type { ConversationTurn } from './conversation-turn.js';
import { fitConversationContext, type TurnCandidate } from './fit-conversation-context.js';
import { contentTerms, stem, words } from './text-terms.js';
import { createTurnIndex } from './turn-index.js';
import { validateBudget } from './validate-budget.js';

/** Tuning of the layered strategy; the defaults are meant for any long chat, not one data set. */
export interface LayeredConversationOptions extends ConversationMemoryBaseOptions {
  /** Optional semantic scorer, mixed with BM25 (hybrid) when given. */
  embedder?: ConversationEmbedder;
  /** Weight of the embedding similarity against normalised BM25 (0..1). Default 0.5. */
  embeddingWeight?: number;
  /** The newest turns always included, for continuity of the chat. Default 4. */
  recentTurns?: number;
  /**
   * Shares of a hit's score given to the 1st, 2nd, ... turn after it in the same session (the reply to
   * a matched question often holds the answer without repeating its words). Default [0.6, 0.3].
   */
  followingShares?: readonly number[];
  /** Shares given to the turns before a hit (the question a matched answer replies to). Default [0.3, 0.15]. */
  precedingShares?: readonly number[];
  /** Pseudo-relevance feedback: top turns read, terms added, weight of added terms. */
  feedback?: { turns: number; terms: number; weight: number };
  /** Multiplier for turns said by a speaker the question names. Default 1.2. */
  speakerBoost?: number;
  /** Extra weight for names and numbers of the question. Default 1.5. */
  entityBoost?: number;
  /** BM25 parameters (MiniSearch defaults: k 1.2, b 0.7, d 0.5). */
  bm25?: { k: number; b: number; d: number };
  /**
   * How strongly a turn's score follows the share of the question's words (idf-weighted) it contains:
   * 0 ignores coverage; 1 scales the score by that share. Default 1.
   */
  coverageExponent?: number;
  /** 0: best turns first; 1: value per token. Default 0.5. */
  costExponent?: number;
  /** Keeps every turn in a store (as knowledge records of a namespace) so `restore()` can rebuild the memory. */
  persistence?: ConversationPersistence;
}

/** The layered memory, with persistence when configured. */
export interface LayeredConversationMemory extends ConversationMemory {
  /** Waits for pending store writes; rejects with the store's error if one failed. */
  flush(): Promise<void>;
  /** Replays the turns kept in the store into this (still empty) memory; returns how many. */
  restore(): Promise<number>;
}

const DEFAULT_FEEDBACK = { turns: 5, terms: 8, weight: 0.3 };

/**
 * The conversation memory for chat agents: every turn kept, and per question the turns most likely
 * to hold what it needs (BM25 with stemming, a feedback round for multi-hop questions, the turns
 * around each hit, speaker and name matching), packed by value per token under session date headers.
 */
export function createConversationMemory(options: LayeredConversationOptions): LayeredConversationMemory {
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer();
  const budget = validateBudget(options.budget);
  const recentTurns = nonNegative(options.recentTurns ?? 4, 'recentTurns');
  const followingShares = options.followingShares ?? [0.6, 0.3];
  const precedingShares = options.precedingShares ?? [0.3, 0.15];

  const feedback = options.feedback ?? DEFAULT_FEEDBACK;
  const speakerBoost = options.speakerBoost ?? 1.2;
  const entityBoost = options.entityBoost ?? 1.5;
  const costExponent = options.costExponent ?? 0.5;
  const coverageExponent = options.coverageExponent ?? 1;
  const embeddingWeight = options.embeddingWeight ?? 0.5;
  const embedder = options.embedder;
  const persistence = options.persistence;
  // Store writes run in order behind addTurn (which stays synchronous); a failure is kept and
  // rethrown by the next flush or assemble, never dropped.
  let writes: Promise<void> = Promise.resolve();
  let writeFailure: unknown;
  const persist = (
    turn: ConversationTurn & { sessionId: string },
    sequence: number,
    sessionTime?: string,
  ) => {
    if (!persistence) return;
    const record = turnRecord(persistence.namespace, sequence, turn, sessionTime);
    writes = writes.then(async () => {
      if (writeFailure !== undefined) return;
      try {
        await persistence.store.putKnowledge(record, 0);
      } catch (error) {
        writeFailure = error;
      }
    });
  };
  const flush = async (): Promise<void> => {
    await writes;
    if (writeFailure !== undefined) {
      const failure = writeFailure;
      throw new StrataError(
        'STORE_UNAVAILABLE',
        `Saving conversation turns to store '${persistence?.store.name}' failed: ${(failure as Error)?.message ?? String(failure)}. Turns after the failure are not saved; fix the store and restore.`,
        { cause: failure },
      );
    }
  };

  const log = createConversationLog(tokenizer);
  const index = createTurnIndex(options.bm25 ? { bm25: options.bm25 } : {});
  const termSets: Array<Set<string>> = [];
  /** Turns with the same words (case and punctuation aside) share a key; only the best is worth budget. */
  const duplicateKeys: string[] = [];
  const speakerTurns = new Map<string, number[]>();
  const vectors: Array<number[] | undefined> = [];

  const embedPending = async (): Promise<void> => {
    if (!embedder) return;
    const pending = log.turns.filter((turn) => vectors[turn.index] === undefined);
    for (let start = 0; start < pending.length; start += 64) {
      const batch = pending.slice(start, start + 64);
      const result = await embedder.embed(batch.map((turn) => `${turn.speaker}: ${turn.text}`));
      if (result.length !== batch.length) {
        throw new StrataError(
          'INPUT_INVALID',
          `Embedder '${embedder.name}' returned ${result.length} vectors for ${batch.length} texts; it must return one per text.`,
        );
      }
      batch.forEach((turn, offset) => {
        vectors[turn.index] = result[offset];
      });
    }
  };

  return {
    strategy: 'layered',
    tokenizer,
    budget,
    get turnCount() {
      return log.turns.length;
    },
    addTurn(turn) {
      const logged = record(turn);
      const session = log.sessions[logged.session];
      persist({ ...turn, sessionId: session?.id ?? 'session-1' }, logged.index, session?.time);
    },
    flush,
    async restore() {
      if (!persistence) {
        throw new StrataError(
          'NOT_SUPPORTED',
          'restore() needs the persistence option { store, namespace }.',
        );
      }
      if (log.turns.length > 0) {
        throw new StrataError('INPUT_INVALID', 'restore() must run on an empty memory, before any addTurn.');
      }
      const saved = turnsFromRecords(await persistence.store.listKnowledge(persistence.namespace));
      for (const { turn, sessionTime } of saved) {
        const current = log.sessions.at(-1);
        if (!current || current.id !== turn.sessionId) {
          log.startSession(
            sessionTime === undefined ? { id: turn.sessionId } : { id: turn.sessionId, time: sessionTime },
          );
        }
        record(turn);
      }
      return saved.length;
    },
    startSession(session) {
      log.startSession(session);
    },
    async assemble({ query, budget: override }) {
      await flush();
      return assembleContext(query, override);
    },
  };

  function record(turn: ConversationTurn) {
    const logged = log.add(turn);
    const terms = contentTerms(turn.text);
    termSets[logged.index] = new Set(terms);
    duplicateKeys[logged.index] = words(turn.text).join(' ');
    index.add(logged.index, terms);

    for (const word of words(turn.speaker)) {
      const key = stem(word);
      const list = speakerTurns.get(key) ?? [];
      list.push(logged.index);
      speakerTurns.set(key, list);
    }
    return logged;
  }

  async function assembleContext(query: string, override: number | undefined) {
    const limit = validateBudget(override ?? budget);
    const turnCount = log.turns.length;

    // Speakers the question names steer the ranking softly: a question may name the wrong person.
    const named = new Set<number>();
    const queryWeights = new Map<string, number>();
    const entities = entityTerms(query);
    for (const term of contentTerms(query)) {
      const spoken = speakerTurns.get(term);
      if (spoken) {
        for (const turn of spoken) named.add(turn);
        continue;
      }
      queryWeights.set(term, entities.has(term) ? entityBoost : 1);
    }

    let scores = index.search(queryWeights);
    if (feedback.terms > 0 && feedback.turns > 0 && scores.size > 0) {
      scores = feedbackRound(scores, queryWeights);
    }
    if (coverageExponent > 0 && queryWeights.size > 1) scores = applyCoverage(scores, queryWeights);
    let top = 0;
    for (const score of scores.values()) top = Math.max(top, score);
    const lexical = new Float64Array(turnCount);
    if (top > 0) for (const [turn, score] of scores) lexical[turn] = score / top;

    let relevance: Float64Array = lexical;
    if (embedder && turnCount > 0) {
      await embedPending();
      const [queryVector] = await embedder.embed([query]);
      if (queryVector) relevance = hybrid(lexical, queryVector);
    }

    const value = new Float64Array(turnCount);
    for (let turn = 0; turn < turnCount; turn += 1) {
      const session = log.turns[turn]?.session;
      let own = relevance[turn] ?? 0;
      // A turn inherits the best neighbouring hit's share, within its own session only.
      let inherited = 0;
      followingShares.forEach((share, distance) => {
        const from = turn - distance - 1;
        if (from >= 0 && log.turns[from]?.session === session) {
          inherited = Math.max(inherited, share * (relevance[from] ?? 0));
        }
      });
      precedingShares.forEach((share, distance) => {
        const from = turn + distance + 1;
        if (from < turnCount && log.turns[from]?.session === session) {
          inherited = Math.max(inherited, share * (relevance[from] ?? 0));
        }
      });
      own += inherited;
      if (named.has(turn)) own *= speakerBoost;
      value[turn] = own;
    }

    // De-duplication: a repeated text ("Thanks!", a pasted message) keeps its value only once.
    const bestOfKey = new Map<string, number>();
    for (let turn = 0; turn < turnCount; turn += 1) {
      const key = duplicateKeys[turn] ?? '';
      const best = bestOfKey.get(key);
      if (best === undefined || (value[turn] ?? 0) > (value[best] ?? 0)) bestOfKey.set(key, turn);
    }
    for (let turn = 0; turn < turnCount; turn += 1) {
      if (bestOfKey.get(duplicateKeys[turn] ?? '') !== turn) value[turn] = 0;
    }

    const candidates: TurnCandidate[] = [];
    for (let turn = 0; turn < turnCount; turn += 1) {
      const recent = turn >= turnCount - recentTurns;
      // Unmatched turns still fill leftover room, newest first, far below any match.
      const base = value[turn] ?? 0;
      candidates.push({
        index: turn,
        value: recent ? 1e6 : base > 0 ? base : 1e-9 * ((turn + 1) / turnCount),
      });
    }
    return fitConversationContext({
      log,
      tokenizer,
      budget: limit,
      query,
      candidates,
      costExponent,
      strategy: 'layered',
    });
  }

  /** Second retrieval round: terms frequent in the first hits (and rare overall) join the query. */
  function feedbackRound(first: Map<number, number>, queryWeights: Map<string, number>): Map<number, number> {
    const ranked = [...first].sort((a, b) => b[1] - a[1]).slice(0, feedback.turns);
    const best = ranked[0]?.[1] ?? 1;
    const gain = new Map<string, number>();
    for (const [turn, score] of ranked) {
      for (const term of termSets[turn] ?? []) {
        if (queryWeights.has(term) || speakerTurns.has(term)) continue;
        gain.set(term, (gain.get(term) ?? 0) + (score / best) * index.idf(term));
      }
    }
    const added = [...gain].sort((a, b) => b[1] - a[1]).slice(0, feedback.terms);
    if (added.length === 0) return first;
    const topGain = added[0]?.[1] ?? 1;
    const expanded = new Map(queryWeights);
    for (const [term, weight] of added) expanded.set(term, (feedback.weight * weight) / topGain);
    return index.search(expanded);
  }

  /** Scales scores by the idf-weighted share of the question's own terms each turn contains. */
  function applyCoverage(
    scores: Map<number, number>,
    queryWeights: Map<string, number>,
  ): Map<number, number> {
    let total = 0;
    for (const term of queryWeights.keys()) total += index.idf(term);
    if (total <= 0) return scores;
    const out = new Map<number, number>();
    for (const [turn, score] of scores) {
      const present = termSets[turn];
      if (!present) continue;
      let covered = 0;
      for (const term of queryWeights.keys()) if (present.has(term)) covered += index.idf(term);
      out.set(turn, score * (Math.max(covered, 0.05 * total) / total) ** coverageExponent);
    }
    return out;
  }

  function hybrid(lexical: Float64Array, queryVector: number[]): Float64Array {
    const mixed = new Float64Array(lexical.length);
    for (let turn = 0; turn < lexical.length; turn += 1) {
      const vector = vectors[turn];
      const similarity = vector ? Math.max(0, cosineSimilarity(queryVector, vector)) : 0;
      mixed[turn] = (1 - embeddingWeight) * (lexical[turn] ?? 0) + embeddingWeight * similarity;
    }
    return mixed;
  }
}

/** Stems of names and numbers in the question: capitalised words after the first, and digits. */
function entityTerms(query: string): Set<string> {
  const out = new Set<string>();
  const tokens = query.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
  tokens.forEach((token, position) => {
    const capitalised = position > 0 && /^\p{Lu}/u.test(token);
    if (capitalised || /\d/.test(token)) {
      for (const word of words(token)) out.add(stem(word));
    }
  });
  return out;
}

function nonNegative(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new StrataError('CONFIG_INVALID', `'${name}' must be a whole number >= 0, got ${value}.`);
  }
  return value;
}
