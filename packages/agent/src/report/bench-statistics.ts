import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { PricingTable } from './pricing.js';
import { type CostSource, costOfRecords } from './run-cost.js';
import { FISHER_METHOD, fisherExactTest } from './statistics/fisher-exact-test.js';
import { RUNS_PER_ARM_METHOD, runsPerArm } from './statistics/runs-per-arm.js';
import { type ProportionInterval, WILSON_METHOD, wilsonInterval } from './statistics/wilson-interval.js';
import { percentile } from './trace-statistics.js';

/** One finished run of a bench, local or collected from a queue. */
export interface BenchRunInput {
  result: PlayResult;
  records: readonly DecisionRecord[];
  /** The model that decided (llm policy); absent for the heuristic bot. */
  model?: string;
}

/** What the statistics say when there is no model: the heuristic bot. */
export const NO_MODEL = 'heuristic';

/** The numbers of one agent with one model over its runs. */
export interface GroupStatistics {
  agent: string;
  /** The deciding model, or `heuristic`. */
  model: string;
  policy: string;
  runs: number;
  won: number;
  winRate: ProportionInterval;
  floor: { median: number };
  /** Decisions per run. */
  decisions: { median: number; mean: number };
  /** Over every call of every run in the group. */
  promptTokens: { p50: number; p95: number; max: number; total: number };
  cost: { withoutCaching: number; withCaching: number; pricedAs: string; source: CostSource };
  repairs: number;
  fallbacks: number;
}

/** Two groups compared: the exact test on their win counts and the runs per arm for 80% power. */
export interface GroupComparison {
  a: { agent: string; model: string; won: number; runs: number };
  b: { agent: string; model: string; won: number; runs: number };
  /** a's win rate minus b's. */
  difference: number;
  pValue: number;
  /** Runs per arm for 80% power at the observed rates; null when they are equal. */
  runsPerArmNeeded: number | null;
}

/** The statistics of a bench: per group, between groups, and the methods used. */
export interface BenchStatistics {
  groups: GroupStatistics[];
  /** Every pair of groups (agent and model), in group order. */
  comparisons: GroupComparison[];
  /** False when every run used the heuristic bot: then all agents play one trajectory and win alike. */
  measuresDecisionQuality: boolean;
  methods: {
    winRate: string;
    test: string;
    runsPerArm: string;
    alpha: number;
    power: number;
    cost: string;
  };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const ALPHA = 0.05;
const POWER = 0.8;

/**
 * Per agent and model: win rate with a Wilson 95% interval, medians, prompt tokens, cost; between every two
 * groups: Fisher's exact test on the win counts and the runs per arm needed at 80% power.
 */
export function computeBenchStatistics(
  runs: readonly BenchRunInput[],
  pricing: PricingTable,
): BenchStatistics {
  const groups = new Map<string, BenchRunInput[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.result.agent, run.model ?? NO_MODEL]);
    const list = groups.get(key) ?? [];
    list.push(run);
    groups.set(key, list);
  }
  const statistics = [...groups.values()].map((own): GroupStatistics => {
    const first = own[0] as BenchRunInput;
    const records = own.flatMap((run) => run.records);
    const tokens = records.map((record) => record.promptTokens);
    const won = own.filter((run) => run.result.won).length;
    const costs = own.map((run) => costOfRecords(run.records, pricing, run.model));
    const sources = new Set(costs.map((cost) => cost.source));
    const decisions = own.map((run) => run.result.steps);
    return {
      agent: first.result.agent,
      model: first.model ?? NO_MODEL,
      policy: [...new Set(own.map((run) => run.result.policy))].join(', '),
      runs: own.length,
      won,
      winRate: wilsonInterval(won, own.length),
      floor: { median: median(own.map((run) => run.result.floor)) },
      decisions: {
        median: median(decisions),
        mean: decisions.reduce((sum, value) => sum + value, 0) / own.length,
      },
      promptTokens: {
        p50: percentile(tokens, 0.5),
        p95: percentile(tokens, 0.95),
        max: tokens.reduce((max, value) => Math.max(max, value), 0),
        total: tokens.reduce((sum, value) => sum + value, 0),
      },
      cost: {
        withoutCaching: costs.reduce((sum, cost) => sum + cost.withoutCaching, 0),
        withCaching: costs.reduce((sum, cost) => sum + cost.withCaching, 0),
        pricedAs: costs[0]?.pricedAs ?? pricing.defaultModel,
        source: sources.size === 1 ? ([...sources][0] as CostSource) : 'mixed',
      },
      repairs: own.reduce((sum, run) => sum + run.result.repairs, 0),
      fallbacks: own.reduce((sum, run) => sum + run.result.fallbacks, 0),
    };
  });
  const comparisons: GroupComparison[] = [];
  for (let i = 0; i < statistics.length; i += 1) {
    for (let j = i + 1; j < statistics.length; j += 1) {
      const a = statistics[i] as GroupStatistics;
      const b = statistics[j] as GroupStatistics;
      comparisons.push({
        a: { agent: a.agent, model: a.model, won: a.won, runs: a.runs },
        b: { agent: b.agent, model: b.model, won: b.won, runs: b.runs },
        difference: a.winRate.estimate - b.winRate.estimate,
        pValue: fisherExactTest(a.won, a.runs, b.won, b.runs).pValue,
        runsPerArmNeeded: runsPerArm(a.winRate.estimate, b.winRate.estimate, { alpha: ALPHA, power: POWER })
          .runs,
      });
    }
  }
  return {
    groups: statistics,
    comparisons,
    measuresDecisionQuality: runs.some((run) => run.result.policy !== 'heuristic'),
    methods: {
      winRate: `${WILSON_METHOD}, 95%`,
      test: FISHER_METHOD,
      runsPerArm: RUNS_PER_ARM_METHOD,
      alpha: ALPHA,
      power: POWER,
      cost: `USD from the pricing table; calls a provider answered are billed from its usage (cached input at the cached price with caching), calls no model answered are estimated from the prompt, its stable prefix and ${pricing.assumedOutputTokens} output tokens`,
    },
  };
}
