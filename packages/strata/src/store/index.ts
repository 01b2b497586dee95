// Stores: the MemoryStore contract and the in-memory store. The SQLite and Postgres stores are the
// subpaths `@strata-memory/strata/sqlite` and `/postgres` (src/sqlite.ts, src/postgres.ts).
export {
  createInMemoryDatabase,
  createInMemoryStore,
  type InMemoryDatabase,
  type InMemoryStoreConfig,
} from './in-memory/in-memory-store.js';
export type {
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
} from './memory-store.js';
