/**
 * Bench: per-step persist latency (p50/p99 of `commitSession` with a ~20 KB session snapshot) for
 * the in-memory, SQLite and Postgres stores, measured in this process against the in-memory store
 * as baseline; aggregate Postgres steps/s for 1, 2 and 4 worker processes against 1 worker; and the
 * full-size multi-process stress run (4 processes, 200 sessions x 50 steps, racing drivers,
 * shared lessons) checked for lost updates.
 * Run alone: node --import tsx packages/strata/bench/stores.bench.ts
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonValue } from '../src/core/provenance.js';
import { createInMemoryStore } from '../src/store/in-memory/in-memory-store.js';
import type { MemoryStore } from '../src/store/memory-store.js';
import { createPostgresStore } from '../src/store/postgres/postgres-store.js';
import type { StressWorkerOptions } from '../src/store/postgres/postgres-stress-worker.js';
import { checkStressRun, runStressWorkers } from '../src/store/postgres/run-stress-workers.js';
import { createSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { createTestDatabase, probePostgres } from '../src/testing/postgres-test-database.js';

const WARMUP_STEPS = 50;
const MEASURED_STEPS = 500;

/** A realistic session snapshot of one agent step, ~20 KB of JSON across six layers. */
export function snapshotAt(step: number): Record<string, JsonValue> {
  const words = (count: number, salt: number) =>
    Array.from({ length: count }, (_, index) => `w${(index * 7919 + salt * 104_729) % 9973}`).join(' ');
  return {
    summary: `Act ${1 + Math.floor(step / 50)}, floor ${step % 17}. ${words(120, Math.floor(step / 10))}`,
    window: Array.from({ length: 40 }, (_, index) => ({
      step: step - index,
      event: index % 3 === 0 ? 'card-played' : 'enemy-intent',
      text: words(24, step - index),
    })),
    notes: Array.from({ length: 12 }, (_, index) => ({
      scope: 'combat',
      text: words(15, step + index * 31),
    })),
    state: {
      hp: 80 - (step % 60),
      gold: 99 + step,
      deck: Array.from({ length: 25 }, (_, index) => `card-${(index * 13 + step) % 75}`),
      relics: ['Burning Blood', 'Anchor', 'Vajra'],
      potions: ['Fire Potion', null, null],
      map: Array.from({ length: 15 }, (_, index) => ({
        floor: index,
        room: index % 4 === 0 ? 'elite' : 'monster',
      })),
    },
    observation: words(1500, step),
    telemetry: { step, tokens: 4800 + (step % 200) },
  };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

interface Latency {
  p50: number;
  p99: number;
  mean: number;
}

async function measurePersist(store: MemoryStore): Promise<Latency> {
  await store.open();
  const snapshots = Array.from({ length: WARMUP_STEPS + MEASURED_STEPS }, (_, index) =>
    snapshotAt(index + 1),
  );
  const sessionId = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let version = 0;
  const times: number[] = [];
  for (const [index, layers] of snapshots.entries()) {
    const started = performance.now();
    const record = await store.commitSession({
      sessionId,
      namespace: 'bench/stores',
      step: index + 1,
      layers,
      expectedVersion: version,
    });
    const elapsed = performance.now() - started;
    version = record.version;
    if (index >= WARMUP_STEPS) times.push(elapsed);
  }
  await store.close();
  times.sort((left, right) => left - right);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    mean: times.reduce((sum, time) => sum + time, 0) / times.length,
  };
}

const format = (milliseconds: number) => `${milliseconds.toFixed(3)} ms`;

export async function runBench(): Promise<void> {
  const snapshotBytes = Buffer.byteLength(JSON.stringify(snapshotAt(1)));
  console.log('Stores: per-step persist latency (commitSession of a whole session snapshot)');
  console.log(
    `  snapshot ${(snapshotBytes / 1024).toFixed(1)} KB in ${Object.keys(snapshotAt(1)).length} layers; ${MEASURED_STEPS} measured steps after ${WARMUP_STEPS} warm-up; baseline: in-memory store`,
  );
  const scratch = mkdtempSync(join(tmpdir(), 'strata-store-bench-'));
  const probe = await probePostgres();
  const database = probe.ok ? await createTestDatabase(probe.adminUrl, 'bench') : undefined;
  try {
    const rows: Array<[string, Latency | string]> = [];
    rows.push(['memory', await measurePersist(createInMemoryStore())]);
    rows.push([
      'sqlite (WAL, synchronous=NORMAL)',
      await measurePersist(createSqliteStore({ path: join(scratch, 'normal.db') })),
    ]);
    rows.push([
      'sqlite (WAL, synchronous=FULL)',
      await measurePersist(createSqliteStore({ path: join(scratch, 'full.db'), synchronous: 'full' })),
    ]);
    rows.push([
      'postgres (1 connection, local)',
      database === undefined
        ? `not run: no Postgres (${probe.ok ? '' : probe.reason})`
        : await measurePersist(
            createPostgresStore({ connectionString: database.connectionString, maxConnections: 1 }),
          ),
    ]);
    const baseline = rows[0]?.[1] as Latency;
    console.log(
      `  ${'store'.padEnd(36)}${'p50'.padStart(12)}${'p99'.padStart(12)}${'mean'.padStart(12)}   p50 vs memory`,
    );
    for (const [label, result] of rows) {
      if (typeof result === 'string') {
        console.log(`  ${label.padEnd(36)}${result}`);
        continue;
      }
      console.log(
        `  ${label.padEnd(36)}${format(result.p50).padStart(12)}${format(result.p99).padStart(12)}${format(result.mean).padStart(12)}   x${(result.p50 / baseline.p50).toFixed(1)}`,
      );
    }
    const sqlite = rows[1]?.[1] as Latency;
    console.log(
      `  goal: SQLite persist < 1 ms p50 -> ${sqlite.p50 < 1 ? 'met' : 'NOT met'} (${format(sqlite.p50)})`,
    );

    if (database === undefined) {
      console.log(
        'Postgres throughput and stress: NOT RUN (no reachable Postgres; start it or set STRATA_DATABASE_URL)',
      );
      return;
    }
    console.log(
      '\nPostgres: aggregate steps/s by worker processes (each: 1 connection in use, 10 sessions x 50 steps of ~20 KB)',
    );
    const throughput: Array<{ workers: number; stepsPerSecond: number; p50: number }> = [];
    for (const workers of [1, 2, 4]) {
      const run = await createTestDatabase(probe.ok ? probe.adminUrl : '', `bench_${workers}w`);
      try {
        const migrate = createPostgresStore({ connectionString: run.connectionString });
        await migrate.open();
        const options: Omit<StressWorkerOptions, 'worker' | 'startSignal'> = {
          connectionString: run.connectionString,
          workers,
          sessions: 10 * workers,
          stepsPerSession: 50,
          sharedSessions: 0,
          sharedLessonKeys: 1,
          payloadBytes: snapshotBytes,
          lanes: 1,
          namespace: 'bench/throughput',
          writeLessons: false,
        };
        const reports = await runStressWorkers(options);
        const summary = await checkStressRun(migrate, options, reports);
        await migrate.close();
        if (summary.violations.length > 0)
          throw new Error(`throughput run lost updates: ${summary.violations[0]}`);
        const latencies = reports
          .flatMap((report) => report.commitLatenciesMs)
          .sort((left, right) => left - right);
        throughput.push({
          workers,
          stepsPerSecond: summary.commits / summary.seconds,
          p50: percentile(latencies, 0.5),
        });
      } finally {
        await run.drop();
      }
    }
    const single = throughput[0]?.stepsPerSecond ?? Number.NaN;
    for (const row of throughput) {
      console.log(
        `  ${String(row.workers).padStart(2)} worker(s): ${row.stepsPerSecond.toFixed(0).padStart(6)} steps/s   x${(row.stepsPerSecond / single).toFixed(2)} vs 1 worker   commit p50 ${format(row.p50)}`,
      );
    }

    console.log(
      '\nPostgres stress, full size: 4 processes, 200 sessions x 50 steps, 20 sessions raced by two processes',
    );
    const stress = await createTestDatabase(probe.ok ? probe.adminUrl : '', 'bench_stress');
    try {
      const store = createPostgresStore({ connectionString: stress.connectionString });
      await store.open();
      const options: Omit<StressWorkerOptions, 'worker' | 'startSignal'> = {
        connectionString: stress.connectionString,
        workers: 4,
        sessions: 200,
        stepsPerSession: 50,
        sharedSessions: 20,
        sharedLessonKeys: 40,
        payloadBytes: 256,
        lanes: 6,
        namespace: 'stress/shared',
        writeLessons: true,
      };
      const summary = await checkStressRun(store, options, await runStressWorkers(options));
      await store.close();
      console.log(
        `  ${summary.commits} commits in ${summary.seconds.toFixed(1)} s (${(summary.commits / summary.seconds).toFixed(0)} steps/s), ${summary.conflicts} STORE_CONFLICTs surfaced and retried, ${summary.lessons} lessons, ${summary.deduplicatedLessonWrites} duplicate lesson writes absorbed`,
      );
      console.log(
        `  lost updates: ${summary.violations.length === 0 ? 'none (every final count equals the acknowledged writes)' : `${summary.violations.length}: ${summary.violations.slice(0, 3).join('; ')}`}`,
      );
    } finally {
      await stress.drop();
    }
  } finally {
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  await runBench();
}
