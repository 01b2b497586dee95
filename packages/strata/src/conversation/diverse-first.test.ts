import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diverseFirst } from './diverse-first.js';

/** Items are [id, rank, group]; two items of one group are near-duplicates (similarity 1). */
type Item = [number, number, number];

/** Plain greedy maximal marginal relevance: rescore every item after every pick. */
function naive(items: readonly Item[], penalty: number): number[] {
  const left = [...items];
  const taken: Item[] = [];
  while (left.length > 0) {
    const score = (item: Item) =>
      item[1] * (1 - penalty * (taken.some((other) => other[2] === item[2]) ? 1 : 0));
    left.sort((a, b) => score(b) - score(a) || a[0] - b[0]);
    taken.push(left.shift() as Item);
  }
  return taken.map((item) => item[0]);
}

describe('diverseFirst', () => {
  it('gives the order of plain greedy MMR (lazy evaluation changes the cost, not the result)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 60, maxLength: 60 }),
        fc.constantFrom(0, 0.3, 0.5, 1),
        (ranks, groups, penalty) => {
          const items: Item[] = ranks.map((rank, id) => [id, rank, groups[id] as number]);
          const taken = new Set<number>();
          const order: number[] = [];
          for (const item of diverseFirst(
            items,
            (entry) => entry[1],
            (entry) => entry[1] * (1 - penalty * (taken.has(entry[2]) ? 1 : 0)),
            (a, b) => a[0] < b[0],
          )) {
            order.push(item[0]);
            taken.add(item[2]);
          }
          expect(order).toEqual(naive(items, penalty));
        },
      ),
    );
  });

  it('rescores only the items that reach the top, not every item after every pick', () => {
    const items = Array.from({ length: 2000 }, (_, id) => id);
    let rescored = 0;
    const top: number[] = [];
    for (const item of diverseFirst(
      items,
      (id) => id,
      (id) => {
        rescored += 1;
        return id;
      },
      (a, b) => a < b,
    )) {
      top.push(item);
      if (top.length === 20) break;
    }
    expect(top).toEqual(Array.from({ length: 20 }, (_, position) => 1999 - position));
    expect(rescored).toBe(20);
  });
});
