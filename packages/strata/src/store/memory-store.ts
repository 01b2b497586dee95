import type { JsonValue, Provenance } from '../core/provenance.js';

/**
 * A lesson (an insight kept across sessions) as persisted per namespace.
 * Mutable fields (`usefulness`, `uses`, `lastUsedAt`, `importance`, `text`) change only by
 * compare-and-swap on `version`.
 */
export interface LessonRecord {
  id: string;
  namespace: string;
  text: string;
  /** 0..1, set by the extractor. */
  importance: number;
  /** Proven usefulness, updated as the lesson is used and outcomes are known. */
  usefulness: number;
  uses: number;
  tags: string[];
  provenance: Provenance;
  /** Set when written by an extraction; a second write with the same key is a no-op. */
  idempotencyKey?: string;
  createdAt: number;
  lastUsedAt?: number;
  /**
   * Rank used to keep a namespace within capacity: higher is kept longer (the lessons layer writes
   * its time-independent score, see `lessonRank`). Absent ranks are evicted first.
   */
  rank?: number;
  /** Starts at 1; bumped by every update. */
  version: number;
}

/** A lesson to add: everything but the store-assigned version and namespace. */
export type NewLesson = Omit<LessonRecord, 'version' | 'namespace'>;
/** The fields of a lesson an update may change. */
export type LessonUpdate = Partial<
  Pick<LessonRecord, 'text' | 'importance' | 'usefulness' | 'uses' | 'tags' | 'lastUsedAt' | 'rank'>
>;

/** Options of `MemoryStore.addLesson`. */
export interface AddLessonOptions {
  /**
   * Most lessons the namespace keeps. Beyond it, the lowest-ranked lessons (lowest `rank`, then the
   * highest id) are deleted in the same transaction as the insert, whatever the number of writers;
   * the new lesson itself when it ranks lowest.
   */
  capacity?: number;
}

/** What `MemoryStore.addLesson` did. */
export interface AddLessonOutcome {
  lesson: LessonRecord;
  /** False when a lesson with the same idempotency key was already there (it is returned). */
  created: boolean;
  /** Ids deleted to keep the namespace within capacity; the new lesson's own id when it was not kept. */
  evicted: string[];
}

/** Options of `MemoryStore.listLessons`. */
export interface ListLessonsOptions {
  /** Only the `limit` highest-ranked lessons (ties: lower id first), still listed by createdAt, then id. */
  limit?: number;
}

/** A knowledge entry added at run time on top of a static corpus (e.g. learned from the game's own texts). */
export interface KnowledgeRecord {
  namespace: string;
  key: string;
  text: string;
  tags: string[];
  provenance: Provenance;
  version: number;
}

/**
 * What a session (an agent run, a conversation) has committed: its step counter and one JSON
 * snapshot per layer (summaries, windows, notes, state, ...). A commit is atomic: all layers of a
 * step or none.
 */
export interface SessionRecord {
  sessionId: string;
  namespace: string;
  step: number;
  layers: Record<string, JsonValue>;
  /** Free-form session metadata (seed, agent kind, status). */
  meta: Record<string, JsonValue>;
  updatedAt: number;
  /** Starts at 1 on create; bumped by every commit. */
  version: number;
}

/** One step to commit: the session's new state and the version it was read at. */
export interface SessionCommit {
  sessionId: string;
  namespace: string;
  step: number;
  /** Layers to write. Layers not named keep their committed snapshot. */
  layers: Record<string, JsonValue>;
  meta?: Record<string, JsonValue>;
  /** The version this commit is based on: `0` to create; a mismatch throws STORE_CONFLICT. */
  expectedVersion: number;
  /**
   * The layers of the record the commit returns: `'all'` (default) every layer of the session,
   * `'written'` only those this commit wrote. A caller that keeps its own copy of the session (and
   * needs only the new version) saves reading back the layers it did not change.
   */
  returnLayers?: 'all' | 'written';
}

/** One telemetry record as stored, with its session and step. */
export interface TelemetryRecordRow {
  sessionId: string;
  step: number;
  record: JsonValue;
}

/**
 * Everything a Memory persists. Implementations: in-memory, SQLite, Postgres; one conformance suite.
 * All methods reject with StrataError: STORE_CONFLICT (retryable) on a lost compare-and-swap,
 * STORE_UNAVAILABLE / STORE_CORRUPT / STORE_SCHEMA_TOO_NEW / STORE_READ_ONLY / STORE_DISK_FULL otherwise.
 */
export interface MemoryStore {
  readonly name: string;

  /** Runs migrations; idempotent. Called by the factory or lazily on first use. */
  open(): Promise<void>;
  /** Closes connections; later calls fail with STORE_CLOSED. */
  close(): Promise<void>;

  /** The session's last committed record, or undefined when there is none. */
  loadSession(sessionId: string): Promise<SessionRecord | undefined>;
  /** Atomic compare-and-swap commit of a step. Returns the new record (version bumped). */
  commitSession(commit: SessionCommit): Promise<SessionRecord>;
  /** Sessions, optionally of one namespace, without their layer data. */
  listSessions(
    namespace?: string,
  ): Promise<Array<Pick<SessionRecord, 'sessionId' | 'namespace' | 'step' | 'updatedAt' | 'meta'>>>;
  /** Deletes a session and its telemetry. */
  deleteSession(sessionId: string): Promise<void>;

  /**
   * Adds a lesson; with an idempotency key already present in the namespace, returns the existing
   * one. With `capacity`, trims the namespace to it in the same transaction (see AddLessonOptions).
   */
  addLesson(namespace: string, lesson: NewLesson, options?: AddLessonOptions): Promise<AddLessonOutcome>;
  /** Compare-and-swap update; STORE_CONFLICT when `expectedVersion` is stale. */
  updateLesson(
    namespace: string,
    id: string,
    update: LessonUpdate,
    expectedVersion: number,
  ): Promise<LessonRecord>;
  /** Deletes a lesson. */
  deleteLesson(namespace: string, id: string): Promise<void>;
  /** Lessons of a namespace ordered by createdAt, then id (with `limit`: only the highest-ranked). */
  listLessons(namespace: string, options?: ListLessonsOptions): Promise<LessonRecord[]>;

  /** Compare-and-swap write of a knowledge entry; STORE_CONFLICT when `expectedVersion` is stale. */
  putKnowledge(record: Omit<KnowledgeRecord, 'version'>, expectedVersion: number): Promise<KnowledgeRecord>;
  /** Knowledge entries of a namespace. */
  listKnowledge(namespace: string): Promise<KnowledgeRecord[]>;

  /** Appends telemetry rows. */
  appendTelemetry(rows: TelemetryRecordRow[]): Promise<void>;
  /** Telemetry rows of a session, in step order (same-step rows in append order). */
  listTelemetry(sessionId: string): Promise<TelemetryRecordRow[]>;
}
