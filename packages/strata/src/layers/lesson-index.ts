import type { LessonRecord } from '../store/memory-store.js';
import { renderListItem } from './escape-untrusted.js';
import type { CandidateList, FitCandidate } from './fit-items.js';
import { bandKeys, hashWord, MinHashBuckets } from './min-hash-buckets.js';
import { SortedChunkList } from './sorted-chunk-list.js';

/** The lessons holding one word, best rank first. */
export interface Posting {
  readonly term: string;
  /** hashWord(term), for the MinHash buckets. */
  readonly hash: number;
  readonly entries: SortedChunkList<LessonEntry>;
}

/**
 * One indexed lesson. Its words are kept as links to their postings (no per-lesson set of strings),
 * and its line is rendered only when a fit reads it, so a stored lesson costs its record and a few
 * pointers.
 */
export class LessonEntry implements FitCandidate {
  readonly record: LessonRecord;
  /** See lessonRank; fixed while the entry is indexed (an update makes a new entry). */
  readonly rank: number;
  /** @internal */
  readonly postings: Posting[] = [];

  constructor(record: LessonRecord, rank: number) {
    this.record = record;
    this.rank = rank;
  }

  get id(): string {
    return this.record.id;
  }

  get line(): string {
    return renderListItem(this.record.text);
  }

  get termCount(): number {
    return this.postings.length;
  }
}

/** Best rank first; equal ranks by id (code-unit order), so the order is total and deterministic. */
export function compareEntries(a: LessonEntry, b: LessonEntry): number {
  if (a.rank !== b.rank) return b.rank > a.rank ? 1 : -1;
  return a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0;
}

/** A scored candidate for one query. */
interface Scored {
  readonly entry: LessonEntry;
  readonly score: number;
}

/** How much a query or a near-duplicate probe may look at. */
export interface LessonIndexLimits {
  /** Best-ranked lessons scored per query word (default 64). */
  queryPostings: number;
  /** Most bucket-mates compared exactly when looking for a near-duplicate (default 64). */
  duplicateCandidates: number;
}

/**
 * Lessons kept in ranked order (a sorted array: binary search and one splice per change, never a
 * re-sort), with per-word postings in the same order and MinHash buckets. A query scores only the
 * best-ranked lessons of each of its words; a near-duplicate check compares only the lessons sharing
 * a bucket. Both costs are bounded whatever the number of lessons.
 */
export class LessonIndex {
  readonly #entries = new Map<string, LessonEntry>();
  readonly #order = new SortedChunkList<LessonEntry>(compareEntries);
  readonly #postings = new Map<string, Posting>();
  readonly #buckets = new MinHashBuckets<LessonEntry>();
  readonly #limits: LessonIndexLimits;

  constructor(limits: Partial<LessonIndexLimits> = {}) {
    this.#limits = { queryPostings: 64, duplicateCandidates: 64, ...limits };
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

  /** Indexes one entry (replacing an entry with the same id), in O(log n) comparisons plus one splice per list. */
  add(entry: LessonEntry, terms: Iterable<string>): void {
    const previous = this.#entries.get(entry.id);
    if (previous) this.remove(previous);
    this.#entries.set(entry.id, entry);
    this.#order.insert(entry);
    for (const term of terms) {
      const posting = this.#posting(term);
      entry.postings.push(posting);
      posting.entries.insert(entry);
    }
    this.#buckets.add(entry, bandKeys(entry.postings.map((posting) => posting.hash)));
  }

  /** Indexes many entries at once: each list is sorted once (loading, restoring). */
  addAll(all: ReadonlyArray<{ entry: LessonEntry; terms: Iterable<string> }>): void {
    // One entry per id, the last given winning, as repeated add() calls would leave it.
    const items = [...new Map(all.map((item) => [item.entry.id, item])).values()];
    const byPosting = new Map<Posting, LessonEntry[]>();
    for (const { entry } of items) {
      const previous = this.#entries.get(entry.id);
      if (previous) this.remove(previous);
    }
    const order = this.#order.toArray();
    for (const { entry, terms } of items) {
      this.#entries.set(entry.id, entry);
      order.push(entry);
      for (const term of terms) {
        const posting = this.#posting(term);
        entry.postings.push(posting);
        let list = byPosting.get(posting);
        if (!list) {
          list = posting.entries.toArray();
          byPosting.set(posting, list);
        }
        list.push(entry);
      }
      this.#buckets.add(entry, bandKeys(entry.postings.map((posting) => posting.hash)));
    }
    this.#order.reset(order);
    for (const [posting, list] of byPosting) posting.entries.reset(list);
  }

  remove(entry: LessonEntry): void {
    if (this.#entries.get(entry.id) !== entry) return;
    this.#entries.delete(entry.id);
    this.#buckets.remove(entry, bandKeys(entry.postings.map((posting) => posting.hash)));
    this.#order.remove(entry);
    for (const posting of entry.postings) {
      posting.entries.remove(entry);
      if (posting.entries.length === 0) this.#postings.delete(posting.term);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#order.reset([]);
    this.#postings.clear();
    this.#buckets.clear();
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
    const scored = new Map<LessonEntry, number>();
    const limit = this.#limits.queryPostings;
    for (const term of wanted) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const end = Math.min(limit, posting.entries.length);
      for (let index = 0; index < end; index += 1) {
        const entry = posting.entries.at(index) as LessonEntry;
        if (scored.has(entry)) continue;
        let shared = 0;
        for (const held of entry.postings) if (wanted.has(held.term)) shared += 1;
        const relevance = shared / Math.sqrt(wanted.size * Math.max(1, entry.termCount));
        scored.set(entry, entry.rank + boost(relevance));
      }
    }
    if (scored.size === 0) return this.#order;
    const hits: Scored[] = [];
    for (const [entry, score] of scored) hits.push({ entry, score });
    hits.sort((a, b) => b.score - a.score || compareEntries(a.entry, b.entry));
    return new MergedRanking(hits, scored, this.#order, boost(0));
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
      posting = { term, hash: hashWord(term), entries: new SortedChunkList(compareEntries) };
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
  readonly #hits: readonly Scored[];
  readonly #scored: ReadonlyMap<LessonEntry, number>;
  readonly #order: CandidateList;
  readonly #restBoost: number;
  readonly #produced: LessonEntry[] = [];
  #hit = 0;
  #rest = 0;

  constructor(
    hits: readonly Scored[],
    scored: ReadonlyMap<LessonEntry, number>,
    order: CandidateList,
    restBoost: number,
  ) {
    this.#hits = hits;
    this.#scored = scored;
    this.#order = order;
    this.#restBoost = restBoost;
    this.length = order.length;
  }

  at(index: number): FitCandidate | undefined {
    if (index < 0 || index >= this.length) return undefined;
    while (this.#produced.length <= index) {
      let rest = this.#order.at(this.#rest) as LessonEntry | undefined;
      while (rest !== undefined && this.#scored.has(rest)) {
        this.#rest += 1;
        rest = this.#order.at(this.#rest) as LessonEntry | undefined;
      }
      const hit = this.#hits[this.#hit];
      if (hit === undefined && rest === undefined) break;
      if (
        rest === undefined ||
        (hit !== undefined && precedes(hit.score, hit.entry, rest.rank + this.#restBoost, rest))
      ) {
        this.#produced.push((hit as Scored).entry);
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
