import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestFirst } from './best-first.js';

describe('bestFirst', () => {
  it('yields the same order as a full sort, for any numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 200 }), (values) => {
        const taken = [...bestFirst([...values], (a, b) => a > b)];
        expect(taken).toEqual([...values].sort((a, b) => b - a));
      }),
    );
  });

  it('stops early without ordering the rest', () => {
    let comparisons = 0;
    const values = Array.from({ length: 10_000 }, (_, index) => (index * 7919) % 10_007);
    const top: number[] = [];
    for (const value of bestFirst(values, (a, b) => {
      comparisons += 1;
      return a > b;
    })) {
      top.push(value);
      if (top.length === 10) break;
    }
    expect(top).toEqual([...top].sort((a, b) => b - a));
    // Heapify is linear (< 2n comparisons); a full sort would need about n log2 n = 130,000.
    expect(comparisons).toBeLessThan(25_000);
  });
});
