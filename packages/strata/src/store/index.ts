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
