import type BetterSqlite3 from 'better-sqlite3';
import { schemaTooNewError } from '../store-errors.js';

/** One schema step. Never edit a released migration: add the next version. */
export interface SqliteMigration {
  version: number;
  name: string;
  sql: string;
}

/** 'STRA' in the SQLite header, so a Strata database is recognizable without Strata. */
export const strataApplicationId = 0x53545241;

export const sqliteMigrations: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'sessions, layers, lessons, knowledge, telemetry',
    sql: `
      CREATE TABLE strata_sessions (
        session_id TEXT PRIMARY KEY,
        namespace TEXT NOT NULL,
        step INTEGER NOT NULL,
        meta TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        version INTEGER NOT NULL
      );
      CREATE INDEX strata_sessions_by_namespace ON strata_sessions (namespace, session_id);
      CREATE TABLE strata_session_layers (
        session_id TEXT NOT NULL,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (session_id, name)
      ) WITHOUT ROWID;
      CREATE TABLE strata_lessons (
        namespace TEXT NOT NULL,
        id TEXT NOT NULL,
        text TEXT NOT NULL,
        importance REAL NOT NULL,
        usefulness REAL NOT NULL,
        uses REAL NOT NULL,
        tags TEXT NOT NULL,
        provenance TEXT NOT NULL,
        idempotency_key TEXT,
        created_at REAL NOT NULL,
        last_used_at REAL,
        version INTEGER NOT NULL,
        PRIMARY KEY (namespace, id)
      );
      CREATE UNIQUE INDEX strata_lessons_by_idempotency_key
        ON strata_lessons (namespace, idempotency_key) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX strata_lessons_by_age ON strata_lessons (namespace, created_at, id);
      CREATE TABLE strata_knowledge (
        namespace TEXT NOT NULL,
        key TEXT NOT NULL,
        text TEXT NOT NULL,
        tags TEXT NOT NULL,
        provenance TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (namespace, key)
      );
      CREATE TABLE strata_telemetry (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        record TEXT NOT NULL
      );
      CREATE INDEX strata_telemetry_by_session ON strata_telemetry (session_id, step, seq);
    `,
  },
  {
    version: 2,
    name: 'lesson ranks and per-namespace lesson counts (capacity enforced in the store)',
    // Existing lessons get the rank the lessons layer gives with its default weights and half-life
    // (7 days): ln(2) * lastUsed / halfLife + ln(importance) + ln(usefulness), factors floored at 0.05.
    sql: `
      ALTER TABLE strata_lessons ADD COLUMN rank REAL;
      UPDATE strata_lessons SET rank =
        0.6931471805599453 * COALESCE(last_used_at, created_at) / 604800000.0
        + ln(max(0.05, min(1.0, importance))) + ln(max(0.05, min(1.0, usefulness)));
      CREATE INDEX strata_lessons_by_rank ON strata_lessons (namespace, rank, id DESC);
      CREATE TABLE strata_lesson_counts (
        namespace TEXT PRIMARY KEY,
        lessons INTEGER NOT NULL
      ) WITHOUT ROWID;
      INSERT INTO strata_lesson_counts (namespace, lessons)
        SELECT namespace, count(*) FROM strata_lessons GROUP BY namespace;
    `,
  },
];

/** The schema version this release migrates a SQLite database to. */
export const latestSqliteSchemaVersion = Math.max(...sqliteMigrations.map((migration) => migration.version));

const migrationsTable = 'strata_schema_migrations';

/**
 * Brings the schema up to date in one IMMEDIATE transaction, so two processes opening a new file at
 * once serialize and the second sees the first's work. Returns the schema version.
 * @internal (declarations omit it: its driver type is not part of the public surface)
 */
export function runSqliteMigrations(database: BetterSqlite3.Database, where: string): number {
  // Read first: an up-to-date file needs no write lock, so a read-only file can still be read.
  const hasTable = database
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(migrationsTable);
  if (hasTable !== undefined) {
    const row = database.prepare(`SELECT max(version) AS version FROM ${migrationsTable}`).get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > latestSqliteSchemaVersion) {
      throw schemaTooNewError('SQLite store', where, current, latestSqliteSchemaVersion);
    }
    if (current === latestSqliteSchemaVersion) return current;
  }
  const migrate = database.transaction(() => {
    database.exec(
      `CREATE TABLE IF NOT EXISTS ${migrationsTable} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
    );
    const row = database.prepare(`SELECT max(version) AS version FROM ${migrationsTable}`).get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > latestSqliteSchemaVersion) {
      throw schemaTooNewError('SQLite store', where, current, latestSqliteSchemaVersion);
    }
    const record = database.prepare(
      `INSERT INTO ${migrationsTable} (version, name, applied_at) VALUES (?, ?, ?)`,
    );
    for (const migration of sqliteMigrations) {
      if (migration.version <= current) continue;
      database.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    }
    if (current === 0) database.pragma(`application_id = ${strataApplicationId}`);
    return Math.max(current, latestSqliteSchemaVersion);
  });
  return migrate.immediate();
}

/** Tables of the file that are not Strata's; non-empty means the file belongs to someone else. @internal (declarations omit it: its driver type is not part of the public surface) */
export function foreignTables(database: BetterSqlite3.Database): string[] {
  const rows = database
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as Array<{ name: string }>;
  const names = rows.map((row) => row.name);
  if (names.includes(migrationsTable)) return [];
  return names;
}
