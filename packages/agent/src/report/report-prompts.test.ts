import { describe, expect, it } from 'vitest';
import { sampleBenchRuns } from './report-fixtures.js';
import { selectPrompts } from './report-prompts.js';

describe('selectPrompts', () => {
  const runs = sampleBenchRuns();
  // Seed 1's three runs saved their prompts: 340 calls each.
  it('embeds every saved prompt under the cap', () => {
    const all = selectPrompts(runs);
    expect(all.saved).toBe(3 * 340);
    expect(all.leftOut).toBe(0);
    expect(all.prompts['0:99']?.[1]?.content).toBe('call 100 of structured seed 1: COMBAT');
    expect(all.prompts['3:0']).toBeUndefined();
  });

  it('keeps to the cap by leaving out the largest prompts first, and counts them', () => {
    const sizes = runs
      .slice(0, 3)
      .flatMap((run) =>
        run.records.map((record) =>
          (record.messages ?? []).reduce((sum, m) => sum + m.content.length + m.role.length, 0),
        ),
      )
      .sort((a, b) => a - b);
    const cap = sizes.slice(0, 500).reduce((sum, size) => sum + size, 0);
    const some = selectPrompts(runs, cap);
    expect(Object.keys(some.prompts)).toHaveLength(500);
    expect(some.leftOut).toBe(3 * 340 - 500);
    const kept = Object.values(some.prompts).map((messages) =>
      messages.reduce((sum, m) => sum + m.content.length + m.role.length, 0),
    );
    expect(Math.max(...kept)).toBeLessThanOrEqual(sizes[499] ?? 0);
  });
});
