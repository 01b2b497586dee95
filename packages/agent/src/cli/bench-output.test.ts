import { createTerminalStyle } from '@strata-memory/cli-kit';
import { describe, expect, it } from 'vitest';
import type { BenchRunInput } from '../report/bench-statistics.js';
import { DEFAULT_PRICING } from '../report/pricing.js';
import type { PlayResult } from '../trace/decision-record.js';
import { formatBenchOutput, summarizeBench } from './bench-output.js';

function run(seed: number, extra: Partial<PlayResult> = {}): BenchRunInput {
  return {
    model: 'fake-model',
    records: [],
    result: {
      runId: `structured-${seed}`,
      agent: 'structured',
      seed,
      policy: 'llm',
      character: 'ironclad',
      won: false,
      floor: 6,
      act: 1,
      steps: 40,
      calls: 40,
      promptTokens: { p50: 1200, p95: 1500, max: 1600, total: 48_000 },
      stablePrefix: { p50: 900 },
      budget: 5000,
      budgetViolations: 0,
      repairs: 0,
      fallbacks: 0,
      elapsedMs: 1000,
      runDir: `runs/structured-${seed}`,
      ...extra,
    },
  };
}

const style = createTerminalStyle(false);
const output = (runs: BenchRunInput[]): string =>
  formatBenchOutput(runs, summarizeBench(runs, DEFAULT_PRICING), { style, cwd: '/' });

describe('strata bench output', () => {
  it('lists the first model error of each run that had one, under the runs table', () => {
    const text = output([
      run(1),
      run(2, { firstModelError: 'step 7: HTTP 500 fake outage', fallbacks: 3, repairs: 1 }),
      run(3, { firstModelError: 'step 0: request timed out', fallbacks: 1 }),
    ]);
    const lines = text.split('\n');
    const heading = lines.indexOf('Model errors (the first of each run; every error is in its trace.jsonl)');
    expect(heading).toBeGreaterThan(lines.indexOf('Runs (prompt tokens per call)'));
    expect(heading).toBeLessThan(lines.indexOf('Totals by agent'));
    expect(lines.slice(heading + 1, heading + 3)).toEqual([
      '  structured seed 2 (fake-model): step 7: HTTP 500 fake outage (3 fallback(s), 1 repair(s))',
      '  structured seed 3 (fake-model): step 0: request timed out (1 fallback(s), 0 repair(s))',
    ]);
    expect(text).not.toContain('structured seed 1 (');
  });

  it('prints no model-error section when no model failed', () => {
    expect(output([run(1), run(2)])).not.toContain('Model errors');
  });
});
