import { StrataError } from '@strata-memory/strata';
import type { Pool } from 'pg';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import { type BenchRow, type BenchRunRow, listRuns, loadBench, loadDecisions } from './bench-run-table.js';
import { FINAL_RUN_STATES, type RunState } from './queued-bench.js';

export interface BenchProgress {
  bench: BenchRow;
  runs: BenchRunRow[];
  byState: Record<RunState, number>;
  /** Decisions made so far over all runs (from the workers' heartbeats and finished results). */
  decisions: number;
  /** Workers playing a run of this bench now. */
  workers: number;
  /** Every run is done, failed (dead-lettered) or cancelled. */
  finished: boolean;
}

export async function requireBench(pool: Pool, benchId: string): Promise<BenchRow> {
  const bench = await loadBench(pool, benchId);
  if (bench === undefined) {
    throw new StrataError(
      'SESSION_NOT_FOUND',
      `No bench '${benchId}' in this queue. Pass the id 'strata bench --queue' printed (bench-YYYYMMDD-HHMMSS-xxxx) and the same --queue URL.`,
    );
  }
  return bench;
}

export async function readBenchProgress(pool: Pool, benchId: string): Promise<BenchProgress> {
  const bench = await requireBench(pool, benchId);
  const runs = await listRuns(pool, benchId);
  const byState: Record<RunState, number> = {
    queued: 0,
    running: 0,
    retrying: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
  };
  const workers = new Set<string>();
  let decisions = 0;
  for (const run of runs) {
    byState[run.state] += 1;
    decisions += run.decisions;
    if (run.state === 'running' && run.worker !== null) workers.add(run.worker);
  }
  return {
    bench,
    runs,
    byState,
    decisions,
    workers: workers.size,
    finished: runs.every((run) => FINAL_RUN_STATES.includes(run.state)),
  };
}

export interface CollectedBench {
  bench: BenchRow;
  /** Finished runs in bench order (seed, then agent, then model), each its one result. */
  results: PlayResult[];
  records: DecisionRecord[];
  /** The model of each finished run's job, by run id (null: none given). */
  models: Record<string, string | null>;
  /** Runs without a result: failed after their retries (with the last error), cancelled, or unfinished. */
  missing: BenchRunRow[];
}

export async function collectBench(pool: Pool, benchId: string): Promise<CollectedBench> {
  const bench = await requireBench(pool, benchId);
  const runs = await listRuns(pool, benchId);
  const done = runs.filter((run) => run.result !== null);
  return {
    bench,
    results: done.map((run) => run.result as PlayResult),
    records: await loadDecisions(
      pool,
      done.map((run) => run.runId),
    ),
    models: Object.fromEntries(done.map((run) => [run.runId, run.model])),
    missing: runs.filter((run) => run.result === null),
  };
}
