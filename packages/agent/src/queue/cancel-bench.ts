import type { BenchQueue } from './open-bench-queue.js';
import { RUN_QUEUE } from './open-bench-queue.js';
import { requireBench } from './read-bench.js';

export interface CancelledBench {
  benchId: string;
  /** Runs that had not finished: their jobs are cancelled; a running one stops after its current decision. */
  cancelled: number;
  /** Runs that had already finished keep their results. */
  finished: number;
}

/**
 * Cancels a bench: the bench is marked (running workers see it on their next heartbeat and stop the
 * run after the current decision), its waiting jobs are cancelled in pg-boss, unfinished runs marked.
 */
export async function cancelBench(queue: BenchQueue, benchId: string): Promise<CancelledBench> {
  await requireBench(queue.pool, benchId);
  await queue.pool.query(`UPDATE strata_bench SET state = 'cancelled' WHERE bench_id = $1`, [benchId]);
  const { rows } = await queue.pool.query<{ jobId: string | null; state: string }>(
    `SELECT job_id AS "jobId", state FROM strata_bench_run WHERE bench_id = $1`,
    [benchId],
  );
  const open = rows.filter((row) => row.state !== 'done' && row.state !== 'failed');
  const jobIds = open.map((row) => row.jobId).filter((id): id is string => id !== null);
  if (jobIds.length > 0) await queue.boss.cancel(RUN_QUEUE, jobIds);
  // Running runs are marked by their worker once it has stopped them; the others now.
  await queue.pool.query(
    `UPDATE strata_bench_run SET state = 'cancelled', updated_at = now()
     WHERE bench_id = $1 AND result IS NULL AND state IN ('queued', 'retrying')`,
    [benchId],
  );
  return { benchId, cancelled: open.length, finished: rows.length - open.length };
}
