// Stores: the MemoryStore contract and its three implementations. Drivers (better-sqlite3, pg)
// load lazily on open(), so importing strata never loads a database driver you do not use.
export {
  createInMemoryDatabase,
  createInMemoryStore,
  type InMemoryDatabase,
  type InMemoryStoreConfig,
} from './in-memory/in-memory-store.js';
export type {
  KnowledgeRecord,
  LessonRecord,
  LessonUpdate,
  MemoryStore,
  NewLesson,
  SessionCommit,
  SessionRecord,
  TelemetryRecordRow,
} from './memory-store.js';
export { latestPostgresSchemaVersion } from './postgres/postgres-migrations.js';
export { createPostgresStore } from './postgres/postgres-store.js';
export type { PostgresStoreConfig } from './postgres/postgres-store-config.js';
export { latestSqliteSchemaVersion } from './sqlite/sqlite-migrations.js';
export { createSqliteStore } from './sqlite/sqlite-store.js';
export { defaultSqlitePath, type SqliteStoreConfig } from './sqlite/sqlite-store-config.js';
