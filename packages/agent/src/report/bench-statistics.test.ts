import { describe, expect, it } from 'vitest';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import { type BenchRunInput, computeBenchStatistics } from './bench-statistics.js';
import { DEFAULT_PRICING } from './pricing.js';

function run(
  agent: string,
  seed: number,
  won: boolean,
  options: { model?: string; steps?: number; floor?: number; usage?: boolean; repairs?: number } = {},
): BenchRunInput {
  const steps = options.steps ?? 10;
  const runId = `${agent}-${options.model ?? 'h'}-${seed}`;
  const records: DecisionRecord[] = Array.from({ length: steps }, (_, step) => ({
    runId,
    agent,
    seed,
    step,
    act: 1,
    floor: 1,
    screen: 'COMBAT',
    layers: { system: 1000 },
    promptTokens: 1000 + step,
    budget: null,
    stablePrefixTokens: 800,
    dropped: {},
    action: { action: 'end_turn' },
    policy: options.model === undefined ? 'heuristic' : 'llm',
    promptUsedByPolicy: options.model !== undefined,
    repairs: 0,
    fallback: false,
    latencyMs: 1,
    ...(options.usage ? { usage: { input: 2_000_000, cachedInput: 1_000_000, output: 100_000 } } : {}),
  }));
  const result: PlayResult = {
    runId,
    agent,
    seed,
    policy: options.model === undefined ? 'heuristic' : 'llm',
    character: 'ironclad',
    won,
    floor: options.floor ?? 10,
    act: 1,
    steps,
    calls: steps,
    promptTokens: { p50: 0, p95: 0, max: 0, total: 0 },
    stablePrefix: { p50: 0 },
    budget: null,
    budgetViolations: 0,
    repairs: options.repairs ?? 0,
    fallbacks: 0,
    elapsedMs: 1,
    runDir: `/runs/${runId}`,
  };
  return { result, records, ...(options.model === undefined ? {} : { model: options.model }) };
}

describe('computeBenchStatistics', () => {
  // The AgenticSTS headline: 6 of 10 against 3 of 10.
  const runs = [
    ...Array.from({ length: 10 }, (_, seed) =>
      run('structured', seed, seed < 6, {
        model: 'gpt-4o',
        steps: 10 + seed,
        floor: 20 + seed,
        usage: true,
        repairs: 1,
      }),
    ),
    ...Array.from({ length: 10 }, (_, seed) => run('naive', seed, seed < 3, { model: 'gpt-4o', steps: 5 })),
  ];
  const statistics = computeBenchStatistics(runs, DEFAULT_PRICING);

  it('groups by agent and model with a Wilson interval, medians and token percentiles', () => {
    expect(statistics.groups.map((group) => `${group.agent}/${group.model}`)).toEqual([
      'structured/gpt-4o',
      'naive/gpt-4o',
    ]);
    const structured = statistics.groups[0];
    expect(structured?.won).toBe(6);
    expect(structured?.winRate.estimate).toBeCloseTo(0.6, 12);
    expect(structured?.winRate.lower).toBeCloseTo(0.3127, 4);
    expect(structured?.winRate.upper).toBeCloseTo(0.8318, 4);
    expect(structured?.floor.median).toBe(24.5);
    expect(structured?.decisions).toEqual({ median: 14.5, mean: 14.5 });
    expect(structured?.promptTokens.max).toBe(1000 + 18);
    expect(structured?.promptTokens.total).toBe(
      runs
        .slice(0, 10)
        .reduce((sum, entry) => sum + entry.records.reduce((s, r) => s + r.promptTokens, 0), 0),
    );
    expect(structured?.repairs).toBe(10);
    expect(statistics.measuresDecisionQuality).toBe(true);
  });

  it('bills provider usage when the provider reported it, and estimates otherwise', () => {
    const structured = statistics.groups[0];
    const calls = 10 * 10 + 45; // steps 10..19
    const price = DEFAULT_PRICING.models['gpt-4o'];
    if (price === undefined) throw new Error('no gpt-4o price');
    expect(structured?.cost.source).toBe('provider usage');
    expect(structured?.cost.pricedAs).toBe('gpt-4o');
    expect(structured?.cost.withoutCaching).toBeCloseTo(calls * (2 * price.input + 0.1 * price.output), 6);
    expect(structured?.cost.withCaching).toBeCloseTo(
      calls * (price.cachedInput + price.input + 0.1 * price.output),
      6,
    );
    expect(statistics.groups[1]?.cost.source).toBe('estimated');
  });

  it("compares the two agents with Fisher's exact test and the runs per arm for 80% power", () => {
    expect(statistics.comparisons).toHaveLength(1);
    const comparison = statistics.comparisons[0];
    expect(comparison?.pValue).toBeCloseTo(0.3698, 4);
    expect(comparison?.difference).toBeCloseTo(0.3, 12);
    expect(comparison?.runsPerArmNeeded).toBe(49);
    expect(statistics.methods.test).toMatch(/Fisher's exact test.*two-sided/);
    expect(statistics.methods.runsPerArm).toMatch(/continuity correction/);
  });

  it('says heuristic-only benches measure no decision quality (identical trajectories win alike)', () => {
    const heuristic = computeBenchStatistics(
      [
        run('structured', 1, true),
        run('naive', 1, true),
        run('structured', 2, false),
        run('naive', 2, false),
      ],
      DEFAULT_PRICING,
    );
    expect(heuristic.measuresDecisionQuality).toBe(false);
    expect(heuristic.groups.map((group) => group.model)).toEqual(['heuristic', 'heuristic']);
    expect(heuristic.comparisons[0]).toMatchObject({ pValue: 1, runsPerArmNeeded: null, difference: 0 });
  });
});
