import { randomBytes } from 'node:crypto';
import { databaseUrlVariable } from '../store/postgres/postgres-store-config.js';

// Test support, in `@strata-memory/strata/testing` (needs the optional peer `pg`): finds a reachable Postgres,
// creates a throwaway database per test file and drops it. Shared by the store, gateway and queue tests.

/** What `probePostgres()` found: the admin URL that answered, or why none did. */
export type PostgresProbe = { ok: true; adminUrl: string } | { ok: false; reason: string };

const candidates = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

/** The first admin URL that answers: STRATA_DATABASE_URL if set, else the local trust-auth server. */
export async function probePostgres(): Promise<PostgresProbe> {
  const { default: pg } = await import('pg');
  const fromEnvironment = process.env[databaseUrlVariable];
  const urls = fromEnvironment ? [fromEnvironment] : candidates;
  const failures: string[] = [];
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return { ok: true, adminUrl: url };
    } catch (error) {
      const code =
        (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
      failures.push(`${new URL(url).host} as ${new URL(url).username || 'default user'}: ${code}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return { ok: false, reason: failures.join('; ') };
}

/** A throwaway database made by `createTestDatabase`. */
export interface TestDatabase {
  /** Its URL, for `createPostgresStore({ connectionString })` or a `pg` pool. */
  connectionString: string;
  /** Its name, `strata_test_<label>_<random>`. */
  name: string;
  /** Drops it, even while clients are still connected. */
  drop(): Promise<void>;
}

/** Creates `strata_test_<label>_<random>` and returns its URL; `drop()` removes it (even if in use). */
export async function createTestDatabase(adminUrl: string, label: string): Promise<TestDatabase> {
  const { default: pg } = await import('pg');
  const name = `strata_test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
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
    connectionString: url.toString(),
    name,
    drop: async () => {
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

/** Prints why Postgres tests did not run; under CI=true the caller fails instead. */
export function describeUnavailable(reason: string): string {
  return `Postgres tests DID NOT RUN: no reachable Postgres (${reason}). Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set ${databaseUrlVariable}. With CI=true this is a failure.`;
}

/** Ends every connection to `database` except the caller's own, to simulate a server restart for its clients. */
export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return result.rows.filter((row: { ended: boolean }) => row.ended).length;
  } finally {
    await admin.end();
  }
}
