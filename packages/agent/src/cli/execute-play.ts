import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import type { PricingTable } from '../report/pricing.js';
import { writeReport } from '../report/write-report.js';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import { describeFileError, isFileSystemError } from '../trace/describe-file-error.js';
import {
  type RunManifest,
  type RunPaths,
  runPaths,
  writeRunManifest,
  writeRunResult,
} from '../trace/run-directory.js';
import { lockRunDirectory } from '../trace/run-lock.js';
import { createTraceWriter, readTrace } from '../trace/trace-file.js';
import type { PlayRunner, PlayRunRequest } from './play-runner.js';

/**
 * Sortable and unique: `20261129-151500-structured-s1-3fa2`. A string `seed` names a game without seeds
 * instead: `20261129-151500-structured-sts2-3fa2`.
 */
export function createRunId(agent: string, seed: number | string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const game = typeof seed === 'number' ? `s${seed}` : seed;
  return `${stamp}-${agent}-${game}-${randomBytes(2).toString('hex')}`;
}

/** A bench folder: `bench-20261129-151500-3fa2`. */
export function createBenchId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `bench-${stamp}-${randomBytes(2).toString('hex')}`;
}

export function runDirectoryOf(runsDir: string, runId: string): string {
  return join(runsDir, runId);
}

/** A URL may carry a user and password; the manifest never keeps them. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** run.json; a run on the real game also records `game` and `sts2Url` (seed and character do not apply to it). */
export function manifestOf(
  request: Omit<PlayRunRequest, 'onDecision'>,
  startedAt: Date,
): RunManifest & { game?: string; sts2Url?: string } {
  return {
    ...gameFields(request),
    runId: request.runId,
    agent: request.agent,
    seed: request.seed,
    character: request.character,
    ...(request.ruleset === undefined || request.game === 'sts2' ? {} : { ruleset: request.ruleset }),
    policy: request.policy,
    budget: request.budget,
    store: request.store,
    ...(request.model === undefined ? {} : { model: request.model }),
    ...(request.provider === undefined ? {} : { provider: request.provider }),
    ...(request.baseUrl === undefined ? {} : { baseUrl: withoutCredentials(request.baseUrl) }),
    ...(request.maxSteps === undefined ? {} : { maxSteps: request.maxSteps }),
    ...(request.contextLimit === undefined ? {} : { contextLimit: request.contextLimit }),
    ...(request.windowTurns === undefined ? {} : { windowTurns: request.windowTurns }),
    savePrompts: request.savePrompts,
    startedAt: startedAt.toISOString(),
  };
}

/** Nothing for the simulator (older runs have no field either); the game and its URL for StS2. */
function gameFields(request: Omit<PlayRunRequest, 'onDecision'>): { game?: string; sts2Url?: string } {
  if (request.game !== 'sts2') return {};
  return {
    game: request.game,
    ...(request.sts2Url === undefined ? {} : { sts2Url: withoutCredentials(request.sts2Url) }),
  };
}

export interface ExecutedPlay {
  result: PlayResult;
  /** The whole trace, including decisions made before a resume. */
  records: DecisionRecord[];
  reportFile: string;
  /** Steps the trace lacks after a resume (see TraceWriter.missingSteps). */
  missingSteps: number[];
  /** Stopped by the request's signal: no result.json is written, so the run stays resumable. */
  interrupted: boolean;
}

export interface ExecutePlayHooks {
  /** After each decision is in trace.jsonl (and before its commit); a returned promise is awaited. */
  onDecision?(record: DecisionRecord, count: number): unknown;
  /** Before every commit to the store, awaited: records kept back since the last one are written here. */
  onCheckpoint?(): unknown;
  pricing?: PricingTable;
}

/**
 * Runs one play and writes its folder: run.json first, trace.jsonl line by line as decisions happen,
 * then result.json and report.html.
 */
export async function executePlay(
  runner: PlayRunner,
  request: Omit<PlayRunRequest, 'onDecision'>,
  hooks: ExecutePlayHooks = {},
): Promise<ExecutedPlay> {
  const paths = runPaths(request.runDir);
  // One process per run directory: a second resume would rewrite the trace under the first one.
  const lock = lockRunFolder(request.runDir);
  let decisions = 0;
  try {
    return await executeLocked(
      runner,
      request,
      {
        ...hooks,
        onDecision(record, count) {
          decisions = count;
          // Returned, so the runner awaits it before the decision's commit.
          return hooks.onDecision?.(record, count);
        },
      },
      paths,
    );
  } catch (error) {
    lock.release();
    // A new run that failed before its first decision has nothing to resume: leave no folder for
    // `--resume latest` to pick.
    if (!request.resume && decisions === 0) rmSync(request.runDir, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

/** The run folder's lock; a folder that cannot be made is INPUT_INVALID naming it, not a raw ENOTDIR/EACCES. */
function lockRunFolder(runDir: string): ReturnType<typeof lockRunDirectory> {
  try {
    return lockRunDirectory(runDir);
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    throw new StrataError(
      'INPUT_INVALID',
      `Cannot make the run folder ${runDir}: ${describeFileError(error)}. Pass a writable directory with --runs-dir (default: runs).`,
      { cause: error, details: { runDir } },
    );
  }
}

async function executeLocked(
  runner: PlayRunner,
  request: Omit<PlayRunRequest, 'onDecision'>,
  hooks: ExecutePlayHooks,
  paths: RunPaths,
): Promise<ExecutedPlay> {
  if (!request.resume) writeRunManifest(request.runDir, manifestOf(request, new Date()));
  const trace = createTraceWriter(paths.trace, { resume: request.resume });
  let result: PlayResult;
  try {
    result = await runner({
      ...request,
      onDecision(record) {
        trace.write(record);
        return hooks.onDecision?.(record, trace.count);
      },
      ...(hooks.onCheckpoint === undefined ? {} : { onCheckpoint: () => hooks.onCheckpoint?.() }),
    });
  } finally {
    trace.close();
  }
  const located: PlayResult & { game?: string } = {
    ...result,
    runId: request.runId,
    runDir: request.runDir,
    ...(request.game === 'sts2' ? { game: request.game } : {}),
  };
  result = located;
  const interrupted = request.signal?.aborted === true;
  if (!interrupted) writeRunResult(request.runDir, result);
  const records = readTrace(paths.trace).records;
  writeReport([request.runDir], paths.report, {
    title: `Strata run ${request.runId}`,
    ...(hooks.pricing === undefined ? {} : { pricing: hooks.pricing }),
  });
  return { result, records, reportFile: paths.report, interrupted, missingSteps: trace.missingSteps };
}
