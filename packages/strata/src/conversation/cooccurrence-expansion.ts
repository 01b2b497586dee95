import type { TermIndex } from './term-index.js';

/** How many terms a question gains from co-occurrence, and how much they weigh. */
export interface CooccurrenceExpansionOptions {
  /** Terms added to the question (0: off). */
  terms: number;
  /** Weight of the best added term, relative to a question term's weight of 1. */
  weight: number;
  /** Turns read per question term (the newest ones): bounds the cost on very common terms. */
  sampleTurns: number;
  /** A term must share at least this many turns with a question term to be added. */
  minimumCount: number;
}

/**
 * Query expansion from the history's own co-occurrence statistics: terms that share turns with the
 * question's terms far more often than chance (positive pointwise mutual information over turns), so
 * a question can reach turns that share no word with it. The PPMI row of a question term is computed
 * from the inverted index built at ingest (its postings and the terms of those turns), so no term
 * matrix is kept in memory and ingest stays O(terms of the new turn); a row costs O(sampled turns x
 * terms per turn).
 */
export function expandByCooccurrence(
  index: TermIndex,
  weights: ReadonlyMap<number, number>,
  exclude: ReadonlySet<number>,
  options: CooccurrenceExpansionOptions,
): Map<number, number> {
  const total = index.size;
  const gain = new Map<number, number>();
  if (options.terms <= 0 || total === 0) return gain;
  for (const [term, weight] of weights) {
    const postings = index.postings(term);
    const from = Math.max(0, postings.length - options.sampleTurns);
    const sampled = postings.length - from;
    if (sampled === 0) continue;
    const counts = new Map<number, number>();
    for (let position = from; position < postings.length; position += 1) {
      for (const other of index.turnTerms(postings[position] as number)) {
        if (other === term || weights.has(other) || exclude.has(other)) continue;
        counts.set(other, (counts.get(other) ?? 0) + 1);
      }
    }
    for (const [other, count] of counts) {
      if (count < options.minimumCount) continue;
      const frequency = index.documentFrequency(other);
      // Only terms seen with the question term more often than chance (positive PMI) ...
      if (count / sampled <= frequency / total) continue;
      // ... ranked by how sure that is: Dunning's log-likelihood ratio, which does not reward a
      // rare pair seen twice the way PMI alone does.
      const scale = postings.length / sampled;
      gain.set(
        other,
        (gain.get(other) ?? 0) +
          weight * logLikelihoodRatio(count * scale, postings.length, frequency, total),
      );
    }
  }
  const ranked = [...gain].sort((a, b) => b[1] - a[1]).slice(0, options.terms);
  const top = ranked[0]?.[1] ?? 1;
  return new Map(ranked.map(([term, value]) => [term, value / top]));
}

/** Dunning's G² for a 2x2 contingency table: both terms in k11 of n turns, a in `a` and b in `b`. */
function logLikelihoodRatio(k11: number, a: number, b: number, n: number): number {
  const k12 = Math.max(0, a - k11);
  const k21 = Math.max(0, b - k11);
  const k22 = Math.max(0, n - a - b + k11);
  const term = (k: number, row: number, column: number): number =>
    k > 0 && row > 0 && column > 0 ? k * Math.log((k * n) / (row * column)) : 0;
  return 2 * (term(k11, a, b) + term(k12, a, n - b) + term(k21, n - a, b) + term(k22, n - a, n - b));
}
