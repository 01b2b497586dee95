import { StrataError } from '../errors/strata-error.js';
import { cosineSimilarity } from '../layers/embedder.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { tokenizerVersion } from '../tokenizer/tokenizer.js';
import type { ConversationEmbedder } from './conversation-embedder.js';
import type { ConversationLexicon } from './conversation-lexicon.js';
import { createConversationLog } from './conversation-log.js';
import type { ConversationMemory, ConversationMemoryBaseOptions } from './conversation-memory.js';
import {
  type ConversationPersistence,
  DEFAULT_SEGMENT_TURNS,
  type IndexSegment,
  indexNamespace,
  type SavedTurn,
  type SegmentTurn,
  segmentRecord,
  segmentsFromRecords,
  turnNamespace,
  turnRecord,
  turnsFromRecords,
} from './conversation-persistence.js';
import {
  createConversationRetrieval,
  DEFAULT_RETRIEVAL_TUNING,
  type RetrievalTuning,
} from './conversation-retrieval.js';
import type { ConversationTurn } from './conversation-turn.js';
import { fitConversationContext } from './fit-conversation-context.js';
import { validateBudget } from './validate-budget.js';

/** Tuning of the layered strategy; the defaults are meant for any long chat, not one data set. */
export interface LayeredConversationOptions extends ConversationMemoryBaseOptions {
  /** Optional semantic scorer: its nearest turns are fused with the lexical ranking (reciprocal rank fusion). */
  embedder?: ConversationEmbedder;
  /** Weight of the embedder's ranking against the lexical one in the fusion (0..1). Default 0.5. */
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
  /**
   * Multiplier of those shares for a question that asks for several things ("What books has Tim
   * read?", "How many ...", "... both ..."), whose evidence is one turn per mention: the budget goes
   * to more matches rather than to the turns around each. 1: same shares for every question. Default 0.5.
   */
  listNeighbourScale?: number;
  /** Pseudo-relevance feedback: top turns read, terms added, weight of added terms. */
  feedback?: { turns: number; terms: number; weight: number };
  /**
   * The feedback round of a question that asks for several things (as for `listNeighbourScale`):
   * its evidence is spread over many turns, so more first hits are read and more terms added, each
   * weighing less. Default { turns: 10, terms: 16, weight: 0.25 }; the value of `feedback`: no difference.
   */
  listFeedback?: { turns: number; terms: number; weight: number };
  /** Multiplier for turns said by a speaker the question names. Default 4. */
  speakerBoost?: number;
  /** Extra weight for names and numbers of the question. Default 1.5. */
  entityBoost?: number;
  /**
   * Extra weight for the answer type of a "what"/"which" question, the words before its verb
   * ("What *European countries* has Maria been to?"). 1: off. Default 1.5.
   */
  focusBoost?: number;
  /**
   * Closed and open spellings of a compound match each other: a rare question word whose halves some
   * turn says side by side ("roadtrip": "road trip"), and two question words whose joined form the
   * history holds ("ice cream": "icecream"). Default true.
   */
  compoundSpellings?: boolean;
  /** BM25 parameters (MiniSearch defaults: k 1.2, b 0.7, d 0.5). */
  bm25?: { k: number; b: number; d: number };
  /**
   * How strongly a turn's score follows the share of the question's words (idf-weighted) it contains:
   * 0 ignores coverage; 1 scales the score by that share. Default 1.
   */
  coverageExponent?: number;
  /** Multiplier for every turn of a session in which a speaker the question names takes part. Default 2. */
  sessionSpeakerBoost?: number;
  /** Leftover room goes to turns of the speakers the question names before other turns. Default true. */
  speakerFill?: boolean;
  /**
   * Query expansion from the history's co-occurrence statistics (PPMI over turns): how many terms a
   * question gains and the weight of the best one (relative to a question term's 1).
   */
  expansion?: {
    /** Terms added to a question (0: off). Default 0. */
    terms?: number;
    /** Weight of the best added term, relative to a question term's 1. Default 0.3. */
    weight?: number;
    /** Turns read per question term, the newest ones (bounds the cost of common terms). Default 1,000. */
    sampleTurns?: number;
    /** Turns a term must share with a question term to be added. Default 2. */
    minimumCount?: number;
  };
  /**
   * Maximal marginal relevance (0..1): a turn's rank is multiplied by 1 - penalty x its largest
   * idf-weighted cosine with a turn already taken, so near-duplicates do not fill the budget. 0: off.
   */
  diversityPenalty?: number;
  /**
   * Speaker pre-filter: when the question names a speaker of the history, only the sessions that
   * speaker takes part in or is mentioned in are searched (all sessions again when none of those
   * matches). Default true.
   */
  speakerFilter?: boolean;
  /**
   * Dates the question names ("on 8 May, 2023", "in May 2023", "2023-05-08") against the sessions'
   * dates (read from their `time`): hits in sessions of those days are multiplied by `boost`
   * (default 4); when at most `sessions` (default 3) sessions fall on them, their other turns are
   * candidates too, worth `share` (default 0.3) of the best hit. Boost and share 0: off. For a named
   * day or span of at most `after` days (default 7), the first session within `after` days after it
   * counts as one of its sessions for `share` (a chat tells what happened since the last one); 0: off.
   */
  dates?: { boost?: number; share?: number; sessions?: number; after?: number };
  /** 0: best turns first; 1: value per token. Default 0.5. */
  costExponent?: number;
  /**
   * A lexical resource for query expansion (WordNet: `createWordNetLexicon()` from
   * `@strata-memory/strata/wordnet`): related words of the question's words that occur in the history
   * join the query, weighted below its own words.
   */
  lexicon?: ConversationLexicon;
  /** Lexicon expansion settings. */
  lexical?: {
    /** Terms added at most (0: off). Default 24. */
    terms?: number;
    /** Weight of a synonym relative to a question term's 1 (related words weigh less). Default 0.5. */
    weight?: number;
    /** Only question words found in at most this many turns are expanded. Default 8. */
    sourceFrequency?: number;
    /**
     * The same limit for the head noun of a "what"/"which" question's answer type ("What *martial
     * arts* ...?"), whose instances a turn names without it ("kickboxing"). Default 20.
     */
    focusSourceFrequency?: number;
  };
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

/**
 * Reciprocal rank fusion: the rank constant and how deep each ranking is read. The constant is lower
 * than the usual 60 because the fused value also weighs neighbours and token cost, which needs
 * contrast between the first ranks and the tenth.
 */
const RRF_K = 10;
const RRF_DEPTH = 200;

/**
 * The conversation memory for chat agents: every turn kept, and per question the turns most likely
 * to hold what it needs (BM25 with stemming, a feedback round for multi-hop questions, the turns
 * around each hit, speaker and name matching), packed by value per token under session date headers.
 */
export function createConversationMemory(options: LayeredConversationOptions): LayeredConversationMemory {
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer();
  const budget = validateBudget(options.budget);
  const defaults = DEFAULT_RETRIEVAL_TUNING;
  const tuning: RetrievalTuning = {
    recentTurns: nonNegative(options.recentTurns ?? defaults.recentTurns, 'recentTurns'),
    followingShares: options.followingShares ?? defaults.followingShares,
    precedingShares: options.precedingShares ?? defaults.precedingShares,
    listNeighbourScale: nonNegative(
      options.listNeighbourScale ?? defaults.listNeighbourScale,
      'listNeighbourScale',
      true,
    ),
    feedback: options.feedback ?? defaults.feedback,
    listFeedback: options.listFeedback ?? defaults.listFeedback,
    speakerBoost: options.speakerBoost ?? defaults.speakerBoost,
    entityBoost: options.entityBoost ?? defaults.entityBoost,
    focusBoost: nonNegative(options.focusBoost ?? defaults.focusBoost, 'focusBoost', true),
    compoundSpellings: options.compoundSpellings ?? defaults.compoundSpellings,
    bm25: options.bm25 ?? defaults.bm25,
    coverageExponent: options.coverageExponent ?? defaults.coverageExponent,
    speakerFill: options.speakerFill ?? defaults.speakerFill,
    sessionSpeakerBoost: options.sessionSpeakerBoost ?? defaults.sessionSpeakerBoost,
    diversityPenalty: options.diversityPenalty ?? defaults.diversityPenalty,
    speakerFilter: options.speakerFilter ?? defaults.speakerFilter,
    dates: { ...defaults.dates, ...options.dates },
    expansion: { ...defaults.expansion, ...options.expansion },
    lexical: { ...defaults.lexical, ...options.lexical },
  };
  const costExponent = options.costExponent ?? 0.5;
  const embeddingWeight = options.embeddingWeight ?? 0.5;
  const embedder = options.embedder;
  const persistence = options.persistence;
  const segmentTurns = persistence?.segmentTurns ?? DEFAULT_SEGMENT_TURNS;
  if (!Number.isInteger(segmentTurns) || segmentTurns < 1) {
    throw new StrataError(
      'CONFIG_INVALID',
      `'persistence.segmentTurns' must be a whole number >= 1, got ${segmentTurns}.`,
    );
  }
  // Store writes run in order behind addTurn (which stays synchronous); a failure is kept and
  // rethrown by the next flush or assemble, never dropped.
  let writes: Promise<void> = Promise.resolve();
  let writeFailure: unknown;
  const write = (record: Parameters<NonNullable<typeof persistence>['store']['putKnowledge']>[0]) => {
    if (!persistence) return;
    writes = writes.then(async () => {
      if (writeFailure !== undefined) return;
      try {
        await persistence.store.putKnowledge(record, 0);
      } catch (error) {
        writeFailure = error;
      }
    });
  };
  /** Turns of the segment being filled; when it is full it is written as one index record. */
  let pending: SegmentTurn[] = [];
  const addToSegment = (turn: SegmentTurn, sequence: number): void => {
    if (!persistence) return;
    pending.push(turn);
    if (pending.length < segmentTurns) return;
    const segment: IndexSegment = {
      format: 1,
      number: Math.floor(sequence / segmentTurns),
      tokenizer: tokenizer.name,
      tokenizerVersion: tokenizerVersion(tokenizer),
      turns: pending,
    };
    pending = [];
    write(segmentRecord(persistence.namespace, segment));
  };
  const persist = (saved: SavedTurn, sequence: number, lineTokens: number, terms: readonly string[]) => {
    if (!persistence) return;
    const namespace = turnNamespace(persistence.namespace, Math.floor(sequence / segmentTurns));
    write(turnRecord(namespace, sequence, saved.turn, saved.sessionTime));
    addToSegment({ ...saved, lineTokens, terms }, sequence);
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
  const retrieval = createConversationRetrieval(log, tuning, options.lexicon);
  const vectors: Array<number[] | undefined> = [];

  const embedPending = async (): Promise<void> => {
    if (!embedder) return;
    // Turns are embedded once, in order: only those added since the last question are sent.
    const pending = log.turns.slice(vectors.length);
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

  /** Reciprocal rank fusion of the lexical ranking with the embedder's nearest turns. */
  const fuse = async (query: string, lexical: Map<number, number>): Promise<Map<number, number>> => {
    if (!embedder || log.turns.length === 0) return lexical;
    await embedPending();
    const [queryVector] = await embedder.embed([query]);
    if (!queryVector) return lexical;
    const similar: Array<[number, number]> = [];
    for (let turn = 0; turn < log.turns.length; turn += 1) {
      const vector = vectors[turn];
      const similarity = vector ? cosineSimilarity(queryVector, vector) : 0;
      if (similarity > 0) similar.push([turn, similarity]);
    }
    similar.sort((a, b) => b[1] - a[1]);
    const fused = new Map<number, number>();
    const addRanks = (ranked: Array<[number, number]>, weight: number) => {
      ranked.slice(0, RRF_DEPTH).forEach(([turn], rank) => {
        fused.set(turn, (fused.get(turn) ?? 0) + weight / (RRF_K + rank + 1));
      });
    };
    addRanks(
      [...lexical].sort((a, b) => b[1] - a[1]),
      1 - embeddingWeight,
    );
    addRanks(similar, embeddingWeight);
    let top = 0;
    for (const score of fused.values()) top = Math.max(top, score);
    for (const [turn, score] of fused) fused.set(turn, score / top);
    return fused;
  };

  return {
    strategy: 'layered',
    tokenizer,
    budget,
    get turnCount() {
      return log.turns.length;
    },
    addTurn(turn) {
      const { logged, terms } = record(turn);
      persist(savedTurn(turn, logged.session), logged.index, logged.lineTokens, terms);
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
      const { store, namespace } = persistence;
      // Full segments: analysed terms and token counts, no text analysis and no recount.
      const segments = segmentsFromRecords(await store.listKnowledge(indexNamespace(namespace)));
      for (const segment of segments) {
        const sameCounts =
          segment.tokenizer === tokenizer.name && segment.tokenizerVersion === tokenizerVersion(tokenizer);
        for (const saved of segment.turns) {
          openSessionOf(saved);
          const logged = log.add(saved.turn, sameCounts ? saved.lineTokens : undefined);
          retrieval.add(logged, saved.terms);
        }
      }
      // Then the turns after the last full segment, from their own namespace only.
      let restored = log.turns.length;
      for (let segment = segments.length; ; segment += 1) {
        const saved = turnsFromRecords(await store.listKnowledge(turnNamespace(namespace, segment)));
        for (const item of saved) {
          openSessionOf(item);
          const { logged, terms } = record(item.turn);
          addToSegment({ ...item, lineTokens: logged.lineTokens, terms }, logged.index);
        }
        restored += saved.length;
        // A full tail means a crash came between its last turn and its segment: go on to the next.
        if (saved.length < segmentTurns) break;
      }
      if (restored === 0) restored = await restoreLegacy(store, namespace);
      return restored;
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
    const terms = retrieval.add(logged);
    return { logged, terms };
  }

  /**
   * Version 0.1.0 kept every turn in `<namespace>` itself. Such turns are replayed and written again
   * in the current layout (`<namespace>/turns-<segment>` and `<namespace>/index`), so the next restart
   * reads the segments; the old records are left for the user to delete.
   */
  async function restoreLegacy(store: ConversationPersistence['store'], namespace: string): Promise<number> {
    const saved = turnsFromRecords(await store.listKnowledge(namespace));
    for (const item of saved) {
      openSessionOf(item);
      const { logged, terms } = record(item.turn);
      persist(item, logged.index, logged.lineTokens, terms);
    }
    return saved.length;
  }

  function savedTurn(turn: ConversationTurn, session: number): SavedTurn {
    const record = log.sessions[session];
    const saved: SavedTurn = { turn: { ...turn, sessionId: record?.id ?? 'session-1' } };
    if (record?.time !== undefined) saved.sessionTime = record.time;
    return saved;
  }

  /** Opens the saved turn's session when it is not the current one (restore replays in order). */
  function openSessionOf({ turn, sessionTime }: SavedTurn): void {
    const current = log.sessions.at(-1);
    if (!current || current.id !== turn.sessionId) {
      log.startSession(
        sessionTime === undefined ? { id: turn.sessionId } : { id: turn.sessionId, time: sessionTime },
      );
    }
  }

  async function assembleContext(query: string, override: number | undefined) {
    const limit = validateBudget(override ?? budget);
    const { candidates, fill, redundancy } = await retrieval.rank(
      query,
      embedder ? (lexical) => fuse(query, lexical) : undefined,
    );
    return fitConversationContext({
      log,
      tokenizer,
      budget: limit,
      query,
      candidates,
      costExponent,
      fill,
      diversity: { penalty: tuning.diversityPenalty, redundancy },
      strategy: 'layered',
    });
  }
}

/** `value` if it is >= 0 (and whole unless `fraction`), else a CONFIG_INVALID naming the option. */
function nonNegative(value: number, name: string, fraction = false): number {
  if (!(fraction ? Number.isFinite(value) : Number.isInteger(value)) || value < 0) {
    const kind = fraction ? 'a finite number' : 'a whole number';
    throw new StrataError('CONFIG_INVALID', `'${name}' must be ${kind} >= 0, got ${value}.`);
  }
  return value;
}
