import type { PoolClient } from 'pg';
import { schemaTooNewError } from '../store-errors.js';

/** One schema step. Never edit a released migration: add the next version. */
export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

// Keys are COLLATE "C" so every store orders ids alike (by code point), whatever the server locale.
// JSON is kept as text, not jsonb: jsonb reorders object keys, and state renders with a fixed key order.
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'sessions, layers, lessons, knowledge, telemetry',
    sql: `
      CREATE TABLE strata_sessions (
        session_id text COLLATE "C" PRIMARY KEY,
        namespace text COLLATE "C" NOT NULL,
        step bigint NOT NULL,
        meta text NOT NULL,
        updated_at double precision NOT NULL,
        version bigint NOT NULL
      );
      CREATE INDEX strata_sessions_by_namespace ON strata_sessions (namespace, session_id);
      CREATE TABLE strata_session_layers (
        session_id text COLLATE "C" NOT NULL,
        name text COLLATE "C" NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (session_id, name)
      );
      CREATE TABLE strata_lessons (
        namespace text COLLATE "C" NOT NULL,
        id text COLLATE "C" NOT NULL,
        text text NOT NULL,
        importance double precision NOT NULL,
        usefulness double precision NOT NULL,
        uses double precision NOT NULL,
        tags text NOT NULL,
        provenance text NOT NULL,
        idempotency_key text COLLATE "C",
        created_at double precision NOT NULL,
        last_used_at double precision,
        version bigint NOT NULL,
        PRIMARY KEY (namespace, id)
      );
      CREATE UNIQUE INDEX strata_lessons_by_idempotency_key
        ON strata_lessons (namespace, idempotency_key) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX strata_lessons_by_age ON strata_lessons (namespace, created_at, id);
      CREATE TABLE strata_knowledge (
        namespace text COLLATE "C" NOT NULL,
        key text COLLATE "C" NOT NULL,
        text text NOT NULL,
        tags text NOT NULL,
        provenance text NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (namespace, key)
      );
      CREATE TABLE strata_telemetry (
        seq bigserial PRIMARY KEY,
        session_id text COLLATE "C" NOT NULL,
        step bigint NOT NULL,
        record text NOT NULL
      );
      CREATE INDEX strata_telemetry_by_session ON strata_telemetry (session_id, step, seq);
    `,
  },
  {
    version: 2,
    name: 'lesson ranks and per-namespace lesson counts (capacity enforced in the store)',
    // Existing lessons get the rank the lessons layer gives with its default weights and half-life
    // (7 days): ln(2) * lastUsed / halfLife + ln(importance) + ln(usefulness), factors floored at 0.05.
    // The count row is also the namespace's lock: adds and deletes take it first (no deadlock).
    sql: `
      ALTER TABLE strata_lessons ADD COLUMN rank double precision;
      UPDATE strata_lessons SET rank =
        0.6931471805599453 * COALESCE(last_used_at, created_at) / 604800000.0
        + ln(greatest(0.05, least(1.0, importance))) + ln(greatest(0.05, least(1.0, usefulness)));
      CREATE INDEX strata_lessons_by_rank ON strata_lessons (namespace, rank ASC NULLS FIRST, id DESC);
      CREATE TABLE strata_lesson_counts (
        namespace text COLLATE "C" PRIMARY KEY,
        lessons bigint NOT NULL
      );
      INSERT INTO strata_lesson_counts (namespace, lessons)
        SELECT namespace, count(*) FROM strata_lessons GROUP BY namespace;
    `,
  },
];

/** The schema version this release migrates a Postgres database to. */
export const latestPostgresSchemaVersion = Math.max(
  ...postgresMigrations.map((migration) => migration.version),
);

/** Serializes concurrent opens: one process migrates, the others wait and find the work done. */
const migrationLockKey = 0x5354_5241;

/**
 * Brings the schema up to date inside one transaction holding an advisory lock. DDL is
 * transactional in Postgres, so a failed migration leaves nothing behind. Returns the version.
 * @internal (declarations omit it: its driver type is not part of the public surface)
 */
export async function runPostgresMigrations(client: PoolClient, where: string): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS strata_schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at double precision NOT NULL)',
    );
    const result = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM strata_schema_migrations',
    );
    const current = result.rows[0]?.version ?? 0;
    if (current > latestPostgresSchemaVersion) {
      throw schemaTooNewError('Postgres store', where, current, latestPostgresSchemaVersion);
    }
    for (const migration of postgresMigrations) {
      if (migration.version <= current) continue;
      await client.query(migration.sql);
      await client.query(
        'INSERT INTO strata_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.name, Date.now()],
      );
    }
    await client.query('COMMIT');
    return Math.max(current, latestPostgresSchemaVersion);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
