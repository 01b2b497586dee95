import type { ConversationLog, LoggedTurn } from './conversation-log.js';
import type { TurnCandidate } from './fit-conversation-context.js';
import { type Bm25Parameters, createTermIndex, type TermHits } from './term-index.js';
import { contentTerms, stem, words } from './text-terms.js';

/** How the layered memory scores turns for a question; every default is meant for any long chat. */
export interface RetrievalTuning {
  /** The newest turns always included, for continuity of the chat. */
  recentTurns: number;
  /** Shares of a hit's score given to the 1st, 2nd, ... turn after it in the same session. */
  followingShares: readonly number[];
  /** Shares given to the turns before a hit. */
  precedingShares: readonly number[];
  /** Pseudo-relevance feedback: top turns read, terms added, weight of added terms (0 turns: off). */
  feedback: { turns: number; terms: number; weight: number };
  /** Multiplier for turns said by a speaker the question names. */
  speakerBoost: number;
  /** Extra weight for names and numbers of the question. */
  entityBoost: number;
  bm25: Bm25Parameters;
  /** 0 ignores how much of the question a turn covers; 1 scales its score by that (idf-weighted) share. */
  coverageExponent: number;
  /** Leftover room goes to turns of the speakers the question names before other turns. */
  speakerFill: boolean;
  /** Multiplier for every turn of a session in which a speaker the question names takes part. */
  sessionSpeakerBoost: number;
}

export const DEFAULT_RETRIEVAL_TUNING: RetrievalTuning = {
  recentTurns: 4,
  followingShares: [0.6, 0.3],
  precedingShares: [0.3, 0.15],
  feedback: { turns: 5, terms: 8, weight: 0.3 },
  speakerBoost: 4,
  entityBoost: 1.5,
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  coverageExponent: 1,
  speakerFill: true,
  sessionSpeakerBoost: 2,
};

/** Scores on a subset of turns: turn index to value. */
type Scores = Map<number, number>;

/**
 * The retrieval state of a conversation, built turn by turn at ingest (O(terms of the new turn)),
 * and per question a ranking that touches only the turns the question's terms hit, their
 * neighbours and the newest turns.
 */
export interface ConversationRetrieval {
  /** Indexes the turn just added to the log. */
  add(turn: LoggedTurn): void;
  /**
   * Candidates for a question, with values for `fitConversationContext` (higher is better), and the
   * order in which other turns fill leftover room.
   */
  rank(
    query: string,
    extra?: (lexical: Scores) => Promise<Scores> | Scores,
  ): Promise<{ candidates: TurnCandidate[]; fill: Iterable<number> }>;
}

export function createConversationRetrieval(
  log: ConversationLog,
  tuning: RetrievalTuning = DEFAULT_RETRIEVAL_TUNING,
): ConversationRetrieval {
  const index = createTermIndex({ bm25: tuning.bm25 });
  /** Turns with the same words (case and punctuation aside) share a key; only the best is worth budget. */
  const duplicateKeys: string[] = [];
  const speakerTurns = new Map<string, number[]>();
  const speakerSessions = new Map<string, Set<number>>();

  const add = (turn: LoggedTurn): void => {
    index.add(contentTerms(turn.text));
    duplicateKeys[turn.index] = words(turn.text).join(' ');
    for (const word of new Set(words(turn.speaker))) {
      const key = stem(word);
      const list = speakerTurns.get(key) ?? [];
      list.push(turn.index);
      speakerTurns.set(key, list);
      const sessions = speakerSessions.get(key) ?? new Set<number>();
      sessions.add(turn.session);
      speakerSessions.set(key, sessions);
    }
  };

  const toScores = (hits: TermHits): Scores => {
    const out: Scores = new Map();
    hits.turns.forEach((turn, position) => {
      out.set(turn, hits.scores[position] as number);
    });
    return out;
  };

  /** The `count` best entries of a score map, best first (a partial selection, not a full sort). */
  const topEntries = (scores: Scores, count: number): Array<[number, number]> => {
    const out: Array<[number, number]> = [];
    for (const entry of scores) {
      if (out.length < count) {
        out.push(entry);
        out.sort((a, b) => b[1] - a[1]);
      } else if (entry[1] > (out[count - 1] as [number, number])[1]) {
        out[count - 1] = entry;
        out.sort((a, b) => b[1] - a[1]);
      }
    }
    return out;
  };

  /** Second retrieval round: terms frequent in the first hits (and rare overall) join the query. */
  const feedbackRound = (first: Scores, weights: Map<number, number>, speakers: Set<number>): Scores => {
    const { feedback } = tuning;
    const ranked = topEntries(first, feedback.turns);
    const best = ranked[0]?.[1] ?? 1;
    const gain = new Map<number, number>();
    for (const [turn, score] of ranked) {
      for (const term of index.turnTerms(turn)) {
        if (weights.has(term) || speakers.has(term)) continue;
        gain.set(term, (gain.get(term) ?? 0) + (score / best) * index.idf(term));
      }
    }
    const added = topEntries(gain, feedback.terms);
    if (added.length === 0) return first;
    const topGain = added[0]?.[1] ?? 1;
    const expanded = new Map(weights);
    for (const [term, weight] of added) expanded.set(term, (feedback.weight * weight) / topGain);
    return toScores(index.search(expanded));
  };

  /** Scales scores by the idf-weighted share of the question's own terms each turn contains. */
  const applyCoverage = (scores: Scores, weights: Map<number, number>): Scores => {
    let total = 0;
    for (const term of weights.keys()) total += index.idf(term);
    if (total <= 0) return scores;
    const out: Scores = new Map();
    for (const [turn, score] of scores) {
      const present = new Set(index.turnTerms(turn));
      let covered = 0;
      for (const term of weights.keys()) if (present.has(term)) covered += index.idf(term);
      out.set(turn, score * (Math.max(covered, 0.05 * total) / total) ** tuning.coverageExponent);
    }
    return out;
  };

  const rank: ConversationRetrieval['rank'] = async (query, extra) => {
    const turnCount = log.turns.length;
    // Speakers the question names steer the ranking softly: a question may name the wrong person.
    const named = new Set<number>();
    const namedSpeakerLists = new Set<number[]>();
    const namedSessions = new Set<number>();
    const speakerTermIds = new Set<number>();
    const weights = new Map<number, number>();
    const entities = entityTerms(query);
    for (const term of contentTerms(query)) {
      const spoken = speakerTurns.get(term);
      const id = index.termId(term);
      if (spoken) {
        for (const turn of spoken) named.add(turn);
        namedSpeakerLists.add(spoken);
        for (const session of speakerSessions.get(term) ?? []) namedSessions.add(session);
        if (id !== undefined) speakerTermIds.add(id);
        continue;
      }
      if (id !== undefined) weights.set(id, entities.has(term) ? tuning.entityBoost : 1);
    }
    for (const term of speakerTurns.keys()) {
      const id = index.termId(term);
      if (id !== undefined) speakerTermIds.add(id);
    }

    let scores = weights.size > 0 ? toScores(index.search(weights)) : new Map<number, number>();
    if (tuning.feedback.terms > 0 && tuning.feedback.turns > 0 && scores.size > 0) {
      scores = feedbackRound(scores, weights, speakerTermIds);
    }
    if (tuning.coverageExponent > 0 && weights.size > 1) scores = applyCoverage(scores, weights);
    let top = 0;
    for (const score of scores.values()) top = Math.max(top, score);
    let relevance: Scores = new Map();
    if (top > 0) for (const [turn, score] of scores) relevance.set(turn, score / top);
    if (extra) relevance = await extra(relevance);

    // A turn inherits the best neighbouring hit's share, within its own session only.
    const value: Scores = new Map(relevance);
    const inherit = (turn: number, share: number): void => {
      if (turn < 0 || turn >= turnCount) return;
      const current = value.get(turn) ?? 0;
      value.set(turn, current + share);
    };
    const inherited = new Map<number, number>();
    for (const [turn, score] of relevance) {
      const session = log.turns[turn]?.session;
      tuning.followingShares.forEach((share, distance) => {
        const to = turn + distance + 1;
        if (to < turnCount && log.turns[to]?.session === session) {
          inherited.set(to, Math.max(inherited.get(to) ?? 0, share * score));
        }
      });
      tuning.precedingShares.forEach((share, distance) => {
        const to = turn - distance - 1;
        if (to >= 0 && log.turns[to]?.session === session) {
          inherited.set(to, Math.max(inherited.get(to) ?? 0, share * score));
        }
      });
    }
    for (const [turn, share] of inherited) inherit(turn, share);
    for (const turn of value.keys()) {
      let factor = named.has(turn) ? tuning.speakerBoost : 1;
      if (namedSessions.has(log.turns[turn]?.session ?? -1)) factor *= tuning.sessionSpeakerBoost;
      if (factor !== 1) value.set(turn, (value.get(turn) ?? 0) * factor);
    }

    // De-duplication: a repeated text ("Thanks!", a pasted message) keeps its value only once.
    const bestOfKey = new Map<string, number>();
    for (const [turn, score] of value) {
      const key = duplicateKeys[turn] ?? '';
      const best = bestOfKey.get(key);
      const bestScore = best === undefined ? 0 : (value.get(best) ?? 0);
      // On a tie the newest copy wins: it is the one said most recently.
      if (best === undefined || score > bestScore || (score === bestScore && turn > best)) {
        bestOfKey.set(key, turn);
      }
    }
    const candidates: TurnCandidate[] = [];
    for (const [turn, score] of value) {
      if (score > 0 && bestOfKey.get(duplicateKeys[turn] ?? '') === turn) {
        candidates.push({ index: turn, value: score });
      }
    }
    // The newest turns always go in; then unmatched turns fill leftover room, newest first.
    for (let turn = Math.max(0, turnCount - tuning.recentTurns); turn < turnCount; turn += 1) {
      candidates.push({ index: turn, value: 1e6 });
    }
    const namedSpeakers = [...namedSpeakerLists];
    return { candidates, fill: fillOrder(namedSpeakers, turnCount, tuning.speakerFill) };
  };

  return { add, rank };
}

/** Leftover room goes to the named speakers' turns first (newest first), then to any turn, newest first. */
function* fillOrder(speakers: number[][], turnCount: number, speakerFill: boolean): Generator<number> {
  if (speakerFill && speakers.length > 0) {
    const positions = speakers.map((list) => list.length - 1);
    for (;;) {
      // Merge the speakers' lists newest first.
      let best = -1;
      let pick = -1;
      positions.forEach((position, which) => {
        const turn = position >= 0 ? (speakers[which] as number[])[position] : undefined;
        if (turn !== undefined && turn > best) {
          best = turn;
          pick = which;
        }
      });
      if (pick < 0) break;
      positions[pick] = (positions[pick] as number) - 1;
      yield best;
    }
  }
  for (let turn = turnCount - 1; turn >= 0; turn -= 1) yield turn;
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
