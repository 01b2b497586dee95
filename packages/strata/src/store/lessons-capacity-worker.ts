import { createInterface } from 'node:readline';
import { createLessonsLayer } from '../layers/lessons-layer.js';
import { createMemory } from '../memory/memory.js';
import type { MemoryStore } from './memory-store.js';
import { createPostgresStore } from './postgres/postgres-store.js';
import { createSqliteStore } from './sqlite/sqlite-store.js';

// One writer process of the lessons capacity test: opens a memory with a lessons layer on a shared
// store and namespace, waits for "go" on stdin (so all writers start together), adds its lessons
// and prints one JSON line (LessonsWriterReport). Errors are reported, not thrown, so the test can
// count them. Run: node --import tsx lessons-capacity-worker.ts '<LessonsWriterOptions as JSON>'

export interface LessonsWriterOptions {
  store: 'sqlite' | 'postgres';
  /** SQLite file path or Postgres connection string. */
  location: string;
  namespace: string;
  capacity: number;
  lessons: number;
  worker: number;
}

export interface LessonsWriterReport {
  worker: number;
  added: Array<{ id: string; rank: number | undefined; key: string }>;
  rejected: number;
  duplicates: number;
  errors: string[];
}

/** Distinct words per writer and lesson, so no two lessons are near-duplicates. */
function lessonText(worker: number, index: number): string {
  const words: string[] = [];
  let state = (worker * 7919 + index * 104_729 + 1) >>> 0;
  for (let word = 0; word < 10; word += 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    words.push(`w${(state >>> 8).toString(36)}`);
  }
  return `writer ${worker} lesson ${index}: ${words.join(' ')}`;
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as LessonsWriterOptions;
  const store: MemoryStore =
    options.store === 'sqlite'
      ? createSqliteStore({ path: options.location })
      : createPostgresStore({ connectionString: options.location });
  const lessons = createLessonsLayer({ capacity: options.capacity });
  const memory = createMemory({ budget: 2_000, layers: [lessons], store, namespace: options.namespace });
  await memory.open();
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => {
    createInterface({ input: process.stdin }).once('line', () => resolve());
  });
  const report: LessonsWriterReport = {
    worker: options.worker,
    added: [],
    rejected: 0,
    duplicates: 0,
    errors: [],
  };
  for (let index = 0; index < options.lessons; index += 1) {
    const key = `writer-${options.worker}-lesson-${index}`;
    try {
      const result = await lessons.addLesson({
        text: lessonText(options.worker, index),
        importance: ((index * 37 + options.worker * 11) % 100) / 100,
        idempotencyKey: key,
      });
      if (result.status === 'added')
        report.added.push({ id: result.lesson.id, rank: result.lesson.rank, key });
      else if (result.status === 'rejected') report.rejected += 1;
      else report.duplicates += 1;
    } catch (error) {
      report.errors.push(
        error instanceof Error
          ? `${(error as { code?: string }).code ?? ''} ${error.message}`
          : String(error),
      );
    }
  }
  await store.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

await main();
