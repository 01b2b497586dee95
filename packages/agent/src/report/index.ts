export { AGENT_DESCRIPTIONS, describeAgent, policyExplanation } from './agent-descriptions.js';
export {
  type BenchRunInput,
  type BenchStatistics,
  computeBenchStatistics,
  type GroupComparison,
  type GroupStatistics,
  NO_MODEL,
} from './bench-statistics.js';
export { buildReportHtml, type ReportOptions, type ReportRun } from './build-report-html.js';
export { type CallLosses, type LayerLosses, summarizeLosses } from './dropped-items.js';
export { escapeHtml, jsonForScript } from './embed-safely.js';
export {
  formatCount,
  formatMean,
  formatMoney,
  formatPercent,
  formatPValue,
  formatRatio,
} from './format-number.js';
export {
  type CallCost,
  DEFAULT_PRICING,
  estimateCallCost,
  loadPricing,
  type ModelPrice,
  mergePricing,
  type PricingFile,
  type PricingTable,
} from './pricing.js';
export { DEFAULT_PROMPT_CHARACTER_CAP, type EmbeddedPrompts, selectPrompts } from './report-prompts.js';
export { type CostSource, costOfRecords, type RunCost } from './run-cost.js';
export { type ExactTestResult, FISHER_METHOD, fisherExactTest } from './statistics/fisher-exact-test.js';
export {
  RUNS_PER_ARM_METHOD,
  type RunsPerArm,
  runsPerArm,
  runsPerArmUncorrected,
} from './statistics/runs-per-arm.js';
export { type ProportionInterval, WILSON_METHOD, wilsonInterval } from './statistics/wilson-interval.js';
export { bucketMax, renderTokenChart, type TerminalChartOptions } from './terminal-chart.js';
export { percentile, summarizeTrace, type TraceStatistics } from './trace-statistics.js';
export { type LoadedReportRun, loadReportRun, writeReport } from './write-report.js';
