import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import { escapeHtml, jsonForScript, scriptForInline } from './embed-safely.js';
import { DEFAULT_PRICING, type PricingTable } from './pricing.js';
import { REPORT_CLIENT_SCRIPT } from './report-client-script.js';
import { summarizeTrace } from './trace-statistics.js';

/** One run as the report sees it: its trace, and its result when the run finished. */
export interface ReportRun {
  runId: string;
  records: DecisionRecord[];
  result?: PlayResult;
}

/** Options of `buildReportHtml`. */
export interface ReportOptions {
  title?: string;
  pricing?: PricingTable;
  /** Shown in the header; defaults to now. */
  generatedAt?: Date;
}

/** The per-run series the page's script charts (columns, to keep the file small). */
interface ReportRunData {
  runId: string;
  agent: string;
  seed: number;
  budget: number | null;
  promptTokens: number[];
  stablePrefixTokens: number[];
  outputTokens: Array<number | null>;
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

function toRunData(run: ReportRun): ReportRunData {
  const first = run.records[0];
  const statistics = summarizeTrace(run.records);
  const layers: Record<string, number[]> = {};
  for (const name of statistics.layers) layers[name] = run.records.map((record) => record.layers[name] ?? 0);
  return {
    runId: run.runId,
    agent: run.result?.agent ?? first?.agent ?? 'unknown',
    seed: run.result?.seed ?? first?.seed ?? 0,
    budget: run.result?.budget ?? statistics.budget,
    promptTokens: run.records.map((record) => record.promptTokens),
    stablePrefixTokens: run.records.map((record) => record.stablePrefixTokens),
    outputTokens: run.records.map((record) => record.usage?.output ?? null),
    layerNames: statistics.layers,
    layers,
  };
}

function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

function summaryRows(runs: ReportRun[]): string {
  return runs
    .map((run, index) => {
      const statistics = summarizeTrace(run.records);
      const data = toRunData(run);
      const result = run.result;
      const outcome = result === undefined ? 'unfinished' : result.won ? 'won' : 'lost';
      const cells = [
        run.runId,
        data.agent,
        String(data.seed),
        result?.policy ?? run.records[0]?.policy ?? '',
        outcome,
        String(result?.floor ?? statistics.lastFloor),
        formatNumber(statistics.calls),
        formatNumber(statistics.promptTokens.p50),
        formatNumber(statistics.promptTokens.p95),
        formatNumber(statistics.promptTokens.max),
        formatNumber(statistics.promptTokens.total),
        data.budget === null ? '-' : formatNumber(data.budget),
        String(statistics.budgetViolations),
        `${Math.round(statistics.stablePrefix.shareP50 * 100)}%`,
      ].map((cell) => `<td>${escapeHtml(cell)}</td>`);
      cells.push(`<td id="cost-plain-${index}"></td>`, `<td id="cost-cached-${index}"></td>`);
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
}

/** Totals per agent over all its runs, with the ratio to the structured agent (the point of a bench). */
function agentRows(runs: ReportRun[]): string {
  const agents = [...new Set(runs.map((run) => toRunData(run).agent))];
  const totals = agents.map((agent) => {
    const own = runs.filter((run) => toRunData(run).agent === agent);
    const statistics = summarizeTrace(own.flatMap((run) => run.records));
    return { agent, runs: own.length, statistics };
  });
  const structuredTotal = totals.find((entry) => entry.agent === 'structured')?.statistics.promptTokens.total;
  return totals
    .map(({ agent, runs: count, statistics }) => {
      const ratio =
        structuredTotal === undefined || structuredTotal === 0
          ? '-'
          : `${(statistics.promptTokens.total / structuredTotal).toFixed(1)}x`;
      const cells = [
        agent,
        String(count),
        formatNumber(statistics.calls),
        formatNumber(statistics.promptTokens.p50),
        formatNumber(statistics.promptTokens.p95),
        formatNumber(statistics.promptTokens.max),
        formatNumber(statistics.promptTokens.total),
        ratio,
        String(statistics.budgetViolations),
      ].map((cell) => `<td>${escapeHtml(cell)}</td>`);
      // Agent names come from traces: only plain names become element ids.
      const id = /^[\w-]+$/.test(agent) ? agent : '';
      cells.push(`<td id="agent-cost-plain-${id}"></td>`, `<td id="agent-cost-cached-${id}"></td>`);
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
}

/**
 * A self-contained HTML report of one or more runs: prompt tokens per call, per-layer stacked area,
 * cumulative tokens, estimated cost with and without prompt caching, and a summary table.
 */
export function buildReportHtml(runs: ReportRun[], options: ReportOptions = {}): string {
  const pricing = options.pricing ?? DEFAULT_PRICING;
  const title = options.title ?? 'Strata run report';
  const generatedAt = (options.generatedAt ?? new Date()).toISOString();
  const data = { runs: runs.map(toRunData), pricing };
  const agents = [...new Set(data.runs.map((run) => run.agent))].join(', ') || 'none';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 2rem; color: #111827; }
  h1 { margin-bottom: 0.2rem; } .meta { color: #4b5563; margin-top: 0; }
  section { margin: 1.5rem 0; } .chart { position: relative; height: 360px; }
  section { overflow-x: auto; }
  table { border-collapse: collapse; font-size: 0.85rem; width: 100%; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 0.3rem 0.5rem; text-align: right; white-space: nowrap; }
  tbody td:first-child, thead th:first-child { text-align: left; }
  section > table:first-of-type th:nth-child(-n+5), section > table:first-of-type td:nth-child(-n+5) { text-align: left; }
  .controls { font-size: 0.9rem; margin-bottom: 0.4rem; } .note { color: #4b5563; font-size: 0.85rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(`${runs.length} run(s) · agents: ${agents} · generated ${generatedAt}`)}</p>

<section>
<h2>Summary</h2>
<table>
<thead><tr><th>run</th><th>agent</th><th>seed</th><th>policy</th><th>result</th><th>floor</th><th>calls</th>
<th>p50 tokens</th><th>p95</th><th>max</th><th>total</th><th>budget</th><th>over budget</th><th>stable prefix (median share)</th>
<th>cost, no caching</th><th>cost, with caching</th></tr></thead>
<tbody>
${summaryRows(runs)}
</tbody>
</table>
<h3>By agent</h3>
<table>
<thead><tr><th>agent</th><th>runs</th><th>calls</th><th>p50 tokens</th><th>p95</th><th>max</th><th>total</th><th>total vs structured</th><th>over budget</th>
<th>cost, no caching</th><th>cost, with caching</th></tr></thead>
<tbody>
${agentRows(runs)}
</tbody>
</table>
<p class="note">Costs for <b id="cost-model-name"></b>, estimated from the pricing table (USD per million tokens; where no model answered, ${escapeHtml(String(pricing.assumedOutputTokens))} output tokens per call are assumed). With caching, each call's stable prefix is billed at the cached-input price when at least the model's minimum cacheable length.</p>
</section>

<section>
<h2>Prompt tokens per call</h2>
<div class="controls"><label><input type="checkbox" id="log-scale"> logarithmic scale</label></div>
<div class="chart"><canvas id="chart-tokens"></canvas></div>
</section>

<section>
<h2>Tokens per layer</h2>
<div class="controls"><label>run <select id="layer-run"></select></label></div>
<div class="chart"><canvas id="chart-layers"></canvas></div>
</section>

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
<script>${scriptForInline(chartJsSource())}</script>
<script>${scriptForInline(REPORT_CLIENT_SCRIPT)}</script>
</body>
</html>
`;
}
