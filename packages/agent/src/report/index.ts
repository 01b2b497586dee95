export { buildReportHtml, type ReportOptions, type ReportRun } from './build-report-html.js';
export { escapeHtml, jsonForScript } from './embed-safely.js';
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
export { bucketMax, renderTokenChart, type TerminalChartOptions } from './terminal-chart.js';
export { percentile, summarizeTrace, type TraceStatistics } from './trace-statistics.js';
export { type LoadedReportRun, loadReportRun, writeReport } from './write-report.js';
