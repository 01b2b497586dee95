/**
 * Byte-pair merging of one pre-tokenizer chunk in O(n log n), with exactly the rule of tiktoken and
 * gpt-tokenizer: repeatedly merge the adjacent pair of parts with the lowest rank, the leftmost one
 * among equal ranks, until no adjacent pair is in the vocabulary. The libraries rescan every pair
 * after each merge (O(n^2): 20,000 'a' take about a second), which is fine for words but not for
 * long spaceless runs (hex, base64, repeated letters). Same rule, a heap instead of a rescan, so
 * the result is the same token sequence, only cheaper; the tests compare it with the library.
 * (Splitting a run into pieces and adding their counts is cheaper still, but can under-count.)
 */
export function bytePairMerge(
  bytes: Uint8Array,
  rankOf: (piece: Uint8Array) => number | undefined,
): number[] {
  const length = bytes.length;
  if (length === 0) return [];
  // Parts form a linked list by their start offset; a part spans [start, next[start]).
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  const alive = new Uint8Array(length).fill(1);
  for (let index = 0; index < length; index += 1) {
    next[index] = index + 1;
    previous[index] = index - 1;
  }
  const heap = new PairHeap();
  const consider = (start: number, end: number): void => {
    const rank = rankOf(bytes.subarray(start, end));
    if (rank !== undefined) heap.push(rank, start, end);
  };
  for (let index = 0; index + 1 < length; index += 1) consider(index, index + 2);
  while (heap.size > 0) {
    const start = heap.topStart();
    const end = heap.topEnd();
    heap.pop();
    // Skip pairs that no longer exist (a neighbour was merged since they were pushed).
    if (alive[start] === 0) continue;
    const middle = next[start] as number;
    if (middle >= length || (next[middle] as number) !== end) continue;
    alive[middle] = 0;
    next[start] = end;
    if (end < length) {
      previous[end] = start;
      consider(start, next[end] as number);
    }
    const before = previous[start] as number;
    if (before >= 0) consider(before, end);
  }
  const tokens: number[] = [];
  for (let start = 0; start < length; start = next[start] as number) {
    const rank = rankOf(bytes.subarray(start, next[start] as number));
    // Every part is a single byte or the result of a merge, so it has a rank.
    tokens.push(rank as number);
  }
  return tokens;
}

/** A binary min-heap of (rank, start, end), ordered by rank then start: the leftmost lowest pair first. */
class PairHeap {
  private ranks: number[] = [];
  private starts: number[] = [];
  private ends: number[] = [];

  get size(): number {
    return this.ranks.length;
  }

  topStart(): number {
    return this.starts[0] as number;
  }

  topEnd(): number {
    return this.ends[0] as number;
  }

  push(rank: number, start: number, end: number): void {
    let index = this.ranks.length;
    this.ranks.push(rank);
    this.starts.push(start);
    this.ends.push(end);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.less(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  pop(): void {
    const last = this.ranks.length - 1;
    this.swap(0, last);
    this.ranks.pop();
    this.starts.pop();
    this.ends.pop();
    const size = this.ranks.length;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < size && this.less(left, smallest)) smallest = left;
      if (right < size && this.less(right, smallest)) smallest = right;
      if (smallest === index) return;
      this.swap(index, smallest);
      index = smallest;
    }
  }

  private less(a: number, b: number): boolean {
    const rankA = this.ranks[a] as number;
    const rankB = this.ranks[b] as number;
    return rankA < rankB || (rankA === rankB && (this.starts[a] as number) < (this.starts[b] as number));
  }

  private swap(a: number, b: number): void {
    const ranks = this.ranks;
    const starts = this.starts;
    const ends = this.ends;
    [ranks[a], ranks[b]] = [ranks[b] as number, ranks[a] as number];
    [starts[a], starts[b]] = [starts[b] as number, starts[a] as number];
    [ends[a], ends[b]] = [ends[b] as number, ends[a] as number];
  }
}
