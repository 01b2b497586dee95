import { describe, expect, it } from 'vitest';
import { fisherExactTest } from './fisher-exact-test.js';

describe('fisherExactTest', () => {
  it("gives Fisher's tea-tasting table (3 of 4 cups right each way) p = 0.4857 two-sided", () => {
    // Fisher (1935), The Design of Experiments; Agresti, Categorical Data Analysis, Table 3.8: p = 0.486.
    const result = fisherExactTest(3, 4, 1, 4);
    expect(result.pValue).toBeCloseTo(34 / 70, 12);
    expect(result.pValue.toFixed(4)).toBe('0.4857');
    expect(result.table).toEqual([
      [3, 1],
      [1, 3],
    ]);
  });

  it('gives the AgenticSTS headline 6/10 against 3/10 p of about 0.37', () => {
    // 9 wins among 20 runs; a's wins x are hypergeometric: P(x) = C(9,x) C(11,10-x) / C(20,10). The tables
    // no more likely than x = 6 are x = 0-3 and 6-9, summing (in integers) to 68,332 / 184,756.
    expect(fisherExactTest(6, 10, 3, 10).pValue).toBeCloseTo(68_332 / 184_756, 12);
    expect(fisherExactTest(6, 10, 3, 10).pValue.toFixed(2)).toBe('0.37');
  });

  it('is symmetric in the two arms and in wins versus losses', () => {
    const p = fisherExactTest(48, 143, 0, 29).pValue;
    expect(fisherExactTest(0, 29, 48, 143).pValue).toBeCloseTo(p, 12);
    expect(fisherExactTest(95, 143, 29, 29).pValue).toBeCloseTo(p, 12);
    // 48/143 against 0/29 is a real difference.
    expect(p).toBeLessThan(0.001);
  });

  it('is 1 for equal counts and when a margin is empty', () => {
    expect(fisherExactTest(5, 10, 5, 10).pValue).toBeCloseTo(1, 12);
    expect(fisherExactTest(0, 10, 0, 10).pValue).toBe(1);
    expect(fisherExactTest(0, 0, 3, 10).pValue).toBe(1);
  });

  it('rejects a table of impossible counts', () => {
    expect(() => fisherExactTest(11, 10, 3, 10)).toThrow(/11 wins of 10 runs/);
  });
});
