/**
 * Entry `@strata-memory/strata/postgres`: the Postgres store. Needs the optional peer `pg` (`npm install
 * pg`), loaded when a store connects; missing, the first call fails with MISSING_DEPENDENCY.
 *
 * @module @strata-memory/strata/postgres
 */
export { latestPostgresSchemaVersion } from './store/postgres/postgres-migrations.js';
export { createPostgresStore } from './store/postgres/postgres-store.js';
export type { PostgresPool, PostgresStoreConfig } from './store/postgres/postgres-store-config.js';
