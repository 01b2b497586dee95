/**
 * A bounded cache whose hits write nothing: two generations of at most `maxEntries / 2` entries. New
 * entries go into the young generation; a hit in the old one copies the entry into the young one;
 * when the young generation is full it becomes the old one and the previous old one is dropped whole.
 * An entry stays at least `maxEntries / 2` insertions after its last use (roughly least recently
 * used).
 *
 * Why not a Map refreshed by delete + set on every hit (LruCache): each hit appends to the Map's
 * table and leaves a hole, so a busy table is copied every few thousand hits, and the copies live
 * long enough to be promoted to the old generation before they die: at 100,000 lessons that churn
 * (this cache's and gpt-tokenizer's merge cache) promoted about 3 MB per young-generation collection
 * and brought on full collections in the middle of assemble calls.
 */
export class GenerationalCache<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #generation: number;

  /** A cache of at most `maxEntries` entries (two generations of half that). */
  constructor(readonly maxEntries: number) {
    this.#generation = Math.max(1, Math.floor(maxEntries / 2));
  }

  /** The cached value (a hit in the old generation moves it to the young one). */
  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) this.#insert(key, old);
    return old;
  }

  /** Stores a value in the young generation. */
  set(key: K, value: V): void {
    if (this.#young.has(key)) this.#young.set(key, value);
    else this.#insert(key, value);
  }

  /** Entries held (an entry copied from the old generation to the young one counts twice). */
  get size(): number {
    return this.#young.size + this.#old.size;
  }

  /** Removes every entry. */
  clear(): void {
    this.#young = new Map();
    this.#old = new Map();
  }

  #insert(key: K, value: V): void {
    this.#young.set(key, value);
    if (this.#young.size >= this.#generation) {
      this.#old = this.#young;
      this.#young = new Map();
    }
  }
}
