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
  storeClosedError,
  storeConflictError,
} from '../store-errors.js';
import { assertKey, assertVersion, compareKeys, fromJsonText } from '../store-input.js';
import {
  applyLessonUpdate,
  type KnowledgeRow,
  knowledgeFromRow,
  type LessonRow,
  lessonFromRow,
  parseLayers,
  prepareAddLessonOptions,
  prepareCommit,
  prepareKnowledge,
  prepareListLessonsOptions,
  prepareNewLesson,
  prepareTelemetry,
  ranksBelow,
  validateLessonUpdate,
} from '../store-records.js';

/** Options of `createInMemoryStore`. */
export interface InMemoryStoreConfig {
  /**
   * The data the store works on. Stores created over the same database behave like two connections
   * to one database (useful in tests); by default each store gets its own.
   */
  database?: InMemoryDatabase;
}

interface SessionRow {
  namespace: string;
  step: number;
  layers: Map<string, string>;
  meta: string;
  updatedAt: number;
  version: number;
}

/** The data of an in-memory store, kept as JSON text so reads never alias what callers hold. */
export interface InMemoryDatabase {
  readonly sessions: Map<string, SessionRow>;
  /** namespace -> lesson id -> row */
  readonly lessons: Map<string, Map<string, LessonRow>>;
  /** namespace -> key -> row */
  readonly knowledge: Map<string, Map<string, KnowledgeRow & { version: number }>>;
  readonly telemetry: Map<string, Array<{ step: number; record: string }>>;
}

/** An empty in-memory database; stores made with `createInMemoryStore({ database })` on the same one share their data. */
export function createInMemoryDatabase(): InMemoryDatabase {
  return { sessions: new Map(), lessons: new Map(), knowledge: new Map(), telemetry: new Map() };
}

const name = 'in-memory store';

/** A store that lives as long as the process: tests, examples, short runs. Same contract as SQLite/Postgres. */
export function createInMemoryStore(config: InMemoryStoreConfig = {}): MemoryStore {
  return asPlainStore(new InMemoryStore(config.database ?? createInMemoryDatabase()));
}

class InMemoryStore implements MemoryStore {
  readonly name = 'in-memory';
  #closed = false;

  constructor(private readonly database: InMemoryDatabase) {}

  async open(): Promise<void> {
    this.#closed = false;
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #data(): InMemoryDatabase {
    if (this.#closed) throw storeClosedError(name);
    return this.database;
  }

  async loadSession(sessionId: string): Promise<SessionRecord | undefined> {
    assertKey(name, 'sessionId', sessionId);
    const row = this.#data().sessions.get(sessionId);
    return row === undefined ? undefined : sessionFromRow(sessionId, row);
  }

  async commitSession(commit: SessionCommit): Promise<SessionRecord> {
    const prepared = prepareCommit(name, commit);
    const data = this.#data();
    const current = data.sessions.get(prepared.sessionId);
    const actualVersion = current?.version ?? null;
    if ((actualVersion ?? 0) !== prepared.expectedVersion) {
      throw sessionConflictError(name, prepared, actualVersion);
    }
    if (current !== undefined && current.namespace !== prepared.namespace) {
      throw namespaceMismatchError(name, prepared.sessionId, current.namespace, prepared.namespace);
    }
    const layers = new Map(current?.layers);
    for (const [layerName, text] of prepared.layers) layers.set(layerName, text);
    const row: SessionRow = {
      namespace: prepared.namespace,
      step: prepared.step,
      layers,
      meta: prepared.metaText ?? current?.meta ?? '{}',
      updatedAt: Date.now(),
      version: (current?.version ?? 0) + 1,
    };
    data.sessions.set(prepared.sessionId, row);
    return sessionFromRow(
      prepared.sessionId,
      prepared.writtenOnly ? { ...row, layers: new Map(prepared.layers) } : row,
    );
  }

  async listSessions(
    namespace?: string,
  ): Promise<Array<Pick<SessionRecord, 'sessionId' | 'namespace' | 'step' | 'updatedAt' | 'meta'>>> {
    if (namespace !== undefined) assertKey(name, 'namespace', namespace);
    const sessions = [...this.#data().sessions.entries()]
      .filter(([, row]) => namespace === undefined || row.namespace === namespace)
      .sort(([left], [right]) => compareKeys(left, right));
    return sessions.map(([sessionId, row]) => ({
      sessionId,
      namespace: row.namespace,
      step: row.step,
      updatedAt: row.updatedAt,
      meta: fromJsonText(row.meta),
    }));
  }

  async deleteSession(sessionId: string): Promise<void> {
    assertKey(name, 'sessionId', sessionId);
    const data = this.#data();
    data.sessions.delete(sessionId);
    data.telemetry.delete(sessionId);
  }

  async addLesson(
    namespace: string,
    lesson: NewLesson,
    options?: AddLessonOptions,
  ): Promise<AddLessonOutcome> {
    const row = prepareNewLesson(name, namespace, lesson);
    const capacity = prepareAddLessonOptions(name, options);
    const lessons = namespaceMap(this.#data().lessons, namespace);
    if (row.idempotencyKey !== null) {
      for (const existing of lessons.values()) {
        if (existing.idempotencyKey === row.idempotencyKey) {
          return { lesson: lessonFromRow(existing), created: false, evicted: [] };
        }
      }
    }
    if (lessons.has(row.id)) throw duplicateLessonIdError(name, namespace, row.id);
    lessons.set(row.id, row);
    const evicted: string[] = [];
    // Synchronous from here on: no other writer can interleave (one process, one event loop).
    while (capacity !== undefined && lessons.size > capacity) {
      let lowest: LessonRow | undefined;
      for (const candidate of lessons.values()) {
        if (lowest === undefined || ranksBelow(candidate, lowest)) lowest = candidate;
      }
      lessons.delete((lowest as LessonRow).id);
      evicted.push((lowest as LessonRow).id);
    }
    return { lesson: lessonFromRow(row), created: true, evicted };
  }

  async updateLesson(
    namespace: string,
    id: string,
    update: LessonUpdate,
    expectedVersion: number,
  ): Promise<LessonRecord> {
    validateLessonUpdate(name, namespace, id, update, expectedVersion);
    const lessons = namespaceMap(this.#data().lessons, namespace);
    const current = lessons.get(id);
    if (current === undefined || current.version !== expectedVersion) {
      throw storeConflictError({
        store: name,
        record: 'lesson',
        key: { namespace, id },
        expectedVersion,
        actualVersion: current?.version ?? null,
      });
    }
    const next = applyLessonUpdate(name, current, update);
    lessons.set(id, next);
    return lessonFromRow(next);
  }

  async deleteLesson(namespace: string, id: string): Promise<void> {
    assertKey(name, 'namespace', namespace);
    assertKey(name, 'lesson id', id);
    this.#data().lessons.get(namespace)?.delete(id);
  }

  async listLessons(namespace: string, options?: ListLessonsOptions): Promise<LessonRecord[]> {
    assertKey(name, 'namespace', namespace);
    const limit = prepareListLessonsOptions(name, options);
    let rows = [...(this.#data().lessons.get(namespace)?.values() ?? [])];
    if (limit !== undefined && rows.length > limit) {
      rows.sort((left, right) => (ranksBelow(left, right) ? 1 : ranksBelow(right, left) ? -1 : 0));
      rows = rows.slice(0, limit);
    }
    rows.sort((left, right) => left.createdAt - right.createdAt || compareKeys(left.id, right.id));
    return rows.map(lessonFromRow);
  }

  async putKnowledge(
    record: Omit<KnowledgeRecord, 'version'>,
    expectedVersion: number,
  ): Promise<KnowledgeRecord> {
    const row = prepareKnowledge(name, record);
    assertVersion(name, 'expectedVersion', expectedVersion);
    const entries = namespaceMap(this.#data().knowledge, row.namespace);
    const current = entries.get(row.key);
    if ((current?.version ?? 0) !== expectedVersion) {
      throw storeConflictError({
        store: name,
        record: 'knowledge',
        key: { namespace: row.namespace, key: row.key },
        expectedVersion,
        actualVersion: current?.version ?? null,
      });
    }
    const next = { ...row, version: expectedVersion + 1 };
    entries.set(row.key, next);
    return knowledgeFromRow(next);
  }

  async listKnowledge(namespace: string): Promise<KnowledgeRecord[]> {
    assertKey(name, 'namespace', namespace);
    const rows = [...(this.#data().knowledge.get(namespace)?.values() ?? [])];
    rows.sort((left, right) => compareKeys(left.key, right.key));
    return rows.map(knowledgeFromRow);
  }

  async appendTelemetry(rows: TelemetryRecordRow[]): Promise<void> {
    const prepared = prepareTelemetry(name, rows);
    const telemetry = this.#data().telemetry;
    for (const row of prepared) {
      let list = telemetry.get(row.sessionId);
      if (list === undefined) {
        list = [];
        telemetry.set(row.sessionId, list);
      }
      list.push({ step: row.step, record: row.record });
    }
  }

  async listTelemetry(sessionId: string): Promise<TelemetryRecordRow[]> {
    assertKey(name, 'sessionId', sessionId);
    const rows = this.#data().telemetry.get(sessionId) ?? [];
    // Stable sort: same-step rows keep their append order, as the SQL stores do.
    return [...rows]
      .sort((left, right) => left.step - right.step)
      .map((row) => ({ sessionId, step: row.step, record: fromJsonText(row.record) }));
  }
}

function namespaceMap<T>(maps: Map<string, Map<string, T>>, namespace: string): Map<string, T> {
  let map = maps.get(namespace);
  if (map === undefined) {
    map = new Map();
    maps.set(namespace, map);
  }
  return map;
}

function sessionFromRow(sessionId: string, row: SessionRow): SessionRecord {
  const layers = [...row.layers.entries()].sort(([left], [right]) => compareKeys(left, right));
  return {
    sessionId,
    namespace: row.namespace,
    step: row.step,
    layers: parseLayers(layers),
    meta: fromJsonText(row.meta),
    updatedAt: row.updatedAt,
    version: row.version,
  };
}
