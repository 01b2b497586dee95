export type { DecisionRecord, PlayResult } from './decision-record.js';
export {
  listRuns,
  MANIFEST_FILE_NAME,
  REPORT_FILE_NAME,
  RESULT_FILE_NAME,
  type RunListing,
  type RunManifest,
  type RunPaths,
  readRunManifest,
  readRunResult,
  runPaths,
  writeJsonFile,
  writeRunManifest,
  writeRunResult,
} from './run-directory.js';
export {
  createTraceWriter,
  readTrace,
  TRACE_FILE_NAME,
  type TraceReadResult,
  type TraceWriter,
  type TraceWriterOptions,
} from './trace-file.js';
