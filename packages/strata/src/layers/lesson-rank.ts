import type { LessonRecord } from '../store/memory-store.js';

/** Exponents of the lesson score `recency^a * relevance^b * importance^c * usefulness^d` (0 turns a factor off). */
export interface LessonWeights {
  recency: number;
  relevance: number;
  importance: number;
  usefulness: number;
}

/** How lessons are scored: the weights and the age at which recency halves. */
export interface LessonScoring {
  readonly weights: LessonWeights;
  readonly halfLifeMs: number;
}

/** Factors are floored so one zero factor (no word in common) does not erase a lesson's other merits. */
export const FACTOR_FLOOR = 0.05;

const LN2 = Math.LN2;

/**
 * A lesson's rank: the logarithm of its query-independent score, shifted by a term that is the same
 * for every lesson at a given time, so it never changes as time passes.
 *
 * Why time cannot reorder lessons: recency is `0.5 ^ ((now - lastUsed) / halfLife)`, which is
 * `0.5 ^ (now / halfLife) * 2 ^ (lastUsed / halfLife)`. The first factor is shared by every lesson
 * at a given `now`, so it scales all scores alike and never changes their order; only the second
 * one, fixed until the lesson is used again, tells lessons apart. In logarithms:
 * `log score(now) = rank - a * ln2 * now / halfLife`. This holds for one half-life shared by all
 * lessons and with no floor on recency (a floor would let old lessons stop decaying and overtake
 * others). The ranked order is therefore kept incrementally: only adding, using, changing or
 * removing a lesson moves it, and the assembler never re-sorts as the clock advances.
 */
export function lessonRank(
  record: Pick<LessonRecord, 'createdAt' | 'lastUsedAt' | 'importance' | 'usefulness'>,
  scoring: LessonScoring,
): number {
  const { weights } = scoring;
  const used = record.lastUsedAt ?? record.createdAt;
  let rank = 0;
  if (weights.recency !== 0) rank += (weights.recency * LN2 * used) / scoring.halfLifeMs;
  if (weights.importance !== 0) rank += weights.importance * Math.log(floored(record.importance));
  if (weights.usefulness !== 0) rank += weights.usefulness * Math.log(floored(record.usefulness));
  return rank;
}

/** The score `recency^a * importance^c * usefulness^d` at `now`, from a rank. */
export function scoreAt(rank: number, now: number, scoring: LessonScoring): number {
  return Math.exp(rank - timeShift(now, scoring));
}

/** What the ranks of every lesson lose by `now` (the same for all: see lessonRank). */
export function timeShift(now: number, scoring: LessonScoring): number {
  const { recency } = scoring.weights;
  return recency === 0 ? 0 : (recency * LN2 * now) / scoring.halfLifeMs;
}

/** The relevance factor in logarithms: `b * ln(max(floor, relevance))`. */
export function relevanceBoost(relevance: number, scoring: LessonScoring): number {
  const { relevance: weight } = scoring.weights;
  return weight === 0 ? 0 : weight * Math.log(Math.max(FACTOR_FLOOR, relevance));
}

function floored(value: number): number {
  if (!Number.isFinite(value)) return FACTOR_FLOOR;
  return Math.max(FACTOR_FLOOR, Math.min(1, value));
}
