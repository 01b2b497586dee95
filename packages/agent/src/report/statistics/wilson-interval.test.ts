import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.js';

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17,
  // Table II, method 3 (Wilson score, no continuity correction), to the 4 decimals the paper prints.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('matches Newcombe 1998 for %i/%i: %f to %f', (wins, runs, lower, upper) => {
    const interval = wilsonInterval(wins, runs);
    expect(interval.lower).toBeCloseTo(lower, 4);
    expect(interval.upper).toBeCloseTo(upper, 4);
    expect(interval.estimate).toBeCloseTo(wins / runs, 12);
  });

  it('stays inside [0, 1] and contains the estimate, and narrows as runs grow', () => {
    const all = wilsonInterval(10, 10);
    expect(all.upper).toBe(1);
    expect(all.lower).toBeGreaterThan(0.69);
    const small = wilsonInterval(3, 10);
    const large = wilsonInterval(300, 1000);
    expect(small.lower).toBeLessThan(0.3);
    expect(small.upper).toBeGreaterThan(0.3);
    expect(large.upper - large.lower).toBeLessThan((small.upper - small.lower) / 5);
  });

  it('a 99% interval is wider than the 95% one', () => {
    const ninetyFive = wilsonInterval(48, 143);
    const ninetyNine = wilsonInterval(48, 143, 0.99);
    expect(ninetyNine.lower).toBeLessThan(ninetyFive.lower);
    expect(ninetyNine.upper).toBeGreaterThan(ninetyFive.upper);
  });

  it('says nothing is known with no runs, and rejects counts that are not counts', () => {
    expect(wilsonInterval(0, 0)).toMatchObject({ lower: 0, upper: 1 });
    expect(() => wilsonInterval(5, 3)).toThrow(/5 wins of 3 runs is not a count/);
    expect(() => wilsonInterval(1.5, 3)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
  });
});
