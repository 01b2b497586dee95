/**
 * Yields items in maximal-marginal-relevance order by lazy greedy selection: each item's key may only
 * fall as others are taken (its redundancy with them grows), so a popped item whose fresh key still
 * beats the stale key of the next one is the true best and is yielded; otherwise it goes back with
 * its fresh key. `fresh` is called only for items near the top, not for every item after every pick.
 * The consumer tells `fresh` what was taken (the items it accepted), between yields.
 */
export function* diverseFirst<T>(
  items: readonly T[],
  initial: (item: T) => number,
  fresh: (item: T) => number,
  /** Breaks ties deterministically: true when `a` goes first. */
  before: (a: T, b: T) => boolean,
): Generator<T> {
  const heap: Array<{ item: T; key: number; round: number }> = items.map((item) => ({
    item,
    key: initial(item),
    round: -1,
  }));
  const better = (a: (typeof heap)[number], b: (typeof heap)[number]): boolean =>
    a.key > b.key || (a.key === b.key && before(a.item, b.item));
  const down = (start: number): void => {
    let parent = start;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      let best = left;
      if (
        right < heap.length &&
        better(heap[right] as (typeof heap)[number], heap[left] as (typeof heap)[number])
      )
        best = right;
      if (!better(heap[best] as (typeof heap)[number], heap[parent] as (typeof heap)[number])) return;
      const swap = heap[parent] as (typeof heap)[number];
      heap[parent] = heap[best] as (typeof heap)[number];
      heap[best] = swap;
      parent = best;
    }
  };
  for (let index = Math.floor(heap.length / 2) - 1; index >= 0; index -= 1) down(index);
  // A key computed in the current round (no item yielded since) is exact.
  let round = 0;
  while (heap.length > 0) {
    const top = heap[0] as (typeof heap)[number];
    if (top.round === round) {
      const last = heap.pop() as (typeof heap)[number];
      if (heap.length > 0) {
        heap[0] = last;
        down(0);
      }
      yield top.item;
      round += 1;
      continue;
    }
    top.key = fresh(top.item);
    top.round = round;
    down(0);
  }
}
