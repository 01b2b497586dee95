import { displayPath, formatTable, type TerminalStyle } from '@strata-memory/cli-kit';
import { formatRunsSummary, type RunsSummary } from '../agent/summarize-runs.js';
import type { PlayResult } from '../trace/decision-record.js';

/** One row of the bench table: a run's result and its last call's prompt tokens (from its trace). */
export interface BenchTableRun {
  result: PlayResult;
  lastPromptTokens: number;
}

function formatNumber(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** What `strata bench` prints at the end, local or queued: the runs, the totals by agent, the report. */
export function formatBenchTable(
  runs: readonly BenchTableRun[],
  summary: RunsSummary,
  options: { style: TerminalStyle; cwd: string; reportFile: string },
): string {
  const { style } = options;
  const header = [
    'agent',
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
  const rows = runs.map(({ result, lastPromptTokens }) => [
    result.agent,
    String(result.seed),
    result.won ? 'won' : 'lost',
    String(result.floor),
    formatNumber(result.steps),
    formatNumber(result.promptTokens.p50),
    formatNumber(result.promptTokens.p95),
    formatNumber(result.promptTokens.max),
    formatNumber(lastPromptTokens),
    formatNumber(result.promptTokens.total),
    String(result.budgetViolations),
    formatNumber(result.stablePrefix.p50),
  ]);
  const lines = [
    '',
    style.bold('Runs (prompt tokens per call)'),
    formatTable(header, rows, 3),
    '',
    style.bold('Totals by agent'),
    formatRunsSummary(summary),
    '',
    `report: ${displayPath(options.cwd, options.reportFile)}`,
    '',
  ];
  return lines.join('\n');
}
