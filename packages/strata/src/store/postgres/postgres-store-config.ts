/**
 * A `pg` Pool, as far as the config needs to name it. Declared here rather than imported so the
 * declarations type-check in projects without @types/pg; any real `pg.Pool` fits.
 */
export interface PostgresPool {
  /** Checks out a client. */
  connect(): Promise<unknown>;
  /** Closes every connection. */
  end(): Promise<void>;
  /** Where the pool connects; named in errors (never the password). */
  readonly options: {
    host?: string | undefined;
    port?: number | undefined;
    database?: string | undefined;
    user?: string | undefined;
    /** A pool made from a connection string keeps it here (and not host, database...). */
    connectionString?: string | undefined;
    /** Only ever used to keep it out of error messages. */
    password?: unknown;
  };
}

/** Options of `createPostgresStore`. */
export interface PostgresStoreConfig {
  /**
   * `postgres://user:password@host:5432/database`. Default: the STRATA_DATABASE_URL environment
   * variable. The password never appears in errors.
   */
  connectionString?: string;
  /** A `pg` Pool to use instead of creating one; the store never ends it: its owner does. */
  pool?: PostgresPool;
  /** Connections of the pool the store creates. Default 10. */
  maxConnections?: number;
  /** How long to wait for a connection before failing with STORE_UNAVAILABLE (ms). Default 5000. */
  connectionTimeoutMs?: number;
}

export const databaseUrlVariable = 'STRATA_DATABASE_URL';
