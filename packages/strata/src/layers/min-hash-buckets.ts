/**
 * Locality-sensitive buckets over MinHash signatures, to find near-duplicate word sets without
 * comparing against every stored set. Each set gets BANDS x ROWS MinHash values; sets whose values
 * agree on all ROWS of any band share that band's bucket. Two sets with Jaccard similarity s share
 * a bucket with probability 1 - (1 - s^ROWS)^BANDS: 97% at s = 0.8, 99.9% at s = 0.9, always for
 * equal sets, 49% at s = 0.5 and 13% at s = 0.3, so a probe meets the few sets that may be
 * near-duplicates and the caller confirms each with the exact similarity. Hand-written (a few dozen
 * lines): only one bucket key per band is kept per set, no signature array.
 */
export const MIN_HASH_BANDS = 5;
const ROWS = 3;
const SEEDS = Array.from({ length: MIN_HASH_BANDS * ROWS }, (_, index) =>
  fmix32(0x9e3779b9 + index * 0x85ebca6b),
);

/** A 32-bit hash of a word (FNV-1a), computed once per distinct word by the caller. */
export function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index += 1) {
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The bucket key of each band for a set of word hashes (empty sets have none). */
export function bandKeys(wordHashes: readonly number[]): number[] {
  if (wordHashes.length === 0) return [];
  const keys: number[] = [];
  for (let band = 0; band < MIN_HASH_BANDS; band += 1) {
    let key = band;
    for (let row = 0; row < ROWS; row += 1) {
      const seed = SEEDS[band * ROWS + row] as number;
      let minimum = 0xffffffff;
      for (const hash of wordHashes) {
        const value = fmix32(hash ^ seed);
        if (value < minimum) minimum = value;
      }
      key = fmix32(Math.imul(key ^ minimum, 0x9e3779b1));
    }
    // 31 bits: a small integer for V8 (a Map key above 2^31 - 1 is a 16-byte heap number, per lesson and band).
    keys.push(key >>> 1);
  }
  return keys;
}

/** Buckets per band; a bucket holds one item or an array of them (most hold one). */
export class MinHashBuckets<Item> {
  readonly #bands: Array<Map<number, Item | Item[]>> = Array.from(
    { length: MIN_HASH_BANDS },
    () => new Map(),
  );
  readonly #isList: (value: Item | Item[]) => value is Item[];

  constructor() {
    this.#isList = (value): value is Item[] => Array.isArray(value);
  }

  add(item: Item, keys: readonly number[]): void {
    keys.forEach((key, band) => {
      const buckets = this.#bands[band] as Map<number, Item | Item[]>;
      const current = buckets.get(key);
      if (current === undefined) buckets.set(key, item);
      else if (this.#isList(current)) current.push(item);
      else buckets.set(key, [current, item]);
    });
  }

  remove(item: Item, keys: readonly number[]): void {
    keys.forEach((key, band) => {
      const buckets = this.#bands[band] as Map<number, Item | Item[]>;
      const current = buckets.get(key);
      if (current === item) buckets.delete(key);
      else if (current !== undefined && this.#isList(current)) {
        const at = current.indexOf(item);
        if (at >= 0) current.splice(at, 1);
        if (current.length === 1) buckets.set(key, current[0] as Item);
      }
    });
  }

  /** Every item sharing a bucket with `keys`, each once. */
  candidates(keys: readonly number[]): Set<Item> {
    const found = new Set<Item>();
    keys.forEach((key, band) => {
      const current = (this.#bands[band] as Map<number, Item | Item[]>).get(key);
      if (current === undefined) return;
      if (this.#isList(current)) for (const item of current) found.add(item);
      else found.add(current);
    });
    return found;
  }

  clear(): void {
    for (const buckets of this.#bands) buckets.clear();
  }
}

/** MurmurHash3's 32-bit finalizer: a cheap, well-mixing permutation of 32-bit integers. */
function fmix32(input: number): number {
  let hash = input >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
