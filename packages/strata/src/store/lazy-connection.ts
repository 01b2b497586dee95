import { storeClosedError } from './store-errors.js';

/**
 * A store's connection, opened on first use. Concurrent callers share one open; a failed open is
 * forgotten so the next call tries again; after close() every call fails with STORE_CLOSED.
 */
export class LazyConnection<Connection> {
  readonly #store: string;
  readonly #connect: () => Promise<Connection>;
  #connection: Connection | undefined;
  #opening: Promise<Connection> | undefined;
  #closed = false;

  constructor(store: string, connect: () => Promise<Connection>) {
    this.#store = store;
    this.#connect = connect;
  }

  async open(): Promise<void> {
    this.#closed = false;
    await this.ready();
  }

  ready(): Promise<Connection> {
    if (this.#closed) return Promise.reject(storeClosedError(this.#store));
    if (this.#connection !== undefined) return Promise.resolve(this.#connection);
    this.#opening ??= this.#connect().then(
      (connection) => {
        this.#connection = connection;
        return connection;
      },
      (error: unknown) => {
        this.#opening = undefined;
        throw error;
      },
    );
    return this.#opening;
  }

  /** Refuses further calls; returns the connection that was open (or opening), for the caller to release. */
  async close(): Promise<Connection | undefined> {
    this.#closed = true;
    const connection = this.#connection ?? (await this.#opening?.catch(() => undefined));
    this.#connection = undefined;
    this.#opening = undefined;
    return connection;
  }
}
