// Test support for the queue tests (not public): a throwaway Postgres database per test file, and
// the real `strata` program in child processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  describeUnavailable,
  type PostgresProbe,
  probePostgres,
  type TestDatabase,
} from '@strata-memory/strata/testing';
import { afterAll } from 'vitest';
import type { StrataProcess } from '../test-support/spawn-strata.js';

export { createTestDatabase, type PostgresProbe, probePostgres, type TestDatabase };

export function unavailableMessage(file: string, reason: string): string {
  return `${file}: ${describeUnavailable(reason)}`;
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
