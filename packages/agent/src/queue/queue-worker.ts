import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createTiktokenTokenizer, type MemoryStore, StrataError } from '@strata-memory/strata';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import type { Pool } from 'pg';
import type PgBoss from 'pg-boss';
import { playRun } from '../agent/play-run.js';
import { readRunMeta } from '../agent/run-session.js';
import { toPlayRunOptions } from '../cli/agent-play-runner.js';
import { executePlay, manifestOf, runDirectoryOf } from '../cli/execute-play.js';
import type { AgentName } from '../cli/parse-cli-values.js';
import type { PlayRunner, PlayRunRequest } from '../cli/play-runner.js';
import { newRunRequest, type RunCommandOptions, validateRunOptions } from '../cli/run-options.js';
import type { DecisionRecord } from '../trace/decision-record.js';
import { readRunManifest, writeRunManifest } from '../trace/run-directory.js';
import {
  type BenchRow,
  claimRun,
  loadBench,
  loadRun,
  markRunCancelled,
  markRunFailed,
  saveDecisions,
  saveResult,
} from './bench-run-table.js';
import {
  type BenchQueue,
  describeQueueUrl,
  openAsyncCommitPool,
  openBenchQueue,
  RUN_QUEUE,
} from './open-bench-queue.js';
import { type RunJob, runNamespace } from './queued-bench.js';
import { createRateLimitedFetch, rateLimitKey } from './rate-limited-fetch.js';
import { type LeaseLoss, reapStaleRuns, startRunLease } from './run-lease.js';
import { createSharedRateLimiter, type RateLimit } from './shared-rate-limit.js';

/**
 * Decisions between commits of a heuristic run: one Postgres transaction per decision (the store's
 * commit, then a record write) made a queued run about 4x slower than a local one.
 */
const HEURISTIC_COMMIT_EVERY = 25;

/** What a worker reports as it goes (the CLI prints these; tests read them). */
export type WorkerEvent =
  | { type: 'started'; worker: string; concurrency: number }
  | { type: 'run-started'; runId: string; attempt: number; resume: boolean; fromStep: number }
  | { type: 'run-finished'; runId: string; steps: number; resultWritten: boolean }
  | { type: 'run-skipped'; runId: string; reason: 'already-done' | 'cancelled' | 'unknown' }
  | { type: 'run-cancelled'; runId: string; steps: number }
  | { type: 'run-failed'; runId: string; error: string; final: boolean }
  | { type: 'reaped'; runIds: string[] };

export interface QueueWorkerOptions {
  /** The pg-boss queue's Postgres. */
  queueUrl: string;
  /** Runs played at once by this process (default 1). */
  concurrency?: number;
  /** Where run folders are written: `<runsDir>/<bench-id>/<run-id>/`. */
  runsDir: string;
  /** The memory store's Postgres (default: the queue's). */
  databaseUrl?: string;
  /** For API keys (the worker's own environment; keys never travel through the queue). */
  env: Record<string, string | undefined>;
  /** A run whose worker sends no heartbeat this long is re-delivered (default 60,000 ms). */
  visibilityTimeoutMs?: number;
  /** How often an idle worker asks for a job, seconds (default 1; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Limits of this worker on top of each bench's own (both apply). */
  rateLimits?: readonly RateLimit[];
  workerId?: string;
  /** Plays one run (default: the agent loop on this worker's shared Postgres store). */
  runner?: PlayRunner;
  onEvent?: (event: WorkerEvent) => void;
}

export interface QueueWorker {
  readonly id: string;
  /** Stops taking jobs, stops running runs after their current decision (they are re-delivered), closes. */
  stop(): Promise<void>;
}

/** Starts a worker: `concurrency` pg-boss consumers of the run queue plus the lease reaper. */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const concurrency = options.concurrency ?? 1;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 60_000;
  const workerId = options.workerId ?? `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;
  const emit = options.onEvent ?? (() => {});
  const queue = await openBenchQueue(options.queueUrl);
  const storeUrl = options.databaseUrl ?? options.queueUrl;
  let store: MemoryStore | undefined;
  const limiter = createSharedRateLimiter(queue.pool);
  const tokenizer = createTiktokenTokenizer('o200k_base');
  const running = new Map<string, AbortController>();
  let stopping = false;

  let storePool: Pool | undefined;
  /**
   * The memory store, on connections with asynchronous commit (no WAL flush wait per commit): a killed
   * worker loses nothing the server received, and a crash of the server itself loses only the last
   * commits of one WAL, so every run is still at a consistent step and resumes from there.
   */
  let opening: Promise<MemoryStore> | undefined;
  const openStore = (): Promise<MemoryStore> => {
    opening ??= (async () => {
      storePool = await openAsyncCommitPool(storeUrl, Math.max(2, concurrency + 1));
      store = createPostgresStore({ pool: storePool });
      return store;
    })();
    return opening;
  };

  const runner: PlayRunner =
    options.runner ??
    (async (request) => playRun({ ...toPlayRunOptions(request), store: await openStore() }));

  /** Decisions the store has committed for the run (undefined: none, a fresh start). */
  async function committedSteps(runId: string): Promise<number | undefined> {
    const store = await openStore();
    await store.open();
    const session = await store.loadSession(runId);
    if (session === undefined) return undefined;
    return readRunMeta(session)?.actions.length ?? 0;
  }

  async function handle(job: PgBoss.JobWithMetadata<RunJob>): Promise<unknown> {
    const { runId, benchId } = job.data;
    const run = await loadRun(queue.pool, runId);
    if (run === undefined) {
      emit({ type: 'run-skipped', runId, reason: 'unknown' });
      return { runId, skipped: 'unknown run' };
    }
    if (run.result !== null) {
      // At-least-once delivery: a job delivered again after its run finished does nothing.
      emit({ type: 'run-skipped', runId, reason: 'already-done' });
      return { runId, skipped: 'already done' };
    }
    const bench = await loadBench(queue.pool, benchId);
    if (bench === undefined || bench.state === 'cancelled' || run.state === 'cancelled') {
      await markRunCancelled(queue.pool, runId);
      emit({ type: 'run-skipped', runId, reason: 'cancelled' });
      return { runId, skipped: 'cancelled' };
    }
    if (!(await claimRun(queue.pool, runId, workerId, job.id))) {
      emit({ type: 'run-skipped', runId, reason: 'already-done' });
      return { runId, skipped: 'claimed elsewhere' };
    }
    const controller = new AbortController();
    let loss: LeaseLoss | 'stopping' | undefined;
    running.set(runId, controller);
    const lease = startRunLease(
      queue.pool,
      { runId, worker: workerId },
      Math.max(200, visibilityTimeoutMs / 4),
      (reason) => {
        loss ??= reason;
        controller.abort();
      },
    );
    const final = job.retryCount >= job.retryLimit;
    try {
      const { request, fromStep } = await requestOf(
        bench,
        run.seed,
        run.agent as AgentName,
        run.model,
        runId,
      );
      const runDir = request.runDir;
      if (request.resume && readRunManifest(runDir) === undefined) {
        // Re-delivered to a machine that never saw the run: its folder starts here.
        writeRunManifest(runDir, manifestOf(request, new Date()));
      }
      let decisions = 0;
      // Records wait here until the run's next commit (one statement for the batch); the loop sends
      // them before committing, so every committed step has its record and a resume sends the rest again.
      let pending: DecisionRecord[] = [];
      const flush = async () => {
        const batch = pending;
        pending = [];
        await saveDecisions(queue.tracePool, batch);
      };
      emit({ type: 'run-started', runId, attempt: run.attempts + 1, resume: request.resume, fromStep });
      const executed = await executePlay(
        runner,
        { ...request, signal: controller.signal },
        {
          onDecision(record) {
            decisions += 1;
            lease.setDecisions(record.step + 1);
            pending.push(record);
          },
          onCheckpoint: flush,
        },
      );
      await flush();
      if (executed.interrupted) {
        if (loss === 'cancelled') {
          await markRunCancelled(queue.pool, runId);
          emit({ type: 'run-cancelled', runId, steps: executed.result.steps });
          return { runId, cancelled: true };
        }
        throw new StrataError(
          'STORE_CONFLICT',
          loss === 'lost'
            ? `run ${runId}: this worker's lease was taken over (no heartbeat within ${visibilityTimeoutMs} ms); another worker continues it`
            : `run ${runId}: worker ${workerId} stopped after ${decisions} decisions; the run resumes on re-delivery`,
        );
      }
      const written = await saveResult(queue.pool, runId, executed.result);
      emit({ type: 'run-finished', runId, steps: executed.result.steps, resultWritten: written });
      return { runId, steps: executed.result.steps, resultWritten: written };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = StrataError.is(error) ? `${error.code}: ` : '';
      if (loss !== 'lost') await markRunFailed(queue.pool, runId, `${code}${message}`, final, workerId);
      emit({ type: 'run-failed', runId, error: `${code}${message}`, final });
      throw error;
    } finally {
      lease.stop();
      running.delete(runId);
    }
  }

  async function requestOf(
    bench: BenchRow,
    seed: number,
    agent: AgentName,
    model: string | null,
    runId: string,
  ): Promise<{ request: Omit<PlayRunRequest, 'onDecision'>; fromStep: number }> {
    const settings = bench.settings;
    const runOptions: RunCommandOptions = {
      ...settings.options,
      ...(model === null ? {} : { model }),
      store: 'postgres',
      db: '',
      databaseUrl: storeUrl,
      runsDir: options.runsDir,
    };
    const connection = validateRunOptions(runOptions, options.env, false, () => true);
    const fromStep = await committedSteps(runId);
    const resume = fromStep !== undefined;
    const request = newRunRequest(runOptions, connection, process.cwd(), {
      runId,
      runDir: runDirectoryOf(join(options.runsDir, bench.benchId), runId),
      agent,
      seed,
    });
    const limits = [...settings.rateLimits, ...(options.rateLimits ?? [])];
    const fetch =
      runOptions.policy === 'llm' && limits.length > 0 && model !== null
        ? createRateLimitedFetch({
            limiter,
            key: rateLimitKey(runOptions.provider, runOptions.baseUrl, model),
            limits,
            tokenizer,
          })
        : undefined;
    return {
      request: {
        ...request,
        // The heuristic replays a lost stretch in milliseconds; a model would be asked (and paid) again.
        commitEvery: runOptions.policy === 'llm' ? 1 : HEURISTIC_COMMIT_EVERY,
        resume,
        namespace: runNamespace(request.character, runId),
        ...(fetch === undefined ? {} : { fetch }),
      },
      fromStep: fromStep ?? 0,
    };
  }

  if (options.runner === undefined) {
    // Connect to the memory store (one worker migrates a new database) before taking jobs: a bad
    // --database-url fails at start, and the first run does not pay this worker's set-up.
    try {
      await (await openStore()).open();
    } catch (error) {
      await store?.close().catch(() => undefined);
      await storePool?.end().catch(() => undefined);
      await closeQueue(queue);
      if (error instanceof StrataError) throw error;
      const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
      throw new StrataError(
        'STORE_UNAVAILABLE',
        `Cannot open the memory store on ${describeQueueUrl(storeUrl)}: ${reason}. Check that Postgres runs there (or pass another --database-url).`,
        { cause: error },
      );
    }
  }

  const reaper = setInterval(
    () => {
      if (stopping) return;
      reapStaleRuns(queue.pool, queue.boss, visibilityTimeoutMs)
        .then((runIds) => {
          if (runIds.length > 0) emit({ type: 'reaped', runIds });
        })
        .catch(() => undefined);
    },
    Math.max(250, visibilityTimeoutMs / 2),
  );

  const workOptions = {
    batchSize: 1,
    includeMetadata: true as const,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
  };
  for (let slot = 0; slot < concurrency; slot += 1) {
    await queue.boss.work<RunJob>(RUN_QUEUE, workOptions, async (jobs) => {
      const job = jobs[0];
      if (job === undefined) return undefined;
      return handle(job);
    });
  }
  emit({ type: 'started', worker: workerId, concurrency });

  return {
    id: workerId,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(reaper);
      await queue.boss.offWork(RUN_QUEUE).catch(() => undefined);
      for (const controller of running.values()) controller.abort();
      const deadline = Date.now() + 30_000;
      while (running.size > 0 && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
      // Let pg-boss record the failures of the stopped runs before it closes.
      await new Promise((wait) => setTimeout(wait, 200));
      await closeQueue(queue);
      await store?.close().catch(() => undefined);
      await storePool?.end().catch(() => undefined);
    },
  };
}

async function closeQueue(queue: BenchQueue): Promise<void> {
  await queue.close();
}
