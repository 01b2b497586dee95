/**
 * Yields items best first without sorting them all: a binary max-heap built in O(n), then one
 * O(log n) pop per item taken. Choosing the turns that fill a budget reads only as many items as fit
 * (plus those skipped), so the cost is O(n + taken * log n) instead of O(n log n).
 */
export function* bestFirst<T>(items: T[], better: (a: T, b: T) => boolean): Generator<T> {
  const heap = items;
  const sift = (start: number, size: number): void => {
    let parent = start;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= size) return;
      const right = left + 1;
      let best = left;
      if (right < size && better(heap[right] as T, heap[left] as T)) best = right;
      if (!better(heap[best] as T, heap[parent] as T)) return;
      const swap = heap[parent] as T;
      heap[parent] = heap[best] as T;
      heap[best] = swap;
      parent = best;
    }
  };
  let size = heap.length;
  for (let index = Math.floor(size / 2) - 1; index >= 0; index -= 1) sift(index, size);
  while (size > 0) {
    const top = heap[0] as T;
    size -= 1;
    heap[0] = heap[size] as T;
    sift(0, size);
    yield top;
  }
}
