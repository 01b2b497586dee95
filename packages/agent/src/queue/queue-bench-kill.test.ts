import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunsSummary } from '../agent/summarize-runs.js';
import type { PlayResult } from '../trace/decision-record.js';
import {
  createTestDatabase,
  jsonLines,
  probePostgres,
  type StrataProcess,
  spawnStrata,
  type TestDatabase,
  unavailableMessage,
  waitFor,
} from './queue-test-support.js';
import type { WorkerEvent } from './queue-worker.js';

// 3 `strata worker` processes and one Postgres; `strata bench --queue` over seeds 1-SEEDS and two
// agents; one worker SIGKILLed in the middle of a run. (npm test plays 3 seeds on the 2-core CI
// machine; `npm run bench -- queue` plays the full 1-24.)
const SEEDS = Number(process.env.STRATA_QUEUE_TEST_SEEDS ?? 3);
const probe = await probePostgres();
const mustRun = process.env.CI === 'true';
if (!probe.ok && !mustRun) console.warn(unavailableMessage('queue-bench-kill.test.ts', probe.reason));

const directory = mkdtempSync(join(tmpdir(), 'strata-queue-kill-'));
let database: TestDatabase | undefined;
const processes: StrataProcess[] = [];
afterAll(async () => {
  for (const process of processes) if (process.child.exitCode === null) process.child.kill('SIGKILL');
  await database?.drop();
  rmSync(directory, { recursive: true, force: true });
});

interface BenchJson {
  benchId: string;
  runs: PlayResult[];
  summary: RunsSummary;
  failed: unknown[];
}

describe.runIf(probe.ok || mustRun)('strata bench --queue over 3 workers, one SIGKILLed mid-run', () => {
  it('re-delivers and resumes the killed run; every (seed, agent) result appears once and equals the local bench', async () => {
    if (!probe.ok) throw new Error(unavailableMessage('queue-bench-kill.test.ts', probe.reason));
    database = await createTestDatabase(probe.adminUrl, 'queue_kill');
    const queueUrl = database.url;
    const seeds = `1-${SEEDS}`;
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

    // Kill a worker once its run has committed a good part of its decisions.
    const pool = new pg.Pool({ connectionString: queueUrl, max: 2 });
    let victim: { index: number; runId: string; decisions: number } | undefined;
    try {
      await waitFor(
        async () => {
          const tables = await pool.query(`SELECT to_regclass('strata_bench_run') AS name`);
          if (tables.rows[0]?.name === null) return false;
          const { rows } = await pool.query<{ runId: string; worker: string; decisions: number }>(
            `SELECT run_id AS "runId", worker, decisions FROM strata_bench_run WHERE state = 'running' AND decisions >= 60 ORDER BY decisions LIMIT 1`,
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
        240_000,
        'a run with 60 committed decisions',
      );
      const killed = workers[victim?.index ?? 0] as StrataProcess;
      killed.child.kill('SIGKILL');
      expect((await killed.done).signal).toBe('SIGKILL');

      const finished = await bench.done;
      expect(finished.code, finished.stderr).toBe(0);
      const collected = jsonLines<BenchJson>(finished.stdout).at(-1) as BenchJson;
      expect(collected.failed).toEqual([]);

      // Every (seed, agent) exactly once.
      const keys = collected.runs.map((run) => `${run.agent}/${run.seed}`);
      expect(keys.length).toBe(SEEDS * 2);
      expect(new Set(keys).size).toBe(SEEDS * 2);

      // The killed run was delivered again and resumed from the store, not restarted; one result was written.
      const runId = victim?.runId as string;
      const { rows } = await pool.query<{ attempts: number; resultWrites: number }>(
        `SELECT attempts, result_writes AS "resultWrites" FROM strata_bench_run WHERE run_id = $1`,
        [runId],
      );
      expect(rows[0]?.attempts).toBeGreaterThanOrEqual(2);
      const writes = await pool.query<{ total: string; most: number }>(
        'SELECT sum(result_writes) AS total, max(result_writes) AS most FROM strata_bench_run',
      );
      expect(Number(writes.rows[0]?.total)).toBe(SEEDS * 2);
      expect(writes.rows[0]?.most).toBe(1);
      const resumedBy = workers
        .filter((_worker, index) => index !== victim?.index)
        .flatMap((worker) => jsonLines<WorkerEvent>(worker.output().stdout))
        .find((event) => event.type === 'run-started' && event.runId === runId);
      expect(resumedBy).toMatchObject({ type: 'run-started', resume: true });
      expect(resumedBy?.type === 'run-started' && resumedBy.attempt).toBeGreaterThanOrEqual(2);

      // The same bench, local: the same steps, floor and prompt tokens for every (seed, agent).
      const local = await localBench.done;
      expect(local.code, local.stderr).toBe(0);
      const reference = jsonLines<BenchJson>(local.stdout).at(-1) as BenchJson;
      const comparable = (run: PlayResult) => ({
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
      });
      expect(collected.runs.map(comparable)).toEqual(reference.runs.map(comparable));
      // The killed run's decision records are whole (one per step), so the totals table matches too.
      expect(collected.summary.agents).toEqual(reference.summary.agents);
      expect(collected.summary.ratios).toEqual(reference.summary.ratios);
    } finally {
      await pool.end();
      for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
      await Promise.all(workers.map((worker) => worker.done));
    }
  }, 600_000);
});
