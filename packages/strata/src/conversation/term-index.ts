/**
 * An inverted index over turns for the layered conversation memory: interned terms, postings held in
 * growable typed arrays, and BM25 scoring that touches only the postings of the query's terms (the
 * cost of a question depends on its hits, not on the length of the history). Written here rather
 * than with MiniSearch because the memory needs term ids per turn (feedback, coverage, links), a
 * sparse accumulator without a per-question sort, and a compact snapshot it can persist.
 */

/** BM25 parameters: term saturation `k`, length normalisation `b`, BM25+ floor `d`. */
export interface Bm25Parameters {
  k: number;
  b: number;
  d: number;
}

/** Scores of the turns that matched, in no particular order. */
export interface TermHits {
  turns: number[];
  scores: number[];
  /** How many distinct weighted terms each turn matched. */
  matched: number[];
  /** Sum of the `coverage` masses of the terms each turn contains (0 without `coverage`). */
  covered: number[];
}

export interface TermIndex {
  readonly size: number;
  readonly vocabularySize: number;
  /** Id of a known term; `undefined` for a term no turn contains. */
  termId(term: string): number | undefined;
  term(id: number): string;
  /** Adds the next turn (turns are numbered 0, 1, 2, ... in order of addition). */
  add(terms: readonly string[]): void;
  /** Distinct term ids of a turn. */
  turnTerms(turn: number): Uint32Array;
  documentFrequency(id: number): number;
  /** Inverse document frequency, BM25 style (always > 0). */
  idf(id: number): number;
  /** Turns containing a term, oldest first (a view: do not keep it across `add`). */
  postings(id: number): Uint32Array;
  /**
   * BM25 of every turn containing a weighted term (weight multiplies that term's contribution; the
   * sum is multiplied by the number of terms matched, as MiniSearch does). With `coverage` (a mass for
   * some of the weighted terms), also the sum of those masses over the terms each hit contains
   * (computed in the same pass over the postings).
   */
  search(weights: ReadonlyMap<number, number>, coverage?: ReadonlyMap<number, number>): TermHits;
}

const DEFAULT_BM25: Bm25Parameters = { k: 1.2, b: 0.7, d: 0.5 };

/** A growable array of unsigned 32-bit integers. */
class GrowableUint32 {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Uint32Array(capacity);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = value;
    this.length += 1;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

// A posting packs turn and term frequency: turn * 16 + min(tf, 15).
const TF_BITS = 16;

export function createTermIndex(options: { bm25?: Bm25Parameters } = {}): TermIndex {
  const { k, b, d } = options.bm25 ?? DEFAULT_BM25;
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  const postings: GrowableUint32[] = [];
  /** Offsets into `terms` per turn (turn t uses terms[starts[t] .. starts[t + 1])). */
  const starts = new GrowableUint32(1024);
  starts.push(0);
  const terms = new GrowableUint32(8192);
  const lengths = new GrowableUint32(1024);
  let totalLength = 0;
  // Reused accumulator: sized to the history, but only the touched entries are read and reset.
  let accumulator = new Float64Array(0);
  let matchedCount = new Uint16Array(0);
  let coveredMass = new Float64Array(0);

  const intern = (term: string): number => {
    let id = ids.get(term);
    if (id === undefined) {
      id = vocabulary.length;
      ids.set(term, id);
      vocabulary.push(term);
      postings.push(new GrowableUint32(2));
    }
    return id;
  };
  const size = (): number => lengths.length;
  const idf = (id: number): number => {
    const count = postings[id]?.length ?? 0;
    const total = size();
    return Math.log(1 + (total - count + 0.5) / (count + 0.5));
  };

  const index: TermIndex = {
    get size() {
      return size();
    },
    get vocabularySize() {
      return vocabulary.length;
    },
    termId: (term) => ids.get(term),
    term: (id) => vocabulary[id] ?? '',
    add(turnTerms) {
      const turn = size();
      const frequency = new Map<number, number>();
      for (const term of turnTerms) {
        const id = intern(term);
        frequency.set(id, (frequency.get(id) ?? 0) + 1);
      }
      for (const [id, count] of frequency) {
        (postings[id] as GrowableUint32).push(turn * TF_BITS + Math.min(count, TF_BITS - 1));
        terms.push(id);
      }
      starts.push(terms.length);
      lengths.push(turnTerms.length);
      totalLength += turnTerms.length;
    },
    turnTerms(turn) {
      return terms.data.subarray(starts.data[turn] ?? 0, starts.data[turn + 1] ?? 0);
    },
    documentFrequency: (id) => postings[id]?.length ?? 0,
    idf,
    postings(id) {
      const list = postings[id];
      if (!list) return new Uint32Array(0);
      const out = new Uint32Array(list.length);
      for (let position = 0; position < list.length; position += 1) {
        out[position] = Math.floor((list.data[position] as number) / TF_BITS);
      }
      return out;
    },
    search(weights, coverage) {
      const total = size();
      if (accumulator.length < total) {
        accumulator = new Float64Array(Math.max(total, accumulator.length * 2));
        matchedCount = new Uint16Array(accumulator.length);
        coveredMass = new Float64Array(accumulator.length);
      }
      const average = total === 0 ? 1 : totalLength / total;
      const touched: number[] = [];
      for (const [id, weight] of weights) {
        const list = postings[id];
        if (!list || weight === 0) continue;
        const termIdf = idf(id) * weight;
        const mass = coverage?.get(id) ?? 0;
        const data = list.data;
        for (let position = 0; position < list.length; position += 1) {
          const packed = data[position] as number;
          const turn = Math.floor(packed / TF_BITS);
          const tf = packed % TF_BITS;
          const norm = k * (1 - b + (b * (lengths.data[turn] as number)) / average);
          if (matchedCount[turn] === 0) touched.push(turn);
          accumulator[turn] = (accumulator[turn] as number) + termIdf * (d + (tf * (k + 1)) / (tf + norm));
          matchedCount[turn] = (matchedCount[turn] as number) + 1;
          if (mass > 0) coveredMass[turn] = (coveredMass[turn] as number) + mass;
        }
      }
      const scores = new Array<number>(touched.length);
      const matched = new Array<number>(touched.length);
      const covered = new Array<number>(touched.length);
      touched.forEach((turn, position) => {
        const count = matchedCount[turn] as number;
        scores[position] = (accumulator[turn] as number) * count;
        matched[position] = count;
        covered[position] = coveredMass[turn] as number;
        accumulator[turn] = 0;
        matchedCount[turn] = 0;
        coveredMass[turn] = 0;
      });
      return { turns: touched, scores, matched, covered };
    },
  };
  return index;
}
