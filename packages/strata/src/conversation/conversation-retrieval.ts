import { answerTypeWords } from './answer-type.js';
import { compoundVariants } from './compound-variants.js';
import type { ConversationLexicon } from './conversation-lexicon.js';
import type { ConversationLog, LoggedTurn } from './conversation-log.js';
import { type CooccurrenceExpansionOptions, expandByCooccurrence } from './cooccurrence-expansion.js';
import { type DaySpan, dateMentions, dayOf } from './date-mentions.js';
import { ENGLISH_STOPWORDS } from './english-stopwords.js';
import type { TurnCandidate } from './fit-conversation-context.js';
import { isListQuestion } from './list-question.js';
import { QUESTION_HEDGES } from './question-hedges.js';
import { type Bm25Parameters, createTermIndex, type TermHits } from './term-index.js';
import { contentTerms, stem, words } from './text-terms.js';
import { createTurnRedundancy, type TurnRedundancy } from './turn-redundancy.js';

/** How the layered memory scores turns for a question; every default is meant for any long chat. */
export interface RetrievalTuning {
  /** The newest turns always included, for continuity of the chat. */
  recentTurns: number;
  /** Shares of a hit's score given to the 1st, 2nd, ... turn after it in the same session. */
  followingShares: readonly number[];
  /** Shares given to the turns before a hit. */
  precedingShares: readonly number[];
  /**
   * Multiplier of those shares for a question asking for several things ("What books has Tim
   * read?", "How many ...", "... both ..."): its evidence is one turn per mention, spread over the
   * history, so more matches beat more turns around each. 1: no difference.
   */
  listNeighbourScale: number;
  /** Pseudo-relevance feedback: top turns read, terms added, weight of added terms (0 turns: off). */
  feedback: { turns: number; terms: number; weight: number };
  /**
   * The feedback round of a question asking for several things (see `listNeighbourScale`): its
   * evidence is spread over many turns, so more first hits are read and more terms added, each
   * weighing less.
   */
  listFeedback: { turns: number; terms: number; weight: number };
  /** Multiplier for turns said by a speaker the question names. */
  speakerBoost: number;
  /** Extra weight for names and numbers of the question. */
  entityBoost: number;
  /** Extra weight for the answer type of a "what"/"which" question ("What *European countries* has ..."). */
  focusBoost: number;
  /** Closed and open spellings of a compound match each other ("roadtrip" and "road trip"). */
  compoundSpellings: boolean;
  bm25: Bm25Parameters;
  /** 0 ignores how much of the question a turn covers; 1 scales its score by that (idf-weighted) share. */
  coverageExponent: number;
  /** Leftover room goes to turns of the speakers the question names before other turns. */
  speakerFill: boolean;
  /** Multiplier for every turn of a session in which a speaker the question names takes part. */
  sessionSpeakerBoost: number;
  /** Maximal marginal relevance: how strongly similarity to taken turns lowers a candidate (0: off). */
  diversityPenalty: number;
  /** When the question names a speaker, search only the sessions that speaker takes part in. */
  speakerFilter: boolean;
  /** Terms added from the history's co-occurrence statistics (PPMI); `terms: 0` is off. */
  expansion: CooccurrenceExpansionOptions;
  /**
   * Dates the question names ("on 8 May, 2023", "in May 2023"): hits in sessions dated within them
   * are multiplied by `boost`; when at most `sessions` sessions are, each of their turns is also a
   * candidate worth `share` of the best hit. Boost and share 0: off.
   */
  dates: {
    boost: number;
    share: number;
    sessions: number;
    /**
     * A chat tells what happened since the last one: for a named day or span of at most this many
     * days, the first session dated within this many days after it is one of its sessions for
     * `share` (not for `boost`). 0: off.
     */
    after: number;
  };
  /** Terms added from a lexical resource (when one is given): how many at most, and their weight. */
  lexical: {
    terms: number;
    weight: number;
    /** Only question words found in at most this many turns are expanded (the others match well enough). */
    sourceFrequency: number;
    /**
     * The same limit for the head noun of the question's answer type ("What *martial arts* has ...?"):
     * it names a kind whose instances are the answer, and a turn names the instance, not the kind
     * ("kickboxing"), so the kind is expanded while it matches a few turns more.
     */
    focusSourceFrequency: number;
  };
}

export const DEFAULT_RETRIEVAL_TUNING: RetrievalTuning = {
  recentTurns: 4,
  followingShares: [0.6, 0.3],
  precedingShares: [0.3, 0.15],
  // LoCoMo dev, 5,000 tokens, WordNet: K = 0 92.0 -> 92.3% (multi-hop 65.0 -> 67.1%; first 3 / last 2
  // conversations 92.5 / 91.4 -> 92.5 / 92.0; 3 questions gained, none lost), K = 4 91.5 -> 91.6%.
  // 0.75 changed nothing, 0.2-0.35 lost open-domain questions, 0 lost many.
  listNeighbourScale: 0.5,
  feedback: { turns: 5, terms: 8, weight: 0.3 },
  // LoCoMo dev, 5,000 tokens, WordNet, first 3 / last 2 conversations: K = 0 92.9 / 92.0 -> 93.1 /
  // 92.2 (multi-hop 67.9 -> 69.3%), K = 2 91.7 / 91.4 -> 91.7 / 91.6, K = 4 92.7 / 91.6 -> 92.5 / 92.0;
  // 8 turns lost at K = 4, 14 or 24 terms gained less.
  listFeedback: { turns: 10, terms: 16, weight: 0.25 },
  speakerBoost: 4,
  entityBoost: 1.5,
  // LoCoMo dev, 5,000 tokens, WordNet, first 3 / last 2 conversations: K = 0 92.5 / 92.0 -> 92.7 /
  // 92.0, K = 2 91.5 / 91.0 -> 91.5 / 91.4, K = 4 92.3 / 91.0 -> 92.5 / 91.6; 1.25 and 2 measured the
  // same, the head noun alone lower.
  focusBoost: 1.5,
  compoundSpellings: true,
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  coverageExponent: 1,
  speakerFill: true,
  sessionSpeakerBoost: 2,
  diversityPenalty: 0,
  speakerFilter: true,
  // LoCoMo dev, 5,000 tokens, WordNet: K = 0 91.4 -> 91.9% (first 3 / last 2 conversations
  // 92.3 / 90.6 -> 92.3 / 91.4), K = 4 90.8 -> 91.4% (91.7 / 90.0 -> 91.9 / 91.0); boost 2-6 and
  // share 0.2-0.5 measured within one question of each other.
  // after: LoCoMo dev, 5,000 tokens, WordNet: K = 0 92.8 -> 92.9% (temporal 151 -> 152 of 156; first
  // 3 / last 2 conversations 461 / 461 -> 461 / 462 questions), K = 2 and 4 unchanged; 3, 14 and 30
  // days measured the same. Also boosting those sessions, or spans up to a month, lost at K = 2 and 4.
  dates: { boost: 4, share: 0.3, sessions: 3, after: 7 },
  expansion: { terms: 0, weight: 0.3, sampleTurns: 1000, minimumCount: 2 },
  // A word that already matches more than a handful of turns gets its candidates from them: expanding
  // it too only adds noise (LoCoMo dev, K = 0: 4-8 keeps the most evidence in both halves of the file,
  // unbounded loses on adversarial and single-hop questions). A count, not a share of the history:
  // what matters is how many matches the budget can hold.
  // focusSourceFrequency: LoCoMo dev, 5,000 tokens, WordNet (with dates.after): K = 0 92.9 -> 93.1%
  // (multi-hop 97 -> 98 of 140, temporal 152 -> 153; first 3 / last 2 conversations 461 / 462 ->
  // 462 / 463), K = 2 and 4 unchanged; 16-30 and 60 measured the same at K = 0, 12 and 32 one question
  // fewer, no limit two fewer; every word of the answer type rather than its head lost at K = 2 and 4.
  lexical: { terms: 24, weight: 0.5, sourceFrequency: 8, focusSourceFrequency: 20 },
};

/** Stems of the hedges, as the question's terms are stems. */
const HEDGE_STEMS: ReadonlySet<string> = new Set([...QUESTION_HEDGES].map(stem));

/** Scores on a subset of turns: turn index to value. */
type Scores = Map<number, number>;

/**
 * The retrieval state of a conversation, built turn by turn at ingest (O(terms of the new turn)),
 * and per question a ranking that touches only the turns the question's terms hit, their
 * neighbours and the newest turns.
 */
export interface ConversationRetrieval {
  /**
   * Indexes the turn just added to the log; returns its retrieval terms. `terms`, when given, are
   * the terms analysed earlier (a restored index), so the text is not analysed again.
   */
  add(turn: LoggedTurn, terms?: readonly string[]): readonly string[];
  /**
   * Candidates for a question, with values for `fitConversationContext` (higher is better), and the
   * order in which other turns fill leftover room.
   */
  rank(
    query: string,
    extra?: (lexical: Scores) => Promise<Scores> | Scores,
  ): Promise<{ candidates: TurnCandidate[]; fill: Iterable<number>; redundancy: TurnRedundancy }>;
}

export function createConversationRetrieval(
  log: ConversationLog,
  tuning: RetrievalTuning = DEFAULT_RETRIEVAL_TUNING,
  lexicon?: ConversationLexicon,
): ConversationRetrieval {
  const index = createTermIndex({ bm25: tuning.bm25 });
  /**
   * Turns with the same words (case and punctuation aside) share a key, kept as a 52-bit hash so the
   * history holds a number per turn, not a second copy of its words; only the best copy is worth budget.
   */
  const duplicateKeys: number[] = [];
  /** Turns of each speaker-name stem, oldest first (the fill order reads them newest first). */
  const speakerTurns = new Map<string, number[]>();
  /** Speaker-name stems of each session, and of each speaker string (cached: few distinct speakers). */
  const sessionSpeakers: Array<Set<string>> = [];
  const speakerKeyCache = new Map<string, string[]>();
  /** Sessions each speaker-name stem takes part in (a speaker in every session makes the filter moot). */
  const speakerSessionCounts = new Map<string, number>();
  const speakerKeys = (speaker: string): string[] => {
    let keys = speakerKeyCache.get(speaker);
    if (!keys) {
      keys = [...new Set(words(speaker).map(stem))];
      speakerKeyCache.set(speaker, keys);
    }
    return keys;
  };

  /** Each session's day (from its time), cached with the time it was read from (a time can be set late). */
  const sessionDays: Array<{ time: string | undefined; day: number | undefined }> = [];
  const sessionDay = (session: number): number | undefined => {
    const time = log.sessions[session]?.time;
    let cached = sessionDays[session];
    if (!cached || cached.time !== time) {
      cached = { time, day: time === undefined ? undefined : dayOf(time) };
      sessionDays[session] = cached;
    }
    return cached.day;
  };
  /** Sessions dated inside one of the spans, oldest first. */
  const datedSessions = (spans: readonly DaySpan[]): number[] => {
    const out: number[] = [];
    for (let session = 0; session < log.sessions.length; session += 1) {
      const day = sessionDay(session);
      if (day !== undefined && spans.some((span) => day >= span.first && day <= span.last)) out.push(session);
    }
    return out;
  };
  /**
   * For each short span, the first session dated after it, within `after` days: where what happened
   * then is told ("I met back up with my teammates on the 15th").
   */
  const sessionsAfter = (spans: readonly DaySpan[], after: number): number[] => {
    const out: number[] = [];
    if (after <= 0) return out;
    for (const span of spans) {
      if (span.last - span.first > after) continue;
      let next: number | undefined;
      let nextDay = Number.POSITIVE_INFINITY;
      for (let session = 0; session < log.sessions.length; session += 1) {
        const day = sessionDay(session);
        if (day !== undefined && day > span.last && day <= span.last + after && day < nextDay) {
          next = session;
          nextDay = day;
        }
      }
      if (next !== undefined) out.push(next);
    }
    return out;
  };

  const add = (turn: LoggedTurn, analysed?: readonly string[]): readonly string[] => {
    const terms = analysed ?? contentTerms(turn.text);
    index.add(terms);
    duplicateKeys[turn.index] = textHash(words(turn.text).join(' '));
    const inSession = sessionSpeakers[turn.session] ?? new Set<string>();
    sessionSpeakers[turn.session] = inSession;
    for (const key of speakerKeys(turn.speaker)) {
      const list = speakerTurns.get(key) ?? [];
      list.push(turn.index);
      speakerTurns.set(key, list);
      if (!inSession.has(key)) speakerSessionCounts.set(key, (speakerSessionCounts.get(key) ?? 0) + 1);
      inSession.add(key);
    }
    return terms;
  };

  /** Hit scores scaled by the idf-weighted share of the question's own terms each turn contains. */
  const coveredValues = (hits: TermHits, coverage: Coverage | undefined): Float64Array => {
    const values = Float64Array.from(hits.scores);
    if (!coverage) return values;
    const { total } = coverage;
    if (total <= 0) return values;
    for (let position = 0; position < values.length; position += 1) {
      const share = Math.min(1, Math.max(hits.covered[position] as number, 0.05 * total) / total);
      values[position] = (values[position] as number) * share ** tuning.coverageExponent;
    }
    return values;
  };

  /** The `count` best entries of a score map, best first (a partial selection, not a full sort). */
  const topEntries = (scores: Iterable<[number, number]>, count: number): Array<[number, number]> => {
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
  const feedbackRound = (
    first: TermHits,
    weights: Map<number, number>,
    speakers: Set<number>,
    coverage: Coverage | undefined,
    feedback: RetrievalTuning['feedback'],
  ): TermHits => {
    const ranked = topEntries(pairs(first.turns, first.scores), feedback.turns);
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
    return index.search(expanded, coverage?.mass);
  };

  /**
   * Terms of the history related to the question's words by the lexicon, weighted below the
   * question's own; each also covers (for `coverageExponent`) a share of the words it comes from.
   */
  const lexicalTerms = (
    queryWords: readonly string[],
    weights: ReadonlyMap<number, number>,
    exclude: ReadonlySet<number>,
    /** Term id of the answer type's head noun (its own source-frequency limit). */
    focusHead: number | undefined,
  ): Array<{ term: number; weight: number; sources: number[] }> => {
    const found = new Map<number, { weight: number; sources: number[] }>();
    if (!lexicon || tuning.lexical.terms <= 0) return [];
    for (const expansion of lexicon.related(queryWords)) {
      const terms = contentTerms(expansion.text);
      if (terms.length === 0 || !(expansion.weight > 0)) continue;
      // The question's terms it comes from; expanded only when one of them matches few turns or none.
      const sources: number[] = [];
      let unmatched = false;
      for (const position of expansion.from) {
        const word = queryWords[position];
        if (!word || ENGLISH_STOPWORDS.has(word)) continue;
        const id = index.termId(stem(word));
        if (id === undefined) {
          unmatched = true;
          continue;
        }
        if (!weights.has(id)) continue;
        if (!sources.includes(id)) sources.push(id);
        const limit =
          id === focusHead
            ? Math.max(tuning.lexical.sourceFrequency, tuning.lexical.focusSourceFrequency)
            : tuning.lexical.sourceFrequency;
        if (index.documentFrequency(id) <= limit) unmatched = true;
      }
      if (!unmatched) continue;
      // A phrase's words share its weight: "tae kwon do" is one match, not three.
      const weight = Math.min(1, expansion.weight) / terms.length;
      for (const term of terms) {
        const id = index.termId(term);
        if (id === undefined || weights.has(id) || exclude.has(id)) continue;
        const current = found.get(id);
        if (!current || current.weight < weight) found.set(id, { weight, sources });
      }
    }
    return [...found]
      .map(([term, value]) => ({ term, ...value }))
      .sort((a, b) => b.weight * index.idf(b.term) - a.weight * index.idf(a.term) || a.term - b.term)
      .slice(0, tuning.lexical.terms);
  };

  /** Whether a turn's session has a named speaker in it, or a turn that mentions one; undefined when a named speaker is in every session (nothing to filter). */
  const namedSessionFilter = (named: ReadonlySet<string>): ((turn: number) => boolean) | undefined => {
    const sessions = log.sessions.length;
    for (const key of named) if ((speakerSessionCounts.get(key) ?? 0) >= sessions) return undefined;
    const mentioned = new Set<number>();
    for (const key of named) {
      const id = index.termId(key);
      if (id === undefined) continue;
      for (const turn of index.postings(id)) mentioned.add(log.turns[turn]?.session ?? -1);
    }
    return (turn) => {
      const session = log.turns[turn]?.session ?? -1;
      if (mentioned.has(session)) return true;
      const present = sessionSpeakers[session];
      if (!present) return false;
      for (const key of named) if (present.has(key)) return true;
      return false;
    };
  };

  const rank: ConversationRetrieval['rank'] = async (query, extra) => {
    const turnCount = log.turns.length;
    const listQuestion = isListQuestion(query);
    // Speakers the question names steer the ranking softly: a question may name the wrong person.
    const namedKeys = new Set<string>();
    const namedSpeakerLists = new Set<number[]>();
    const speakerTermIds = new Set<number>();
    const weights = new Map<number, number>();
    const entities = entityTerms(query);
    for (const term of contentTerms(query)) {
      if (HEDGE_STEMS.has(term)) continue;
      const spoken = speakerTurns.get(term);
      const id = index.termId(term);
      if (spoken) {
        namedKeys.add(term);
        namedSpeakerLists.add(spoken);
        if (id !== undefined) speakerTermIds.add(id);
        continue;
      }
      if (id !== undefined) weights.set(id, entities.has(term) ? tuning.entityBoost : 1);
    }
    // The answer type names what the evidence talks about; the question's other words often only
    // frame it ("What *books* has Tim read?").
    const answerType = answerTypeWords(query);
    const head = answerType.at(-1);
    const focusHead = head === undefined ? undefined : index.termId(stem(head));
    for (const word of answerType) {
      const id = index.termId(stem(word));
      const weight = id === undefined ? undefined : weights.get(id);
      if (id !== undefined && weight !== undefined) weights.set(id, weight * tuning.focusBoost);
    }
    for (const term of speakerTurns.keys()) {
      const id = index.termId(term);
      if (id !== undefined) speakerTermIds.add(id);
    }
    // Another spelling of a compound of the question ("roadtrip" / "road trip") weighs as its word.
    const variants = tuning.compoundSpellings
      ? compoundVariants(query, index, log, (word) => speakerTurns.has(stem(word)), COMPOUND_OPTIONS)
      : [];
    for (const { term, source, share } of variants) {
      if (weights.has(term) || speakerTermIds.has(term)) continue;
      weights.set(term, share * (source === undefined ? 1 : (weights.get(source) ?? 1)));
    }

    const inNamedSession = (turn: number): boolean => {
      const present = sessionSpeakers[log.turns[turn]?.session ?? -1];
      if (!present) return false;
      for (const key of namedKeys) if (present.has(key)) return true;
      return false;
    };
    let coverage: Coverage | undefined;
    if (tuning.coverageExponent > 0 && weights.size > 1) {
      coverage = { mass: new Map(), total: 0 };
      for (const term of weights.keys()) {
        coverage.mass.set(term, index.idf(term));
        coverage.total += index.idf(term);
      }
    }
    // A variant covers its share of the word it spells.
    if (coverage) {
      for (const { term, source, share } of variants) {
        const mass = source === undefined ? 0 : (coverage.mass.get(source) ?? 0);
        if (mass > 0) coverage.mass.set(term, Math.max(coverage.mass.get(term) ?? 0, share * mass));
      }
    }
    // Before the search, and even when no word of the question occurs in the history: then only
    // related words can match.
    if (lexicon && tuning.lexical.terms > 0) {
      // A related word covers its share of the question words it stands in for (a question word no
      // turn contains has no mass: giving it one, as a term of document frequency 0, measured no better).
      const added = lexicalTerms(lexiconWords(query, speakerTurns), weights, speakerTermIds, focusHead);
      for (const { term, weight, sources } of added) {
        weights.set(term, tuning.lexical.weight * weight);
        if (!coverage) continue;
        let mass = 0;
        for (const source of sources) mass += coverage.mass.get(source) ?? 0;
        if (mass > 0) coverage.mass.set(term, Math.max(coverage.mass.get(term) ?? 0, weight * mass));
      }
    }
    let scores: Scores = new Map();
    if (weights.size > 0) {
      if (tuning.expansion.terms > 0) {
        for (const [term, weight] of expandByCooccurrence(index, weights, speakerTermIds, tuning.expansion)) {
          weights.set(term, tuning.expansion.weight * weight);
        }
      }
      // Speaker pre-filter: when the question names a speaker, only the sessions they take part in
      // or are mentioned in are searched (all sessions again if none of those matches).
      let keep = tuning.speakerFilter && namedKeys.size > 0 ? namedSessionFilter(namedKeys) : undefined;
      const first = index.search(weights, coverage?.mass);
      let hits = restrict(first, keep);
      // No match in those sessions: the feedback round searches everywhere too.
      if (hits === first) keep = undefined;
      const feedback = listQuestion ? tuning.listFeedback : tuning.feedback;
      if (feedback.terms > 0 && feedback.turns > 0 && hits.turns.length > 0) {
        hits = restrict(feedbackRound(hits, weights, speakerTermIds, coverage, feedback), keep);
      }
      scores = bestScores(hits.turns, coveredValues(hits, coverage), MAX_HITS);
    }
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
    const neighbourScale = listQuestion ? tuning.listNeighbourScale : 1;
    for (const [turn, hit] of relevance) {
      const score = hit * neighbourScale;
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
    const isNamed = (turn: number): boolean => {
      const speaker = log.turns[turn]?.speaker;
      return speaker !== undefined && speakerKeys(speaker).some((key) => namedKeys.has(key));
    };
    for (const turn of value.keys()) {
      if (namedKeys.size === 0) break;
      let factor = isNamed(turn) ? tuning.speakerBoost : 1;
      if (inNamedSession(turn)) factor *= tuning.sessionSpeakerBoost;
      if (factor !== 1) value.set(turn, (value.get(turn) ?? 0) * factor);
    }

    // A question that names a day or month points at the sessions of that time; a long history
    // (months of chats, or other conversations' sessions before this one) has many sessions that
    // match its words at other times.
    const spans = tuning.dates.boost > 0 || tuning.dates.share > 0 ? dateMentions(query) : [];
    const dated = spans.length > 0 ? datedSessions(spans) : [];
    // The sessions after a short span join the floor only (boosting them too lost questions).
    const floored =
      spans.length > 0 ? [...new Set([...dated, ...sessionsAfter(spans, tuning.dates.after)])] : dated;
    if (floored.length > 0) {
      const inDated = new Set(dated);
      if (tuning.dates.boost > 0) {
        for (const [turn, score] of value) {
          if (inDated.has(log.turns[turn]?.session ?? -1)) value.set(turn, score * tuning.dates.boost);
        }
      }
      // A few such sessions: each of their turns is worth at least `share`, even without a matching
      // word ("What did Ben do on 3 May?"), and a turn that matched one weak word or inherited a
      // sliver from a neighbour is raised to that floor too (it is no less likely than an unmatched
      // turn of the same day). Many such sessions (a month of daily chats) would spread the budget thin.
      // LoCoMo dev, 5,000 tokens, WordNet: the floor for weakly matched turns as well gained 1
      // question at K = 0 (92.7 -> 92.8%; first 3 / last 2 conversations 93.1 / 92.2 -> 93.1 / 92.4)
      // and 1 at K = 4 (92.3 -> 92.4%), none lost.
      if (tuning.dates.share > 0 && floored.length <= tuning.dates.sessions) {
        for (const session of floored) {
          const record = log.sessions[session];
          if (!record) continue;
          for (let turn = record.firstTurn; turn < record.endTurn; turn += 1) {
            if ((value.get(turn) ?? 0) < tuning.dates.share) value.set(turn, tuning.dates.share);
          }
        }
      }
    }

    // De-duplication: a repeated text ("Thanks!", a pasted message) keeps its value only once.
    const bestOfKey = new Map<number, number>();
    for (const [turn, score] of value) {
      const key = duplicateKeys[turn] ?? 0;
      const best = bestOfKey.get(key);
      const bestScore = best === undefined ? 0 : (value.get(best) ?? 0);
      // On a tie the newest copy wins: it is the one said most recently.
      if (best === undefined || score > bestScore || (score === bestScore && turn > best)) {
        bestOfKey.set(key, turn);
      }
    }
    const candidates: TurnCandidate[] = [];
    for (const [turn, score] of value) {
      if (score > 0 && bestOfKey.get(duplicateKeys[turn] ?? 0) === turn) {
        candidates.push({ index: turn, value: score });
      }
    }
    // The newest turns always go in; then unmatched turns fill leftover room, newest first.
    for (let turn = Math.max(0, turnCount - tuning.recentTurns); turn < turnCount; turn += 1) {
      candidates.push({ index: turn, value: 1e6 });
    }
    const namedSpeakers = [...namedSpeakerLists];
    return {
      candidates,
      fill: fillOrder(namedSpeakers, turnCount, tuning.speakerFill),
      redundancy: createTurnRedundancy(index),
    };
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

/** The question's words for the lexicon, with names (capitalised words after the first, speakers) blanked: "John" is no toilet. */
function lexiconWords(query: string, speakers: ReadonlyMap<string, unknown>): string[] {
  const tokens = query.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
  const out: string[] = [];
  tokens.forEach((token, position) => {
    const name = position > 0 && /^\p{Lu}/u.test(token);
    for (const word of words(token)) out.push(name || speakers.has(stem(word)) ? '' : word);
  });
  return out;
}

/** The idf mass each term covers, and the mass of the whole question. */
interface Coverage {
  mass: Map<number, number>;
  total: number;
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

/**
 * Hits kept per question before neighbours and boosts: a 5,000-token context holds about 150 turns,
 * so turns ranked far below that never make it in, while a common word in a history of 200,000 turns
 * would make every question carry tens of thousands of candidates (measured on LoCoMo dev: 300 and
 * 2,000 keep the same questions' evidence at K = 0; at 100,000 synthetic turns, 2,000 costs 3x the
 * CPU per question of 300).
 */
const MAX_HITS = 500;

/**
 * Compound spellings: halves of at least 4 letters ("road|trip", not "learn|ing"), only for question
 * words found in at most 8 turns (as for lexicon expansion), and at most 200 turns read to find the
 * halves side by side.
 */
const COMPOUND_OPTIONS = { minimumPart: 4, sourceFrequency: 8, sampleTurns: 200 };

/** The `count` best hits (ties at the threshold all kept) as a map, found in O(n) without sorting. */
function bestScores(turns: readonly number[], values: Float64Array, count: number): Scores {
  const out: Scores = new Map();
  const threshold =
    values.length <= count ? Number.NEGATIVE_INFINITY : nthLargest(Float64Array.from(values), count - 1);
  turns.forEach((turn, position) => {
    const value = values[position] as number;
    if (value >= threshold) out.set(turn, value);
  });
  return out;
}

/** The hits whose turn passes `keep`; all of them when none does (or without `keep`). */
function restrict(hits: TermHits, keep: ((turn: number) => boolean) | undefined): TermHits {
  if (!keep) return hits;
  const out: TermHits = { turns: [], scores: [], matched: [], covered: [] };
  hits.turns.forEach((turn, position) => {
    if (!keep(turn)) return;
    out.turns.push(turn);
    out.scores.push(hits.scores[position] as number);
    out.matched.push(hits.matched[position] as number);
    out.covered.push(hits.covered[position] as number);
  });
  return out.turns.length > 0 ? out : hits;
}

/** Parallel arrays as [turn, score] entries, lazily. */
function* pairs(turns: readonly number[], scores: readonly number[]): Generator<[number, number]> {
  for (let position = 0; position < turns.length; position += 1) {
    yield [turns[position] as number, scores[position] as number];
  }
}

/** The value of rank `rank` (0 = largest) by quickselect (Hoare), reordering `values` in place. */
function nthLargest(values: Float64Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1] as number;
    let left = low;
    let right = high;
    while (left <= right) {
      while ((values[left] as number) > pivot) left += 1;
      while ((values[right] as number) < pivot) right -= 1;
      if (left <= right) {
        const swap = values[left] as number;
        values[left] = values[right] as number;
        values[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    if (rank <= right) high = right;
    else if (rank >= left) low = left;
    else break;
  }
  return values[rank] as number;
}

/** FNV-1a over the text's UTF-16 units in two 26-bit halves: a 52-bit key, collisions negligible. */
function textHash(text: string): number {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  for (let position = 0; position < text.length; position += 1) {
    const unit = text.charCodeAt(position);
    first = Math.imul(first ^ unit, 16777619);
    second = Math.imul(second ^ unit, 2246822519);
  }
  return (first >>> 6) * 2 ** 26 + (second >>> 6);
}
