/**
 * BM25 over a read-only corpus with every per-call cost bounded by what a query reads, not by the
 * corpus: each word's contribution to each document (its "impact": idf, term frequency and length
 * norm, all fixed for a corpus that never changes) is computed once, and each word's documents are
 * kept best impact first. A query reads its words' lists from the top, scores each document it
 * meets in full (random access), keeps the best in a bounded heap and stops as soon as no unread
 * document can enter it (Fagin's threshold algorithm), or after `postingsPerTerm` documents per
 * word (champion lists: a hard bound, the rest being the documents where the word weighs least).
 *
 * Scores equal MiniSearch's (default tokenizer, fields title/text/tags with boost 1, BM25+ with
 * k 1.2, b 0.7, d 0.5, the sum multiplied by the number of distinct query words matched), which
 * this replaces in the knowledge layer: its search walked every posting of every query word.
 */

/** BM25 parameters: term saturation `k`, length normalisation `b`, BM25+ floor `d`. */
export interface KnowledgeBm25 {
  k: number;
  b: number;
  d: number;
}

/** Options of {@link KnowledgeIndex}. */
export interface KnowledgeIndexOptions {
  /** Most documents read per query word, best impact first (default 256). */
  postingsPerTerm?: number;
  bm25?: KnowledgeBm25;
}

/** The work one search did (deterministic: for tests and benches). */
export interface KnowledgeSearchStats {
  /** List entries read (sorted access). */
  postingsRead: number;
  /** Documents scored in full. */
  scored: number;
  /**
   * False when a word's list was cut at `postingsPerTerm` before the threshold proved the result:
   * a document below every cut may then be missing.
   */
  exact: boolean;
}

/** The best documents of a search, best first (ties by document number). */
export interface KnowledgeHits {
  readonly documents: readonly number[];
  readonly scores: readonly number[];
}

// MiniSearch's default tokenizer and term processing.
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
const DEFAULT_BM25: KnowledgeBm25 = { k: 1.2, b: 0.7, d: 0.5 };
const NO_HITS: KnowledgeHits = Object.freeze({ documents: [], scores: [] });

/** Lower-cased words of a text, as MiniSearch's default tokenizer and processTerm make them. */
export function knowledgeTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(SPACE_OR_PUNCTUATION)) if (token !== '') out.push(token.toLowerCase());
  return out;
}

/** A read-only BM25 index over documents made of fields (the knowledge layer: title, text, tags). */
export class KnowledgeIndex {
  readonly size: number;
  readonly #ids = new Map<string, number>();
  // Postings, best impact first: word w owns [#termStart[w], #termStart[w + 1]).
  readonly #termStart: Int32Array;
  readonly #termDocument: Int32Array;
  readonly #termImpact: Float64Array;
  // The same impacts by document, words in increasing id order (binary search): document d owns
  // [#documentStart[d], #documentStart[d + 1]).
  readonly #documentStart: Int32Array;
  readonly #documentTerm: Int32Array;
  readonly #documentImpact: Float64Array;
  readonly #postingsPerTerm: number;
  // Scratch reused by every search: a stamp per document (seen by this search) and the heap.
  readonly #seen: Uint32Array;
  #search = 0;
  #heapDocument = new Int32Array(0);
  #heapScore = new Float64Array(0);
  #stats: KnowledgeSearchStats = { postingsRead: 0, scored: 0, exact: true };

  /** Indexes `documents` (each an array of field texts; the same fields, in the same order, for all). */
  constructor(documents: ReadonlyArray<readonly string[]>, options: KnowledgeIndexOptions = {}) {
    const { k, b, d } = options.bm25 ?? DEFAULT_BM25;
    this.#postingsPerTerm = Math.max(1, Math.floor(options.postingsPerTerm ?? 256));
    const count = documents.length;
    this.size = count;
    const fields = documents[0]?.length ?? 0;
    // Per document and field: its words' frequencies and its length (MiniSearch counts the distinct
    // raw tokens, empty ones included; kept so scores stay as they were).
    const frequencies: Array<Array<Map<number, number>>> = [];
    const lengths = new Float64Array(count * fields);
    const totals = new Float64Array(fields);
    const documentFrequency: number[][] = [];
    for (let document = 0; document < count; document += 1) {
      const perField: Array<Map<number, number>> = [];
      for (let field = 0; field < fields; field += 1) {
        const text = documents[document]?.[field] ?? '';
        const tokens = text.split(SPACE_OR_PUNCTUATION);
        const length = new Set(tokens).size;
        lengths[document * fields + field] = length;
        totals[field] = (totals[field] as number) + length;
        const frequency = new Map<number, number>();
        for (const token of tokens) {
          if (token === '') continue;
          const id = this.#intern(token.toLowerCase(), documentFrequency, fields);
          frequency.set(id, (frequency.get(id) ?? 0) + 1);
        }
        for (const id of frequency.keys()) {
          const row = documentFrequency[id] as number[];
          row[field] = (row[field] as number) + 1;
        }
        perField.push(frequency);
      }
      frequencies.push(perField);
    }
    const averages = Array.from(totals, (total) => (count === 0 ? 1 : total / count));
    // Impact of each (document, word): the word's BM25+ summed over the fields holding it.
    const documentStart = new Int32Array(count + 1);
    const termCounts = new Int32Array(this.#ids.size);
    const impacts: Array<Map<number, number>> = [];
    for (let document = 0; document < count; document += 1) {
      const impact = new Map<number, number>();
      for (let field = 0; field < fields; field += 1) {
        const length = lengths[document * fields + field] as number;
        const norm = k * (1 - b + (b * length) / (averages[field] as number));
        for (const [id, tf] of (frequencies[document] as Array<Map<number, number>>)[field] as Map<
          number,
          number
        >) {
          const matching = (documentFrequency[id] as number[])[field] as number;
          const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
          impact.set(id, (impact.get(id) ?? 0) + idf * (d + (tf * (k + 1)) / (tf + norm)));
        }
      }
      impacts.push(impact);
      documentStart[document + 1] = (documentStart[document] as number) + impact.size;
      for (const id of impact.keys()) termCounts[id] = (termCounts[id] as number) + 1;
    }
    const total = documentStart[count] as number;
    this.#documentStart = documentStart;
    this.#documentTerm = new Int32Array(total);
    this.#documentImpact = new Float64Array(total);
    const termStart = new Int32Array(this.#ids.size + 1);
    for (let id = 0; id < termCounts.length; id += 1)
      termStart[id + 1] = (termStart[id] as number) + (termCounts[id] as number);
    this.#termStart = termStart;
    this.#termDocument = new Int32Array(total);
    this.#termImpact = new Float64Array(total);
    const fill = termStart.slice(0, -1);
    for (let document = 0; document < count; document += 1) {
      const entries = [...(impacts[document] as Map<number, number>)].sort((x, y) => x[0] - y[0]);
      let at = documentStart[document] as number;
      for (const [id, impact] of entries) {
        this.#documentTerm[at] = id;
        this.#documentImpact[at] = impact;
        at += 1;
        const slot = fill[id] as number;
        this.#termDocument[slot] = document;
        this.#termImpact[slot] = impact;
        fill[id] = slot + 1;
      }
    }
    for (let id = 0; id < termCounts.length; id += 1) this.#sortPostings(id);
    this.#seen = new Uint32Array(count);
  }

  /** The work of the last search. */
  get stats(): KnowledgeSearchStats {
    return this.#stats;
  }

  /** Documents holding a word (for tests: the length of its list). */
  documentFrequency(term: string): number {
    const id = this.#ids.get(term);
    return id === undefined ? 0 : (this.#termStart[id + 1] as number) - (this.#termStart[id] as number);
  }

  /**
   * The `limit` best documents for `query` (MiniSearch's OR query: repeated words count again,
   * the sum is multiplied by the number of distinct words matched). With `among`, only those
   * documents are scored (keys in play; distinct), each directly: the cost is theirs, not the lists'.
   */
  search(query: string, limit: number, among?: readonly number[]): KnowledgeHits {
    const stats = { postingsRead: 0, scored: 0, exact: true };
    this.#stats = stats;
    if (limit <= 0 || this.size === 0) return NO_HITS;
    // Distinct known words of the query and how often each occurs in it.
    const words: number[] = [];
    const weights: number[] = [];
    for (const term of knowledgeTerms(query)) {
      const id = this.#ids.get(term);
      if (id === undefined) continue;
      const at = words.indexOf(id);
      if (at >= 0) weights[at] = (weights[at] as number) + 1;
      else {
        words.push(id);
        weights.push(1);
      }
    }
    if (words.length === 0) return NO_HITS;
    if (this.#heapScore.length < limit) {
      this.#heapDocument = new Int32Array(limit);
      this.#heapScore = new Float64Array(limit);
    }
    let size = 0;
    const offer = (document: number, score: number): void => {
      if (size < limit) {
        size = this.#heapPush(size, document, score);
        return;
      }
      if (worse(score, document, this.#heapScore[0] as number, this.#heapDocument[0] as number)) return;
      this.#heapReplaceTop(size, document, score);
    };
    if (among) {
      for (const document of among) {
        if (document < 0 || document >= this.size) continue;
        stats.scored += 1;
        const score = this.#score(document, words, weights);
        if (score > 0) offer(document, score);
      }
      return this.#drain(size);
    }
    this.#search += 1;
    if (this.#search > 0xffff_ffff) {
      this.#seen.fill(0);
      this.#search = 1;
    }
    const stamp = this.#search;
    const cursors = words.map((id) => this.#termStart[id] as number);
    const ends = words.map((id) => this.#termStart[id + 1] as number);
    const cuts = words.map((id, at) =>
      Math.min(ends[at] as number, (this.#termStart[id] as number) + this.#postingsPerTerm),
    );
    for (;;) {
      // One document from each list still open, in turn.
      let open = 0;
      for (let at = 0; at < words.length; at += 1) {
        const cursor = cursors[at] as number;
        if (cursor >= (cuts[at] as number)) continue;
        open += 1;
        cursors[at] = cursor + 1;
        stats.postingsRead += 1;
        const document = this.#termDocument[cursor] as number;
        if (this.#seen[document] === stamp) continue;
        this.#seen[document] = stamp;
        stats.scored += 1;
        offer(document, this.#score(document, words, weights));
      }
      // An unread document holds only words whose lists are not read to the end, each at most at
      // its list's current head: its score is at most their weighted sum times their number.
      let bound = 0;
      let unfinished = 0;
      for (let at = 0; at < words.length; at += 1) {
        const cursor = cursors[at] as number;
        if (cursor >= (ends[at] as number)) continue;
        unfinished += 1;
        bound += (weights[at] as number) * (this.#termImpact[cursor] as number);
      }
      if (unfinished === 0) break;
      if (size === limit && (this.#heapScore[0] as number) > bound * unfinished) break;
      if (open === 0) {
        stats.exact = false;
        break;
      }
    }
    return this.#drain(size);
  }

  #intern(term: string, documentFrequency: number[][], fields: number): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#ids.size;
      this.#ids.set(term, id);
      documentFrequency.push(new Array<number>(fields).fill(0));
    }
    return id;
  }

  #sortPostings(id: number): void {
    const start = this.#termStart[id] as number;
    const end = this.#termStart[id + 1] as number;
    if (end - start < 2) return;
    const order = Array.from({ length: end - start }, (_, at) => start + at);
    const documents = this.#termDocument;
    const impacts = this.#termImpact;
    order.sort(
      (x, y) =>
        (impacts[y] as number) - (impacts[x] as number) ||
        (documents[x] as number) - (documents[y] as number),
    );
    const sortedDocuments = order.map((at) => documents[at] as number);
    const sortedImpacts = order.map((at) => impacts[at] as number);
    documents.set(sortedDocuments, start);
    impacts.set(sortedImpacts, start);
  }

  /** A document's full score for the query words (0 when it holds none). */
  #score(document: number, words: readonly number[], weights: readonly number[]): number {
    const start = this.#documentStart[document] as number;
    const end = this.#documentStart[document + 1] as number;
    let sum = 0;
    let matched = 0;
    for (let at = 0; at < words.length; at += 1) {
      const id = words[at] as number;
      let low = start;
      let high = end;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((this.#documentTerm[middle] as number) < id) low = middle + 1;
        else high = middle;
      }
      if (low < end && this.#documentTerm[low] === id) {
        sum += (weights[at] as number) * (this.#documentImpact[low] as number);
        matched += 1;
      }
    }
    return sum * matched;
  }

  // A min-heap of the best documents so far: the root is the worst kept.
  #heapPush(size: number, document: number, score: number): number {
    let at = size;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!worse(score, document, this.#heapScore[parent] as number, this.#heapDocument[parent] as number))
        break;
      this.#heapScore[at] = this.#heapScore[parent] as number;
      this.#heapDocument[at] = this.#heapDocument[parent] as number;
      at = parent;
    }
    this.#heapScore[at] = score;
    this.#heapDocument[at] = document;
    return size + 1;
  }

  #heapReplaceTop(size: number, document: number, score: number): void {
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) break;
      const right = left + 1;
      let child = left;
      if (
        right < size &&
        worse(
          this.#heapScore[right] as number,
          this.#heapDocument[right] as number,
          this.#heapScore[left] as number,
          this.#heapDocument[left] as number,
        )
      )
        child = right;
      if (!worse(this.#heapScore[child] as number, this.#heapDocument[child] as number, score, document))
        break;
      this.#heapScore[at] = this.#heapScore[child] as number;
      this.#heapDocument[at] = this.#heapDocument[child] as number;
      at = child;
    }
    this.#heapScore[at] = score;
    this.#heapDocument[at] = document;
  }

  /** The heap's documents, best first (allocates only what is returned). */
  #drain(size: number): KnowledgeHits {
    if (size === 0) return NO_HITS;
    const order = Array.from({ length: size }, (_, at) => at);
    order.sort((x, y) =>
      worse(
        this.#heapScore[x] as number,
        this.#heapDocument[x] as number,
        this.#heapScore[y] as number,
        this.#heapDocument[y] as number,
      )
        ? 1
        : -1,
    );
    return {
      documents: order.map((at) => this.#heapDocument[at] as number),
      scores: order.map((at) => this.#heapScore[at] as number),
    };
  }
}

/** True when (score, document) ranks below (otherScore, other): lower score, or equal and later. */
function worse(score: number, document: number, otherScore: number, other: number): boolean {
  return score < otherScore || (score === otherScore && document > other);
}
