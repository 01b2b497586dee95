import type { Pool, PoolClient } from 'pg';

/**
 * The tables a queued bench keeps beside pg-boss's own schema: what was asked (strata_bench), one row
 * per run with its state, lease and single result (strata_bench_run), each run's decision records so
 * any machine can print the bench table (strata_bench_decision), and the shared rate limit's request
 * log (strata_rate_event). Created on first use; `IF NOT EXISTS` under an advisory lock so several
 * workers starting at once do not race on the catalog.
 */
const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS strata_bench (
  bench_id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'running',
  settings jsonb NOT NULL,
  total integer NOT NULL
);
CREATE TABLE IF NOT EXISTS strata_bench_run (
  run_id text PRIMARY KEY,
  bench_id text NOT NULL REFERENCES strata_bench (bench_id) ON DELETE CASCADE,
  position integer NOT NULL,
  seed integer NOT NULL,
  agent text NOT NULL,
  model text,
  job_id text,
  state text NOT NULL DEFAULT 'queued',
  attempts integer NOT NULL DEFAULT 0,
  worker text,
  heartbeat_at timestamptz,
  decisions integer NOT NULL DEFAULT 0,
  result jsonb,
  result_writes integer NOT NULL DEFAULT 0,
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS strata_bench_run_bench ON strata_bench_run (bench_id, position);
CREATE INDEX IF NOT EXISTS strata_bench_run_lease ON strata_bench_run (state, heartbeat_at);
CREATE TABLE IF NOT EXISTS strata_bench_decision (
  run_id text NOT NULL REFERENCES strata_bench_run (run_id) ON DELETE CASCADE,
  step integer NOT NULL,
  record jsonb NOT NULL,
  PRIMARY KEY (run_id, step)
);
CREATE TABLE IF NOT EXISTS strata_rate_event (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL,
  tokens integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS strata_rate_event_key_at ON strata_rate_event (key, at);
-- When the request's reply arrived (NULL: in flight); the first queue release had no such column.
ALTER TABLE strata_rate_event ADD COLUMN IF NOT EXISTS ended_at timestamptz;
`;

/** Any fixed number: the advisory lock that serialises schema creation. */
const SCHEMA_LOCK = 720_112_001;

export async function ensureBenchQueueSchema(pool: Pool): Promise<void> {
  const client: PoolClient = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(SCHEMA_SQL);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
