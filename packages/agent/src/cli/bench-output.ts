import { displayPath, formatTable, type TerminalStyle } from '@strata-memory/cli-kit';
import { formatRunsSummary, type RunsSummary, summarizeRuns } from '../agent/summarize-runs.js';
import {
  type BenchRunInput,
  type BenchStatistics,
  computeBenchStatistics,
  NO_MODEL,
} from '../report/bench-statistics.js';
import {
  formatCount,
  formatMean,
  formatMoney,
  formatPercent,
  formatPValue,
} from '../report/format-number.js';
import type { PricingTable } from '../report/pricing.js';
import { summarizeTrace } from '../report/trace-statistics.js';
import type { PlayResult } from '../trace/decision-record.js';

/** `summary` of `strata bench --json`: the per-agent totals, the statistics, and where the files are. */
export interface BenchSummary extends RunsSummary {
  statistics: BenchStatistics;
  benchDir?: string;
  report?: string;
}

/**
 * The summary of a bench from its finished runs, however they were played (one process, or workers on a
 * queue): `strata bench` prints it, and `strata bench --collect` can print the same.
 */
export function summarizeBench(
  runs: readonly BenchRunInput[],
  pricing: PricingTable,
  files: { benchDir?: string; report?: string } = {},
): BenchSummary {
  return {
    ...summarizeRuns(
      runs.map((run) => run.result),
      runs.flatMap((run) => run.records),
    ),
    statistics: computeBenchStatistics(runs, pricing),
    ...files,
  };
}

/** The last line of `strata bench --json`: `{"runs":[<play result>...],"summary":{...}}`. */
export function benchJson(
  runs: readonly BenchRunInput[],
  summary: BenchSummary,
): { runs: PlayResult[]; summary: BenchSummary } {
  return { runs: runs.map((run) => run.result), summary };
}

function winRateCell(group: BenchStatistics['groups'][number]): string {
  const { winRate } = group;
  return `${formatPercent(winRate.estimate)} [${formatPercent(winRate.lower)}, ${formatPercent(winRate.upper)}]`;
}

/** The statistics as tables: win rates with intervals, tokens and cost per group, and the pairwise tests. */
export function formatBenchStatistics(statistics: BenchStatistics): string {
  const winRows = statistics.groups.map((group) => [
    group.agent,
    group.model,
    formatCount(group.runs),
    formatCount(group.won),
    winRateCell(group),
    formatMean(group.floor.median),
    formatMean(group.decisions.median),
    formatCount(group.repairs),
    formatCount(group.fallbacks),
  ]);
  const costRows = statistics.groups.map((group) => [
    group.agent,
    group.model,
    formatCount(group.promptTokens.p50),
    formatCount(group.promptTokens.p95),
    formatCount(group.promptTokens.max),
    formatCount(group.promptTokens.total),
    formatMoney(group.cost.withoutCaching),
    formatMoney(group.cost.withCaching),
    `${group.cost.source}, priced as ${group.cost.pricedAs}`,
  ]);
  const comparisonRows = statistics.comparisons.map((comparison) => [
    `${comparison.a.agent} (${comparison.a.model})`,
    `${comparison.b.agent} (${comparison.b.model})`,
    `${comparison.a.won}/${comparison.a.runs} vs ${comparison.b.won}/${comparison.b.runs}`,
    `${comparison.difference >= 0 ? '+' : ''}${formatPercent(comparison.difference)}`,
    formatPValue(comparison.pValue),
    comparison.runsPerArmNeeded === null ? 'no difference' : formatCount(comparison.runsPerArmNeeded),
  ]);
  const lines = [
    formatTable(
      [
        'agent',
        'model',
        'runs',
        'won',
        'win rate [95% CI]',
        'median floor',
        'median decisions',
        'repairs',
        'fallbacks',
      ],
      winRows,
      2,
    ),
    '',
    formatTable(
      [
        'agent',
        'model',
        'tokens p50',
        'p95',
        'max',
        'total',
        'cost, no caching',
        'cost, with caching',
        'cost from',
      ],
      costRows,
      2,
    ),
  ];
  if (comparisonRows.length > 0) {
    lines.push(
      '',
      formatTable(
        ['agent a', 'agent b', 'wins', 'difference', 'p (two-sided)', 'runs/arm for 80% power'],
        comparisonRows,
        3,
      ),
    );
  }
  lines.push(
    '',
    `win rate: ${statistics.methods.winRate}`,
    `p: ${statistics.methods.test}`,
    `runs/arm: ${statistics.methods.runsPerArm}; alpha ${statistics.methods.alpha}, power ${statistics.methods.power}`,
  );
  if (!statistics.measuresDecisionQuality) {
    lines.push(
      'note: every run used the heuristic bot, so all agents played the identical trajectory: equal wins say nothing about decision quality (use --policy llm for that).',
    );
  }
  return lines.join('\n');
}

/**
 * The first model error of each run that had one, under the runs table (a table of wins would hide
 * that the model failed and the heuristic bot stood in); nothing when no model failed.
 */
export function formatModelErrors(runs: readonly BenchRunInput[], style: TerminalStyle): string[] {
  const failed = runs.filter(({ result }) => result.firstModelError !== undefined);
  if (failed.length === 0) return [];
  return [
    style.bold('Model errors (the first of each run; every error is in its trace.jsonl)'),
    ...failed.map(({ result, model }) => {
      const counts = `${formatCount(result.fallbacks)} fallback(s), ${formatCount(result.repairs)} repair(s)`;
      return `  ${result.agent} seed ${result.seed} (${model ?? NO_MODEL}): ${style.yellow(result.firstModelError ?? '')} (${counts})`;
    }),
    '',
  ];
}

/** Everything `strata bench` prints without --json: each run, totals by agent, the statistics, the report. */
export function formatBenchOutput(
  runs: readonly BenchRunInput[],
  summary: BenchSummary,
  options: { style: TerminalStyle; cwd: string },
): string {
  const { style } = options;
  const header = [
    'agent',
    'model',
    'seed',
    'result',
    'floor',
    'steps',
    'p50',
    'p95',
    'max',
    'last',
    'total',
    'over',
    'prefix',
  ];
  const rows = runs.map(({ result, records, model }) => [
    result.agent,
    model ?? 'heuristic',
    String(result.seed),
    result.won ? 'won' : 'lost',
    formatCount(result.floor),
    formatCount(result.steps),
    formatCount(result.promptTokens.p50),
    formatCount(result.promptTokens.p95),
    formatCount(result.promptTokens.max),
    formatCount(summarizeTrace(records).promptTokens.last),
    formatCount(result.promptTokens.total),
    formatCount(result.budgetViolations),
    formatCount(result.stablePrefix.p50),
  ]);
  const lines = [
    '',
    style.bold('Runs (prompt tokens per call)'),
    formatTable(header, rows, 4),
    '',
    ...formatModelErrors(runs, style),
    style.bold('Totals by agent'),
    formatRunsSummary(summary),
    '',
    style.bold('Statistics by agent and model'),
    formatBenchStatistics(summary.statistics),
    '',
  ];
  if (summary.report !== undefined) lines.push(`report: ${displayPath(options.cwd, summary.report)}`, '');
  return lines.join('\n');
}
