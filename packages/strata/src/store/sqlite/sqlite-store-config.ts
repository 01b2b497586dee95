/**
 * An open better-sqlite3 `Database`, as far as the config needs to name it. Declared here rather than
 * imported so the declarations type-check in projects without @types/better-sqlite3; any real
 * better-sqlite3 connection fits.
 */
export interface SqliteDatabaseConnection {
  readonly open: boolean;
  readonly name: string;
  /** Compiles a statement. */
  prepare(source: string): unknown;
  /** Runs SQL without results. */
  exec(source: string): unknown;
  /** Reads or sets a pragma. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Closes the connection. */
  close(): unknown;
}

/** Options of `createSqliteStore`. */
export interface SqliteStoreConfig {
  /**
   * Database file, relative to the working directory. Default `.strata/strata.db`; the directory is
   * created when missing. `':memory:'` keeps the database in this connection only.
   */
  path?: string;
  /**
   * An open better-sqlite3 connection to use instead of opening `path`. The store sets its pragmas
   * and runs migrations on it but never closes it: its owner does.
   */
  database?: SqliteDatabaseConnection;
  /**
   * `'normal'` (default): with WAL, a committed step survives the process being killed (SIGKILL,
   * crash, OOM); a power loss may undo the last commits but never corrupts the file.
   * `'full'`: fsync on every commit, so commits also survive a power loss, at several ms per step.
   */
  synchronous?: 'normal' | 'full';
  /** How long a write waits for another connection's lock before failing (ms). Default 5000. */
  busyTimeoutMs?: number;
}

/** Where `createSqliteStore` keeps its database without `path`, relative to the working directory. */
export const defaultSqlitePath = '.strata/strata.db';
