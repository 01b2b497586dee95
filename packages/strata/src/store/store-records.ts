import type { JsonValue, Provenance } from '../core/provenance.js';
import type {
  AddLessonOptions,
  KnowledgeRecord,
  LessonRecord,
  LessonUpdate,
  ListLessonsOptions,
  NewLesson,
  SessionCommit,
  TelemetryRecordRow,
} from './memory-store.js';
import {
  assertFiniteNumber,
  assertKey,
  assertOneOf,
  assertStep,
  assertStringList,
  assertText,
  assertVersion,
  assertWholeNumber,
  compareKeys,
  fromJsonText,
  toJsonText,
} from './store-input.js';

// Rows as every backend keeps them: JSON as text (key order preserved), times as numbers.
// Validation lives here so the three stores accept and refuse exactly the same input.

export interface PreparedCommit {
  sessionId: string;
  namespace: string;
  step: number;
  /** [layer name, JSON text], in the order given. */
  layers: Array<[string, string]>;
  /** JSON text of the new meta; undefined keeps the committed meta. */
  metaText: string | undefined;
  expectedVersion: number;
  /** Only the layers written come back in the committed record (see `SessionCommit.returnLayers`). */
  writtenOnly: boolean;
}

export function prepareCommit(store: string, commit: SessionCommit): PreparedCommit {
  if (typeof commit !== 'object' || commit === null) {
    assertKey(store, 'commit', undefined);
  }
  assertKey(store, 'sessionId', commit.sessionId);
  assertKey(store, 'namespace', commit.namespace);
  assertStep(store, commit.step);
  assertVersion(store, 'expectedVersion', commit.expectedVersion);
  if (typeof commit.layers !== 'object' || commit.layers === null || Array.isArray(commit.layers)) {
    assertKey(store, 'layers (an object of layer name to JSON snapshot)', undefined);
  }
  const layers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(commit.layers)) {
    assertKey(store, 'layer name', name);
    layers.push([name, toJsonText(store, `layer "${name}"`, value)]);
  }
  let metaText: string | undefined;
  if (commit.meta !== undefined) {
    if (typeof commit.meta !== 'object' || commit.meta === null || Array.isArray(commit.meta)) {
      assertKey(store, 'meta (an object)', undefined);
    }
    metaText = toJsonText(store, 'meta', commit.meta);
  }
  assertOneOf(store, 'returnLayers', commit.returnLayers, ['all', 'written']);
  return {
    sessionId: commit.sessionId,
    namespace: commit.namespace,
    step: commit.step,
    layers,
    metaText,
    expectedVersion: commit.expectedVersion,
    writtenOnly: commit.returnLayers === 'written',
  };
}

export interface LessonRow {
  namespace: string;
  id: string;
  text: string;
  importance: number;
  usefulness: number;
  uses: number;
  tags: string;
  provenance: string;
  idempotencyKey: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  rank: number | null;
  version: number;
}

export function prepareNewLesson(store: string, namespace: string, lesson: NewLesson): LessonRow {
  assertKey(store, 'namespace', namespace);
  if (typeof lesson !== 'object' || lesson === null) assertKey(store, 'lesson', undefined);
  assertKey(store, 'lesson.id', lesson.id);
  assertText(store, 'lesson.text', lesson.text);
  assertFiniteNumber(store, 'lesson.importance', lesson.importance);
  assertFiniteNumber(store, 'lesson.usefulness', lesson.usefulness);
  assertFiniteNumber(store, 'lesson.uses', lesson.uses);
  assertStringList(store, 'lesson.tags', lesson.tags);
  assertFiniteNumber(store, 'lesson.createdAt', lesson.createdAt);
  if (lesson.lastUsedAt !== undefined) assertFiniteNumber(store, 'lesson.lastUsedAt', lesson.lastUsedAt);
  if (lesson.idempotencyKey !== undefined) assertKey(store, 'lesson.idempotencyKey', lesson.idempotencyKey);
  if (lesson.rank !== undefined) assertFiniteNumber(store, 'lesson.rank', lesson.rank);
  return {
    namespace,
    id: lesson.id,
    text: lesson.text,
    importance: lesson.importance,
    usefulness: lesson.usefulness,
    uses: lesson.uses,
    tags: toJsonText(store, 'lesson.tags', lesson.tags),
    provenance: toJsonText(store, 'lesson.provenance', lesson.provenance),
    idempotencyKey: lesson.idempotencyKey ?? null,
    createdAt: lesson.createdAt,
    lastUsedAt: lesson.lastUsedAt ?? null,
    rank: lesson.rank ?? null,
    version: 1,
  };
}

/**
 * Eviction order shared by every store: lower rank first (no rank lowest of all), then the higher
 * id, the reverse of the lessons layer's order (best rank first, then lower id).
 */
export function ranksBelow(
  left: Pick<LessonRow, 'rank' | 'id'>,
  right: Pick<LessonRow, 'rank' | 'id'>,
): boolean {
  if (left.rank !== right.rank) {
    if (left.rank === null) return true;
    if (right.rank === null) return false;
    return left.rank < right.rank;
  }
  return compareKeys(left.id, right.id) > 0;
}

/** Checks `addLesson` options; returns the capacity (undefined: none). */
export function prepareAddLessonOptions(
  store: string,
  options: AddLessonOptions | undefined,
): number | undefined {
  if (options === undefined || options.capacity === undefined) return undefined;
  assertWholeNumber(store, 'options.capacity', options.capacity, 1);
  return options.capacity;
}

/** Checks `listLessons` options; returns the limit (undefined: all). */
export function prepareListLessonsOptions(
  store: string,
  options: ListLessonsOptions | undefined,
): number | undefined {
  if (options === undefined || options.limit === undefined) return undefined;
  assertWholeNumber(store, 'options.limit', options.limit, 0);
  return options.limit;
}

/** Applies an update to a row (validated), bumping its version. */
export function applyLessonUpdate(store: string, row: LessonRow, update: LessonUpdate): LessonRow {
  if (typeof update !== 'object' || update === null) assertKey(store, 'update', undefined);
  const next: LessonRow = { ...row, version: row.version + 1 };
  if (update.text !== undefined) {
    assertText(store, 'update.text', update.text);
    next.text = update.text;
  }
  for (const field of ['importance', 'usefulness', 'uses', 'rank'] as const) {
    const value = update[field];
    if (value !== undefined) {
      assertFiniteNumber(store, `update.${field}`, value);
      next[field] = value;
    }
  }
  if (update.tags !== undefined) {
    assertStringList(store, 'update.tags', update.tags);
    next.tags = toJsonText(store, 'update.tags', update.tags);
  }
  if (update.lastUsedAt !== undefined) {
    assertFiniteNumber(store, 'update.lastUsedAt', update.lastUsedAt);
    next.lastUsedAt = update.lastUsedAt;
  }
  return next;
}

/** Checks the arguments of `updateLesson` before any store is touched. */
export function validateLessonUpdate(
  store: string,
  namespace: string,
  id: string,
  update: LessonUpdate,
  expectedVersion: number,
): void {
  assertKey(store, 'namespace', namespace);
  assertKey(store, 'lesson id', id);
  assertVersion(store, 'expectedVersion', expectedVersion);
  applyLessonUpdate(store, placeholderLesson, update);
}

const placeholderLesson: LessonRow = {
  namespace: 'x',
  id: 'x',
  text: '',
  importance: 0,
  usefulness: 0,
  uses: 0,
  tags: '[]',
  provenance: '{}',
  idempotencyKey: null,
  createdAt: 0,
  lastUsedAt: null,
  rank: null,
  version: 1,
};

/** A lesson as the SQL stores select it; Postgres returns the bigint version as a string. */
export interface SqlLessonRow<Version extends number | string = number>
  extends Omit<LessonRow, 'idempotencyKey' | 'createdAt' | 'lastUsedAt' | 'version'> {
  idempotency_key: string | null;
  created_at: number;
  last_used_at: number | null;
  rank: number | null;
  version: Version;
}

/** The columns of `strata_lessons`, in the order of `SqlLessonRow`. */
export const lessonColumns =
  'namespace, id, text, importance, usefulness, uses, tags, provenance, idempotency_key, created_at, last_used_at, version, rank';

export function lessonRowFromSql(row: SqlLessonRow<number | string>): LessonRow {
  return {
    namespace: row.namespace,
    id: row.id,
    text: row.text,
    importance: row.importance,
    usefulness: row.usefulness,
    uses: row.uses,
    tags: row.tags,
    provenance: row.provenance,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    rank: row.rank,
    version: Number(row.version),
  };
}

export function lessonFromRow(row: LessonRow): LessonRecord {
  const lesson: LessonRecord = {
    id: row.id,
    namespace: row.namespace,
    text: row.text,
    importance: row.importance,
    usefulness: row.usefulness,
    uses: row.uses,
    tags: fromJsonText<string[]>(row.tags),
    provenance: fromJsonText<Provenance>(row.provenance),
    createdAt: row.createdAt,
    version: row.version,
  };
  if (row.idempotencyKey !== null) lesson.idempotencyKey = row.idempotencyKey;
  if (row.lastUsedAt !== null) lesson.lastUsedAt = row.lastUsedAt;
  if (row.rank !== null) lesson.rank = row.rank;
  return lesson;
}

export interface KnowledgeRow {
  namespace: string;
  key: string;
  text: string;
  tags: string;
  provenance: string;
}

export function prepareKnowledge(store: string, record: Omit<KnowledgeRecord, 'version'>): KnowledgeRow {
  if (typeof record !== 'object' || record === null) assertKey(store, 'knowledge record', undefined);
  assertKey(store, 'knowledge.namespace', record.namespace);
  assertKey(store, 'knowledge.key', record.key);
  assertText(store, 'knowledge.text', record.text);
  assertStringList(store, 'knowledge.tags', record.tags);
  return {
    namespace: record.namespace,
    key: record.key,
    text: record.text,
    tags: toJsonText(store, 'knowledge.tags', record.tags),
    provenance: toJsonText(store, 'knowledge.provenance', record.provenance),
  };
}

export function knowledgeFromRow(row: KnowledgeRow & { version: number }): KnowledgeRecord {
  return {
    namespace: row.namespace,
    key: row.key,
    text: row.text,
    tags: fromJsonText<string[]>(row.tags),
    provenance: fromJsonText<Provenance>(row.provenance),
    version: row.version,
  };
}

export function prepareTelemetry(
  store: string,
  rows: TelemetryRecordRow[],
): Array<{ sessionId: string; step: number; record: string }> {
  if (!Array.isArray(rows)) assertKey(store, 'telemetry rows (an array)', undefined);
  return rows.map((row) => {
    assertKey(store, 'telemetry.sessionId', row.sessionId);
    assertStep(store, row.step);
    return {
      sessionId: row.sessionId,
      step: row.step,
      record: toJsonText(store, 'telemetry.record', row.record),
    };
  });
}

export function parseLayers(entries: Iterable<[string, string]>): Record<string, JsonValue> {
  const layers: Record<string, JsonValue> = {};
  for (const [name, text] of entries) {
    // defineProperty: a layer named "__proto__" stays an ordinary key.
    Object.defineProperty(layers, name, {
      value: fromJsonText(text),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return layers;
}
