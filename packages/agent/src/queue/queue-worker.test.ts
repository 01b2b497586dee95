import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StrataError } from '@strata-memory/strata';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { playRun } from '../agent/play-run.js';
import { agentPlayRunner } from '../cli/agent-play-runner.js';
import type { PlayRunner } from '../cli/play-runner.js';
import type { DecisionRecord } from '../trace/decision-record.js';
import { loadRun } from './bench-run-table.js';
import { cancelBench } from './cancel-bench.js';
import { enqueueBench } from './enqueue-bench.js';
import { type BenchQueue, DEAD_LETTER_QUEUE, openBenchQueue, RUN_QUEUE } from './open-bench-queue.js';
import {
  createTestDatabase,
  jsonLines,
  probePostgres,
  spawnStrata,
  type TestDatabase,
  unavailableMessage,
  waitFor,
} from './queue-test-support.js';
import { type QueueWorker, startQueueWorker, type WorkerEvent } from './queue-worker.js';
import type { QueuedBenchSettings, RunJob } from './queued-bench.js';
import { collectBench, readBenchProgress } from './read-bench.js';

const probe = await probePostgres();
const mustRun = process.env.CI === 'true';
if (!probe.ok && !mustRun) console.warn(unavailableMessage('queue-worker.test.ts', probe.reason));

const directory = mkdtempSync(join(tmpdir(), 'strata-queue-worker-'));
let database: TestDatabase | undefined;
let queue: BenchQueue | undefined;
const workers: QueueWorker[] = [];
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await queue?.close();
  await database?.drop();
  rmSync(directory, { recursive: true, force: true });
});

function settings(overrides: Partial<QueuedBenchSettings> = {}): QueuedBenchSettings {
  return {
    seeds: [1],
    agents: ['structured'],
    models: [null],
    options: { character: 'ironclad', policy: 'heuristic', provider: 'openai', budget: 5000 },
    rateLimits: [],
    retryLimit: 2,
    retryDelaySeconds: 1,
    ...overrides,
  };
}

async function setUp(): Promise<{ url: string; queue: BenchQueue }> {
  if (!probe.ok) throw new Error(unavailableMessage('queue-worker.test.ts', probe.reason));
  if (database === undefined) {
    database = await createTestDatabase(probe.adminUrl, 'queue_worker');
    queue = await openBenchQueue(database.connectionString);
  }
  return { url: database.connectionString, queue: queue as BenchQueue };
}

async function worker(url: string, events: WorkerEvent[], runner?: PlayRunner): Promise<QueueWorker> {
  const started = await startQueueWorker({
    ...(runner === undefined ? {} : { runner }),
    queueUrl: url,
    runsDir: join(directory, 'runs'),
    env: {},
    visibilityTimeoutMs: 4000,
    pollingIntervalSeconds: 0.5,
    onEvent: (event) => events.push(event),
  });
  workers.push(started);
  return started;
}

// Skipped only when Postgres is unreachable outside CI (the warning above says so); under CI=true it
// always runs, and an unreachable Postgres fails the test instead.
describe.runIf(probe.ok || mustRun)('strata worker on the pg-boss queue', () => {
  it('dead-letters a run that fails on every attempt, with its error, after the retries', async () => {
    const { url, queue } = await setUp();
    // A model endpoint that refuses every request (400: not retried by the core), so every decision
    // falls back and the run stops after 5 in a row, on each attempt.
    const server = await startFakeOpenAIServer({ handler: () => fakeReply.error(400, 'fake refusal') });
    const events: WorkerEvent[] = [];
    const running = await worker(url, events);
    try {
      const { benchId, runIds } = await enqueueBench(
        queue,
        settings({
          models: ['fake-model'],
          options: {
            character: 'ironclad',
            policy: 'llm',
            provider: 'openai',
            budget: 5000,
            baseUrl: server.baseURL,
          },
          retryLimit: 1,
        }),
      );
      const runId = runIds[0] as string;
      await waitFor(
        async () => (await readBenchProgress(queue.pool, benchId)).finished,
        120_000,
        'the run to fail for good',
      );
      const run = await loadRun(queue.pool, runId);
      expect(run).toMatchObject({ state: 'failed', attempts: 2, result: null, resultWrites: 0 });
      expect(run?.error).toContain('MODEL_API_ERROR');
      expect(run?.error).toContain('5 decisions in a row');
      // The second attempt resumed the first one's committed decisions.
      const starts = events.filter((event) => event.type === 'run-started');
      expect(starts.map((event) => event.type === 'run-started' && event.resume)).toEqual([false, true]);
      const failures = events.filter((event) => event.type === 'run-failed');
      expect(failures.map((event) => event.type === 'run-failed' && event.final)).toEqual([false, true]);
      // pg-boss holds it as failed, and a copy waits in the dead-letter queue. The run's row is final before
      // the worker's handler returns and pg-boss marks the job, so on a loaded machine the job may still be
      // active for a moment: wait for pg-boss's own state.
      await waitFor(
        async () =>
          (await queue.boss.getJobById<RunJob>(RUN_QUEUE, run?.jobId as string))?.state === 'failed',
        20_000,
        "pg-boss's job state to become failed",
      );
      await waitFor(
        async () => (await queue.boss.getQueueSize(DEAD_LETTER_QUEUE)) > 0,
        20_000,
        'the dead letter',
      );
      const [dead] = await queue.boss.fetch<RunJob>(DEAD_LETTER_QUEUE);
      expect(dead?.data).toEqual({ benchId, runId });
    } finally {
      await running.stop();
      await server.close();
    }
  }, 180_000);

  it('cancels a bench: the running run stops after its decision, waiting runs never start, finished ones keep results', async () => {
    const { url, queue } = await setUp();
    const events: WorkerEvent[] = [];
    // The real agent loop, held 10 ms per decision: on a fast machine a whole run fits between two
    // heartbeats, and the cancel must find this run still under way.
    const running = await worker(url, events, (request) =>
      agentPlayRunner({
        ...request,
        async onDecision(record) {
          await sleep(10);
          return request.onDecision(record);
        },
      }),
    );
    try {
      // Seed 2 (91 decisions) first, then seed 1 (494): the long one is under way when the cancel comes.
      const { benchId, runIds } = await enqueueBench(
        queue,
        settings({ seeds: [2, 1, 3, 4], agents: ['naive'] }),
      );
      await waitFor(
        async () => {
          const progress = await readBenchProgress(queue.pool, benchId);
          return (
            progress.byState.done === 1 &&
            progress.runs.some((run) => run.state === 'running' && run.decisions >= 20)
          );
        },
        120_000,
        'one finished run and one under way',
      );
      expect(await cancelBench(queue, benchId)).toEqual({ benchId, cancelled: 3, finished: 1 });
      await waitFor(
        async () => (await readBenchProgress(queue.pool, benchId)).finished,
        30_000,
        'the bench to settle',
      );
      const progress = await readBenchProgress(queue.pool, benchId);
      expect(
        progress.byState,
        JSON.stringify(progress.runs.map((run) => [run.state, run.decisions, run.error])),
      ).toMatchObject({
        done: 1,
        cancelled: 3,
        running: 0,
        queued: 0,
      });
      const second = progress.runs[1];
      const stopped = events.find((event) => event.type === 'run-cancelled');
      expect(stopped).toMatchObject({ type: 'run-cancelled', runId: second?.runId });
      // Stopped part-way: no result.
      expect(second?.result).toBeNull();
      // The waiting runs never started; the finished one kept its result.
      const started = new Set(
        events
          .filter((event) => event.type === 'run-started')
          .map((event) => event.type === 'run-started' && event.runId),
      );
      expect(started.has(runIds[2] as string)).toBe(false);
      expect(started.has(runIds[3] as string)).toBe(false);
      expect(progress.runs[0]?.result?.steps).toBeGreaterThan(0);
      for (const run of progress.runs.slice(1)) {
        expect((await queue.boss.getJobById(RUN_QUEUE, run.jobId as string))?.state).toBe('cancelled');
      }
    } finally {
      await running.stop();
    }
  }, 180_000);

  it('strata bench --cancel <bench-id> cancels the queued runs and says what it did', async () => {
    const { url, queue } = await setUp();
    const { benchId } = await enqueueBench(queue, settings({ seeds: [5, 6] }));
    const cancel = await spawnStrata(['bench', '--cancel', benchId, '--queue', url, '--json']).done;
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(jsonLines(cancel.stdout).at(-1)).toEqual({ benchId, cancelled: 2, finished: 0 });
    const progress = await readBenchProgress(queue.pool, benchId);
    expect(progress).toMatchObject({ finished: true, byState: { cancelled: 2 } });
    const unknown = await spawnStrata(['bench', '--cancel', 'bench-nope', '--queue', url]).done;
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No bench 'bench-nope'");
  }, 60_000);

  it('opens its memory store before taking jobs: an unreachable --database-url fails the start, without its password', async () => {
    const { url } = await setUp();
    const missing = new URL(url);
    missing.password = 'do-not-print-me';
    missing.pathname = '/strata_no_such_database';
    const failed = await startQueueWorker({
      queueUrl: url,
      databaseUrl: missing.toString(),
      runsDir: join(directory, 'runs'),
      env: {},
    }).then(
      () => undefined,
      (error: unknown) => error as StrataError,
    );
    expect(failed?.code).toBe('STORE_UNAVAILABLE');
    expect(failed?.message).toContain('strata_no_such_database');
    expect(failed?.message).not.toContain('do-not-print-me');
  }, 60_000);

  it('strata bench --detach returns with the bench id; --collect prints its table once a worker played it', async () => {
    const { url, queue } = await setUp();
    const runsDir = join(directory, 'detached');
    const detached = await spawnStrata([
      'bench',
      '--queue',
      url,
      '--seeds',
      '8',
      '--agents',
      'naive',
      '--max-steps',
      '20',
      '--detach',
      '--json',
    ]).done;
    expect(detached.code, detached.stderr).toBe(0);
    const { benchId, runs } = jsonLines<{ benchId: string; runs: number }>(detached.stdout).at(-1) ?? {};
    expect(runs).toBe(1);
    // Detached: nothing played it yet.
    expect((await readBenchProgress(queue.pool, benchId as string)).byState.done).toBe(0);
    const running = await worker(url, []);
    try {
      const collected = await spawnStrata([
        'bench',
        '--collect',
        benchId as string,
        '--queue',
        url,
        '--runs-dir',
        runsDir,
      ]).done;
      expect(collected.code, collected.stderr).toBe(0);
      expect(collected.stdout).toContain('Runs (prompt tokens per call)');
      expect(collected.stdout).toMatch(/naive\s+heuristic\s+8\s+lost\s+\d+\s+20\s/);
      expect(collected.stdout).toContain('Statistics by agent and model');
      expect(collected.stdout).not.toContain('Model errors');
    } finally {
      await running.stop();
    }
  }, 180_000);

  it('a run crashed at a chosen step and delivered again has every decision record of the uninterrupted run', async () => {
    const { url, queue } = await setUp();
    const events: WorkerEvent[] = [];
    // The first attempt of each run dies at a chosen step: structured after sending step 40's record
    // (uncommitted, so the resumed attempt redoes it), naive before sending step 30's. Either way the
    // next attempt resumes in a fresh memory from the store's last commit.
    const crashAt: Record<string, { step: number; sent: boolean }> = {
      structured: { step: 40, sent: true },
      naive: { step: 30, sent: false },
    };
    const crashed = new Set<string>();
    const running = await worker(url, events, (request) =>
      agentPlayRunner({
        ...request,
        async onDecision(record) {
          const at = crashAt[record.agent];
          if (at !== undefined && record.step === at.step && !crashed.has(request.runId)) {
            crashed.add(request.runId);
            if (at.sent) await request.onDecision(record);
            throw new Error(`simulated crash at step ${record.step}`);
          }
          return request.onDecision(record);
        },
      }),
    );
    try {
      const { benchId, runIds } = await enqueueBench(
        queue,
        settings({ seeds: [2], agents: ['structured', 'naive'] }),
      );
      await waitFor(async () => (await readBenchProgress(queue.pool, benchId)).finished, 120_000, 'the runs');
      const collected = await collectBench(queue.pool, benchId);
      expect(collected.missing).toEqual([]);
      expect(crashed).toEqual(new Set(runIds));
      // Each resumed from its last commit at or before the crash (heuristic runs commit every 25
      // decisions and before lessons are written), replaying the lost stretch.
      const resumed = events.filter((event) => event.type === 'run-started' && event.resume);
      expect(resumed).toHaveLength(2);
      for (const event of resumed) {
        if (event.type !== 'run-started') continue;
        const agent = collected.results.find((each) => each.runId === event.runId)?.agent ?? '';
        expect(event.fromStep).toBeLessThanOrEqual(crashAt[agent]?.step ?? -1);
      }

      for (const agent of ['structured', 'naive'] as const) {
        const local: DecisionRecord[] = [];
        await playRun({ agent, seed: 2, onDecision: (record) => local.push(record) });
        const result = collected.results.find((each) => each.agent === agent);
        const queued = collected.records.filter((record) => record.runId === result?.runId);
        const comparable = ({ latencyMs: _latency, runId: _run, ...rest }: DecisionRecord) => rest;
        expect(queued.map(comparable)).toEqual(local.map(comparable));
      }
    } finally {
      await running.stop();
    }
  }, 180_000);

  it('does nothing for a job delivered again after its run finished: one result, written once', async () => {
    const { url, queue } = await setUp();
    const events: WorkerEvent[] = [];
    const running = await worker(url, events);
    try {
      const { benchId, runIds } = await enqueueBench(queue, settings({ seeds: [2], agents: ['naive'] }));
      const runId = runIds[0] as string;
      await waitFor(async () => (await readBenchProgress(queue.pool, benchId)).finished, 120_000, 'the run');
      const before = await loadRun(queue.pool, runId);
      expect(before).toMatchObject({ state: 'done', resultWrites: 1 });
      // At-least-once delivery: the same job again.
      await queue.boss.send(RUN_QUEUE, { benchId, runId } satisfies RunJob);
      await waitFor(
        () => events.some((event) => event.type === 'run-skipped' && event.runId === runId),
        30_000,
        'the duplicate delivery',
      );
      const after = await loadRun(queue.pool, runId);
      expect(after?.resultWrites).toBe(1);
      expect(after?.result).toEqual(before?.result);
      expect(events.filter((event) => event.type === 'run-started' && event.runId === runId)).toHaveLength(1);
    } finally {
      await running.stop();
    }
  }, 180_000);
});
