import type { TermIndex } from './term-index.js';

/** How much a turn repeats the turns already taken into a context. */
export interface TurnRedundancy {
  /** Largest idf-weighted cosine (0..1) between the turn's terms and those of a taken turn. */
  similarity(turn: number): number;
  /** Records a turn as taken. */
  take(turn: number): void;
}

/**
 * Redundancy against the turns taken so far, for maximal marginal relevance. Each taken turn is
 * filed under its terms, so a candidate is compared only with taken turns that share a term with it
 * (O(its terms x taken turns holding them)), not with every taken turn.
 */
export function createTurnRedundancy(index: TermIndex): TurnRedundancy {
  const takenByTerm = new Map<number, number[]>();
  const norms = new Map<number, number>();
  const norm = (turn: number): number => {
    let value = norms.get(turn);
    if (value === undefined) {
      let sum = 0;
      for (const term of index.turnTerms(turn)) sum += index.idf(term) ** 2;
      value = Math.sqrt(sum);
      norms.set(turn, value);
    }
    return value;
  };
  return {
    similarity(turn) {
      const own = norm(turn);
      if (own === 0) return 0;
      const dots = new Map<number, number>();
      for (const term of index.turnTerms(turn)) {
        const taken = takenByTerm.get(term);
        if (!taken) continue;
        const weight = index.idf(term) ** 2;
        for (const other of taken) dots.set(other, (dots.get(other) ?? 0) + weight);
      }
      let best = 0;
      for (const [other, dot] of dots) best = Math.max(best, dot / (own * norm(other)));
      return Math.min(1, best);
    },
    take(turn) {
      for (const term of index.turnTerms(turn)) {
        const list = takenByTerm.get(term);
        if (list) list.push(turn);
        else takenByTerm.set(term, [turn]);
      }
    },
  };
}
