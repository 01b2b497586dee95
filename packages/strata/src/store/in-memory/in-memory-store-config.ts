import type { InMemoryDatabase } from './in-memory-store.js';

/** Options of `createInMemoryStore`. */
export interface InMemoryStoreConfig {
  /**
   * The data the store works on. Stores created over the same database behave like two connections
   * to one database (useful in tests); by default each store gets its own.
   */
  database?: InMemoryDatabase;
}
