import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMean,
  formatMoney,
  formatPercent,
  formatPValue,
  formatRatio,
} from './format-number.js';

describe('number format', () => {
  it('puts thousands separators on every whole number', () => {
    expect(formatCount(1749)).toBe('1,749');
    expect(formatCount(1_234_567.6)).toBe('1,234,568');
    expect(formatCount(12)).toBe('12');
  });

  it('formats means, money, shares, p-values and ratios one way', () => {
    expect(formatMean(372)).toBe('372');
    expect(formatMean(1372.25)).toBe('1,372.3');
    expect(formatMoney(0.01234)).toBe('$0.0123');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatPercent(0.3079)).toBe('31%');
    expect(formatPercent(0.3079, 1)).toBe('30.8%');
    expect(formatPValue(0.4857)).toBe('0.486');
    expect(formatPValue(0.0001)).toBe('< 0.001');
    expect(formatRatio(1234.56)).toBe('1,234.6x');
  });
});
