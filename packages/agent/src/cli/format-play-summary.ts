import { displayPath, type TerminalStyle } from '@strata-memory/cli-kit';
import { formatCount } from '../report/format-number.js';
import { renderTokenChart } from '../report/terminal-chart.js';
import { summarizeTrace } from '../report/trace-statistics.js';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';

const formatNumber = formatCount;

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

/** The end-of-run summary: result, prompt sizes against the budget, cache reuse, a chart, the files. */
export function formatPlaySummary(
  result: PlayResult,
  records: readonly DecisionRecord[],
  options: { style: TerminalStyle; color: boolean; cwd: string; width?: number },
): string {
  const { style } = options;
  const statistics = summarizeTrace(records);
  const outcome = result.won ? style.green('won') : style.red('lost');
  const stopped = result.won ? '' : ` on floor ${result.floor} (act ${result.act})`;
  const budget = result.budget;
  const maxShare =
    budget === null ? '' : ` (max is ${Math.round((result.promptTokens.max / budget) * 100)}% of it)`;
  const violations =
    result.budgetViolations === 0 ? style.green('0') : style.red(String(result.budgetViolations));
  const shareOfPrompt = Math.round(statistics.stablePrefix.shareP50 * 100);
  const directory = displayPath(options.cwd, result.runDir);
  const lines = [
    '',
    style.bold(
      `Run ${result.runId}: ${result.agent} agent, ${result.policy} policy, ${result.character}, seed ${result.seed}`,
    ),
    `  result       ${outcome}${stopped} after ${formatNumber(result.steps)} decisions (${formatNumber(result.calls)} prompts assembled)`,
    `  prompt size  p50 ${formatNumber(result.promptTokens.p50)} · p95 ${formatNumber(result.promptTokens.p95)} · max ${formatNumber(result.promptTokens.max)} tokens` +
      (budget === null ? ' (no budget)' : ` · budget ${formatNumber(budget)}${maxShare}`),
    `  over budget  ${violations} call(s)`,
    `  total        ${formatNumber(result.promptTokens.total)} prompt tokens`,
    `  stable prefix median ${formatNumber(result.stablePrefix.p50)} tokens (${shareOfPrompt}% of a prompt, reusable by prompt caching)`,
  ];
  if (result.policy === 'heuristic') {
    lines.push(
      `  policy       heuristic bot: prompts are assembled and measured every decision, not sent to a model`,
    );
  } else {
    lines.push(
      `  repairs      ${result.repairs} repair turn(s), ${result.fallbacks} fallback(s) to the heuristic`,
    );
    if (result.firstModelError !== undefined) {
      lines.push(
        `  model error  first: ${style.yellow(result.firstModelError)} (every error is in trace.jsonl)`,
      );
    }
  }
  lines.push(`  time         ${seconds(result.elapsedMs)}`);
  lines.push('', style.bold('Prompt tokens per call'));
  lines.push(
    renderTokenChart(
      records.map((record) => record.promptTokens),
      { budget, color: options.color, width: options.width ?? 72 },
    ),
  );
  lines.push(
    '',
    `  files        ${directory}/trace.jsonl · result.json · report.html (open it in a browser)`,
    `  compare      npx strata play --agent naive --seed ${result.seed}   (and --agent window)`,
    `               npx strata bench --seeds ${result.seed} --agents structured,window,naive`,
    '',
  );
  return lines.join('\n');
}
