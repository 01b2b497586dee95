import type { Pool, PoolClient } from 'pg';
import type { JsonValue } from '../../core/provenance.js';
import { importOptionalDependency } from '../../errors/import-optional-dependency.js';
import { StrataError } from '../../errors/strata-error.js';
import { LazyConnection } from '../lazy-connection.js';
import type {
  AddLessonOptions,
  AddLessonOutcome,
  KnowledgeRecord,
  LessonRecord,
  LessonUpdate,
  ListLessonsOptions,
  MemoryStore,
  NewLesson,
  SessionCommit,
  SessionRecord,
  TelemetryRecordRow,
} from '../memory-store.js';
import { asPlainStore } from '../plain-store.js';
import {
  duplicateLessonIdError,
  namespaceMismatchError,
  sessionConflictError,
  storeConflictError,
} from '../store-errors.js';
import { assertKey, assertVersion, compareKeys, fromJsonText, toJsonText } from '../store-input.js';
import {
  type KnowledgeRow,
  knowledgeFromRow,
  lessonColumns,
  lessonFromRow,
  lessonRowFromSql,
  type PreparedCommit,
  parseLayers,
  prepareAddLessonOptions,
  prepareCommit,
  prepareKnowledge,
  prepareListLessonsOptions,
  prepareNewLesson,
  prepareTelemetry,
  type SqlLessonRow,
  validateLessonUpdate,
} from '../store-records.js';
import { runPostgresMigrations } from './postgres-migrations.js';
import { databaseUrlVariable, type PostgresStoreConfig } from './postgres-store-config.js';
import {
  describeConnectionString,
  formatLocation,
  type PostgresLocation,
  toPostgresStoreError,
} from './postgres-store-error.js';

const name = 'Postgres store';

/**
 * The store for fleets of workers: every write is one transaction, every update a compare-and-swap
 * (`UPDATE ... WHERE version = $expected`), lessons unique per (namespace, idempotency key).
 */
export function createPostgresStore(config: PostgresStoreConfig = {}): MemoryStore {
  const connectionString = config.connectionString ?? process.env[databaseUrlVariable];
  if (config.pool === undefined && (connectionString === undefined || connectionString.trim() === '')) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Postgres store: no database to connect to. Pass the connectionString option (postgres://user@host:5432/database), a pg Pool as the pool option, or set the ${databaseUrlVariable} environment variable.`,
      { details: { store: 'postgres' } },
    );
  }
  if (config.pool === undefined) {
    const location = describeConnectionString(connectionString ?? '');
    if (location.invalid !== undefined) {
      throw new StrataError(
        'CONFIG_INVALID',
        `Postgres store: the connection string '${location.typed}' is not a URL the driver can read (${location.invalid}). Write it as postgres://user:password@host:5432/database, with a numeric port and special characters in the password percent-encoded.`,
        { details: { store: 'postgres', connectionString: location.typed } },
      );
    }
  }
  return asPlainStore(new PostgresStore(config, connectionString));
}

/** Telemetry rows one VALUES statement carries (3 parameters each, far under Postgres' 65,535). */
const MAX_VALUES_ROWS = 4096;

/** Attempts of one statement when the connection is lost (a terminated backend, a failover). */
const CONNECTION_ATTEMPTS = 4;

/**
 * Errors after which the statement may not have reached the server, or its backend is gone: the
 * pool drops that connection, so trying again opens a new one. Postgres codes: 57P01-57P03
 * (terminated, crash shutdown, cannot connect now), class 08 (connection exception).
 */
function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) return true;
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNREFUSED') return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|Connection ended|connection is closed|Client has encountered a connection error/i.test(
    message,
  );
}

/** How a statement may be repeated after a lost connection. */
type RetryMode =
  /** Reads and idempotent writes: repeat as is. */
  | 'repeat'
  /** Never repeated (appending telemetry twice would duplicate rows). */
  | 'once';

interface SessionJoinRow {
  session_id: string;
  namespace: string;
  step: string;
  meta: string;
  updated_at: number;
  version: string;
  layer_name: string | null;
  layer_value: string | null;
}

type PostgresLessonRow = SqlLessonRow<string>;

/** Takes (creating if needed) the row lock on a namespace's lesson count; returns the count. */
const lockLessonCount = `
  INSERT INTO strata_lesson_counts (namespace, lessons) VALUES ($1, 0)
  ON CONFLICT (namespace) DO UPDATE SET lessons = strata_lesson_counts.lessons
  RETURNING lessons`;

const selectSessionWithLayers = `
  SELECT s.session_id, s.namespace, s.step, s.meta, s.updated_at, s.version, l.name AS layer_name, l.value AS layer_value
  FROM strata_sessions s LEFT JOIN strata_session_layers l ON l.session_id = s.session_id
  WHERE s.session_id = $1 ORDER BY l.name`;

/**
 * A statement sent as a named prepared statement: Postgres parses and plans it once per connection
 * instead of on every call (the session commit is a CTE whose planning is a real part of its cost).
 */
interface Statement {
  name: string;
  text: string;
}

const loadSessionStatement: Statement = { name: 'strata_load_session', text: selectSessionWithLayers };

class PostgresStore implements MemoryStore {
  readonly name = 'postgres';
  readonly #config: PostgresStoreConfig;
  readonly #connectionString: string | undefined;
  readonly #location: PostgresLocation;
  readonly #pool: LazyConnection<Pool>;

  constructor(config: PostgresStoreConfig, connectionString: string | undefined) {
    this.#config = config;
    this.#connectionString = connectionString;
    const poolString = config.pool?.options.connectionString;
    const fromPoolString = typeof poolString === 'string' ? describeConnectionString(poolString) : undefined;
    if (fromPoolString !== undefined && fromPoolString.invalid === undefined) {
      // `new pg.Pool({ connectionString })`: its options hold the string, not the parts.
      this.#location = fromPoolString;
    } else if (config.pool !== undefined) {
      const { options } = config.pool;
      this.#location = {
        host: String(options.host ?? 'localhost'),
        port: String(options.port ?? 5432),
        database: String(options.database ?? 'postgres'),
        user: String(options.user ?? ''),
      };
      if (typeof options.password === 'string') this.#location.password = options.password;
    } else {
      this.#location = describeConnectionString(connectionString ?? '');
    }
    this.#pool = new LazyConnection(name, () => this.#connect());
  }

  async open(): Promise<void> {
    await this.#pool.open();
  }

  async close(): Promise<void> {
    const pool = await this.#pool.close();
    if (pool !== undefined && this.#config.pool === undefined) await pool.end();
  }

  async #connect(): Promise<Pool> {
    // The config declares its own minimal pool type (users need no @types/pg).
    let pool = this.#config.pool as Pool | undefined;
    const owned = pool === undefined;
    if (pool === undefined) {
      const { default: pg } = await importOptionalDependency(
        () => import('pg'),
        'pg',
        'The Postgres store (@strata-memory/strata/postgres)',
      );
      pool = new pg.Pool({
        connectionString: this.#connectionString,
        max: this.#config.maxConnections ?? 10,
        connectionTimeoutMillis: this.#config.connectionTimeoutMs ?? 5000,
      });
      // An idle connection dropped by the server must not crash the process; the next query reconnects.
      pool.on('error', () => undefined);
    }
    try {
      const client = await pool.connect();
      try {
        await runPostgresMigrations(client, formatLocation(this.#location));
      } finally {
        client.release();
      }
      return pool;
    } catch (error) {
      if (owned) await pool.end().catch(() => undefined);
      throw toPostgresStoreError(error, this.#location, 'open');
    }
  }

  /**
   * Runs one statement. After a lost connection (pg_terminate_backend, a failover, a restart) it is
   * sent again on a new connection, up to CONNECTION_ATTEMPTS times, unless `retry` is 'once';
   * `onRetry` lets compare-and-swap writes check whether the lost attempt had landed.
   */
  async #query<Row extends object>(
    action: string,
    text: string | Statement,
    values: unknown[] = [],
    retry: RetryMode = 'repeat',
    onRetry?: () => void,
  ): Promise<Row[]> {
    for (let attempt = 1; ; attempt += 1) {
      const pool = await this.#pool.ready();
      try {
        if (typeof text !== 'string')
          return (await pool.query<Row>({ name: text.name, text: text.text, values })).rows;
        return (await pool.query<Row>(text, values)).rows;
      } catch (error) {
        if (retry === 'once' || attempt >= CONNECTION_ATTEMPTS || !isConnectionLost(error)) {
          throw toPostgresStoreError(error, this.#location, action);
        }
        onRetry?.();
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 1)));
      }
    }
  }

  /** Runs `work` in one transaction on one pooled connection; rolls back on any error. */
  async #transaction<T>(
    action: string,
    work: (query: <Row extends object>(text: string, values?: unknown[]) => Promise<Row[]>) => Promise<T>,
  ): Promise<T> {
    const pool = await this.#pool.ready();
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw toPostgresStoreError(error, this.#location, action);
    }
    const query = async <Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> => {
      try {
        return (await client.query<Row>(text, values)).rows;
      } catch (error) {
        throw toPostgresStoreError(error, this.#location, action);
      }
    };
    let broken = false;
    try {
      await query('BEGIN');
      const result = await work(query);
      await query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async loadSession(sessionId: string): Promise<SessionRecord | undefined> {
    assertKey(name, 'sessionId', sessionId);
    const rows = await this.#query<SessionJoinRow>('load a session from', loadSessionStatement, [sessionId]);
    return sessionFromRows(rows);
  }

  async commitSession(commit: SessionCommit): Promise<SessionRecord> {
    const prepared = prepareCommit(name, commit);
    // Set when the statement was sent again after a lost connection: the lost one may have committed.
    const attempt = { resent: false };
    return commitOnce(
      (text: string | Statement, values: unknown[]) =>
        this.#query<SessionJoinRow>('commit a session step to', text, values, 'repeat', () => {
          attempt.resent = true;
        }),
      prepared,
      attempt,
    );
  }

  async listSessions(
    namespace?: string,
  ): Promise<Array<Pick<SessionRecord, 'sessionId' | 'namespace' | 'step' | 'updatedAt' | 'meta'>>> {
    if (namespace !== undefined) assertKey(name, 'namespace', namespace);
    const rows = await this.#query<SessionJoinRow>(
      'list sessions of',
      namespace === undefined
        ? 'SELECT session_id, namespace, step, meta, updated_at FROM strata_sessions ORDER BY session_id'
        : 'SELECT session_id, namespace, step, meta, updated_at FROM strata_sessions WHERE namespace = $1 ORDER BY session_id',
      namespace === undefined ? [] : [namespace],
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      namespace: row.namespace,
      step: Number(row.step),
      updatedAt: row.updated_at,
      meta: fromJsonText(row.meta),
    }));
  }

  async deleteSession(sessionId: string): Promise<void> {
    assertKey(name, 'sessionId', sessionId);
    // One statement, so one atomic unit without an explicit transaction.
    await this.#query(
      'delete a session from',
      `WITH layers AS (DELETE FROM strata_session_layers WHERE session_id = $1),
            telemetry AS (DELETE FROM strata_telemetry WHERE session_id = $1)
       DELETE FROM strata_sessions WHERE session_id = $1`,
      [sessionId],
    );
  }

  async addLesson(
    namespace: string,
    lesson: NewLesson,
    options?: AddLessonOptions,
  ): Promise<AddLessonOutcome> {
    const row = prepareNewLesson(name, namespace, lesson);
    const capacity = prepareAddLessonOptions(name, options);
    return this.#transaction('add a lesson to', async (query) => {
      // Lock the namespace's count row first: adds and deletes of one namespace run one at a time
      // (across processes), and each statement after it sees every lesson committed before.
      const [locked] = await query<{ lessons: string }>(lockLessonCount, [namespace]);
      const before = Number(locked?.lessons ?? 0);
      if (row.idempotencyKey !== null) {
        const [existing] = await query<PostgresLessonRow>(
          `SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = $1 AND idempotency_key = $2`,
          [namespace, row.idempotencyKey],
        );
        if (existing !== undefined)
          return { lesson: lessonFromRow(lessonRowFromSql(existing)), created: false, evicted: [] };
      }
      const [sameId] = await query<{ id: string }>(
        'SELECT id FROM strata_lessons WHERE namespace = $1 AND id = $2',
        [namespace, row.id],
      );
      if (sameId !== undefined) throw duplicateLessonIdError(name, namespace, row.id);
      await query(
        `INSERT INTO strata_lessons (${lessonColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, $12)`,
        [
          row.namespace,
          row.id,
          row.text,
          row.importance,
          row.usefulness,
          row.uses,
          row.tags,
          row.provenance,
          row.idempotencyKey,
          row.createdAt,
          row.lastUsedAt,
          row.rank,
        ],
      );
      let evicted: string[] = [];
      if (capacity !== undefined && before + 1 > capacity) {
        const deleted = await query<{ id: string }>(
          `DELETE FROM strata_lessons WHERE namespace = $1 AND id IN (
             SELECT id FROM strata_lessons WHERE namespace = $1
             ORDER BY rank ASC NULLS FIRST, id DESC LIMIT $2
           ) RETURNING id`,
          [namespace, before + 1 - capacity],
        );
        evicted = deleted.map((each) => each.id);
      }
      await query('UPDATE strata_lesson_counts SET lessons = $2 WHERE namespace = $1', [
        namespace,
        before + 1 - evicted.length,
      ]);
      return { lesson: lessonFromRow(row), created: true, evicted };
    });
  }

  async updateLesson(
    namespace: string,
    id: string,
    update: LessonUpdate,
    expectedVersion: number,
  ): Promise<LessonRecord> {
    validateLessonUpdate(name, namespace, id, update, expectedVersion);
    const rows = await this.#query<PostgresLessonRow>(
      'update a lesson in',
      `UPDATE strata_lessons SET
         text = COALESCE($4, text),
         importance = COALESCE($5, importance),
         usefulness = COALESCE($6, usefulness),
         uses = COALESCE($7, uses),
         tags = COALESCE($8, tags),
         last_used_at = COALESCE($9, last_used_at),
         rank = COALESCE($10, rank),
         version = version + 1
       WHERE namespace = $1 AND id = $2 AND version = $3
       RETURNING ${lessonColumns}`,
      [
        namespace,
        id,
        expectedVersion,
        update.text ?? null,
        update.importance ?? null,
        update.usefulness ?? null,
        update.uses ?? null,
        update.tags === undefined ? null : toJsonText(name, 'update.tags', update.tags),
        update.lastUsedAt ?? null,
        update.rank ?? null,
      ],
    );
    const [updated] = rows;
    if (updated !== undefined) return lessonFromRow(lessonRowFromSql(updated));
    const [current] = await this.#query<{ version: string }>(
      'update a lesson in',
      'SELECT version FROM strata_lessons WHERE namespace = $1 AND id = $2',
      [namespace, id],
    );
    throw storeConflictError({
      store: name,
      record: 'lesson',
      key: { namespace, id },
      expectedVersion,
      actualVersion: current === undefined ? null : Number(current.version),
    });
  }

  async deleteLesson(namespace: string, id: string): Promise<void> {
    assertKey(name, 'namespace', namespace);
    assertKey(name, 'lesson id', id);
    await this.#transaction('delete a lesson from', async (query) => {
      // The count row first, as addLesson does: the same lock order, so the two never deadlock.
      await query(lockLessonCount, [namespace]);
      const deleted = await query<{ id: string }>(
        'DELETE FROM strata_lessons WHERE namespace = $1 AND id = $2 RETURNING id',
        [namespace, id],
      );
      if (deleted.length > 0)
        await query('UPDATE strata_lesson_counts SET lessons = lessons - 1 WHERE namespace = $1', [
          namespace,
        ]);
    });
  }

  async listLessons(namespace: string, options?: ListLessonsOptions): Promise<LessonRecord[]> {
    assertKey(name, 'namespace', namespace);
    const limit = prepareListLessonsOptions(name, options);
    const rows = await this.#query<PostgresLessonRow>(
      'list lessons of',
      limit === undefined
        ? `SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = $1 ORDER BY created_at, id`
        : `SELECT * FROM (SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = $1
             ORDER BY rank DESC NULLS LAST, id LIMIT $2) best ORDER BY created_at, id`,
      limit === undefined ? [namespace] : [namespace, limit],
    );
    return rows.map((row) => lessonFromRow(lessonRowFromSql(row)));
  }

  async putKnowledge(
    record: Omit<KnowledgeRecord, 'version'>,
    expectedVersion: number,
  ): Promise<KnowledgeRecord> {
    const row = prepareKnowledge(name, record);
    assertVersion(name, 'expectedVersion', expectedVersion);
    const values = [row.namespace, row.key, row.text, row.tags, row.provenance];
    const written = await this.#query<{ version: string }>(
      'write knowledge to',
      expectedVersion === 0
        ? `INSERT INTO strata_knowledge (namespace, key, text, tags, provenance, version) VALUES ($1, $2, $3, $4, $5, 1)
           ON CONFLICT DO NOTHING RETURNING version`
        : `UPDATE strata_knowledge SET text = $3, tags = $4, provenance = $5, version = version + 1
           WHERE namespace = $1 AND key = $2 AND version = $6 RETURNING version`,
      expectedVersion === 0 ? values : [...values, expectedVersion],
    );
    const [result] = written;
    if (result !== undefined) return knowledgeFromRow({ ...row, version: Number(result.version) });
    const [current] = await this.#query<{ version: string }>(
      'write knowledge to',
      'SELECT version FROM strata_knowledge WHERE namespace = $1 AND key = $2',
      [row.namespace, row.key],
    );
    throw storeConflictError({
      store: name,
      record: 'knowledge',
      key: { namespace: row.namespace, key: row.key },
      expectedVersion,
      actualVersion: current === undefined ? null : Number(current.version),
    });
  }

  async listKnowledge(namespace: string): Promise<KnowledgeRecord[]> {
    assertKey(name, 'namespace', namespace);
    const rows = await this.#query<KnowledgeRow & { version: string }>(
      'list knowledge of',
      'SELECT namespace, key, text, tags, provenance, version FROM strata_knowledge WHERE namespace = $1 ORDER BY key',
      [namespace],
    );
    return rows.map((row) => knowledgeFromRow({ ...row, version: Number(row.version) }));
  }

  async appendTelemetry(rows: TelemetryRecordRow[]): Promise<void> {
    const prepared = prepareTelemetry(name, rows);
    if (prepared.length === 0) return;
    // One row of parameters per record (no text[] literal for the driver to escape and Postgres to
    // parse back: records hold whole assembled prompts); VALUES rows are inserted in the given order,
    // so seq keeps it and same-step rows list in append order. Not repeated after a lost connection:
    // the lost attempt may have inserted the rows already.
    if (prepared.length > MAX_VALUES_ROWS) {
      // Beyond the 65,535 parameters of one statement: the arrays, still one atomic statement.
      await this.#query(
        'append telemetry to',
        `INSERT INTO strata_telemetry (session_id, step, record)
         SELECT session_id, step, record FROM unnest($1::text[], $2::bigint[], $3::text[])
           WITH ORDINALITY AS t(session_id, step, record, position) ORDER BY position`,
        [
          prepared.map((row) => row.sessionId),
          prepared.map((row) => row.step),
          prepared.map((row) => row.record),
        ],
        'once',
      );
      return;
    }
    const values: unknown[] = [];
    const rowsSql: string[] = [];
    for (const row of prepared) {
      const at = values.length;
      values.push(row.sessionId, row.step, row.record);
      rowsSql.push(`($${at + 1}, $${at + 2}::bigint, $${at + 3})`);
    }
    await this.#query(
      'append telemetry to',
      `INSERT INTO strata_telemetry (session_id, step, record) VALUES ${rowsSql.join(', ')}`,
      values,
      'once',
    );
  }

  async listTelemetry(sessionId: string): Promise<TelemetryRecordRow[]> {
    assertKey(name, 'sessionId', sessionId);
    const rows = await this.#query<{ step: string; record: string }>(
      'list telemetry of',
      'SELECT step, record FROM strata_telemetry WHERE session_id = $1 ORDER BY step, seq',
      [sessionId],
    );
    return rows.map((row) => ({ sessionId, step: Number(row.step), record: fromJsonText(row.record) }));
  }
}

// One statement = one atomic transaction in one round trip. Under READ COMMITTED a concurrent
// commit makes the UPDATE re-check `version` on the newest row and match nothing, so the swap is
// atomic; when it matches, no other commit touched the session since this statement's snapshot,
// so the snapshot's layers are the committed ones to merge with. Unchanged layers are not
// rewritten (less WAL). Only the layers the commit did not name come back: the named ones are the
// commit's own values, so echoing them (a whole session's JSON, on every commit) would only cost
// the wire, the driver and a parse. Each layer value is its own text parameter (not one text[]
// literal, which the driver escapes character by character and Postgres parses back); the statement
// is prepared per number of layers.
function commitStatements(layerCount: number): {
  update: Statement;
  updateWritten: Statement;
  create: Statement;
} {
  const values = Array.from({ length: layerCount }, (_, index) => `$${8 + index}::text`).join(', ');
  const pairs = `unnest($7::text[], ARRAY[${values}]::text[]) AS t(name, value)`;
  const swap = `
  WITH updated AS (
    UPDATE strata_sessions SET step = $3, meta = COALESCE($4, meta), updated_at = $5, version = version + 1
    WHERE session_id = $1 AND namespace = $2 AND version = $6
    RETURNING session_id, namespace, step, meta, updated_at, version
  ), written AS (
    INSERT INTO strata_session_layers (session_id, name, value)
    SELECT u.session_id, t.name, t.value FROM updated u, ${pairs}
    ON CONFLICT (session_id, name) DO UPDATE SET value = excluded.value
      WHERE strata_session_layers.value IS DISTINCT FROM excluded.value
  )`;
  return {
    // returnLayers 'written': the session row only, no layer read back ($7 still types the names).
    updateWritten: {
      name: `strata_commit_update_written_${layerCount}`,
      text: `${swap}
  SELECT u.session_id, u.namespace, u.step, u.meta, u.updated_at, u.version,
    NULL::text AS layer_name, NULL::text AS layer_value
  FROM updated u`,
    },
    update: {
      name: `strata_commit_update_${layerCount}`,
      text: `${swap}
  SELECT u.session_id, u.namespace, u.step, u.meta, u.updated_at, u.version, l.name AS layer_name, l.value AS layer_value
  FROM updated u LEFT JOIN (
    SELECT name, value FROM strata_session_layers WHERE session_id = $1 AND name <> ALL ($7::text[])
  ) l ON true
  ORDER BY l.name`,
    },
    create: {
      name: `strata_commit_create_${layerCount}`,
      text: `
  WITH created AS (
    INSERT INTO strata_sessions (session_id, namespace, step, meta, updated_at, version)
    VALUES ($1, $2, $3, COALESCE($4, '{}'), $5, $6::bigint + 1) ON CONFLICT (session_id) DO NOTHING
    RETURNING session_id, namespace, step, meta, updated_at, version
  ), written AS (
    INSERT INTO strata_session_layers (session_id, name, value)
    SELECT c.session_id, t.name, t.value FROM created c, ${pairs}
    ON CONFLICT (session_id, name) DO UPDATE SET value = excluded.value
  )
  SELECT c.session_id, c.namespace, c.step, c.meta, c.updated_at, c.version,
    NULL::text AS layer_name, NULL::text AS layer_value
  FROM created c`,
    },
  };
}

const commitStatementsByCount = new Map<number, ReturnType<typeof commitStatements>>();

function commitStatementsFor(layerCount: number) {
  let statements = commitStatementsByCount.get(layerCount);
  if (statements === undefined) {
    statements = commitStatements(layerCount);
    // Commits name a handful of layers; a caller with ever-new counts only builds text, never leaks much.
    if (commitStatementsByCount.size < 64) commitStatementsByCount.set(layerCount, statements);
  }
  return statements;
}

async function commitOnce(
  query: (text: string | Statement, values: unknown[]) => Promise<SessionJoinRow[]>,
  prepared: PreparedCommit,
  attempt: { resent: boolean },
): Promise<SessionRecord> {
  const statements = commitStatementsFor(prepared.layers.length);
  const rows = await query(
    prepared.expectedVersion === 0
      ? statements.create
      : prepared.writtenOnly
        ? statements.updateWritten
        : statements.update,
    [
      prepared.sessionId,
      prepared.namespace,
      prepared.step,
      prepared.metaText ?? null,
      Date.now(),
      prepared.expectedVersion,
      prepared.layers.map(([layerName]) => layerName),
      ...prepared.layers.map(([, text]) => text),
    ],
  );
  const record = sessionFromRows(rows, prepared.layers);
  if (record !== undefined) return record;
  if (attempt.resent) {
    // The swap matched nothing, but an earlier attempt whose reply was lost may be what bumped the
    // version: if the session holds exactly this commit at the next version, it landed.
    const landed = await query(selectSessionWithLayers, [prepared.sessionId]);
    const committed = sessionFromRows(landed);
    const values = new Map(landed.map((row) => [row.layer_name, row.layer_value]));
    if (
      committed !== undefined &&
      committed.version === prepared.expectedVersion + 1 &&
      committed.namespace === prepared.namespace &&
      committed.step === prepared.step &&
      (prepared.metaText === undefined || landed[0]?.meta === prepared.metaText) &&
      prepared.layers.every(([layerName, text]) => values.get(layerName) === text)
    ) {
      const [head] = landed;
      return prepared.writtenOnly && head
        ? (sessionFromRows([{ ...head, layer_name: null, layer_value: null }], prepared.layers) ?? committed)
        : committed;
    }
  }
  const [current] = (await query('SELECT namespace, version FROM strata_sessions WHERE session_id = $1', [
    prepared.sessionId,
  ])) as unknown as Array<{ namespace: string; version: string }>;
  if (current !== undefined && current.namespace !== prepared.namespace && prepared.expectedVersion !== 0) {
    throw namespaceMismatchError(name, prepared.sessionId, current.namespace, prepared.namespace);
  }
  throw sessionConflictError(name, prepared, current === undefined ? null : Number(current.version));
}

/** A session from its joined rows; `written`: layers the commit itself wrote (name, JSON text). */
function sessionFromRows(
  rows: SessionJoinRow[],
  written: ReadonlyArray<[string, string]> = [],
): SessionRecord | undefined {
  const [first] = rows;
  if (first === undefined) return undefined;
  const stored: Array<[string, string]> = [];
  for (const row of rows) {
    if (row.layer_name !== null && row.layer_value !== null) stored.push([row.layer_name, row.layer_value]);
  }
  let layers: Record<string, JsonValue>;
  if (written.length === 0) {
    layers = parseLayers(stored);
  } else {
    // The commit's own layers are parsed from its text when first read: a caller that only wants the
    // new version (the usual case after a commit) never pays for parsing a snapshot it already has.
    layers = {};
    const byName = [
      ...written.map(([layerName, text]) => ({ layerName, text, lazy: true })),
      ...stored.map(([layerName, text]) => ({ layerName, text, lazy: false })),
    ];
    byName.sort((left, right) => compareKeys(left.layerName, right.layerName));
    for (const { layerName, text, lazy } of byName) {
      const target = layers;
      Object.defineProperty(target, layerName, {
        enumerable: true,
        configurable: true,
        ...(lazy
          ? {
              get: () => {
                const value = fromJsonText(text);
                Object.defineProperty(target, layerName, {
                  value,
                  enumerable: true,
                  writable: true,
                  configurable: true,
                });
                return value;
              },
              set: (value: JsonValue) => {
                Object.defineProperty(target, layerName, {
                  value,
                  enumerable: true,
                  writable: true,
                  configurable: true,
                });
              },
            }
          : { value: fromJsonText(text), writable: true }),
      });
    }
  }
  return {
    sessionId: first.session_id,
    namespace: first.namespace,
    step: Number(first.step),
    layers,
    meta: fromJsonText(first.meta),
    updatedAt: first.updated_at,
    version: Number(first.version),
  };
}
