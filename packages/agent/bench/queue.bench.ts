/**
 * Bench `queue`: `strata bench --queue` over `strata worker` processes on one Postgres.
 * 1. Throughput with 1, 2 and 3 workers on the same bench, against one local `strata bench` process
 *    (the baseline, measured in this same run). The set-ups take turns, REPEATS times, and the table
 *    shows each one's median: the machine is shared, so one slow stretch must not land on one set-up.
 *    CPU seconds (the strata processes, and the Postgres backends of the bench's database) say what
 *    a decision costs whatever the load.
 * 2. The issue's check at full size: seeds 1-24 x structured,naive over 3 workers, one SIGKILLed
 *    mid-run; every (seed, agent) result once and equal to the local bench.
 * Run: npm run bench -- queue   (STRATA_QUEUE_BENCH_SEEDS=N: seeds 1-N, default 8;
 *      STRATA_QUEUE_BENCH_REPEATS=R: turns per set-up, default 2; STRATA_QUEUE_BENCH_KILL_SEEDS=N: the
 *      kill check's seeds, default 24, 0 skips it)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type BenchJson, comparableResult, playKilledBench } from '../src/queue/queue-kill-scenario.js';
import {
  createTestDatabase,
  jsonLines,
  probePostgres,
  type StrataProcess,
  spawnStrata,
  waitFor,
} from '../src/queue/queue-test-support.js';
import { processCpu, reapedChildrenCpu, sampleBackendCpu } from './process-cpu.js';

const THROUGHPUT_SEEDS = Number(process.env.STRATA_QUEUE_BENCH_SEEDS ?? 8);
const REPEATS = Number(process.env.STRATA_QUEUE_BENCH_REPEATS ?? 2);
/**
 * Every strata process (workers, the queued bench, the local bench) in its own session, as programs
 * started on their own would be: with autogroup scheduling, workers in this script's session shared
 * one slice of the CPU and 3 workers were no faster than 1 on a busy machine.
 */
const OWN_SESSION = { ownSession: true };
const KILL_SEEDS = Number(process.env.STRATA_QUEUE_BENCH_KILL_SEEDS ?? 24);

interface Timed {
  label: string;
  seconds: number;
  runs: number;
  decisions: number;
  /**
   * CPU seconds of the strata processes: the local bench; or the queued bench's process plus the
   * workers from the moment they take jobs (their start-up is a fixed cost per worker, not per decision).
   */
  strataCpu: number;
  /** CPU seconds of the Postgres backends serving the bench's database. */
  postgresCpu: number;
}

function decisionsOf(json: BenchJson | undefined): number {
  return (json?.runs ?? []).reduce((sum, run) => sum + run.steps, 0);
}

async function queuedThroughput(adminUrl: string, directory: string, workers: number): Promise<Timed> {
  const database = await createTestDatabase(adminUrl, `queue_bench_${workers}`);
  const processes: StrataProcess[] = [];
  const backends = sampleBackendCpu(adminUrl, new URL(database.connectionString).pathname.slice(1));
  const cpuBefore = reapedChildrenCpu();
  try {
    const workerProcesses = Array.from({ length: workers }, (_, index) =>
      spawnStrata(
        [
          'worker',
          '--queue',
          database.connectionString,
          '--runs-dir',
          join(directory, `w${workers}-${index}`),
          '--poll-interval',
          '0.5',
          '--json',
        ],
        OWN_SESSION,
      ),
    );
    processes.push(...workerProcesses);
    // Wait until every worker takes jobs, so the clock measures playing, not start-up (a strata
    // process compiles its TypeScript first: seconds of CPU, longer on a loaded machine).
    await waitFor(
      () =>
        workerProcesses.every((worker) =>
          jsonLines<{ type?: string }>(worker.output().stdout).some((event) => event.type === 'started'),
        ),
      180_000,
      `${workers} worker(s) to start`,
    );
    const workersAtStart = workerProcesses.map((worker) => processCpu(worker.child.pid));
    const started = performance.now();
    const bench = await spawnStrata(
      [
        'bench',
        '--queue',
        database.connectionString,
        '--seeds',
        `1-${THROUGHPUT_SEEDS}`,
        '--agents',
        'structured,naive',
        '--runs-dir',
        join(directory, `collected-${workers}`),
        '--json',
      ],
      OWN_SESSION,
    ).done;
    const seconds = (performance.now() - started) / 1000;
    if (bench.code !== 0) throw new Error(`queued bench with ${workers} worker(s) failed: ${bench.stderr}`);
    const json = jsonLines<BenchJson>(bench.stdout).at(-1);
    const benchCpu = reapedChildrenCpu() - cpuBefore;
    const workersCpu = workerProcesses.reduce(
      (sum, worker, index) => sum + processCpu(worker.child.pid) - (workersAtStart[index] ?? 0),
      0,
    );
    await backends.sample();
    return {
      label: `${workers} worker(s)`,
      seconds,
      runs: json?.runs.length ?? 0,
      decisions: decisionsOf(json),
      strataCpu: benchCpu + workersCpu,
      postgresCpu: await backends.stop(),
    };
  } finally {
    for (const process of processes) if (process.child.exitCode === null) process.child.kill('SIGTERM');
    await Promise.all(processes.map((process) => process.done));
    await backends.stop();
    await database.drop();
  }
}

async function localThroughput(directory: string, turn: number): Promise<Timed> {
  const cpuBefore = reapedChildrenCpu();
  const started = performance.now();
  const local = await spawnStrata(
    [
      'bench',
      '--seeds',
      `1-${THROUGHPUT_SEEDS}`,
      '--agents',
      'structured,naive',
      '--runs-dir',
      join(directory, `local-${turn}`),
      '--json',
    ],
    OWN_SESSION,
  ).done;
  const seconds = (performance.now() - started) / 1000;
  if (local.code !== 0) throw new Error(`local bench failed: ${local.stderr}`);
  const json = jsonLines<BenchJson>(local.stdout).at(-1);
  return {
    label: 'local strata bench (baseline)',
    seconds,
    runs: json?.runs.length ?? 0,
    decisions: decisionsOf(json),
    strataCpu: reapedChildrenCpu() - cpuBefore,
    postgresCpu: 0,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One row per set-up: the median of its turns. */
function medianRow(turns: readonly Timed[]): Timed {
  const first = turns[0] as Timed;
  return {
    label: first.label,
    runs: first.runs,
    decisions: first.decisions,
    seconds: median(turns.map((turn) => turn.seconds)),
    strataCpu: median(turns.map((turn) => turn.strataCpu)),
    postgresCpu: median(turns.map((turn) => turn.postgresCpu)),
  };
}

/** Where two lists of records differ: `position.field: queued vs local`, field by field. */
function differences(queued: readonly object[], local: readonly object[]): string[] {
  const lines: string[] = [];
  if (queued.length !== local.length) lines.push(`${queued.length} queued vs ${local.length} local entries`);
  for (let index = 0; index < Math.min(queued.length, local.length); index += 1) {
    const a = queued[index] as Record<string, unknown>;
    const b = local[index] as Record<string, unknown>;
    for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!isDeepStrictEqual(a[field], b[field])) {
        lines.push(`${index}.${field}: ${JSON.stringify(a[field])} vs ${JSON.stringify(b[field])}`);
      }
    }
  }
  return lines;
}

export async function runBench(): Promise<void> {
  const probe = await probePostgres();
  if (!probe.ok) throw new Error(`bench queue needs Postgres: ${probe.reason}`);
  const directory = mkdtempSync(join(tmpdir(), 'strata-queue-bench-'));
  try {
    console.log(
      `Queued bench throughput: seeds 1-${THROUGHPUT_SEEDS} x structured,naive (heuristic), ${THROUGHPUT_SEEDS * 2} runs; this machine has 2 cores.`,
    );
    const turns = new Map<string, Timed[]>();
    for (let turn = 0; turn < REPEATS; turn += 1) {
      const played = [await localThroughput(directory, turn)];
      for (const workers of [1, 2, 3])
        played.push(await queuedThroughput(probe.adminUrl, directory, workers));
      for (const row of played) turns.set(row.label, [...(turns.get(row.label) ?? []), row]);
      console.log(
        `turn ${turn + 1}/${REPEATS}: ${played.map((row) => `${row.label} ${row.seconds.toFixed(1)} s`).join(', ')}`,
      );
    }
    const rows = [...turns.values()].map(medianRow);
    const baseline = rows[0] as Timed;
    console.log(`medians of ${REPEATS} turns (load average at the end: ${loadavg()[0]?.toFixed(1)})`);
    console.log(
      'setup                           runs  decisions  seconds  decisions/s  x baseline  x 1 worker  CPU s strata+pg  CPU ms/decision',
    );
    const oneWorker = rows[1] as Timed;
    for (const row of rows) {
      const cpu = row.strataCpu + row.postgresCpu;
      console.log(
        `${row.label.padEnd(30)}  ${String(row.runs).padStart(4)}  ${String(row.decisions).padStart(9)}  ${row.seconds.toFixed(1).padStart(7)}  ${(row.decisions / row.seconds).toFixed(0).padStart(11)}  ${(baseline.seconds / row.seconds).toFixed(2).padStart(9)}x  ${(oneWorker.seconds / row.seconds).toFixed(2).padStart(9)}x  ${`${row.strataCpu.toFixed(1)}+${row.postgresCpu.toFixed(1)}`.padStart(16)}  ${((cpu / row.decisions) * 1000).toFixed(2).padStart(15)}`,
      );
    }

    if (KILL_SEEDS === 0) return;
    console.log(
      `\nKill check: seeds 1-${KILL_SEEDS} x structured,naive over 3 workers, one SIGKILLed after 60+ decisions of a run.`,
    );
    const database = await createTestDatabase(probe.adminUrl, 'queue_bench_kill');
    const processes: StrataProcess[] = [];
    try {
      const played = await playKilledBench({
        queueUrl: database.connectionString,
        seeds: KILL_SEEDS,
        directory: join(directory, 'kill'),
        processes,
      });
      const queued = played.queued.json;
      const reference = played.local.json;
      const keys = new Set((queued?.runs ?? []).map((run) => `${run.agent}/${run.seed}`));
      // Deep equality: the queued results come back from jsonb, which reorders object keys.
      const queuedRuns = queued?.runs.map(comparableResult) ?? [];
      const localRuns = reference?.runs.map(comparableResult) ?? [];
      const sameResults = isDeepStrictEqual(queuedRuns, localRuns);
      const sameTotals = isDeepStrictEqual(queued?.summary.agents, reference?.summary.agents);
      for (const line of differences(queuedRuns, localRuns)) console.log(`  differs: ${line}`);
      if (!sameTotals) {
        for (const line of differences(queued?.summary.agents ?? [], reference?.summary.agents ?? []))
          console.log(`  totals differ: ${line}`);
      }
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
