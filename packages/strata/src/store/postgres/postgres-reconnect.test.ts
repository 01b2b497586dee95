import { afterAll, describe, expect, it } from 'vitest';
import { StrataError } from '../../errors/strata-error.js';
import {
  createTestDatabase,
  describeUnavailable,
  probePostgres,
  type TestDatabase,
  terminateBackends,
} from '../../testing/postgres-test-database.js';
import type { MemoryStore } from '../memory-store.js';
import { createPostgresStore } from './postgres-store.js';

const probe = await probePostgres();
const runs = probe.ok || process.env.CI === 'true';
if (!probe.ok && !runs) console.warn(describeUnavailable(probe.reason));

/** The server's admin URL; under CI=true with no reachable Postgres, the test fails here saying why. */
function adminUrl(): string {
  if (!probe.ok) throw new Error(describeUnavailable(probe.reason));
  return probe.adminUrl;
}

function commitStep(store: MemoryStore, step: number, expectedVersion: number) {
  return store.commitSession({
    sessionId: 'run-1',
    namespace: 'agent',
    step,
    layers: { window: { events: [`step ${step}`] } },
    expectedVersion,
  });
}

// Skipped only outside CI when Postgres is unreachable (the warning above says why); under CI=true it runs,
// and an unreachable Postgres fails the test.
describe.runIf(runs)('Postgres store: reconnects after a terminated backend', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('keeps committing when every backend is terminated between steps (pg_terminate_backend)', async () => {
    const database = await createTestDatabase(adminUrl(), 'reconnect');
    databases.push(database);
    const store = createPostgresStore({ connectionString: database.connectionString, maxConnections: 2 });
    let version = (await commitStep(store, 1, 0)).version;
    for (let step = 2; step <= 6; step += 1) {
      expect(await terminateBackends(adminUrl(), database.name)).toBeGreaterThan(0);
      const record = await commitStep(store, step, version);
      expect(record.step).toBe(step);
      expect(record.version).toBe(version + 1);
      version = record.version;
      expect((await store.loadSession('run-1'))?.layers).toEqual({ window: { events: [`step ${step}`] } });
    }
    await store.close();
  });

  it('retries a commit whose backend is terminated while the commit runs', async () => {
    const database = await createTestDatabase(adminUrl(), 'reconnect_mid');
    databases.push(database);
    const store = createPostgresStore({ connectionString: database.connectionString, maxConnections: 2 });
    const first = await commitStep(store, 1, 0);
    const { default: pg } = await import('pg');
    // Hold the session row so the next commit blocks inside its statement, then end its backend.
    const locker = new pg.Client({ connectionString: database.connectionString });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query("SELECT * FROM strata_sessions WHERE session_id = 'run-1' FOR UPDATE");
    const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const committing = commitStep(store, 2, first.version).then(
      (record) => ({ record }),
      (error: unknown) => ({ error }),
    );
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    let terminated = 0;
    for (let attempt = 0; attempt < 250 && terminated === 0; attempt += 1) {
      const blocked = await admin.query(
        "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2",
        [database.name, lockerPid],
      );
      if ((blocked.rowCount ?? 0) > 0) {
        await admin.query('SELECT pg_terminate_backend($1)', [blocked.rows[0].pid]);
        terminated += 1;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.end();
    // The commit really was cut mid-statement (otherwise this test would prove nothing).
    expect(terminated).toBe(1);
    await locker.query('COMMIT');
    await locker.end();
    const outcome = await committing;
    if ('error' in outcome) throw outcome.error;
    const record = outcome.record;
    expect(record.step).toBe(2);
    expect(record.version).toBe(first.version + 1);
    await store.close();
  });

  it('treats a commit that landed before its connection died as done, not as a conflict', async () => {
    const database = await createTestDatabase(adminUrl(), 'reconnect_landed');
    databases.push(database);
    const { default: pg } = await import('pg');
    const real = new pg.Pool({ connectionString: database.connectionString, max: 2 });
    let lose = false;
    // The commit statement runs and commits, then the reply is lost, as when the backend dies after COMMIT.
    const pool = Object.create(real) as typeof real;
    pool.query = (async (text: string, values: unknown[]) => {
      const result = await real.query(text, values);
      if (lose && /UPDATE strata_sessions/.test(text)) {
        lose = false;
        throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
      }
      return result;
    }) as typeof real.query;
    const store = createPostgresStore({ pool });
    const first = await commitStep(store, 1, 0);
    lose = true;
    const record = await commitStep(store, 2, first.version);
    expect(record.version).toBe(first.version + 1);
    expect(record.layers).toEqual({ window: { events: ['step 2'] } });
    await store.close();
    await real.end();
  });

  it('still refuses a stale version after reconnecting (compare-and-swap kept)', async () => {
    const database = await createTestDatabase(adminUrl(), 'reconnect_cas');
    databases.push(database);
    const store = createPostgresStore({ connectionString: database.connectionString, maxConnections: 2 });
    const first = await commitStep(store, 1, 0);
    await commitStep(store, 2, first.version);
    await terminateBackends(adminUrl(), database.name);
    const error = await commitStep(store, 3, first.version).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StrataError);
    expect((error as StrataError).code).toBe('STORE_CONFLICT');
    expect((await store.loadSession('run-1'))?.step).toBe(2);
    await store.close();
  });
});

describe('Postgres store: a malformed URL', () => {
  it('is reported as typed, with the password redacted, not as localhost:5432/postgres', async () => {
    const typed = 'postgres://agent:s3cret@db.internal:54x2/strata';
    let error: unknown;
    try {
      const store = createPostgresStore({ connectionString: typed, connectionTimeoutMs: 500 });
      await store.open();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StrataError);
    const text = JSON.stringify({
      message: (error as StrataError).message,
      details: (error as StrataError).details,
    });
    expect(text).toContain('postgres://agent:***@db.internal:54x2/strata');
    expect(text).not.toContain('localhost:5432/postgres');
    expect(text).not.toContain('s3cret');
  });
});
