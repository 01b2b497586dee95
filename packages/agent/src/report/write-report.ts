import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import { readRunManifest, readRunResult, runPaths } from '../trace/run-directory.js';
import { readTrace } from '../trace/trace-file.js';
import { buildReportHtml, type ReportOptions, type ReportRun } from './build-report-html.js';

export interface LoadedReportRun extends ReportRun {
  runDir: string;
  /** Trace lines that could not be read (a torn last line after a crash). */
  skippedLines: number[];
}

/** Reads a run directory (trace.jsonl, and result.json when the run finished). */
export function loadReportRun(runDir: string): LoadedReportRun {
  if (!existsSync(runDir) || !statSync(runDir).isDirectory()) {
    throw new StrataError(
      'INPUT_INVALID',
      `Run directory ${runDir} does not exist. Pass directories under your runs folder, e.g. runs/<run-id>.`,
      { details: { runDir } },
    );
  }
  const paths = runPaths(runDir);
  const { records, skippedLines } = readTrace(paths.trace);
  const result = readRunResult(runDir);
  const manifest = readRunManifest(runDir);
  const runId = result?.runId ?? records[0]?.runId ?? basename(resolve(runDir));
  // The deciding model matters only when a model decided: the heuristic bot ignores --model.
  const model = manifest?.policy === 'llm' ? manifest.model : undefined;
  return {
    runId,
    runDir,
    records,
    skippedLines,
    ...(result === undefined ? {} : { result }),
    ...(model === undefined ? {} : { model }),
  };
}

/**
 * Builds one report over several run directories and writes it to `outFile`; returns the loaded runs.
 * `models` names the deciding model by run id where a run folder has no run.json (a queued bench's).
 */
export function writeReport(
  runDirs: string[],
  outFile: string,
  options: ReportOptions & { models?: Record<string, string> } = {},
): LoadedReportRun[] {
  if (runDirs.length === 0) {
    throw new StrataError(
      'INPUT_INVALID',
      'No run directories given. Pass at least one, e.g. runs/<run-id>.',
    );
  }
  const runs = runDirs.map((runDir) => {
    const run = loadReportRun(runDir);
    const model = options.models?.[run.runId];
    return run.model === undefined && model !== undefined && run.result?.policy === 'llm'
      ? { ...run, model }
      : run;
  });
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, buildReportHtml(runs, options));
  return runs;
}
