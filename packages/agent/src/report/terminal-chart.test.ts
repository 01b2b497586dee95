import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketMax, renderTokenChart } from './terminal-chart.js';

describe('terminal chart', () => {
  it('squeezes a long series to the width and keeps every peak', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(100_000), { minLength: 1, maxLength: 2000 }),
        fc.integer({ min: 1, max: 120 }),
        (values, width) => {
          const buckets = bucketMax(values, width);
          expect(buckets.length).toBe(Math.min(values.length, width));
          expect(Math.max(...buckets)).toBe(Math.max(...values));
        },
      ),
    );
  });

  it('draws the series with a labelled axis and no colour codes unless asked', () => {
    const chart = renderTokenChart([100, 4000, 4200, 4100], { height: 5, budget: 5000 });
    expect(chart).toContain('5000');
    expect(chart).not.toContain('\u001b[');
    expect(chart.split('\n')).toHaveLength(6);
    expect(renderTokenChart([1, 2], { color: true })).toContain('\u001b[');
  });
});
