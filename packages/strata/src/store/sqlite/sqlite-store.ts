import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
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
import { assertKey, assertVersion, compareKeys, fromJsonText } from '../store-input.js';
import {
  applyLessonUpdate,
  type KnowledgeRow,
  knowledgeFromRow,
  lessonColumns,
  lessonFromRow,
  lessonRowFromSql,
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
import { foreignTables, runSqliteMigrations } from './sqlite-migrations.js';
import { defaultSqlitePath, type SqliteStoreConfig } from './sqlite-store-config.js';
import { toSqliteStoreError } from './sqlite-store-error.js';

const name = 'SQLite store';

/**
 * The default store: one embedded file (`.strata/strata.db`), WAL mode, safe for several processes
 * on one machine. better-sqlite3 is synchronous; each call runs its transaction to the end before
 * resolving, so a resolved commit is on disk (in the WAL).
 */
export function createSqliteStore(config: SqliteStoreConfig = {}): MemoryStore {
  return asPlainStore(new SqliteStore(config));
}

interface SessionRow {
  session_id: string;
  namespace: string;
  step: number;
  meta: string;
  updated_at: number;
  version: number;
}

function prepareStatements(database: BetterSqlite3.Database) {
  return {
    selectSession: database.prepare<[string], SessionRow>(
      'SELECT session_id, namespace, step, meta, updated_at, version FROM strata_sessions WHERE session_id = ?',
    ),
    selectLayers: database.prepare<[string], { name: string; value: string }>(
      'SELECT name, value FROM strata_session_layers WHERE session_id = ? ORDER BY name',
    ),
    insertSession: database.prepare(
      'INSERT INTO strata_sessions (session_id, namespace, step, meta, updated_at, version) VALUES (?, ?, ?, ?, ?, 1)',
    ),
    updateSession: database.prepare(
      'UPDATE strata_sessions SET step = ?, meta = ?, updated_at = ?, version = version + 1 WHERE session_id = ? AND version = ?',
    ),
    upsertLayer: database.prepare(
      'INSERT INTO strata_session_layers (session_id, name, value) VALUES (?, ?, ?) ON CONFLICT (session_id, name) DO UPDATE SET value = excluded.value WHERE value <> excluded.value',
    ),
    listAllSessions: database.prepare<[], SessionRow>(
      'SELECT session_id, namespace, step, meta, updated_at, version FROM strata_sessions ORDER BY session_id',
    ),
    listNamespaceSessions: database.prepare<[string], SessionRow>(
      'SELECT session_id, namespace, step, meta, updated_at, version FROM strata_sessions WHERE namespace = ? ORDER BY session_id',
    ),
    deleteSession: database.prepare('DELETE FROM strata_sessions WHERE session_id = ?'),
    deleteLayers: database.prepare('DELETE FROM strata_session_layers WHERE session_id = ?'),
    deleteTelemetry: database.prepare('DELETE FROM strata_telemetry WHERE session_id = ?'),
    selectLessonByKey: database.prepare<[string, string], SqlLessonRow>(
      `SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = ? AND idempotency_key = ?`,
    ),
    selectLesson: database.prepare<[string, string], SqlLessonRow>(
      `SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = ? AND id = ?`,
    ),
    insertLesson: database.prepare(
      `INSERT INTO strata_lessons (${lessonColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateLesson: database.prepare(
      'UPDATE strata_lessons SET text = ?, importance = ?, usefulness = ?, uses = ?, tags = ?, last_used_at = ?, rank = ?, version = ? WHERE namespace = ? AND id = ? AND version = ?',
    ),
    deleteLesson: database.prepare('DELETE FROM strata_lessons WHERE namespace = ? AND id = ?'),
    // Per-namespace count kept beside the rows, so capacity costs O(log n), not a count(*) scan.
    countLesson: database.prepare<[string, number], { lessons: number }>(
      `INSERT INTO strata_lesson_counts (namespace, lessons) VALUES (?, ?)
       ON CONFLICT (namespace) DO UPDATE SET lessons = lessons + excluded.lessons RETURNING lessons`,
    ),
    lowestLessons: database.prepare<[string, number], { id: string }>(
      'SELECT id FROM strata_lessons WHERE namespace = ? ORDER BY rank, id DESC LIMIT ?',
    ),
    listLessons: database.prepare<[string], SqlLessonRow>(
      `SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = ? ORDER BY created_at, id`,
    ),
    listBestLessons: database.prepare<[string, number], SqlLessonRow>(
      `SELECT * FROM (SELECT ${lessonColumns} FROM strata_lessons WHERE namespace = ?
         ORDER BY rank DESC, id LIMIT ?) ORDER BY created_at, id`,
    ),
    selectKnowledge: database.prepare<[string, string], KnowledgeRow & { version: number }>(
      'SELECT namespace, key, text, tags, provenance, version FROM strata_knowledge WHERE namespace = ? AND key = ?',
    ),
    insertKnowledge: database.prepare(
      'INSERT INTO strata_knowledge (namespace, key, text, tags, provenance, version) VALUES (?, ?, ?, ?, ?, 1)',
    ),
    updateKnowledge: database.prepare(
      'UPDATE strata_knowledge SET text = ?, tags = ?, provenance = ?, version = version + 1 WHERE namespace = ? AND key = ? AND version = ?',
    ),
    listKnowledge: database.prepare<[string], KnowledgeRow & { version: number }>(
      'SELECT namespace, key, text, tags, provenance, version FROM strata_knowledge WHERE namespace = ? ORDER BY key',
    ),
    insertTelemetry: database.prepare(
      'INSERT INTO strata_telemetry (session_id, step, record) VALUES (?, ?, ?)',
    ),
    listTelemetry: database.prepare<[string], { step: number; record: string }>(
      'SELECT step, record FROM strata_telemetry WHERE session_id = ? ORDER BY step, seq',
    ),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

interface Connection {
  database: BetterSqlite3.Database;
  statements: Statements;
  commit: (commit: ReturnType<typeof prepareCommit>) => SessionRecord;
}

class SqliteStore implements MemoryStore {
  readonly name = 'sqlite';
  readonly #config: SqliteStoreConfig;
  readonly #path: string;
  readonly #connection: LazyConnection<Connection>;

  constructor(config: SqliteStoreConfig) {
    this.#config = config;
    const path = config.path ?? (config.database === undefined ? defaultSqlitePath : config.database.name);
    this.#path = path === ':memory:' || path === '' ? path : resolve(path);
    this.#connection = new LazyConnection(name, () => this.#connect());
  }

  async open(): Promise<void> {
    await this.#connection.open();
  }

  async close(): Promise<void> {
    const connection = await this.#connection.close();
    if (connection !== undefined && this.#config.database === undefined) connection.database.close();
  }

  async #connect(): Promise<Connection> {
    const path = this.#path;
    // The config declares its own minimal connection type (users need no @types/better-sqlite3).
    let database = this.#config.database as BetterSqlite3.Database | undefined;
    if (database === undefined) {
      const { default: Database } = await importOptionalDependency(
        () => import('better-sqlite3'),
        'better-sqlite3',
        'The SQLite store (@strata-memory/strata/sqlite)',
      );
      try {
        if (path !== ':memory:' && path !== '') mkdirSync(dirname(path), { recursive: true });
        database = new Database(path, { timeout: this.#config.busyTimeoutMs ?? 5000 });
      } catch (error) {
        throw toSqliteStoreError(error, path, 'open');
      }
    } else {
      database.pragma(`busy_timeout = ${Math.floor(this.#config.busyTimeoutMs ?? 5000)}`);
    }
    try {
      // Look before writing anything: a foreign file must stay byte-for-byte untouched.
      const foreign = foreignTables(database);
      if (foreign.length > 0) {
        throw new StrataError(
          'STORE_CORRUPT',
          `SQLite store: "${path}" is a SQLite database of another application (tables: ${foreign.slice(0, 5).join(', ')}${foreign.length > 5 ? ', ...' : ''}) and has no Strata tables. Strata refuses to write into it. Point the store at another path (default ${defaultSqlitePath}).`,
          { details: { store: 'sqlite', path, foreignTables: foreign } },
        );
      }
      const journalMode = database.pragma('journal_mode', { simple: true });
      if (journalMode !== 'wal' && journalMode !== 'memory') database.pragma('journal_mode = WAL');
      database.pragma(`synchronous = ${this.#config.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
      runSqliteMigrations(database, `"${path}"`);
      const statements = prepareStatements(database);
      const commit = database.transaction((prepared: ReturnType<typeof prepareCommit>) =>
        commitInTransaction(statements, prepared),
      );
      return { database, statements, commit: (prepared) => commit.immediate(prepared) };
    } catch (error) {
      if (this.#config.database === undefined) database.close();
      throw toSqliteStoreError(error, path, 'open');
    }
  }

  /** Runs one synchronous unit of work, mapping driver errors. */
  async #run<T>(action: string, work: (connection: Connection) => T): Promise<T> {
    const connection = await this.#connection.ready();
    try {
      return work(connection);
    } catch (error) {
      throw toSqliteStoreError(error, this.#path, action);
    }
  }

  async loadSession(sessionId: string): Promise<SessionRecord | undefined> {
    assertKey(name, 'sessionId', sessionId);
    return this.#run('load a session from', ({ database, statements }) =>
      database.transaction(() => {
        const row = statements.selectSession.get(sessionId);
        if (row === undefined) return undefined;
        return sessionFromRows(row, statements.selectLayers.all(sessionId));
      })(),
    );
  }

  async commitSession(commit: SessionCommit): Promise<SessionRecord> {
    const prepared = prepareCommit(name, commit);
    return this.#run('commit a session step to', (connection) => connection.commit(prepared));
  }

  async listSessions(
    namespace?: string,
  ): Promise<Array<Pick<SessionRecord, 'sessionId' | 'namespace' | 'step' | 'updatedAt' | 'meta'>>> {
    if (namespace !== undefined) assertKey(name, 'namespace', namespace);
    return this.#run('list sessions of', ({ statements }) => {
      const rows =
        namespace === undefined
          ? statements.listAllSessions.all()
          : statements.listNamespaceSessions.all(namespace);
      return rows.map((row) => ({
        sessionId: row.session_id,
        namespace: row.namespace,
        step: row.step,
        updatedAt: row.updated_at,
        meta: fromJsonText(row.meta),
      }));
    });
  }

  async deleteSession(sessionId: string): Promise<void> {
    assertKey(name, 'sessionId', sessionId);
    await this.#run('delete a session from', ({ database, statements }) =>
      database
        .transaction(() => {
          statements.deleteLayers.run(sessionId);
          statements.deleteTelemetry.run(sessionId);
          statements.deleteSession.run(sessionId);
        })
        .immediate(),
    );
  }

  async addLesson(
    namespace: string,
    lesson: NewLesson,
    options?: AddLessonOptions,
  ): Promise<AddLessonOutcome> {
    const row = prepareNewLesson(name, namespace, lesson);
    const capacity = prepareAddLessonOptions(name, options);
    // IMMEDIATE: the write lock is taken first, so concurrent writers (any process) run one at a
    // time and the count and trim below see every committed lesson of the namespace.
    return this.#run('add a lesson to', ({ database, statements }) =>
      database
        .transaction((): AddLessonOutcome => {
          if (row.idempotencyKey !== null) {
            const existing = statements.selectLessonByKey.get(namespace, row.idempotencyKey);
            if (existing !== undefined)
              return { lesson: lessonFromRow(lessonRowFromSql(existing)), created: false, evicted: [] };
          }
          if (statements.selectLesson.get(namespace, row.id) !== undefined) {
            throw duplicateLessonIdError(name, namespace, row.id);
          }
          statements.insertLesson.run(
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
            row.version,
            row.rank,
          );
          const count = (statements.countLesson.get(namespace, 1) as { lessons: number }).lessons;
          const evicted: string[] = [];
          if (capacity !== undefined && count > capacity) {
            for (const victim of statements.lowestLessons.all(namespace, count - capacity)) {
              statements.deleteLesson.run(namespace, victim.id);
              evicted.push(victim.id);
            }
            statements.countLesson.get(namespace, -evicted.length);
          }
          return { lesson: lessonFromRow(row), created: true, evicted };
        })
        .immediate(),
    );
  }

  async updateLesson(
    namespace: string,
    id: string,
    update: LessonUpdate,
    expectedVersion: number,
  ): Promise<LessonRecord> {
    validateLessonUpdate(name, namespace, id, update, expectedVersion);
    return this.#run('update a lesson in', ({ database, statements }) =>
      database
        .transaction(() => {
          const current = statements.selectLesson.get(namespace, id);
          if (current === undefined || current.version !== expectedVersion) {
            throw storeConflictError({
              store: name,
              record: 'lesson',
              key: { namespace, id },
              expectedVersion,
              actualVersion: current?.version ?? null,
            });
          }
          const next = applyLessonUpdate(name, lessonRowFromSql(current), update);
          statements.updateLesson.run(
            next.text,
            next.importance,
            next.usefulness,
            next.uses,
            next.tags,
            next.lastUsedAt,
            next.rank,
            next.version,
            namespace,
            id,
            expectedVersion,
          );
          return lessonFromRow(next);
        })
        .immediate(),
    );
  }

  async deleteLesson(namespace: string, id: string): Promise<void> {
    assertKey(name, 'namespace', namespace);
    assertKey(name, 'lesson id', id);
    await this.#run('delete a lesson from', ({ database, statements }) =>
      database
        .transaction(() => {
          if (statements.deleteLesson.run(namespace, id).changes > 0)
            statements.countLesson.get(namespace, -1);
        })
        .immediate(),
    );
  }

  async listLessons(namespace: string, options?: ListLessonsOptions): Promise<LessonRecord[]> {
    assertKey(name, 'namespace', namespace);
    const limit = prepareListLessonsOptions(name, options);
    return this.#run('list lessons of', ({ statements }) =>
      (limit === undefined
        ? statements.listLessons.all(namespace)
        : statements.listBestLessons.all(namespace, limit)
      ).map((row) => lessonFromRow(lessonRowFromSql(row))),
    );
  }

  async putKnowledge(
    record: Omit<KnowledgeRecord, 'version'>,
    expectedVersion: number,
  ): Promise<KnowledgeRecord> {
    const row = prepareKnowledge(name, record);
    assertVersion(name, 'expectedVersion', expectedVersion);
    return this.#run('write knowledge to', ({ database, statements }) =>
      database
        .transaction(() => {
          const current = statements.selectKnowledge.get(row.namespace, row.key);
          if ((current?.version ?? 0) !== expectedVersion) {
            throw storeConflictError({
              store: name,
              record: 'knowledge',
              key: { namespace: row.namespace, key: row.key },
              expectedVersion,
              actualVersion: current?.version ?? null,
            });
          }
          if (current === undefined) {
            statements.insertKnowledge.run(row.namespace, row.key, row.text, row.tags, row.provenance);
          } else {
            statements.updateKnowledge.run(
              row.text,
              row.tags,
              row.provenance,
              row.namespace,
              row.key,
              expectedVersion,
            );
          }
          return knowledgeFromRow({ ...row, version: expectedVersion + 1 });
        })
        .immediate(),
    );
  }

  async listKnowledge(namespace: string): Promise<KnowledgeRecord[]> {
    assertKey(name, 'namespace', namespace);
    return this.#run('list knowledge of', ({ statements }) =>
      statements.listKnowledge.all(namespace).map(knowledgeFromRow),
    );
  }

  async appendTelemetry(rows: TelemetryRecordRow[]): Promise<void> {
    const prepared = prepareTelemetry(name, rows);
    if (prepared.length === 0) return;
    await this.#run('append telemetry to', ({ database, statements }) =>
      database
        .transaction(() => {
          for (const row of prepared) statements.insertTelemetry.run(row.sessionId, row.step, row.record);
        })
        .immediate(),
    );
  }

  async listTelemetry(sessionId: string): Promise<TelemetryRecordRow[]> {
    assertKey(name, 'sessionId', sessionId);
    return this.#run('list telemetry of', ({ statements }) =>
      statements.listTelemetry
        .all(sessionId)
        .map((row) => ({ sessionId, step: row.step, record: fromJsonText(row.record) })),
    );
  }
}

function commitInTransaction(
  statements: Statements,
  prepared: ReturnType<typeof prepareCommit>,
): SessionRecord {
  const current = statements.selectSession.get(prepared.sessionId);
  const actualVersion = current?.version ?? null;
  if ((actualVersion ?? 0) !== prepared.expectedVersion) {
    throw sessionConflictError(name, prepared, actualVersion);
  }
  const updatedAt = Date.now();
  if (current === undefined) {
    statements.insertSession.run(
      prepared.sessionId,
      prepared.namespace,
      prepared.step,
      prepared.metaText ?? '{}',
      updatedAt,
    );
  } else {
    if (current.namespace !== prepared.namespace) {
      throw namespaceMismatchError(name, prepared.sessionId, current.namespace, prepared.namespace);
    }
    // The version check above ran in this IMMEDIATE transaction; the WHERE keeps the swap explicit.
    const result = statements.updateSession.run(
      prepared.step,
      prepared.metaText ?? current.meta,
      updatedAt,
      prepared.sessionId,
      prepared.expectedVersion,
    );
    if (result.changes !== 1) {
      throw sessionConflictError(name, prepared, actualVersion);
    }
  }
  for (const [layerName, text] of prepared.layers)
    statements.upsertLayer.run(prepared.sessionId, layerName, text);
  const row = statements.selectSession.get(prepared.sessionId);
  if (row === undefined) throw new StrataError('STORE_CORRUPT', `${name}: a committed session vanished.`);
  const layers = prepared.writtenOnly
    ? [...prepared.layers]
        .sort(([left], [right]) => compareKeys(left, right))
        .map(([layerName, value]) => ({ name: layerName, value }))
    : statements.selectLayers.all(prepared.sessionId);
  return sessionFromRows(row, layers);
}

function sessionFromRows(row: SessionRow, layers: Array<{ name: string; value: string }>): SessionRecord {
  return {
    sessionId: row.session_id,
    namespace: row.namespace,
    step: row.step,
    layers: parseLayers(layers.map((layer) => [layer.name, layer.value])),
    meta: fromJsonText(row.meta),
    updatedAt: row.updated_at,
    version: row.version,
  };
}
