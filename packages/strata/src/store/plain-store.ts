import type { MemoryStore } from './memory-store.js';

const storeMethods = [
  'open',
  'close',
  'loadSession',
  'commitSession',
  'listSessions',
  'deleteSession',
  'addLesson',
  'updateLesson',
  'deleteLesson',
  'listLessons',
  'putKnowledge',
  'listKnowledge',
  'appendTelemetry',
  'listTelemetry',
] as const satisfies ReadonlyArray<keyof MemoryStore>;

/**
 * The store as a plain object of bound methods, so callers can spread or destructure it
 * (`{ ...store, putKnowledge: failing }`) to wrap it, which would drop a class's prototype methods.
 */
export function asPlainStore(store: MemoryStore): MemoryStore {
  const plain: Record<string, unknown> = { name: store.name };
  for (const method of storeMethods) plain[method] = store[method].bind(store);
  return plain as unknown as MemoryStore;
}
