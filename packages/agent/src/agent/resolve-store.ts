import { createInMemoryStore, type MemoryStore, StrataError } from '@strata-memory/strata';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import { createSqliteStore } from '@strata-memory/strata/sqlite';

/** Which store a run persists to. */
export interface StoreSettings {
  /** A store, or which one to open: `memory` (default), `sqlite` (file `dbFile`) or `postgres` (`databaseUrl`). */
  store?: MemoryStore | 'memory' | 'sqlite' | 'postgres' | (string & {});
  /** SQLite file (default `.strata/strata.db`). */
  dbFile?: string;
  /** Postgres connection string; never printed. */
  databaseUrl?: string;
}

/**
 * Opens the store a run asks for. `owned` stores are closed by the run; `persistent` says whether
 * commits are worth writing (an in-memory store made for one run cannot be resumed from).
 */
export async function resolveStore(
  settings: StoreSettings,
): Promise<{ store: MemoryStore; owned: boolean; persistent: boolean }> {
  const requested = settings.store ?? 'memory';
  if (typeof requested === 'object') {
    await requested.open();
    return { store: requested, owned: false, persistent: true };
  }
  let store: MemoryStore;
  if (requested === 'memory') {
    store = createInMemoryStore();
  } else if (requested === 'sqlite') {
    store = createSqliteStore(settings.dbFile === undefined ? {} : { path: settings.dbFile });
  } else if (requested === 'postgres') {
    store = createPostgresStore(
      settings.databaseUrl === undefined ? {} : { connectionString: settings.databaseUrl },
    );
  } else {
    throw new StrataError('CONFIG_INVALID', `Unknown store '${requested}'. Use memory, sqlite or postgres.`);
  }
  await store.open();
  return { store, owned: true, persistent: requested !== 'memory' };
}
