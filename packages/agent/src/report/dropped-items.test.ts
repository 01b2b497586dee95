import { describe, expect, it } from 'vitest';
import { summarizeLosses } from './dropped-items.js';
import { sampleBenchRuns } from './report-fixtures.js';

describe('summarizeLosses', () => {
  it('counts per layer the calls that dropped or truncated items, and lists those calls', () => {
    const structured = sampleBenchRuns()[0];
    if (structured === undefined) throw new Error('no fixture run');
    const { layers, calls } = summarizeLosses(structured.records);
    // 340 calls: lessons drop 2 items at steps 7, 57, ..., 307 (7 calls); observation truncated at 11, 101, 191, 281.
    expect(layers).toEqual([
      { layer: 'lessons', callsWithDropped: 7, itemsDropped: 14, callsWithTruncated: 0, itemsTruncated: 0 },
      {
        layer: 'observation',
        callsWithDropped: 0,
        itemsDropped: 0,
        callsWithTruncated: 4,
        itemsTruncated: 4,
      },
    ]);
    expect(calls.map((call) => call.step)).toEqual([7, 11, 57, 101, 107, 157, 191, 207, 257, 281, 307]);
    expect(calls[0]).toMatchObject({ call: 8, dropped: { lessons: 2 }, truncated: {} });
  });

  it('finds nothing lost in runs that fitted', () => {
    const naive = sampleBenchRuns()[2];
    expect(summarizeLosses(naive?.records ?? [])).toEqual({ layers: [], calls: [] });
  });
});
