/**
 * Entry `@strata-memory/strata/sqlite`: the SQLite store. Needs the optional peer `better-sqlite3` (`npm
 * install better-sqlite3`), loaded when a store opens; missing, opening fails with MISSING_DEPENDENCY.
 *
 * @module @strata-memory/strata/sqlite
 */
export { latestSqliteSchemaVersion } from './store/sqlite/sqlite-migrations.js';
export { createSqliteStore } from './store/sqlite/sqlite-store.js';
export {
  defaultSqlitePath,
  type SqliteDatabaseConnection,
  type SqliteStoreConfig,
} from './store/sqlite/sqlite-store-config.js';
