import {
  type Dirent,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import type { PlayResult } from './decision-record.js';
import { describeFileError } from './describe-file-error.js';
import { TRACE_FILE_NAME } from './trace-file.js';

/** The file a finished run's result is written to. */
export const RESULT_FILE_NAME = 'result.json';
/** The file a run's manifest (its options, for resuming) is written to. */
export const MANIFEST_FILE_NAME = 'run.json';
/** The file a run's HTML report is written to. */
export const REPORT_FILE_NAME = 'report.html';

/**
 * What a run was started with, written to `runs/<run-id>/run.json` before the first decision so that
 * `--resume` continues with the same settings. Never holds secrets (no API key, no database URL).
 */
export interface RunManifest {
  runId: string;
  agent: string;
  seed: number;
  character: string;
  /** The simulator's ruleset; absent on runs recorded before rulesets existed (they played sts1). */
  ruleset?: string;
  policy: string;
  budget: number;
  store: string;
  model?: string;
  provider?: string;
  baseUrl?: string;
  maxSteps?: number;
  contextLimit?: number;
  windowTurns?: number;
  savePrompts: boolean;
  startedAt: string;
}

/** Where a run's files are. */
export interface RunPaths {
  runDir: string;
  trace: string;
  result: string;
  manifest: string;
  report: string;
}

/** The paths of a run's files in `runDir`. */
export function runPaths(runDir: string): RunPaths {
  return {
    runDir,
    trace: join(runDir, TRACE_FILE_NAME),
    result: join(runDir, RESULT_FILE_NAME),
    manifest: join(runDir, MANIFEST_FILE_NAME),
    report: join(runDir, REPORT_FILE_NAME),
  };
}

/** Writes JSON through a temporary file and a rename, so a crash never leaves half a file. */
export function writeJsonFile(filePath: string, value: unknown): void {
  const temporary = `${filePath}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, filePath);
}

function readJsonFile<T>(filePath: string, what: string): T {
  try {
    return JSON.parse(readFileSync(filePath, 'utf8')) as T;
  } catch (error) {
    throw new StrataError(
      'INPUT_INVALID',
      `Cannot read ${what} at ${filePath}: ${(error as Error).message}.`,
      {
        cause: error,
        details: { filePath },
      },
    );
  }
}

/** Writes a run's manifest (the folder is created). */
export function writeRunManifest(runDir: string, manifest: RunManifest): void {
  mkdirSync(runDir, { recursive: true });
  writeJsonFile(runPaths(runDir).manifest, manifest);
}

/** A run's manifest, or undefined when there is none. */
export function readRunManifest(runDir: string): RunManifest | undefined {
  const path = runPaths(runDir).manifest;
  return existsSync(path) ? readJsonFile<RunManifest>(path, 'the run manifest') : undefined;
}

/** Writes a finished run's result (the folder is created). */
export function writeRunResult(runDir: string, result: PlayResult): void {
  mkdirSync(runDir, { recursive: true });
  writeJsonFile(runPaths(runDir).result, result);
}

/** A run's result, or undefined when it did not finish. */
export function readRunResult(runDir: string): PlayResult | undefined {
  const path = runPaths(runDir).result;
  return existsSync(path) ? readJsonFile<PlayResult>(path, 'the run result') : undefined;
}

/** A run found in a runs folder. */
export interface RunListing {
  runId: string;
  runDir: string;
  finished: boolean;
  /** Last change to the run's files, ms since the epoch. */
  modifiedMs: number;
}

/** Runs under `runsDir` (directories holding a manifest or a trace), most recently changed first. */
export function listRuns(runsDir: string): RunListing[] {
  if (!existsSync(runsDir)) return [];
  let entries: Dirent[];
  try {
    entries = readdirSync(runsDir, { withFileTypes: true });
  } catch (error) {
    throw new StrataError(
      'INPUT_INVALID',
      `Cannot list the runs in ${runsDir}: ${describeFileError(error)}. Pass --runs-dir the folder your runs are in (default: runs).`,
      { cause: error, details: { runsDir } },
    );
  }
  const listings: RunListing[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const paths = runPaths(join(runsDir, entry.name));
    const files = [paths.manifest, paths.trace, paths.result].filter((file) => existsSync(file));
    if (files.length === 0) continue;
    listings.push({
      runId: entry.name,
      runDir: paths.runDir,
      finished: existsSync(paths.result),
      modifiedMs: Math.max(...files.map((file) => statSync(file).mtimeMs)),
    });
  }
  return listings.sort((left, right) => right.modifiedMs - left.modifiedMs);
}
