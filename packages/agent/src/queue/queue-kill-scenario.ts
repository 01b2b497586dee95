// Test and bench support (not public): `strata bench --queue` over 3 `strata worker` processes and
// one Postgres, one worker SIGKILLed mid-run, and the same bench played locally beside it.
import { join } from 'node:path';
import pg from 'pg';
import type { RunsSummary } from '../agent/summarize-runs.js';
import type { PlayResult } from '../trace/decision-record.js';
import { jsonLines, type StrataProcess, spawnStrata, waitFor } from './queue-test-support.js';
import type { WorkerEvent } from './queue-worker.js';

export interface BenchJson {
  benchId: string;
  runs: PlayResult[];
  summary: RunsSummary;
  failed: unknown[];
}

export interface KilledBench {
  queued: { code: number | null; stderr: string; json: BenchJson | undefined };
  local: { code: number | null; stderr: string; json: BenchJson | undefined };
  killedRunId: string;
  decisionsAtKill: number;
  /** The killed run's row after the bench: attempts and result writes. */
  killedRun: { attempts: number; resultWrites: number } | undefined;
  /** Result writes over all runs, and the most for one run. */
  resultWrites: { total: number; most: number };
  /** The `run-started` event of the worker that took the killed run over. */
  resumedBy: WorkerEvent | undefined;
  /** Wall time of the queued bench, ms. */
  queuedMs: number;
}

/** Plays seeds `1-seeds` x structured,naive both ways; kills the worker of a run with `killAfter` decisions. */
export async function playKilledBench(options: {
  queueUrl: string;
  seeds: number;
  directory: string;
  killAfter?: number;
  /** Every child process, for the caller's cleanup. */
  processes: StrataProcess[];
}): Promise<KilledBench> {
  const { queueUrl, directory, processes } = options;
  const killAfter = options.killAfter ?? 60;
  const seeds = `1-${options.seeds}`;
  const workers = [1, 2, 3].map((index) =>
    spawnStrata([
      'worker',
      '--queue',
      queueUrl,
      '--runs-dir',
      join(directory, `worker-${index}`),
      '--visibility-timeout',
      '3',
      '--poll-interval',
      '0.5',
      '--json',
    ]),
  );
  processes.push(...workers);
  const started = performance.now();
  const bench = spawnStrata([
    'bench',
    '--queue',
    queueUrl,
    '--seeds',
    seeds,
    '--agents',
    'structured,naive',
    '--retry-delay',
    '1',
    '--runs-dir',
    join(directory, 'collected'),
    '--json',
  ]);
  processes.push(bench);
  // The same bench, local, at the same time: the reference.
  const localBench = spawnStrata([
    'bench',
    '--seeds',
    seeds,
    '--agents',
    'structured,naive',
    '--runs-dir',
    join(directory, 'local'),
    '--json',
  ]);
  processes.push(localBench);

  const pool = new pg.Pool({ connectionString: queueUrl, max: 2 });
  try {
    let victim: { index: number; runId: string; decisions: number } | undefined;
    await waitFor(
      async () => {
        const tables = await pool.query(`SELECT to_regclass('strata_bench_run') AS name`);
        if (tables.rows[0]?.name === null) return false;
        // Live progress from the decision records (sent before each commit), not the heartbeats, and
        // the longest run of seeds 1-3 (seed 1), so the kill lands well before its end.
        const { rows } = await pool.query<{ runId: string; worker: string; decisions: number }>(
          `SELECT r.run_id AS "runId", r.worker, count(d.step)::integer AS decisions
           FROM strata_bench_run r JOIN strata_bench_decision d ON d.run_id = r.run_id
           WHERE r.state = 'running' AND r.seed = 1 AND r.worker IS NOT NULL
           GROUP BY r.run_id, r.worker HAVING count(d.step) >= $1 LIMIT 1`,
          [killAfter],
        );
        const row = rows[0];
        if (row === undefined) return false;
        const index = workers.findIndex((worker) =>
          jsonLines<WorkerEvent>(worker.output().stdout).some(
            (event) => event.type === 'started' && event.worker === row.worker,
          ),
        );
        if (index < 0) return false;
        victim = { index, runId: row.runId, decisions: row.decisions };
        return true;
      },
      300_000,
      `a run with ${killAfter} committed decisions`,
    );
    const { index, runId, decisions } = victim as { index: number; runId: string; decisions: number };
    const killed = workers[index] as StrataProcess;
    killed.child.kill('SIGKILL');
    await killed.done;

    const queued = await bench.done;
    const queuedMs = performance.now() - started;
    const local = await localBench.done;
    const { rows } = await pool.query<{ attempts: number; resultWrites: number }>(
      `SELECT attempts, result_writes AS "resultWrites" FROM strata_bench_run WHERE run_id = $1`,
      [runId],
    );
    const writes = await pool.query<{ total: string; most: number }>(
      'SELECT sum(result_writes) AS total, max(result_writes) AS most FROM strata_bench_run',
    );
    const resumedBy = workers
      .filter((_worker, other) => other !== index)
      .flatMap((worker) => jsonLines<WorkerEvent>(worker.output().stdout))
      .find((event) => event.type === 'run-started' && event.runId === runId);
    return {
      queued: { code: queued.code, stderr: queued.stderr, json: jsonLines<BenchJson>(queued.stdout).at(-1) },
      local: { code: local.code, stderr: local.stderr, json: jsonLines<BenchJson>(local.stdout).at(-1) },
      killedRunId: runId,
      decisionsAtKill: decisions,
      killedRun: rows[0],
      resultWrites: { total: Number(writes.rows[0]?.total ?? 0), most: Number(writes.rows[0]?.most ?? 0) },
      resumedBy,
      queuedMs,
    };
  } finally {
    await pool.end();
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.done));
  }
}

/** The fields a queued run must share with the same run played locally. */
export function comparableResult(run: PlayResult) {
  return {
    agent: run.agent,
    seed: run.seed,
    won: run.won,
    floor: run.floor,
    act: run.act,
    steps: run.steps,
    calls: run.calls,
    promptTokens: run.promptTokens,
    stablePrefix: run.stablePrefix,
    budgetViolations: run.budgetViolations,
  };
}
