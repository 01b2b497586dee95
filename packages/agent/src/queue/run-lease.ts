import type { Pool } from 'pg';
import type PgBoss from 'pg-boss';
import { RUN_QUEUE } from './open-bench-queue.js';

/** Why a lease ended before its run did. */
export type LeaseLoss = 'cancelled' | 'lost';

export interface RunLease {
  /** Decisions so far, reported with the next heartbeat (the bench's progress). */
  setDecisions(count: number): void;
  stop(): void;
}

/**
 * The heartbeat pg-boss 10 does not have: while a worker plays a run it renews `heartbeat_at` every
 * `intervalMs`. The renewal also carries the news back: a cancelled bench, or a lease another worker
 * reaped (this one was presumed dead), call `onLoss` so the run stops after its current decision.
 */
export function startRunLease(
  pool: Pool,
  run: { runId: string; worker: string },
  intervalMs: number,
  onLoss: (reason: LeaseLoss) => void,
): RunLease {
  let decisions = 0;
  let stopped = false;
  let busy = false;
  const beat = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      const { rows } = await pool.query<{ benchState: string }>(
        `UPDATE strata_bench_run r SET heartbeat_at = now(), decisions = GREATEST(decisions, $3)
         WHERE run_id = $1 AND worker = $2 AND state = 'running'
         RETURNING (SELECT b.state FROM strata_bench b WHERE b.bench_id = r.bench_id) AS "benchState"`,
        [run.runId, run.worker, decisions],
      );
      if (stopped) return;
      const row = rows[0];
      if (row === undefined) onLoss('lost');
      else if (row.benchState === 'cancelled') onLoss('cancelled');
    } catch {
      // A missed beat is not fatal: the lease lasts several intervals, and the next beat retries.
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void beat(), intervalMs);
  return {
    setDecisions(count) {
      decisions = count;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * Finds runs whose worker stopped heartbeating for `timeoutMs` (killed, frozen, cut off) and fails
 * their pg-boss job, so pg-boss re-delivers it after its retry backoff, or dead-letters it when the
 * retries are spent. Any worker may run this; the UPDATE picks each stale run once.
 */
export async function reapStaleRuns(pool: Pool, boss: PgBoss, timeoutMs: number): Promise<string[]> {
  const { rows } = await pool.query<{ runId: string; jobId: string | null; worker: string | null }>(
    `UPDATE strata_bench_run r SET state = 'retrying', worker = NULL, updated_at = now(),
       error = 'worker ' || COALESCE(old.worker, '?') || ' sent no heartbeat for ' || $1::integer / 1000 || ' s (killed or cut off); re-delivered'
     FROM strata_bench_run old
     WHERE r.run_id = old.run_id AND r.state = 'running' AND r.result IS NULL
       AND r.heartbeat_at < now() - $1::integer * interval '1 millisecond'
     RETURNING r.run_id AS "runId", r.job_id AS "jobId", old.worker`,
    [Math.round(timeoutMs)],
  );
  for (const row of rows) {
    if (row.jobId === null) continue;
    await boss.fail(RUN_QUEUE, row.jobId, {
      message: `worker ${row.worker ?? '?'} sent no heartbeat for ${Math.round(timeoutMs / 1000)} s`,
    });
    const job = await boss.getJobById(RUN_QUEUE, row.jobId);
    if (job?.state === 'failed') {
      await pool.query(`UPDATE strata_bench_run SET state = 'failed' WHERE run_id = $1 AND result IS NULL`, [
        row.runId,
      ]);
    }
  }
  // A run of a cancelled bench whose worker died is cancelled, not retried.
  await pool.query(
    `UPDATE strata_bench_run r SET state = 'cancelled' FROM strata_bench b
     WHERE b.bench_id = r.bench_id AND b.state = 'cancelled' AND r.result IS NULL AND r.state = 'retrying'`,
  );
  return rows.map((row) => row.runId);
}
