import type { Pool } from 'pg';

/** Options of `createPostgresStore`. */
export interface PostgresStoreConfig {
  /**
   * `postgres://user:password@host:5432/database`. Default: the STRATA_DATABASE_URL environment
   * variable. The password never appears in errors.
   */
  connectionString?: string;
  /** A `pg` Pool to use instead of creating one; the store never ends it: its owner does. */
  pool?: Pool;
  /** Connections of the pool the store creates. Default 10. */
  maxConnections?: number;
  /** How long to wait for a connection before failing with STORE_UNAVAILABLE (ms). Default 5000. */
  connectionTimeoutMs?: number;
}

export const databaseUrlVariable = 'STRATA_DATABASE_URL';
