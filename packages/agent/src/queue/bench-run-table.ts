import type { Pool } from 'pg';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { QueuedBenchSettings, RunState } from './queued-bench.js';

/** One row of strata_bench_run. */
export interface BenchRunRow {
  runId: string;
  benchId: string;
  position: number;
  seed: number;
  agent: string;
  model: string | null;
  jobId: string | null;
  state: RunState;
  attempts: number;
  worker: string | null;
  decisions: number;
  result: PlayResult | null;
  /** How many times a worker wrote this run's result (always 0 or 1: later writes are refused). */
  resultWrites: number;
  error: string | null;
}

export interface BenchRow {
  benchId: string;
  state: 'running' | 'cancelled';
  settings: QueuedBenchSettings;
  total: number;
  createdAt: Date;
}

const RUN_COLUMNS = `run_id AS "runId", bench_id AS "benchId", position, seed, agent, model, job_id AS "jobId",
  state, attempts, worker, decisions, result, result_writes AS "resultWrites", error`;

export async function loadBench(pool: Pool, benchId: string): Promise<BenchRow | undefined> {
  const { rows } = await pool.query<BenchRow>(
    'SELECT bench_id AS "benchId", state, settings, total, created_at AS "createdAt" FROM strata_bench WHERE bench_id = $1',
    [benchId],
  );
  return rows[0];
}

export async function loadRun(pool: Pool, runId: string): Promise<BenchRunRow | undefined> {
  const { rows } = await pool.query<BenchRunRow>(
    `SELECT ${RUN_COLUMNS} FROM strata_bench_run WHERE run_id = $1`,
    [runId],
  );
  return rows[0];
}

export async function listRuns(pool: Pool, benchId: string): Promise<BenchRunRow[]> {
  const { rows } = await pool.query<BenchRunRow>(
    `SELECT ${RUN_COLUMNS} FROM strata_bench_run WHERE bench_id = $1 ORDER BY position`,
    [benchId],
  );
  return rows;
}

/** Takes the run for this worker (a new lease); false when it already has a result or was cancelled. */
export async function claimRun(pool: Pool, runId: string, worker: string, jobId: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE strata_bench_run SET state = 'running', worker = $2, job_id = $3, attempts = attempts + 1,
       heartbeat_at = now(), updated_at = now()
     WHERE run_id = $1 AND result IS NULL AND state <> 'cancelled'`,
    [runId, worker, jobId],
  );
  return rowCount === 1;
}

/**
 * Writes a batch of decision records in one statement. A resumed attempt sends the records again from
 * the step after its last commit: the last one wins, so the table ends with exactly one record per step.
 */
export async function saveDecisions(pool: Pool, records: readonly DecisionRecord[]): Promise<void> {
  if (records.length === 0) return;
  await pool.query(
    `INSERT INTO strata_bench_decision (run_id, step, record)
     SELECT * FROM unnest($1::text[], $2::integer[], $3::jsonb[])
     ON CONFLICT (run_id, step) DO UPDATE SET record = EXCLUDED.record`,
    [
      records.map((record) => record.runId),
      records.map((record) => record.step),
      records.map((record) => JSON.stringify(record)),
    ],
  );
}

/** Writes the run's one result; false (and nothing written) when it already has one. */
export async function saveResult(pool: Pool, runId: string, result: PlayResult): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query(
      `UPDATE strata_bench_run SET result = $2, state = 'done', result_writes = result_writes + 1, error = NULL,
         worker = NULL, decisions = $3, updated_at = now()
       WHERE run_id = $1 AND result IS NULL`,
      [runId, JSON.stringify(result), result.calls],
    );
    // Steps past the end cannot exist; a step a crashed attempt sent but never committed is overwritten above.
    if (rowCount === 1)
      await client.query('DELETE FROM strata_bench_decision WHERE run_id = $1 AND step >= $2', [
        runId,
        result.steps,
      ]);
    await client.query('COMMIT');
    return rowCount === 1;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Records why an attempt failed: `retrying` while pg-boss has retries left, `failed` (dead-lettered) after. */
export async function markRunFailed(
  pool: Pool,
  runId: string,
  error: string,
  final: boolean,
  worker?: string,
): Promise<void> {
  await pool.query(
    `UPDATE strata_bench_run SET state = $2, error = $3, worker = NULL, updated_at = now()
     WHERE run_id = $1 AND result IS NULL AND state <> 'cancelled' ${worker === undefined ? '' : 'AND worker = $4'}`,
    worker === undefined
      ? [runId, final ? 'failed' : 'retrying', error]
      : [runId, final ? 'failed' : 'retrying', error, worker],
  );
}

export async function markRunCancelled(pool: Pool, runId: string): Promise<void> {
  await pool.query(
    `UPDATE strata_bench_run SET state = 'cancelled', worker = NULL, updated_at = now()
     WHERE run_id = $1 AND result IS NULL`,
    [runId],
  );
}

export async function loadDecisions(pool: Pool, runIds: readonly string[]): Promise<DecisionRecord[]> {
  if (runIds.length === 0) return [];
  const { rows } = await pool.query<{ record: DecisionRecord }>(
    'SELECT record FROM strata_bench_decision WHERE run_id = ANY($1) ORDER BY run_id, step',
    [runIds],
  );
  return rows.map((row) => row.record);
}
