// Tests the synthetic long-run demo behind `npm run demo` (scripts/demo.ts) on a shorter run.
import { describe, expect, it } from 'vitest';
import { DEMO_BUDGET, runDemo } from '../../scripts/demo.js';

describe('npm run demo (scripts/demo.ts)', () => {
  it('keeps the layered prompt within budget while the append-only log grows, and replays a seed exactly', async () => {
    const first = await runDemo({ steps: 400, seed: 7 });
    expect(first.maxLayeredTokens).toBeLessThanOrEqual(DEMO_BUDGET);
    expect(first.withinBudget).toBe(true);
    expect(first.extractionFailures).toBe(0);
    expect(first.incidentsResolved).toBeGreaterThan(0);
    expect(first.lessons).toBeGreaterThan(0);
    expect(first.checkpoints.map((row) => row.step)).toEqual([100, 200, 300, 400]);
    for (const [index, row] of first.checkpoints.entries()) {
      expect(row.layeredTokens).toBeLessThanOrEqual(DEMO_BUDGET);
      if (index > 0) {
        expect(row.appendOnlyTokens).toBeGreaterThan(
          (first.checkpoints[index - 1] as typeof row).appendOnlyTokens,
        );
      }
    }
    expect(first.appendOnlyTokens).toBeGreaterThan(10 * first.layeredTokens);

    const again = await runDemo({ steps: 400, seed: 7 });
    expect(again.checkpoints).toEqual(first.checkpoints);
    const other = await runDemo({ steps: 400, seed: 8 });
    expect(other.checkpoints).not.toEqual(first.checkpoints);
  });
});
