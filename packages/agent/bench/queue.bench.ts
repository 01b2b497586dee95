/**
 * Bench `queue`: `strata bench --queue` over `strata worker` processes on one Postgres.
 * 1. Throughput with 1, 2 and 3 workers on the same bench, against one local `strata bench` process
 *    (the baseline, measured in this same run).
 * 2. The check at full size: seeds 1-24 x structured,naive over 3 workers, one SIGKILLed
 *    mid-run; every (seed, agent) result once and equal to the local bench.
 * Run: npm run bench -- queue   (STRATA_QUEUE_BENCH_SEEDS=N sets the throughput bench's seeds 1-N, default 8)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchJson, comparableResult, playKilledBench } from '../src/queue/queue-kill-scenario.js';
import {
  createTestDatabase,
  jsonLines,
  probePostgres,
  type StrataProcess,
  spawnStrata,
} from '../src/queue/queue-test-support.js';

const THROUGHPUT_SEEDS = Number(process.env.STRATA_QUEUE_BENCH_SEEDS ?? 8);
const KILL_SEEDS = 24;

interface Timed {
  label: string;
  seconds: number;
  runs: number;
  decisions: number;
}

function decisionsOf(json: BenchJson | undefined): number {
  return (json?.runs ?? []).reduce((sum, run) => sum + run.steps, 0);
}

async function queuedThroughput(adminUrl: string, directory: string, workers: number): Promise<Timed> {
  const database = await createTestDatabase(adminUrl, `queue_bench_${workers}`);
  const processes: StrataProcess[] = [];
  try {
    const workerProcesses = Array.from({ length: workers }, (_, index) =>
      spawnStrata([
        'worker',
        '--queue',
        database.url,
        '--runs-dir',
        join(directory, `w${workers}-${index}`),
        '--poll-interval',
        '0.5',
        '--json',
      ]),
    );
    processes.push(...workerProcesses);
    // Let the workers connect, so the clock measures playing, not start-up.
    await new Promise((wait) => setTimeout(wait, 4000));
    const started = performance.now();
    const bench = await spawnStrata([
      'bench',
      '--queue',
      database.url,
      '--seeds',
      `1-${THROUGHPUT_SEEDS}`,
      '--agents',
      'structured,naive',
      '--runs-dir',
      join(directory, `collected-${workers}`),
      '--json',
    ]).done;
    const seconds = (performance.now() - started) / 1000;
    if (bench.code !== 0) throw new Error(`queued bench with ${workers} worker(s) failed: ${bench.stderr}`);
    const json = jsonLines<BenchJson>(bench.stdout).at(-1);
    return {
      label: `${workers} worker(s)`,
      seconds,
      runs: json?.runs.length ?? 0,
      decisions: decisionsOf(json),
    };
  } finally {
    for (const process of processes) process.child.kill('SIGTERM');
    await Promise.all(processes.map((process) => process.done));
    await database.drop();
  }
}

export async function runBench(): Promise<void> {
  const probe = await probePostgres();
  if (!probe.ok) throw new Error(`bench queue needs Postgres: ${probe.reason}`);
  const directory = mkdtempSync(join(tmpdir(), 'strata-queue-bench-'));
  try {
    console.log(
      `Queued bench throughput: seeds 1-${THROUGHPUT_SEEDS} x structured,naive (heuristic), ${THROUGHPUT_SEEDS * 2} runs; this machine has 2 cores.`,
    );
    const started = performance.now();
    const local = await spawnStrata([
      'bench',
      '--seeds',
      `1-${THROUGHPUT_SEEDS}`,
      '--agents',
      'structured,naive',
      '--runs-dir',
      join(directory, 'local'),
      '--json',
    ]).done;
    const localJson = jsonLines<BenchJson>(local.stdout).at(-1);
    const rows: Timed[] = [
      {
        label: 'local strata bench (baseline)',
        seconds: (performance.now() - started) / 1000,
        runs: localJson?.runs.length ?? 0,
        decisions: decisionsOf(localJson),
      },
    ];
    for (const workers of [1, 2, 3]) rows.push(await queuedThroughput(probe.adminUrl, directory, workers));
    const baseline = rows[0] as Timed;
    console.log(
      'setup                           runs  decisions  seconds  runs/min  decisions/s  x baseline',
    );
    for (const row of rows) {
      console.log(
        `${row.label.padEnd(30)}  ${String(row.runs).padStart(4)}  ${String(row.decisions).padStart(9)}  ${row.seconds.toFixed(1).padStart(7)}  ${((row.runs / row.seconds) * 60).toFixed(1).padStart(8)}  ${(row.decisions / row.seconds).toFixed(0).padStart(11)}  ${(baseline.seconds / row.seconds).toFixed(2).padStart(9)}x`,
      );
    }

    console.log(
      `\nKill check: seeds 1-${KILL_SEEDS} x structured,naive over 3 workers, one SIGKILLed after 60+ decisions of a run.`,
    );
    const database = await createTestDatabase(probe.adminUrl, 'queue_bench_kill');
    const processes: StrataProcess[] = [];
    try {
      const played = await playKilledBench({
        queueUrl: database.url,
        seeds: KILL_SEEDS,
        directory: join(directory, 'kill'),
        processes,
      });
      const queued = played.queued.json;
      const reference = played.local.json;
      const keys = new Set((queued?.runs ?? []).map((run) => `${run.agent}/${run.seed}`));
      const sameResults =
        JSON.stringify(queued?.runs.map(comparableResult)) ===
        JSON.stringify(reference?.runs.map(comparableResult));
      const sameTotals = JSON.stringify(queued?.summary.agents) === JSON.stringify(reference?.summary.agents);
      console.log(
        `queued bench exit ${played.queued.code}, ${queued?.runs.length ?? 0} results, ${keys.size} distinct (seed, agent), ${queued?.failed.length ?? '?'} failed; ${(played.queuedMs / 1000).toFixed(1)} s`,
      );
      console.log(
        `killed run ${played.killedRunId} at ${played.decisionsAtKill} decisions: attempts ${played.killedRun?.attempts}, resumed from the store on another worker: ${played.resumedBy?.type === 'run-started' && played.resumedBy.resume ? 'yes' : 'NO'}`,
      );
      console.log(
        `result writes: ${played.resultWrites.total} over ${keys.size} runs (most for one run: ${played.resultWrites.most})`,
      );
      console.log(
        `every result equal to the local bench (steps, floor, prompt tokens): ${sameResults ? 'yes' : 'NO'}; totals table equal: ${sameTotals ? 'yes' : 'NO'}`,
      );
      if (!sameResults || !sameTotals || played.queued.code !== 0 || keys.size !== KILL_SEEDS * 2) {
        throw new Error('the queued bench did not match the local bench');
      }
    } finally {
      for (const process of processes) if (process.child.exitCode === null) process.child.kill('SIGKILL');
      await database.drop();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
