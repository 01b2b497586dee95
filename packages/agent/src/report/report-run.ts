import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';

/** One run as the report sees it: its trace, and its result when the run finished. */
export interface ReportRun {
  runId: string;
  records: DecisionRecord[];
  result?: PlayResult;
  /** The model that decided (from run.json), for llm-policy runs. */
  model?: string;
  /** Where the run's files are (the prompt viewer names its trace). */
  runDir?: string;
}

/** Options of `buildReportHtml`. */
