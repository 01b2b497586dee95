// Test support for the queue tests (not public): a throwaway Postgres database per test file, and
// the real `strata` program in child processes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { StrataProcess } from '../test-support/spawn-strata.js';

const candidates = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

export type PostgresProbe = { ok: true; adminUrl: string } | { ok: false; reason: string };

/** The first admin URL that answers: STRATA_DATABASE_URL if set, else the local trust-auth server. */
export async function probePostgres(): Promise<PostgresProbe> {
  const { default: pg } = await import('pg');
  const fromEnvironment = process.env.STRATA_DATABASE_URL;
  const failures: string[] = [];
  for (const url of fromEnvironment ? [fromEnvironment] : candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return { ok: true, adminUrl: url };
    } catch (error) {
      failures.push(`${new URL(url).host}: ${(error as { code?: string }).code ?? (error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return { ok: false, reason: failures.join('; ') };
}

export function unavailableMessage(file: string, reason: string): string {
  return `${file} DID NOT RUN: no reachable Postgres (${reason}). Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set STRATA_DATABASE_URL. With CI=true this is a failure.`;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(adminUrl: string, label: string): Promise<TestDatabase> {
  const { default: pg } = await import('pg');
  const name = `strata_test_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export { type StrataProcess, spawnStrata } from '../test-support/spawn-strata.js';

/** What a queue test file that plays `strata` processes against its own database needs. */
export interface QueueProcessTest {
  readonly probe: PostgresProbe;
  /** Postgres answered, or CI=true (where an unreachable Postgres fails the test instead of skipping). */
  readonly runs: boolean;
  /** A temporary folder, removed after the file's tests. */
  readonly directory: string;
  /** Child processes: any still running after the file's tests is SIGKILLed. */
  readonly processes: StrataProcess[];
  /** Creates the file's database (dropped after its tests); throws the reason when Postgres is unreachable. */
  createDatabase(): Promise<TestDatabase>;
}

/**
 * Probes Postgres (warning with the reason when it is unreachable outside CI), makes a temporary
 * folder, and registers the clean-up of both and of the file's child processes.
 */
export async function setUpQueueProcessTest(file: string, label: string): Promise<QueueProcessTest> {
  const probe = await probePostgres();
  const runs = probe.ok || process.env.CI === 'true';
  if (!probe.ok && !runs) console.warn(unavailableMessage(file, probe.reason));
  const directory = mkdtempSync(join(tmpdir(), `strata-${label.replaceAll('_', '-')}-`));
  const processes: StrataProcess[] = [];
  let database: TestDatabase | undefined;
  afterAll(async () => {
    for (const child of processes) if (child.child.exitCode === null) child.child.kill('SIGKILL');
    await database?.drop();
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    probe,
    runs,
    directory,
    processes,
    async createDatabase() {
      if (!probe.ok) throw new Error(unavailableMessage(file, probe.reason));
      database = await createTestDatabase(probe.adminUrl, label);
      return database;
    },
  };
}

/** The JSON lines a `--json` process printed. */
export function jsonLines<T>(stdout: string): T[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as T);
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}
