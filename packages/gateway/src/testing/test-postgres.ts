import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Test support (not built): the local Postgres (127.0.0.1:5432, trust auth) or STRATA_DATABASE_URL, and a
// throwaway database per test. Under CI=true a missing Postgres fails the tests instead of skipping them.

export const ADMIN_URL = process.env.STRATA_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `Postgres tests DID NOT RUN: no Postgres at ${new URL(ADMIN_URL).host} (${(error as { code?: string }).code ?? String(error)}). Start it or set STRATA_DATABASE_URL; with CI=true this is a failure.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createDatabase(
  label: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `strata_test_gateway_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Ends every connection to `database` except ours (the gateway's own backends, not the server). */
export async function terminateBackends(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
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
