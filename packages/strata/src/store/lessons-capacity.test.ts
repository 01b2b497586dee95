import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLessonsLayer } from '../layers/lessons-layer.js';
import { createMemory } from '../memory/memory.js';
import { createTestDatabase, describeUnavailable, probePostgres } from '../testing/postgres-test-database.js';
import { isStoreSelected } from './conformance/memory-store-conformance.js';
import type { LessonsWriterOptions, LessonsWriterReport } from './lessons-capacity-worker.js';
import type { MemoryStore } from './memory-store.js';
import { createPostgresStore } from './postgres/postgres-store.js';
import { createSqliteStore } from './sqlite/sqlite-store.js';

const workerScript = fileURLToPath(new URL('./lessons-capacity-worker.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'strata-lessons-capacity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const WRITERS = 4;
const LESSONS = 200;
const CAPACITY = 50;

/** Starts every writer, tells them all to go once all are ready, and collects their reports. */
async function runWriters(options: Omit<LessonsWriterOptions, 'worker'>): Promise<LessonsWriterReport[]> {
  const children: ReturnType<typeof spawn>[] = [];
  let ready = 0;
  const reports = Array.from({ length: WRITERS }, (_, worker) => {
    return new Promise<LessonsWriterReport>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', workerScript, JSON.stringify({ ...options, worker })],
        { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['pipe', 'pipe', 'pipe'] },
      );
      children.push(child);
      let stdout = '';
      let stderr = '';
      let announced = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (!announced && stdout.includes('ready\n')) {
          announced = true;
          ready += 1;
          if (ready === WRITERS) for (const each of children) each.stdin?.end('go\n');
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (code) => {
        try {
          resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LessonsWriterReport);
        } catch {
          reject(new Error(`lessons writer ${worker} exited with ${code} and no report: ${stdout}${stderr}`));
        }
      });
    });
  });
  try {
    return await Promise.all(reports);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** What the issue asks: no errors, no duplicates, the namespace within capacity; and the right lessons kept. */
async function checkRun(
  store: MemoryStore,
  namespace: string,
  reports: LessonsWriterReport[],
): Promise<void> {
  const errors = reports.flatMap((report) => report.errors);
  expect(errors.slice(0, 3)).toEqual([]);
  expect(errors).toHaveLength(0);
  for (const report of reports)
    expect(report.added.length + report.rejected + report.duplicates).toBe(LESSONS);
  const rows = await store.listLessons(namespace);
  expect(rows.length).toBeLessThanOrEqual(CAPACITY);
  expect(rows).toHaveLength(CAPACITY);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(rows.length);
  expect(new Set(rows.map((row) => row.text)).size).toBe(rows.length);
  // Eviction is by rank, whatever the interleaving: the kept rows are the best of all acknowledged.
  // Equal ranks (same importance, created in the same millisecond by two processes) keep the smaller
  // id, as every store orders them (`rank DESC, id`); ordering ties by worker made this test flaky.
  const added = reports.flatMap((report) => report.added);
  expect(new Set(added.map((lesson) => lesson.id)).size).toBe(added.length);
  const best = [...added]
    .sort(
      (a, b) =>
        (b.rank ?? Number.NEGATIVE_INFINITY) - (a.rank ?? Number.NEGATIVE_INFINITY) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, CAPACITY)
    .map((lesson) => lesson.id)
    .sort();
  expect(rows.map((row) => row.id).sort()).toEqual(best);
  // A fresh memory loads at most its capacity.
  const fresh = createLessonsLayer({ capacity: CAPACITY });
  await createMemory({ budget: 2_000, layers: [fresh], store, namespace }).open();
  expect(fresh.lessons.length).toBeLessThanOrEqual(CAPACITY);
  const smaller = createLessonsLayer({ capacity: 10 });
  await createMemory({ budget: 2_000, layers: [smaller], store, namespace }).open();
  expect(smaller.lessons).toHaveLength(10);
}

// Skipped only when STORES names other stores (a deliberate narrowing; CI leaves STORES unset and runs it).
describe.runIf(isStoreSelected('sqlite'))('lessons capacity across processes: SQLite', () => {
  it(`${WRITERS} processes x ${LESSONS} lessons on one namespace: no error, no duplicate, capacity ${CAPACITY} held`, async () => {
    const path = join(scratch, 'lessons.db');
    const namespace = 'agent/shared';
    // Migrate once before the writers start, as a deployment would.
    const store = createSqliteStore({ path });
    await store.open();
    const reports = await runWriters({
      store: 'sqlite',
      location: path,
      namespace,
      capacity: CAPACITY,
      lessons: LESSONS,
    });
    await checkRun(store, namespace, reports);
    await store.close();
  }, 120_000);
});

const probe = isStoreSelected('postgres') ? await probePostgres() : undefined;
if (probe !== undefined && !probe.ok && process.env.CI !== 'true')
  console.warn(describeUnavailable(probe.reason));

// Skipped when STORES names other stores, or outside CI when Postgres is unreachable (warned above);
// under CI=true an unreachable Postgres fails the test.
describe.runIf(probe !== undefined && (probe.ok || process.env.CI === 'true'))(
  'lessons capacity across processes: Postgres',
  () => {
    it(`${WRITERS} processes x ${LESSONS} lessons on one namespace: no error, no duplicate, capacity ${CAPACITY} held`, async () => {
      if (probe === undefined || !probe.ok)
        throw new Error(describeUnavailable(probe?.reason ?? 'not probed'));
      const database = await createTestDatabase(probe.adminUrl, 'lessons_capacity');
      try {
        const namespace = 'agent/shared';
        const store = createPostgresStore({ connectionString: database.connectionString });
        await store.open();
        const reports = await runWriters({
          store: 'postgres',
          location: database.connectionString,
          namespace,
          capacity: CAPACITY,
          lessons: LESSONS,
        });
        await checkRun(store, namespace, reports);
        await store.close();
      } finally {
        await database.drop();
      }
    }, 180_000);
  },
);
