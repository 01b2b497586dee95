import { formatCount, formatPercent, formatRatio } from '../report/format-number.js';
import { percentile, summarizeTrace } from '../report/trace-statistics.js';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';

/** One agent's totals over a bench's runs. */
export interface AgentRunsSummary {
  agent: string;
  runs: number;
  /** Mean decisions per run. */
  decisions: number;
  won: number;
  /** Over every call of every run of this agent. */
  promptTokens: { p50: number; p95: number; max: number; total: number };
  /** Largest last call over the runs (the naive agent's biggest request). */
  lastCallMax: number;
  /** Median over calls of stablePrefixTokens / promptTokens. */
  stablePrefixShareP50: number;
  budgetViolations: number;
  /** Runs whose p95 is at most 1.5x their p50. */
  flatRuns: number;
  repairs: number;
  fallbacks: number;
}

/** A bench's summary: the seeds and every agent's totals. */
export interface RunsSummary {
  seeds: number[];
  agents: AgentRunsSummary[];
  ratios: {
    /** Per seed, naive's last call over structured's largest call: the smallest and the median. */
    naiveLastOverStructuredMax: { min: number; median: number } | null;
    /** Total prompt tokens of each agent over structured's, same seeds. */
    totalOverStructured: Record<string, number>;
  };
  goals: {
    structuredWithinBudget: boolean | null;
    structuredFlat: boolean | null;
    /** Naive's last call >= 50x structured's max on every run of 800+ decisions (null: no such run). */
    naiveFiftyTimes: boolean | null;
    structuredStablePrefixHalf: boolean | null;
  };
}

/**
 * The bench table's numbers from play results and their traces (records of every run, any order).
 * `strata bench` and `npm run bench` print the same thing through `formatRunsSummary`.
 */
export function summarizeRuns(
  results: readonly PlayResult[],
  records: readonly DecisionRecord[],
): RunsSummary {
  const byRun = new Map<string, DecisionRecord[]>();
  for (const record of records) {
    const list = byRun.get(record.runId) ?? [];
    list.push(record);
    byRun.set(record.runId, list);
  }
  const agents = [...new Set(results.map((result) => result.agent))];
  const summaries = agents.map((agent): AgentRunsSummary => {
    const own = results.filter((result) => result.agent === agent);
    const ownRecords = own.flatMap((result) => byRun.get(result.runId) ?? []);
    const tokens = ownRecords.map((record) => record.promptTokens);
    const shares = ownRecords.map((record) =>
      record.promptTokens > 0 ? record.stablePrefixTokens / record.promptTokens : 0,
    );
    const perRun = own.map((result) => summarizeTrace(byRun.get(result.runId) ?? []));
    return {
      agent,
      runs: own.length,
      decisions: own.length === 0 ? 0 : Math.round(ownRecords.length / own.length),
      won: own.filter((result) => result.won).length,
      promptTokens: {
        p50: percentile(tokens, 0.5),
        p95: percentile(tokens, 0.95),
        max: tokens.reduce((max, value) => Math.max(max, value), 0),
        total: tokens.reduce((sum, value) => sum + value, 0),
      },
      lastCallMax: perRun.reduce((max, run) => Math.max(max, run.promptTokens.last), 0),
      stablePrefixShareP50: percentile(shares, 0.5),
      budgetViolations: perRun.reduce((sum, run) => sum + run.budgetViolations, 0),
      flatRuns: perRun.filter((run) => run.calls > 0 && run.promptTokens.p95 <= 1.5 * run.promptTokens.p50)
        .length,
      repairs: perRun.reduce((sum, run) => sum + run.repairs, 0),
      fallbacks: perRun.reduce((sum, run) => sum + run.fallbacks, 0),
    };
  });
  const structured = summaries.find((summary) => summary.agent === 'structured');
  const naive = summaries.find((summary) => summary.agent === 'naive');
  const seeds = [...new Set(results.map((result) => result.seed))].sort((a, b) => a - b);

  const perSeed: number[] = [];
  let longNaiveRuns = 0;
  let longNaiveOk = 0;
  for (const seed of seeds) {
    const structuredRun = results.find((result) => result.agent === 'structured' && result.seed === seed);
    const naiveRun = results.find((result) => result.agent === 'naive' && result.seed === seed);
    if (!structuredRun || !naiveRun) continue;
    const structuredMax = summarizeTrace(byRun.get(structuredRun.runId) ?? []).promptTokens.max;
    const naiveTrace = summarizeTrace(byRun.get(naiveRun.runId) ?? []);
    if (structuredMax === 0) continue;
    const ratio = naiveTrace.promptTokens.last / structuredMax;
    perSeed.push(ratio);
    if (naiveTrace.calls >= 800) {
      longNaiveRuns += 1;
      if (ratio >= 50) longNaiveOk += 1;
    }
  }
  const totalOverStructured: Record<string, number> = {};
  if (structured && structured.promptTokens.total > 0) {
    for (const summary of summaries)
      totalOverStructured[summary.agent] = summary.promptTokens.total / structured.promptTokens.total;
  }
  return {
    seeds,
    agents: summaries,
    ratios: {
      naiveLastOverStructuredMax:
        perSeed.length === 0 ? null : { min: Math.min(...perSeed), median: percentile(perSeed, 0.5) },
      totalOverStructured,
    },
    goals: {
      structuredWithinBudget: structured ? structured.budgetViolations === 0 : null,
      structuredFlat: structured ? structured.flatRuns === structured.runs : null,
      naiveFiftyTimes: naive && longNaiveRuns > 0 ? longNaiveOk === longNaiveRuns : null,
      structuredStablePrefixHalf: structured ? structured.stablePrefixShareP50 >= 0.5 : null,
    },
  };
}

/** The summary as a fixed-width table plus ratio and goal lines. */
export function formatRunsSummary(summary: RunsSummary): string {
  const header = [
    'agent',
    'runs',
    'decisions/run (mean)',
    'p50',
    'p95',
    'max',
    'last max',
    'total',
    'x structured',
    'prefix p50',
    'over budget',
    'flat runs',
  ];
  const rows = summary.agents.map((agent) => [
    agent.agent,
    formatCount(agent.runs),
    formatCount(agent.decisions),
    formatCount(agent.promptTokens.p50),
    formatCount(agent.promptTokens.p95),
    formatCount(agent.promptTokens.max),
    formatCount(agent.lastCallMax),
    formatCount(agent.promptTokens.total),
    summary.ratios.totalOverStructured[agent.agent] === undefined
      ? '-'
      : formatRatio(summary.ratios.totalOverStructured[agent.agent] ?? 0),
    formatPercent(agent.stablePrefixShareP50),
    formatCount(agent.budgetViolations),
    `${agent.flatRuns}/${agent.runs}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  const ratio = summary.ratios.naiveLastOverStructuredMax;
  const goal = (value: boolean | null) => (value === null ? 'n/a' : value ? 'met' : 'NOT met');
  return [
    line(header),
    ...rows.map(line),
    '',
    `seeds: ${summary.seeds.join(', ')}`,
    ratio
      ? `naive last call / structured max call: min ${formatRatio(ratio.min)}, median ${formatRatio(ratio.median)}`
      : 'naive last call / structured max call: n/a',
    `goal structured within budget: ${goal(summary.goals.structuredWithinBudget)}; flat (p95 <= 1.5 x p50 every run): ${goal(summary.goals.structuredFlat)}; stable prefix >= 50%: ${goal(summary.goals.structuredStablePrefixHalf)}; naive last >= 50x structured max on 800+ decision runs: ${goal(summary.goals.naiveFiftyTimes)}`,
  ].join('\n');
}
