import { importOptionalDependency, StrataError } from '@strata-memory/strata';
import type { Pool } from 'pg';
import type PgBoss from 'pg-boss';
import { ensureBenchQueueSchema } from './bench-queue-schema.js';

/**
 * The job queue is pg-boss (10.4.2: the last line whose engines allow Node 20; 11+ needs Node 22), on the
 * Postgres the stores already support, so a queued bench needs no second service. It gives us
 * SKIP LOCKED delivery, retries with exponential backoff, a dead-letter queue, cancellation and a
 * backstop expiry; our own lease table (see run-lease.ts) adds a heartbeat, which pg-boss 10 lacks.
 */
export const RUN_QUEUE = 'strata-bench-run';
/** Where pg-boss copies a job after its last retry failed (the error is in its output). */
export const DEAD_LETTER_QUEUE = 'strata-bench-run-dead';

/** Any fixed number: the advisory lock that serialises queue set-up across processes. */
const SETUP_LOCK = 720_112_002;

export interface BenchQueue {
  boss: PgBoss;
  pool: Pool;
  /**
   * For decision records only: asynchronous commit (no WAL flush wait per record, which doubled a
   * decision's cost). A killed worker loses none of them (the server has them); only a crash of the
   * Postgres server itself could lose the last few, which the trace would then lack.
   */
  tracePool: Pool;
  close(): Promise<void>;
}

export interface OpenBenchQueueOptions {
  /** How often pg-boss runs its maintenance (expiry backstop, archiving), seconds (default 60). */
  maintenanceIntervalSeconds?: number;
}

/** Names the URL without its password, for errors. */
export function describeQueueUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the --queue URL';
  }
}

export function validateQueueUrl(url: string | undefined, option = '--queue'): string {
  if (url === undefined || url.trim() === '') {
    throw new StrataError(
      'INPUT_INVALID',
      `${option} needs a Postgres URL, e.g. ${option} postgres://postgres@127.0.0.1:5432/strata.`,
    );
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {}
  if (parsed === undefined || (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')) {
    throw new StrataError(
      'INPUT_INVALID',
      `${option} must be a postgres:// URL (the job queue is pg-boss on Postgres), e.g. postgres://postgres@127.0.0.1:5432/strata.`,
    );
  }
  return url;
}

/**
 * A pool whose commits do not wait for the WAL flush (`synchronous_commit=off`): what the server has
 * received survives a killed client; only a crash of the server itself can lose its last commits.
 */
export async function openAsyncCommitPool(url: string, max: number): Promise<Pool> {
  const { default: pg } = await importOptionalDependency(() => import('pg'), 'pg', 'A queued bench');
  const pool = new pg.Pool({ connectionString: url, max, options: '-c synchronous_commit=off' });
  pool.on('error', () => undefined);
  return pool;
}

/** Connects to the queue's Postgres, installs pg-boss's schema and ours, and creates the queues. */
export async function openBenchQueue(url: string, options: OpenBenchQueueOptions = {}): Promise<BenchQueue> {
  validateQueueUrl(url);
  const { default: pg } = await importOptionalDependency(() => import('pg'), 'pg', 'A queued bench');
  const { default: PgBossClass } = await importOptionalDependency(
    () => import('pg-boss'),
    'pg-boss',
    'A queued bench (strata worker, strata bench --queue)',
  );
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const tracePool = await openAsyncCommitPool(url, 2);
  const boss = new PgBossClass({
    connectionString: url,
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    // Schedules (cron) are not used.
    schedule: false,
  });
  boss.on('error', () => undefined);
  try {
    // Processes starting at once would race in pg-boss's install and createQueue (seen: deadlock
    // 40P01), so one at a time sets up, under a session advisory lock.
    const setup = await pool.connect();
    try {
      await setup.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
      await boss.start();
      await ensureBenchQueueSchema(pool);
      if ((await boss.getQueue(DEAD_LETTER_QUEUE)) === null) await boss.createQueue(DEAD_LETTER_QUEUE);
      if ((await boss.getQueue(RUN_QUEUE)) === null) {
        await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, deadLetter: DEAD_LETTER_QUEUE });
      }
    } finally {
      await setup.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
      setup.release();
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    await tracePool.end().catch(() => undefined);
    if (error instanceof StrataError) throw error;
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    throw new StrataError(
      'STORE_UNAVAILABLE',
      `Cannot open the job queue on ${describeQueueUrl(url)}: ${reason}. Check that Postgres runs there and the database exists (createdb <name>).`,
      { cause: error },
    );
  }
  return {
    boss,
    pool,
    tracePool,
    async close() {
      await boss.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => undefined);
      await pool.end().catch(() => undefined);
      await tracePool.end().catch(() => undefined);
    },
  };
}
