import * as strata from 'strata';
import { type MemoryStore, StrataError } from 'strata';

export interface StoreSettings {
  /** A store, or which one to open: `memory` (default), `sqlite` (file `dbFile`) or `postgres` (`databaseUrl`). */
  store?: MemoryStore | 'memory' | 'sqlite' | 'postgres' | (string & {});
  /** SQLite file (default `.strata/strata.db`). */
  dbFile?: string;
  /** Postgres connection string; never printed. */
  databaseUrl?: string;
}

type StoreFactories = {
  createInMemoryStore?: () => MemoryStore;
  createSqliteStore?: (config: { path?: string }) => MemoryStore;
  createPostgresStore?: (config: { connectionString?: string }) => MemoryStore;
};

/**
 * Opens the store a run asks for. `owned` stores are closed by the run; `persistent` says whether
 * commits are worth writing (an in-memory store made for one run cannot be resumed from).
 */
export async function resolveStore(
  settings: StoreSettings,
): Promise<{ store: MemoryStore | undefined; owned: boolean; persistent: boolean }> {
  // Looked up by name: the store factories are optional parts of Strata's surface.
  const factories = strata as unknown as StoreFactories;
  const requested = settings.store ?? 'memory';
  if (typeof requested === 'object') {
    await requested.open();
    return { store: requested, owned: false, persistent: true };
  }
  let store: MemoryStore;
  if (requested === 'memory') {
    // Without a store factory a run still plays; it just keeps nothing beyond itself.
    if (!factories.createInMemoryStore) return { store: undefined, owned: false, persistent: false };
    store = factories.createInMemoryStore();
  } else if (requested === 'sqlite') {
    if (!factories.createSqliteStore) throw notAvailable('createSqliteStore');
    store = factories.createSqliteStore(settings.dbFile === undefined ? {} : { path: settings.dbFile });
  } else if (requested === 'postgres') {
    if (!factories.createPostgresStore) throw notAvailable('createPostgresStore');
    store = factories.createPostgresStore(
      settings.databaseUrl === undefined ? {} : { connectionString: settings.databaseUrl },
    );
  } else {
    throw new StrataError('CONFIG_INVALID', `Unknown store '${requested}'. Use memory, sqlite or postgres.`);
  }
  await store.open();
  return { store, owned: true, persistent: requested !== 'memory' };
}

function notAvailable(name: string): StrataError {
  return new StrataError(
    'NOT_SUPPORTED',
    `This build of strata does not export ${name}; pass a MemoryStore as 'store'.`,
  );
}
