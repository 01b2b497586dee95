import MiniSearch from 'minisearch';

/** BM25 over turns (MiniSearch), fed with already analysed terms so stemming happens once per turn. */
export interface TurnIndex {
  add(index: number, terms: readonly string[]): void;
  /** BM25 scores of the turns matching any weighted term (weight multiplies that term's contribution). */
  search(weights: ReadonlyMap<string, number>): Map<number, number>;
  /** Like `search`, with the query terms each turn matched. */
  searchWithTerms(weights: ReadonlyMap<string, number>): Map<number, { score: number; terms: string[] }>;
  /** Number of turns containing a term. */
  documentFrequency(term: string): number;
  /** Inverse document frequency, BM25 style (always > 0). */
  idf(term: string): number;
  readonly size: number;
}

/** BM25 parameters: term saturation `k`, length normalisation `b`, BM25+ floor `d`. */
export interface TurnIndexOptions {
  bm25?: { k: number; b: number; d: number };
}

export function createTurnIndex(options: TurnIndexOptions = {}): TurnIndex {
  const search = new MiniSearch<{ id: number; terms: string }>({
    fields: ['terms'],
    tokenize: (text) => (text === '' ? [] : text.split(' ')),
    processTerm: (term) => term,
    searchOptions: {
      prefix: false,
      fuzzy: false,
      combineWith: 'OR',
      ...(options.bm25 ? { bm25: options.bm25 } : {}),
    },
  });
  const frequency = new Map<string, number>();
  let size = 0;
  const documentFrequency = (term: string): number => frequency.get(term) ?? 0;
  const run = (weights: ReadonlyMap<string, number>) => {
    const terms = [...weights.keys()].filter((term) => documentFrequency(term) > 0);
    if (terms.length === 0) return [];
    return search.search(terms.join(' '), { boostTerm: (term) => weights.get(term) ?? 1 });
  };
  return {
    get size() {
      return size;
    },
    add(index, terms) {
      search.add({ id: index, terms: terms.join(' ') });
      size += 1;
      for (const term of new Set(terms)) frequency.set(term, documentFrequency(term) + 1);
    },
    search(weights) {
      const scores = new Map<number, number>();
      for (const result of run(weights)) scores.set(result.id as number, result.score);
      return scores;
    },
    searchWithTerms(weights) {
      const scores = new Map<number, { score: number; terms: string[] }>();
      for (const result of run(weights))
        scores.set(result.id as number, { score: result.score, terms: result.queryTerms });
      return scores;
    },
    documentFrequency,
    idf(term) {
      const count = documentFrequency(term);
      return Math.log(1 + (size - count + 0.5) / (count + 0.5));
    },
  };
}
