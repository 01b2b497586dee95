import { describeMemoryStoreConformance } from '../conformance/memory-store-conformance.js';
import { createInMemoryDatabase, createInMemoryStore } from './in-memory-store.js';

describeMemoryStoreConformance('memory', () => {
  const database = createInMemoryDatabase();
  return { createStore: () => createInMemoryStore({ database }) };
});
