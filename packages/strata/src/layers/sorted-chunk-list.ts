/** Items per chunk before it splits in two: small enough that a splice inside one is cheap. */
const CHUNK = 512;

/**
 * A sorted list kept as a list of sorted chunks (at most CHUNK items each): an insert or removal
 * binary-searches the chunks by their last item, then splices one chunk, so it moves at most CHUNK
 * items whatever the length (one flat array would move half the list, a copy of 100,000 pointers).
 * Reading by index is constant time when reads go forward, as a fit's do.
 */
export class SortedChunkList<T> {
  readonly #compare: (a: T, b: T) => number;
  #chunks: T[][] = [];
  #length = 0;
  // Cursor for forward reads: the chunk holding index `cursorStart`.
  #cursorChunk = 0;
  #cursorStart = 0;

  constructor(compare: (a: T, b: T) => number) {
    this.#compare = compare;
  }

  get length(): number {
    return this.#length;
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.#length) return undefined;
    if (index < this.#cursorStart) {
      this.#cursorChunk = 0;
      this.#cursorStart = 0;
    }
    for (;;) {
      const chunk = this.#chunks[this.#cursorChunk] as T[];
      if (index < this.#cursorStart + chunk.length) return chunk[index - this.#cursorStart];
      this.#cursorStart += chunk.length;
      this.#cursorChunk += 1;
    }
  }

  first(): T | undefined {
    return this.#chunks[0]?.[0];
  }

  last(): T | undefined {
    const chunk = this.#chunks[this.#chunks.length - 1];
    return chunk?.[chunk.length - 1];
  }

  /** The first `count` items. */
  head(count: number): T[] {
    const out: T[] = [];
    for (const chunk of this.#chunks) {
      for (const item of chunk) {
        if (out.length >= count) return out;
        out.push(item);
      }
    }
    return out;
  }

  insert(item: T): void {
    this.#resetCursor();
    this.#length += 1;
    if (this.#chunks.length === 0) {
      this.#chunks.push([item]);
      return;
    }
    const chunkIndex = this.#chunkFor(item);
    const chunk = this.#chunks[chunkIndex] as T[];
    const at = upperBound(chunk, item, this.#compare);
    if (at === chunk.length) chunk.push(item);
    else chunk.splice(at, 0, item);
    if (chunk.length > CHUNK) this.#chunks.splice(chunkIndex + 1, 0, chunk.splice(CHUNK / 2));
  }

  /** Removes `item` (found by comparison, then by identity among equals); false when absent. */
  remove(item: T): boolean {
    const chunkIndex = this.#chunkFor(item);
    const chunk = this.#chunks[chunkIndex];
    if (!chunk) return false;
    let at = upperBound(chunk, item, this.#compare) - 1;
    while (at >= 0 && chunk[at] !== item && this.#compare(chunk[at] as T, item) === 0) at -= 1;
    if (at < 0 || chunk[at] !== item) return false;
    this.#resetCursor();
    if (at === chunk.length - 1) chunk.pop();
    else chunk.splice(at, 1);
    this.#length -= 1;
    if (chunk.length === 0) this.#chunks.splice(chunkIndex, 1);
    return true;
  }

  /** Replaces the content with `items`, sorted once (bulk loads). */
  reset(items: T[]): void {
    items.sort(this.#compare);
    this.#chunks = [];
    for (let start = 0; start < items.length; start += CHUNK / 2) {
      this.#chunks.push(items.slice(start, start + CHUNK / 2));
    }
    this.#length = items.length;
    this.#resetCursor();
  }

  /** Every item, in order. */
  toArray(): T[] {
    return this.#chunks.flat();
  }

  /** The chunk where `item` belongs: the first whose last item does not sort before it. */
  #chunkFor(item: T): number {
    let low = 0;
    let high = this.#chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.#chunks[middle] as T[];
      if (this.#compare(chunk[chunk.length - 1] as T, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #resetCursor(): void {
    this.#cursorChunk = 0;
    this.#cursorStart = 0;
  }
}

/** First index whose item sorts after `item`. */
function upperBound<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle] as T, item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
