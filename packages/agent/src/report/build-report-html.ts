import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { STRUCTURED_LAYER_BUDGETS } from '../agent/structured-context.js';
import { type RunsSummary, summarizeRuns } from '../agent/summarize-runs.js';
import type { PlayResult } from '../trace/decision-record.js';
import { describeAgent, policyExplanation } from './agent-descriptions.js';
import { type BenchStatistics, computeBenchStatistics, NO_MODEL } from './bench-statistics.js';
import { summarizeLosses } from './dropped-items.js';
import { escapeHtml, jsonForScript, scriptForInline } from './embed-safely.js';
import { formatCount, formatMean, formatPercent, formatPValue, formatRatio } from './format-number.js';
import { type HtmlCell, htmlTable } from './html-table.js';
import { DEFAULT_PRICING, type PricingTable } from './pricing.js';
import { REPORT_CLIENT_SCRIPT } from './report-client-script.js';
import { DEFAULT_PROMPT_CHARACTER_CAP, selectPrompts } from './report-prompts.js';
import type { ReportRun } from './report-run.js';
import { percentile, summarizeTrace } from './trace-statistics.js';

export type { ReportRun } from './report-run.js';

/** How the report is built: its title, the prices, the time it names, the prompt cap. */
export interface ReportOptions {
  title?: string;
  pricing?: PricingTable;
  /** Shown in the header; defaults to now. */
  generatedAt?: Date;
  /** Characters of saved prompts embedded at most (default 8,000,000); the rest stay in the traces. */
  promptCharacterCap?: number;
}

/** The per-run series the page's script charts (columns, to keep the file small). */
interface ReportRunData {
  runId: string;
  agent: string;
  model: string;
  seed: number;
  budget: number | null;
  trace: string | null;
  finished: boolean;
  promptTokens: number[];
  stablePrefixTokens: number[];
  outputTokens: Array<number | null>;
  inputTokens: Array<number | null>;
  cachedInputTokens: Array<number | null>;
  floors: number[];
  screens: string[];
  steps: number[];
  savedPrompts: boolean;
  layerNames: string[];
  layers: Record<string, number[]>;
}

let chartLibrary: string | undefined;

/** Chart.js's UMD build, read once from node_modules and inlined (the report needs no network). */
function chartJsSource(): string {
  if (chartLibrary === undefined) {
    const require = createRequire(import.meta.url);
    // The package's exports map hides dist/chart.umd.js; resolve its main file and look beside it.
    const distDirectory = dirname(require.resolve('chart.js'));
    chartLibrary = readFileSync(join(distDirectory, 'chart.umd.js'), 'utf8');
  }
  return chartLibrary;
}

function agentOf(run: ReportRun): string {
  return run.result?.agent ?? run.records[0]?.agent ?? 'unknown';
}

function modelOf(run: ReportRun): string {
  return run.model ?? NO_MODEL;
}

function toRunData(run: ReportRun): ReportRunData {
  const first = run.records[0];
  const statistics = summarizeTrace(run.records);
  const layers: Record<string, number[]> = {};
  for (const name of statistics.layers) layers[name] = run.records.map((record) => record.layers[name] ?? 0);
  return {
    runId: run.runId,
    agent: agentOf(run),
    model: modelOf(run),
    seed: run.result?.seed ?? first?.seed ?? 0,
    budget: run.result?.budget ?? statistics.budget,
    trace: run.runDir === undefined ? null : join(run.runDir, 'trace.jsonl'),
    finished: run.result !== undefined,
    promptTokens: run.records.map((record) => record.promptTokens),
    stablePrefixTokens: run.records.map((record) => record.stablePrefixTokens),
    outputTokens: run.records.map((record) => record.usage?.output ?? null),
    inputTokens: run.records.map((record) => record.usage?.input ?? null),
    cachedInputTokens: run.records.map((record) => record.usage?.cachedInput ?? null),
    floors: run.records.map((record) => record.floor),
    screens: run.records.map((record) => record.screen),
    steps: run.records.map((record) => record.step),
    savedPrompts: run.records.some((record) => record.messages !== undefined),
    layerNames: statistics.layers,
    layers,
  };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** Agent names become element ids only when plain. */
function idPart(name: string, index: number): string {
  return /^[\w-]+$/.test(name) ? name : `agent-${index}`;
}

function agentsSection(runs: readonly ReportRun[]): string {
  const agents = unique(runs.map(agentOf));
  const policies = unique(runs.map((run) => run.result?.policy ?? run.records[0]?.policy ?? 'heuristic'));
  const items = agents
    .map((agent) => `<li><b>${escapeHtml(agent)}</b>: ${escapeHtml(describeAgent(agent))}</li>`)
    .join('\n');
  return `<section id="agents">
<h2>What is compared</h2>
<ul class="agents">
${items}
</ul>
<p class="policy" id="policy-note">${escapeHtml(policyExplanation(policies))}</p>
</section>`;
}

function goalLine(label: string, value: boolean | null, detail: string): string {
  const state = value === null ? 'n/a' : value ? 'met' : 'NOT met';
  const className = value === null ? 'goal-na' : value ? 'goal-met' : 'goal-missed';
  return `<li class="${className}"><span class="goal-state">${state}</span> ${escapeHtml(label)} <span class="note">(${escapeHtml(detail)})</span></li>`;
}

function goalsSection(summary: RunsSummary | undefined, unfinished: number): string {
  if (summary === undefined) {
    return `<section id="goals"><h2>Goals</h2><p class="note">No run has finished yet, so no goal can be judged.</p></section>`;
  }
  const structured = summary.agents.find((agent) => agent.agent === 'structured');
  const ratio = summary.ratios.naiveLastOverStructuredMax;
  const lines = [
    goalLine(
      'The structured agent stays within its budget on every call',
      summary.goals.structuredWithinBudget,
      structured === undefined
        ? 'no structured run'
        : `${formatCount(structured.budgetViolations)} calls over budget`,
    ),
    goalLine(
      "The structured agent's prompt stays flat: p95 at most 1.5x p50 in every run",
      summary.goals.structuredFlat,
      structured === undefined
        ? 'no structured run'
        : `${structured.flatRuns} of ${structured.runs} runs flat`,
    ),
    goalLine(
      "At least half of the structured agent's prompt is a stable prefix (reusable by prompt caching)",
      summary.goals.structuredStablePrefixHalf,
      structured === undefined
        ? 'no structured run'
        : `median share ${formatPercent(structured.stablePrefixShareP50)}`,
    ),
    goalLine(
      "The naive agent's last call is at least 50x the structured agent's largest, on runs of 800+ decisions",
      summary.goals.naiveFiftyTimes,
      ratio === null
        ? 'needs a naive and a structured run of one seed'
        : `per seed: min ${formatRatio(ratio.min)}, median ${formatRatio(ratio.median)}${summary.goals.naiveFiftyTimes === null ? '; no naive run reached 800 decisions' : ''}`,
    ),
  ];
  const note =
    unfinished > 0
      ? `<p class="note">${formatCount(unfinished)} unfinished run(s) are charted but left out of the goals and statistics.</p>`
      : '';
  return `<section id="goals"><h2>Goals</h2><ul class="goals">${lines.join('\n')}</ul>${note}</section>`;
}

function winRateCell(group: BenchStatistics['groups'][number]): string {
  const rate = group.winRate;
  return `${formatPercent(rate.estimate)} [${formatPercent(rate.lower)}, ${formatPercent(rate.upper)}]`;
}

function agentSummarySection(
  statistics: BenchStatistics | undefined,
  summary: RunsSummary | undefined,
): string {
  if (statistics === undefined || summary === undefined) return '';
  const rows: HtmlCell[][] = statistics.groups.map((group, index) => {
    const ratio = summary.ratios.totalOverStructured[group.agent];
    const totals = summary.agents.find((agent) => agent.agent === group.agent);
    const id = idPart(`${group.agent}-${group.model}`, index);
    return [
      group.agent,
      group.model,
      formatCount(group.runs),
      formatCount(group.won),
      winRateCell(group),
      formatMean(group.floor.median),
      formatMean(group.decisions.mean),
      `${formatCount(group.promptTokens.p50)} / ${formatCount(group.promptTokens.p95)} / ${formatCount(group.promptTokens.max)}`,
      formatCount(group.promptTokens.total),
      ratio === undefined ? '-' : formatRatio(ratio),
      formatCount(totals?.budgetViolations ?? 0),
      { html: '', id: `group-cost-plain-${id}` },
      { html: '', id: `group-cost-cached-${id}` },
    ];
  });
  return `<h3>By agent and model</h3>
${htmlTable(
  [
    'agent',
    'model',
    'runs',
    'won',
    'win rate [95% CI]',
    'median floor',
    'decisions per run (mean)',
    'prompt tokens p50 / p95 / max',
    'total prompt tokens',
    'total vs structured',
    'calls over budget',
    'cost, no caching',
    'cost, with caching',
  ],
  rows,
  { leftColumns: 2, id: 'agent-table' },
)}
<p class="note">Win rate: ${escapeHtml(statistics.methods.winRate)}. Prompt tokens are over every call of every run of the agent.</p>`;
}

function comparisonsSection(statistics: BenchStatistics | undefined): string {
  if (statistics === undefined || statistics.comparisons.length === 0) return '';
  const rows: HtmlCell[][] = statistics.comparisons.map((comparison) => [
    `${comparison.a.agent} (${comparison.a.model})`,
    `${comparison.b.agent} (${comparison.b.model})`,
    `${formatCount(comparison.a.won)}/${formatCount(comparison.a.runs)} vs ${formatCount(comparison.b.won)}/${formatCount(comparison.b.runs)}`,
    `${comparison.difference >= 0 ? '+' : ''}${formatPercent(comparison.difference)}`,
    formatPValue(comparison.pValue),
    comparison.runsPerArmNeeded === null
      ? 'no difference to detect'
      : formatCount(comparison.runsPerArmNeeded),
  ]);
  const caution = statistics.measuresDecisionQuality
    ? ''
    : '<p class="note"><b>Heuristic policy:</b> every agent played the same trajectory, so the win counts are equal by construction; this test says nothing about the memories.</p>';
  return `<section id="statistics">
<h2>Is the difference real?</h2>
${htmlTable(['agent a', 'agent b', 'wins', 'difference in win rate', 'p (two-sided)', 'runs per agent for 80% power'], rows, { leftColumns: 2, id: 'comparison-table' })}
${caution}
<p class="note">p: ${escapeHtml(statistics.methods.test)}. Runs per agent: ${escapeHtml(statistics.methods.runsPerArm)}; alpha ${statistics.methods.alpha}, power ${formatPercent(statistics.methods.power)}.</p>
</section>`;
}

function runRows(runs: readonly ReportRun[]): HtmlCell[][] {
  return runs.map((run, index) => {
    const statistics = summarizeTrace(run.records);
    const data = toRunData(run);
    const result = run.result;
    const outcome = result === undefined ? 'unfinished' : result.won ? 'won' : 'lost';
    return [
      { html: escapeHtml(run.runId), className: 'left run-id' },
      data.agent,
      data.model,
      String(data.seed),
      outcome,
      formatCount(result?.floor ?? statistics.lastFloor),
      formatCount(statistics.calls),
      `${formatCount(statistics.promptTokens.p50)} / ${formatCount(statistics.promptTokens.p95)} / ${formatCount(statistics.promptTokens.max)}`,
      formatCount(statistics.promptTokens.total),
      data.budget === null ? '-' : formatCount(data.budget),
      formatCount(statistics.budgetViolations),
      formatPercent(statistics.stablePrefix.shareP50),
      { html: '', id: `cost-plain-${index}` },
      { html: '', id: `cost-cached-${index}` },
    ];
  });
}

function layerComparisonTable(runs: readonly ReportRun[]): string {
  const agents = unique(runs.map(agentOf));
  const layerNames = unique(runs.flatMap((run) => summarizeTrace(run.records).layers));
  const medianOf = (agent: string, layer: string): string => {
    const own = runs.filter((run) => agentOf(run) === agent).flatMap((run) => run.records);
    if (!own.some((record) => layer in record.layers)) return '-';
    return formatCount(
      percentile(
        own.map((record) => record.layers[layer] ?? 0),
        0.5,
      ),
    );
  };
  // The structured agent's own layer budgets beside the medians (the baselines have none).
  const layerBudgets: Record<string, number> = agents.includes('structured')
    ? { ...STRUCTURED_LAYER_BUDGETS }
    : {};
  const withBudgets = Object.keys(layerBudgets).length > 0;
  const budgetOf = (layer: string): HtmlCell[] => {
    if (!withBudgets) return [];
    const budget = layerBudgets[layer];
    return [budget === undefined ? '-' : formatCount(budget)];
  };
  const rows: HtmlCell[][] = layerNames.map((layer) => [
    layer,
    ...agents.map((agent) => medianOf(agent, layer)),
    ...budgetOf(layer),
  ]);
  rows.push([
    { html: '<b>whole prompt</b>' },
    ...agents.map((agent) =>
      formatCount(
        percentile(
          runs
            .filter((run) => agentOf(run) === agent)
            .flatMap((run) => run.records.map((record) => record.promptTokens)),
          0.5,
        ),
      ),
    ),
  ]);
  rows.push([
    'budget',
    ...agents.map((agent) => {
      const budgets = runs
        .filter((run) => agentOf(run) === agent)
        .map((run) => toRunData(run).budget)
        .filter((budget): budget is number => budget !== null);
      return budgets.length === 0 ? 'none' : formatCount(Math.max(...budgets));
    }),
    ...budgetOf(''),
  ]);
  const wholePrompt = rows[rows.length - 2];
  if (wholePrompt !== undefined) wholePrompt.push(...budgetOf(''));
  return htmlTable(
    ['median tokens per call', ...agents, ...(withBudgets ? ['structured layer budget'] : [])],
    rows,
    { id: 'layer-table' },
  );
}

function lossesSection(runs: readonly ReportRun[]): string {
  const rows: HtmlCell[][] = [];
  const details: string[] = [];
  runs.forEach((run) => {
    const losses = summarizeLosses(run.records);
    for (const layer of losses.layers) {
      rows.push([
        { html: escapeHtml(run.runId), className: 'left run-id' },
        agentOf(run),
        layer.layer,
        formatCount(layer.callsWithDropped),
        formatCount(layer.itemsDropped),
        formatCount(layer.callsWithTruncated),
        formatCount(layer.itemsTruncated),
      ]);
    }
    if (losses.calls.length > 0) {
      const shown = losses.calls.slice(0, 200);
      const items = shown
        .map((call) => {
          const parts = [
            ...Object.entries(call.dropped).map(
              ([layer, count]) => `${layer}: ${formatCount(count)} dropped`,
            ),
            ...Object.entries(call.truncated).map(
              ([layer, count]) => `${layer}: ${formatCount(count)} truncated`,
            ),
          ];
          return `<li>call ${formatCount(call.call)} (floor ${formatCount(call.floor)}, ${escapeHtml(call.screen)}): ${escapeHtml(parts.join(', '))}</li>`;
        })
        .join('');
      const more =
        losses.calls.length > shown.length
          ? `<li>... and ${formatCount(losses.calls.length - shown.length)} more calls (see the trace)</li>`
          : '';
      details.push(
        `<details><summary>${escapeHtml(`${agentOf(run)} · ${run.runId}`)}: ${formatCount(losses.calls.length)} call(s)</summary><ul class="calls">${items}${more}</ul></details>`,
      );
    }
  });
  const body =
    rows.length === 0
      ? '<p id="no-losses">No item was dropped or truncated in any call: every layer fitted its budget.</p>'
      : `${htmlTable(['run', 'agent', 'layer', 'calls with items dropped', 'items dropped', 'calls with an item truncated', 'items truncated'], rows, { leftColumns: 3, id: 'loss-table' })}
${details.join('\n')}`;
  return `<section id="losses">
<h2>Dropped and truncated items</h2>
<p class="note">Dropped: items that did not fit their layer's budget, the total budget or a count limit (items merely ranked below the ones shown, or notes not triggered, are not losses). Truncated: items shown in part, ending with a visible marker.</p>
${body}
</section>`;
}

/**
 * A self-contained HTML report of one or more runs: what the agents are and what the policy means, the
 * goals, per-agent statistics with intervals and tests, prompt tokens per call (click a call to see its
 * prompt), layers side by side, losses, cumulative tokens and cost with and without prompt caching.
 */
export function buildReportHtml(runs: ReportRun[], options: ReportOptions = {}): string {
  const pricing = options.pricing ?? DEFAULT_PRICING;
  const title = options.title ?? 'Strata run report';
  const generatedAt = (options.generatedAt ?? new Date()).toISOString();
  const finished = runs.filter((run): run is ReportRun & { result: PlayResult } => run.result !== undefined);
  const summary =
    finished.length === 0
      ? undefined
      : summarizeRuns(
          finished.map((run) => run.result),
          finished.flatMap((run) => run.records),
        );
  const statistics =
    finished.length === 0
      ? undefined
      : computeBenchStatistics(
          finished.map((run) => ({
            result: run.result,
            records: run.records,
            ...(run.model === undefined ? {} : { model: run.model }),
          })),
          pricing,
        );
  const runData = runs.map(toRunData);
  const agents = unique(runData.map((run) => run.agent));
  // The naive line must not flatten the others: log scale when agents' median prompts differ by over 10x.
  const medians = agents.map((agent) =>
    percentile(
      runData.filter((run) => run.agent === agent).flatMap((run) => run.promptTokens),
      0.5,
    ),
  );
  const positive = medians.filter((value) => value > 0);
  const spread = positive.length < 2 ? 1 : Math.max(...positive) / Math.min(...positive);
  const prompts = selectPrompts(runs, options.promptCharacterCap ?? DEFAULT_PROMPT_CHARACTER_CAP);
  const groupIds = (statistics?.groups ?? []).map((group, index) => ({
    agent: group.agent,
    model: group.model,
    id: idPart(`${group.agent}-${group.model}`, index),
  }));
  const data = {
    runs: runData,
    pricing,
    agents,
    groups: groupIds,
    logScale: spread > 10,
    spread,
    statistics: statistics ?? null,
    promptsLeftOut: prompts.leftOut,
  };
  const policies = unique(
    runData.map((_, index) => runs[index]?.result?.policy ?? runs[index]?.records[0]?.policy ?? ''),
  );
  const layerCharts = agents
    .map(
      (agent, index) =>
        `<figure class="layer-figure"><figcaption>${escapeHtml(agent)}</figcaption><div class="chart small"><canvas id="chart-layers-${index}"></canvas></div></figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem; color: #111827; }
  h1 { margin-bottom: 0.2rem; } .meta { color: #4b5563; margin-top: 0; }
  section { margin: 1.5rem 0; } .chart { position: relative; height: 360px; } .chart.small { height: 280px; }
  .table-wrap { overflow-x: auto; max-width: 100%; }
  table { border-collapse: collapse; font-size: 0.8rem; width: 100%; }
  th { font-weight: 600; vertical-align: bottom; white-space: normal; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 0.25rem 0.4rem; text-align: right; }
  td { white-space: nowrap; font-variant-numeric: tabular-nums; }
  .left { text-align: left; }
  td.run-id { white-space: normal; overflow-wrap: break-word; font-family: ui-monospace, monospace; font-size: 0.72rem; max-width: 15rem; }
  .controls { font-size: 0.9rem; margin-bottom: 0.4rem; } .note { color: #4b5563; font-size: 0.85rem; }
  .agents li { margin: 0.25rem 0; } .policy { background: #fef3c7; border-left: 4px solid #d97706; padding: 0.5rem 0.75rem; }
  .goals { list-style: none; padding-left: 0; } .goals li { margin: 0.3rem 0; }
  .goal-state { display: inline-block; min-width: 4.5rem; font-weight: 700; }
  .goal-met .goal-state { color: #15803d; } .goal-missed .goal-state { color: #b91c1c; } .goal-na .goal-state { color: #6b7280; }
  .layer-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 0.75rem; }
  .layer-figure { margin: 0; } .layer-figure figcaption { font-weight: 600; }
  #prompt-view { border: 1px solid #d1d5db; border-radius: 6px; padding: 0.5rem 0.75rem; margin-top: 0.5rem; max-height: 480px; overflow: auto; }
  #prompt-view pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.75rem; background: #f9fafb; padding: 0.4rem; margin: 0.2rem 0 0.6rem; }
  #prompt-view .role { font-weight: 600; font-size: 0.8rem; }
  ul.calls { font-size: 0.8rem; columns: 2; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(`${formatCount(runs.length)} run(s) · agents: ${agents.join(', ') || 'none'} · policy: ${policies.join(', ')} · generated ${generatedAt}`)}</p>

${agentsSection(runs)}

${goalsSection(summary, runs.length - finished.length)}

<section id="summary">
<h2>Summary</h2>
${agentSummarySection(statistics, summary)}
<h3>Runs</h3>
${htmlTable(
  [
    'run',
    'agent',
    'model',
    'seed',
    'result',
    'floor',
    'calls',
    'prompt tokens p50 / p95 / max',
    'total prompt tokens',
    'budget',
    'calls over budget',
    'stable prefix (median share)',
    'cost, no caching',
    'cost, with caching',
  ],
  runRows(runs),
  { leftColumns: 5, id: 'run-table' },
)}
<p class="note">Costs for <b id="cost-model-name"></b>, in USD from the pricing table (per million tokens). A call a model answered is billed from the provider's usage (its cached input at the cached price, with caching); a call no model answered is estimated: ${escapeHtml(formatCount(pricing.assumedOutputTokens))} output tokens, and the stable prefix at the cached price when at least the model's minimum cacheable length.</p>
</section>

${comparisonsSection(statistics)}

<section id="tokens">
<h2>Prompt tokens per call</h2>
<div class="controls"><label><input type="checkbox" id="log-scale"${spread > 10 ? ' checked' : ''}> logarithmic scale</label>
<span class="note">${spread > 10 ? `on by default: the agents' median prompts differ by ${escapeHtml(formatRatio(spread))}` : ''}</span></div>
<div class="chart"><canvas id="chart-tokens"></canvas></div>
<p class="note">Click a call to see its prompt${prompts.saved === 0 ? ' (these runs were played without --save-prompts, so only their numbers are known)' : ''}.${prompts.leftOut > 0 ? ` ${escapeHtml(formatCount(prompts.leftOut))} of ${escapeHtml(formatCount(prompts.saved))} saved prompts are too large to embed here; their trace lines hold them.` : ''}</p>
<div id="prompt-view" hidden></div>
</section>

<section id="layers">
<h2>Tokens per layer, agents side by side</h2>
<div class="controls"><label>seed <select id="layer-seed"></select></label> <label><input type="checkbox" id="layer-same-scale"${spread > 10 ? '' : ' checked'}> same vertical scale</label> <span class="note">one seed for every agent; dashed: the run's budget${spread > 10 ? '; own scales by default, as the agents differ by over 10x' : ''}</span></div>
<div class="layer-grid">
${layerCharts}
</div>
${layerComparisonTable(runs)}
</section>

${lossesSection(runs)}

<section>
<h2>Cumulative prompt tokens</h2>
<div class="chart"><canvas id="chart-cumulative"></canvas></div>
</section>

<section>
<h2>Estimated cost</h2>
<div class="controls"><label>model <select id="cost-model"></select></label> (solid: no caching; dashed: with prompt caching)</div>
<div class="chart"><canvas id="chart-cost"></canvas></div>
</section>

<script type="application/json" id="strata-data">${jsonForScript(data)}</script>
<script type="application/json" id="strata-prompts">${jsonForScript(prompts.prompts)}</script>
<script>${scriptForInline(chartJsSource())}</script>
<script>${scriptForInline(REPORT_CLIENT_SCRIPT)}</script>
</body>
</html>
`;
}
