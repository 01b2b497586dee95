import type { LessonRecord } from '../store/memory-store.js';
import type { CachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import { tokenizerVersion } from '../tokenizer/tokenizer.js';
import { renderListItem } from './escape-untrusted.js';
import { type CandidateList, type FitCandidate, fitLine } from './fit-items.js';
import { bandKeys, hashWord, MinHashBuckets } from './min-hash-buckets.js';
import { SortedChunkList } from './sorted-chunk-list.js';

/**
 * The lessons holding one word. Only the best-ranked ones are kept (`held`, best first): a query
 * reads at most `queryPostings` of them, so a longer list would cost memory and insertion time for
 * lessons no query reads. `held` is always exactly the best `held.length` lessons holding the word;
 * `overflow` counts the others.
 */
export interface Posting {
  readonly term: string;
  /** hashWord(term), for the MinHash buckets. */
  readonly hash: number;
  readonly held: LessonEntry[];
  overflow: number;
  /** The last query (rankFor call) that wanted this word. */
  wantedBy: number;
}

const NO_POSTINGS: readonly Posting[] = Object.freeze([]);

/**
 * One indexed lesson. Its words are kept as links to their postings (no per-lesson set of strings),
 * its line is rendered only when a fit shows it, and the line's token count is kept once taken, so
 * a stored lesson costs its record, a few pointers and one number.
 */
export class LessonEntry implements FitCandidate {
  /** Its `rank` is the entry's rank (see lessonRank), fixed while indexed (an update makes a new entry). */
  readonly record: LessonRecord & { readonly rank: number };
  /** @internal Set once by LessonIndex.add, one slot per distinct word. */
  postings: readonly Posting[] = NO_POSTINGS;
  /** @internal Tokens of `fitLine(line) + '\n'` with the index's tokenizer; -1 until counted. */
  tokens = -1;
  /** @internal The last query (rankFor call) that scored this lesson. */
  scoredBy = 0;

  constructor(record: LessonRecord & { readonly rank: number }) {
    this.record = record;
  }

  get id(): string {
    return this.record.id;
  }

  get rank(): number {
    return this.record.rank;
  }

  get line(): string {
    return renderListItem(this.record.text);
  }

  get termCount(): number {
    return this.postings.length;
  }

  /**
   * Tokens of this lesson's line as fitItems counts it, counted once. Only for the tokenizer the
   * index counts with (LessonIndex.useTokenizer, called by the layer before every fit).
   */
  lineTokens(tokenizer: CachedTokenizer): number {
    if (this.tokens < 0) this.tokens = tokenizer.inner.count(`${fitLine(this.line)}\n`);
    return this.tokens;
  }
}

/** Best rank first; equal ranks by id (code-unit order), so the order is total and deterministic. */
export function compareEntries(a: LessonEntry, b: LessonEntry): number {
  if (a.rank !== b.rank) return b.rank > a.rank ? 1 : -1;
  return a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0;
}

/** How much a query or a near-duplicate probe may look at. */
export interface LessonIndexLimits {
  /** Best-ranked lessons scored per query word (default 64). */
  queryPostings: number;
  /**
   * Lessons kept per word (default 2 x queryPostings). A word's list grows to this plus
   * queryPostings before it is cut back, so an update (a new entry in, the old one out) never
   * shrinks it; it is rebuilt from all lessons only when removals leave fewer than queryPostings.
   */
  postingCap: number;
  /** Most bucket-mates compared exactly when looking for a near-duplicate (default 64). */
  duplicateCandidates: number;
}

/**
 * Lessons kept in ranked order (sorted chunks: binary search and one short splice per change, never
 * a re-sort), with the best-ranked lessons of each word and MinHash buckets. A query scores only the
 * best-ranked lessons of each of its words; a near-duplicate check compares only the lessons sharing
 * a bucket. Both costs are bounded whatever the number of lessons.
 */
export class LessonIndex {
  readonly #entries = new Map<string, LessonEntry>();
  readonly #order = new SortedChunkList<LessonEntry>(compareEntries);
  readonly #postings = new Map<string, Posting>();
  readonly #buckets = new MinHashBuckets<LessonEntry>();
  readonly #limits: LessonIndexLimits;
  #countedBy: CachedTokenizer | undefined;
  #countedVersion = 0;
  #queries = 0;
  readonly #stats = { scored: 0 };

  constructor(limits: Partial<LessonIndexLimits> = {}) {
    const queryPostings = limits.queryPostings ?? 64;
    this.#limits = { queryPostings, postingCap: 2 * queryPostings, duplicateCandidates: 64, ...limits };
  }

  /**
   * Counts lines with `tokenizer` from now on: new lessons are counted as they are added, the others
   * when a fit first reads them. A different tokenizer (or a calibrated one) forgets every count.
   */
  useTokenizer(tokenizer: CachedTokenizer): void {
    const version = tokenizerVersion(tokenizer);
    if (this.#countedBy === tokenizer && this.#countedVersion === version) return;
    this.#countedBy = tokenizer;
    this.#countedVersion = version;
    for (const entry of this.#entries.values()) entry.tokens = -1;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): LessonEntry | undefined {
    return this.#entries.get(id);
  }

  values(): IterableIterator<LessonEntry> {
    return this.#entries.values();
  }

  /** Entries best first. */
  get order(): CandidateList {
    return this.#order;
  }

  /** The `count` best entries. */
  top(count: number): LessonEntry[] {
    return this.#order.head(count);
  }

  /** The lowest-ranked entry: the eviction victim. */
  lowest(): LessonEntry | undefined {
    return this.#order.last();
  }

  /**
   * Indexes one entry (replacing an entry with the same id, which leaves after the new one is in, so
   * the words' lists do not shrink), in O(log n) comparisons plus one short splice per list.
   */
  add(entry: LessonEntry, terms: Iterable<string>): void {
    const previous = this.#entries.get(entry.id);
    if (previous === entry) return;
    this.#entries.set(entry.id, entry);
    this.#order.insert(entry);
    entry.postings = [...terms].map((term) => this.#posting(term)); // exact length (Array.from leaves ~60% slack)
    for (const posting of entry.postings) this.#hold(posting, entry);
    this.#buckets.add(entry, bandKeys(entry.postings.map((posting) => posting.hash)));
    if (previous) this.#unlink(previous);
    if (this.#countedBy !== undefined && entry.tokens < 0) entry.lineTokens(this.#countedBy);
  }

  /** Indexes many entries at once: each list is sorted once (loading, restoring). */
  addAll(all: ReadonlyArray<{ entry: LessonEntry; terms: Iterable<string> }>): void {
    // One entry per id, the last given winning, as repeated add() calls would leave it.
    const items = [...new Map(all.map((item) => [item.entry.id, item])).values()];
    for (const { entry } of items) {
      const previous = this.#entries.get(entry.id);
      if (previous) this.remove(previous);
    }
    const order = this.#order.toArray();
    // Per word: the held lessons plus the newcomers that may rank among them (with lessons already
    // past the cut, a newcomer below the last held one may rank below those too: it is counted).
    const byPosting = new Map<Posting, { list: LessonEntry[]; boundary: LessonEntry | undefined }>();
    for (const { entry, terms } of items) {
      this.#entries.set(entry.id, entry);
      order.push(entry);
      entry.postings = [...terms].map((term) => this.#posting(term)); // exact length (Array.from leaves ~60% slack)
      for (const posting of entry.postings) {
        let merge = byPosting.get(posting);
        if (!merge) {
          merge = { list: [...posting.held], boundary: posting.held[posting.held.length - 1] };
          byPosting.set(posting, merge);
        }
        if (
          posting.overflow > 0 &&
          (merge.boundary === undefined || compareEntries(entry, merge.boundary) > 0)
        )
          posting.overflow += 1;
        else merge.list.push(entry);
      }
      this.#buckets.add(entry, bandKeys(entry.postings.map((posting) => posting.hash)));
    }
    this.#order.reset(order);
    for (const [posting, { list }] of byPosting) {
      list.sort(compareEntries);
      const kept = Math.min(list.length, this.#limits.postingCap);
      posting.overflow += list.length - kept;
      list.length = kept;
      posting.held.length = 0;
      posting.held.push(...list);
    }
  }

  remove(entry: LessonEntry): void {
    if (this.#entries.get(entry.id) !== entry) return;
    this.#entries.delete(entry.id);
    this.#unlink(entry);
  }

  clear(): void {
    this.#entries.clear();
    this.#order.reset([]);
    this.#postings.clear();
    this.#buckets.clear();
  }

  /** Takes an entry (no longer in #entries, or replaced there) out of every list. */
  #unlink(entry: LessonEntry): void {
    this.#buckets.remove(entry, bandKeys(entry.postings.map((posting) => posting.hash)));
    this.#order.remove(entry);
    for (const posting of entry.postings) {
      const at = findEntry(posting.held, entry);
      if (at >= 0) posting.held.splice(at, 1);
      else posting.overflow = Math.max(0, posting.overflow - 1);
      if (posting.held.length === 0 && posting.overflow === 0) this.#postings.delete(posting.term);
    }
  }

  /** Adds an entry to a word's list if it is among the word's best; otherwise counts it. */
  #hold(posting: Posting, entry: LessonEntry): void {
    const held = posting.held;
    const last = held[held.length - 1];
    // With lessons already past the cut, a newcomer below the last held one may rank below them too.
    if (posting.overflow > 0 && (last === undefined || compareEntries(entry, last) > 0)) {
      posting.overflow += 1;
      return;
    }
    held.splice(upperBound(held, entry), 0, entry);
    const { postingCap, queryPostings } = this.#limits;
    if (held.length > postingCap + queryPostings) {
      posting.overflow += held.length - postingCap;
      held.length = postingCap;
    }
  }

  /** Rebuilds a word's list from every lesson (after removals left it shorter than a query reads). */
  #refill(posting: Posting): void {
    const holding: LessonEntry[] = [];
    for (const entry of this.#entries.values()) if (entry.postings.includes(posting)) holding.push(entry);
    holding.sort(compareEntries);
    const kept = Math.min(holding.length, this.#limits.postingCap);
    posting.overflow = holding.length - kept;
    holding.length = kept;
    posting.held.length = 0;
    posting.held.push(...holding);
  }

  /**
   * The lessons in order of `rank + boost(relevance)` for a query with words `wanted`, as a lazy
   * list: only the fit's reads are computed. Scored: the best-ranked `queryPostings` lessons of each
   * wanted word (relevance is word overlap, cosine on sets). Every other lesson gets the relevance of
   * a lesson sharing no word, so among them the ranked order holds and they follow it, merged in.
   * A lesson sharing a word but below that word's cut is ranked as if it shared none: the cut is far
   * below the few dozen lessons a section shows.
   */
  rankFor(wanted: ReadonlySet<string>, boost: (relevance: number) => number): CandidateList {
    // Words shared with a candidate are counted by a mark on the query's postings (few, and read by
    // every query), never by reading its words: at 100,000 lessons that read is a cache miss per word.
    const query = ++this.#queries;
    this.#stats.scored = 0;
    const postings: Posting[] = [];
    for (const term of wanted) {
      const posting = this.#postings.get(term);
      if (posting && posting.wantedBy !== query) {
        posting.wantedBy = query;
        postings.push(posting);
      }
    }
    if (postings.length === 0) return this.#order;
    // Scored lessons are marked on the lesson itself (no map from lesson to score per query).
    const entries: LessonEntry[] = [];
    const scores: number[] = [];
    const limit = this.#limits.queryPostings;
    for (const posting of postings) {
      if (posting.held.length < limit && posting.overflow > 0) this.#refill(posting);
      const end = Math.min(limit, posting.held.length);
      for (let index = 0; index < end; index += 1) {
        const entry = posting.held[index] as LessonEntry;
        if (entry.scoredBy === query) continue;
        entry.scoredBy = query;
        let shared = 0;
        const held = entry.postings;
        for (let at = 0; at < held.length; at += 1) if ((held[at] as Posting).wantedBy === query) shared += 1;
        const relevance = shared / Math.sqrt(wanted.size * Math.max(1, held.length));
        entries.push(entry);
        scores.push(entry.rank + boost(relevance));
      }
    }
    this.#stats.scored = entries.length;
    const order = Array.from({ length: entries.length }, (_, at) => at);
    order.sort(
      (a, b) =>
        (scores[b] as number) - (scores[a] as number) ||
        compareEntries(entries[a] as LessonEntry, entries[b] as LessonEntry),
    );
    const hits = order.map((at) => entries[at] as LessonEntry);
    const hitScores = order.map((at) => scores[at] as number);
    return new MergedRanking(hits, hitScores, query, () => this.#queries, this.#order, boost(0));
  }

  /** The work of the last rankFor call (deterministic: for tests). */
  get stats(): { readonly scored: number } {
    return this.#stats;
  }

  /**
   * A lesson whose word set has Jaccard similarity >= `threshold` with `terms`, if one is found:
   * the lessons sharing a MinHash bucket with `terms` (see MinHashBuckets: at 0.8 similarity 97% are
   * found, equal sets always), at most `duplicateCandidates` of them, each confirmed exactly.
   */
  findDuplicate(terms: ReadonlySet<string>, threshold: number): LessonEntry | undefined {
    if (terms.size === 0 || threshold > 1) return undefined;
    const hashes: number[] = [];
    for (const term of terms) hashes.push(this.#postings.get(term)?.hash ?? hashWord(term));
    let compared = 0;
    for (const entry of this.#buckets.candidates(bandKeys(hashes))) {
      if (compared >= this.#limits.duplicateCandidates) break;
      compared += 1;
      // |A ∩ B| / |A ∪ B| <= min / max: skip sizes that cannot reach the threshold.
      const other = entry.termCount;
      if (Math.min(other, terms.size) < threshold * Math.max(other, terms.size)) continue;
      let shared = 0;
      for (const held of entry.postings) if (terms.has(held.term)) shared += 1;
      if (shared / (terms.size + other - shared) >= threshold) return entry;
    }
    return undefined;
  }

  #posting(term: string): Posting {
    let posting = this.#postings.get(term);
    if (!posting) {
      posting = { term, hash: hashWord(term), held: [], overflow: 0, wantedBy: 0 };
      this.#postings.set(term, posting);
    }
    return posting;
  }
}

/**
 * The scored hits and the rest of the ranked order, merged lazily: the rest all carry the same
 * boost, so they stay in ranked order and only the two heads are compared.
 */
class MergedRanking implements CandidateList {
  readonly length: number;
  readonly #hits: readonly LessonEntry[];
  readonly #scores: readonly number[];
  readonly #query: number;
  readonly #currentQuery: () => number;
  readonly #order: CandidateList;
  readonly #restBoost: number;
  readonly #produced: LessonEntry[] = [];
  /** The hits as a set, only once a later query has re-marked the lessons (a stale ranking read again). */
  #hitSet: Set<LessonEntry> | undefined;
  #hit = 0;
  #rest = 0;

  constructor(
    hits: readonly LessonEntry[],
    scores: readonly number[],
    query: number,
    currentQuery: () => number,
    order: CandidateList,
    restBoost: number,
  ) {
    this.#hits = hits;
    this.#scores = scores;
    this.#query = query;
    this.#currentQuery = currentQuery;
    this.#order = order;
    this.#restBoost = restBoost;
    this.length = order.length;
  }

  #isHit(entry: LessonEntry): boolean {
    if (this.#currentQuery() === this.#query) return entry.scoredBy === this.#query;
    this.#hitSet ??= new Set(this.#hits);
    return this.#hitSet.has(entry);
  }

  at(index: number): FitCandidate | undefined {
    if (index < 0 || index >= this.length) return undefined;
    while (this.#produced.length <= index) {
      let rest = this.#order.at(this.#rest) as LessonEntry | undefined;
      while (rest !== undefined && this.#isHit(rest)) {
        this.#rest += 1;
        rest = this.#order.at(this.#rest) as LessonEntry | undefined;
      }
      const hit = this.#hits[this.#hit];
      const score = this.#scores[this.#hit] as number;
      if (hit === undefined && rest === undefined) break;
      if (
        rest === undefined ||
        (hit !== undefined && precedes(score, hit, rest.rank + this.#restBoost, rest))
      ) {
        this.#produced.push(hit as LessonEntry);
        this.#hit += 1;
      } else {
        this.#produced.push(rest);
        this.#rest += 1;
      }
    }
    return this.#produced[index];
  }
}

function precedes(score: number, entry: LessonEntry, otherScore: number, other: LessonEntry): boolean {
  if (score !== otherScore) return score > otherScore;
  return entry.record.id < other.record.id;
}

/** First index whose entry sorts after `entry`. */
function upperBound(list: readonly LessonEntry[], entry: LessonEntry): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareEntries(list[middle] as LessonEntry, entry) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of `entry` in a sorted list, -1 when absent (among equals, an old and a new entry of one id, by identity). */
function findEntry(list: readonly LessonEntry[], entry: LessonEntry): number {
  for (let at = upperBound(list, entry) - 1; at >= 0; at -= 1) {
    const other = list[at] as LessonEntry;
    if (other === entry) return at;
    if (compareEntries(other, entry) !== 0) return -1;
  }
  return -1;
}
