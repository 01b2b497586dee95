import {
  createTestDatabase,
  describeUnavailable,
  probePostgres,
  terminateBackends as terminate,
} from '@strata-memory/strata/testing';

// Test support (not built): the gateway tests' view of the shared Postgres helpers in
// `@strata-memory/strata/testing` (STRATA_DATABASE_URL, else the local trust-auth server; a throwaway
// database per test). Under CI=true a missing Postgres fails the tests instead of skipping them.

let probed: string | undefined;

/** Undefined when Postgres answers; otherwise why the Postgres tests did not run. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const probe = await probePostgres();
  if (!probe.ok) return describeUnavailable(probe.reason);
  probed = probe.adminUrl;
  return undefined;
}

/** The admin URL `postgresUnavailable()` found. */
export function adminUrl(): string {
  if (probed === undefined) throw new Error('call postgresUnavailable() before adminUrl()');
  return probed;
}

export async function createDatabase(
  label: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (probed === undefined && (await postgresUnavailable()) !== undefined)
    throw new Error('no reachable Postgres');
  const database = await createTestDatabase(adminUrl(), `gateway_${label}`);
  return { url: database.connectionString, name: database.name, drop: database.drop };
}

/** Ends every connection to `database` except ours (the gateway's own backends, not the server). */
export function terminateBackends(database: string): Promise<number> {
  return terminate(adminUrl(), database);
}
