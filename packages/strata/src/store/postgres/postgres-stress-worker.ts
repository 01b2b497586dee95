import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JsonValue } from '../../core/provenance.js';
import { StrataError } from '../../errors/strata-error.js';
import type { MemoryStore, SessionRecord } from '../memory-store.js';
import { createPostgresStore } from './postgres-store.js';

// One worker process of the Postgres stress test and bench. Several run at once on one database;
// some sessions have two drivers that race with compare-and-swap. The worker prints one JSON line
// (StressWorkerReport) and exits non-zero on any error other than a retried STORE_CONFLICT.
// Run: node --import tsx postgres-stress-worker.ts '<StressWorkerOptions as JSON>'

export interface StressWorkerOptions {
  connectionString: string;
  worker: number;
  workers: number;
  sessions: number;
  stepsPerSession: number;
  /** Sessions 0..sharedSessions-1 are driven by workers i % workers and (i + 1) % workers at once. */
  sharedSessions: number;
  /** Keys every worker races to write in the shared lessons namespace. */
  sharedLessonKeys: number;
  /** Bytes of filler per committed snapshot (the bench uses ~20 KB). */
  payloadBytes: number;
  /** Sessions each worker drives concurrently. */
  lanes: number;
  namespace: string;
  /** Resolves when all workers may start; they open their store first, so the start is shared. */
  startSignal?: () => Promise<void>;
  /** Write lessons (the stress test) or only commit steps (the throughput bench). */
  writeLessons: boolean;
}

export interface StressWorkerReport {
  worker: number;
  commits: number;
  conflicts: number;
  /** Acknowledged commits per session by this worker. */
  sessionCommits: Record<string, number>;
  /** Lesson keys this worker's addLesson created (created: true). */
  createdLessonKeys: string[];
  /** Repeated lesson writes that returned the existing lesson. */
  deduplicatedLessonWrites: number;
  startedAt: number;
  finishedAt: number;
  /** Per-commit latency in ms (the bench uses them). */
  commitLatenciesMs: number[];
}

export function sessionIdOf(index: number): string {
  return `stress-${index.toString().padStart(4, '0')}`;
}

export function driversOf(
  index: number,
  options: Pick<StressWorkerOptions, 'workers' | 'sharedSessions'>,
): number[] {
  const primary = index % options.workers;
  if (index < options.sharedSessions && options.workers > 1)
    return [primary, (primary + 1) % options.workers];
  return [primary];
}

/** How many commits a driver makes on a session: the steps split between its drivers. */
export function quotaOf(
  index: number,
  driver: number,
  options: Pick<StressWorkerOptions, 'workers' | 'sharedSessions' | 'stepsPerSession'>,
): number {
  const drivers = driversOf(index, options);
  const position = drivers.indexOf(driver);
  if (position < 0) return 0;
  const base = Math.floor(options.stepsPerSession / drivers.length);
  return position === 0 ? options.stepsPerSession - base * (drivers.length - 1) : base;
}

export async function runStressWorker(options: StressWorkerOptions): Promise<StressWorkerReport> {
  const store = createPostgresStore({
    connectionString: options.connectionString,
    maxConnections: options.lanes + 1,
  });
  await store.open();
  const report: StressWorkerReport = {
    worker: options.worker,
    commits: 0,
    conflicts: 0,
    sessionCommits: {},
    createdLessonKeys: [],
    deduplicatedLessonWrites: 0,
    startedAt: 0,
    finishedAt: 0,
    commitLatenciesMs: [],
  };
  const mine: number[] = [];
  for (let index = 0; index < options.sessions; index += 1) {
    if (driversOf(index, options).includes(options.worker)) mine.push(index);
  }
  // Random text, so Postgres cannot compress the snapshot away (TOAST compresses repetitive text).
  const filler = Array.from({ length: options.payloadBytes + 64 }, () =>
    Math.floor(Math.random() * 36).toString(36),
  ).join('');
  await options.startSignal?.();
  report.startedAt = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < mine.length) {
      const index = mine[next] as number;
      next += 1;
      await driveSession(store, options, index, filler, report);
    }
  };
  await Promise.all(Array.from({ length: options.lanes }, lane));
  report.finishedAt = Date.now();
  await store.close();
  return report;
}

async function driveSession(
  store: MemoryStore,
  options: StressWorkerOptions,
  index: number,
  filler: string,
  report: StressWorkerReport,
): Promise<void> {
  const sessionId = sessionIdOf(index);
  const quota = quotaOf(index, options.worker, options);
  let record: SessionRecord | undefined = await store.loadSession(sessionId);
  let acknowledged = 0;
  while (acknowledged < quota) {
    const counter = (record?.layers.counter as Record<string, number> | undefined) ?? {};
    const workerKey = `worker-${options.worker}`;
    const step = (record?.step ?? 0) + 1;
    const layers: Record<string, JsonValue> = {
      counter: { ...counter, [workerKey]: (counter[workerKey] ?? 0) + 1 },
      window: [{ step, worker: options.worker }],
      payload: filler.slice(step % 64, (step % 64) + options.payloadBytes),
    };
    const started = performance.now();
    try {
      record = await store.commitSession({
        sessionId,
        namespace: `${options.namespace}/sessions`,
        step,
        layers,
        meta: { index },
        expectedVersion: record?.version ?? 0,
      });
    } catch (error) {
      if (!StrataError.is(error, 'STORE_CONFLICT') || !error.isRetryable) throw error;
      // Lost the race: reload what the other driver committed and retry on top of it.
      report.conflicts += 1;
      record = await store.loadSession(sessionId);
      continue;
    }
    report.commitLatenciesMs.push(performance.now() - started);
    acknowledged += 1;
    report.commits += 1;
    report.sessionCommits[sessionId] = acknowledged;
    if (options.writeLessons) await writeLessons(store, options, sessionId, step, report);
  }
}

async function writeLessons(
  store: MemoryStore,
  options: StressWorkerOptions,
  sessionId: string,
  step: number,
  report: StressWorkerReport,
): Promise<void> {
  const keys: string[] = [];
  if (step % 10 === 0) keys.push(`${sessionId}:step-${step}`);
  if (report.commits % 5 === 0) keys.push(`shared-${(report.commits / 5) % options.sharedLessonKeys}`);
  for (const key of keys) {
    // Each write is sent twice, as a retried extraction would be; the second must be a no-op.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await store.addLesson(options.namespace, {
        id: `${key}#worker-${options.worker}#${attempt}`,
        idempotencyKey: key,
        text: `lesson ${key}`,
        importance: 0.5,
        usefulness: 0,
        uses: 0,
        tags: ['stress'],
        provenance: { source: 'extractor:stress', sessionId, step, createdAt: Date.now() },
        createdAt: Date.now(),
      });
      if (result.created) report.createdLessonKeys.push(key);
      else report.deduplicatedLessonWrites += 1;
    }
  }
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  const options = JSON.parse(process.argv[2] ?? '{}') as StressWorkerOptions;
  // Start barrier: print "ready" once connected, start at the first line the parent writes.
  options.startSignal = () =>
    new Promise<void>((resolve) => {
      process.stdin.once('data', () => {
        process.stdin.destroy();
        resolve();
      });
      process.stdout.write('ready\n');
    });
  runStressWorker(options).then(
    (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
    (error: unknown) => {
      const code = error instanceof StrataError ? ` [${error.code}]` : '';
      process.stderr.write(
        `worker ${options.worker} failed${code}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
