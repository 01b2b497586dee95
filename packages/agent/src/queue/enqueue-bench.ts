import { createBenchId, createRunId } from '../cli/execute-play.js';
import type { BenchQueue } from './open-bench-queue.js';
import { RUN_QUEUE } from './open-bench-queue.js';
import type { QueuedBenchSettings, RunJob } from './queued-bench.js';

/** A pg-boss job may stay active this long before pg-boss itself fails it; the lease reaper acts far sooner. */
const BACKSTOP_EXPIRY_SECONDS = 23 * 60 * 60;

export interface EnqueuedBench {
  benchId: string;
  runIds: string[];
}

/** Records the bench and one run per (seed, agent, model), then sends one pg-boss job per run. */
export async function enqueueBench(
  queue: BenchQueue,
  settings: QueuedBenchSettings,
  benchId = createBenchId(),
): Promise<EnqueuedBench> {
  const runs: Array<{ runId: string; seed: number; agent: string; model: string | null }> = [];
  for (const seed of settings.seeds) {
    for (const agent of settings.agents) {
      for (const model of settings.models) runs.push({ runId: createRunId(agent, seed), seed, agent, model });
    }
  }
  const client = await queue.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO strata_bench (bench_id, settings, total) VALUES ($1, $2, $3)', [
      benchId,
      JSON.stringify(settings),
      runs.length,
    ]);
    for (const [position, run] of runs.entries()) {
      await client.query(
        'INSERT INTO strata_bench_run (run_id, bench_id, position, seed, agent, model) VALUES ($1, $2, $3, $4, $5, $6)',
        [run.runId, benchId, position, run.seed, run.agent, run.model],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  for (const run of runs) {
    const job: RunJob = { benchId, runId: run.runId };
    const jobId = await queue.boss.send(RUN_QUEUE, job, {
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: BACKSTOP_EXPIRY_SECONDS,
      singletonKey: run.runId,
    });
    await queue.pool.query('UPDATE strata_bench_run SET job_id = $2 WHERE run_id = $1', [run.runId, jobId]);
  }
  return { benchId, runIds: runs.map((run) => run.runId) };
}
