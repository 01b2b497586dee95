import type { MemoryStore, TelemetryRecordRow } from '@strata-memory/strata';

/** Options of `createCallRecorder`. */
export interface CallRecorderOptions {
  store: MemoryStore;
  /** Longest a record waits before it is written (default 100 ms). */
  flushMs?: number;
  /** Records written in one statement at most (default 256). */
  maxBatch?: number;
  /** Records kept while the store fails before the oldest are dropped (default 10,000). */
  maxPending?: number;
  /** Called with the number of records dropped because the store kept failing. */
  onDropped?: (count: number) => void;
}

/**
 * Writes the inspector's call records off the request path: `add` queues a row and returns at once;
 * the queue is written in batches (one statement per `maxBatch` rows) every `flushMs`, and `flush`
 * (called by the inspector before it reads, and at shutdown) writes everything queued so far.
 * A batch the store refused stays queued for the next flush.
 */
export function createCallRecorder(options: CallRecorderOptions) {
  const flushMs = options.flushMs ?? 100;
  const maxBatch = options.maxBatch ?? 256;
  const maxPending = options.maxPending ?? 10_000;
  let pending: TelemetryRecordRow[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> | undefined;
  let dropped = 0;

  const writeAll = async (): Promise<void> => {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      try {
        await options.store.appendTelemetry(batch);
      } catch (error) {
        pending = [...batch, ...pending];
        if (pending.length > maxPending) {
          const over = pending.length - maxPending;
          pending = pending.slice(over);
          dropped += over;
          options.onDropped?.(over);
        }
        throw error;
      }
    }
  };

  const flush = async (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    // One writer at a time keeps the rows of a session in the order they were added.
    while (writing) await writing.catch(() => undefined);
    if (pending.length === 0) return;
    writing = writeAll().finally(() => {
      writing = undefined;
    });
    await writing;
  };

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      // A failed background write keeps its rows queued and tries again after another interval.
      flush().catch(() => schedule());
    }, flushMs);
    timer.unref?.();
  };

  return {
    /** Queues a record; it is in the store within `flushMs` (or at the next `flush`). */
    add(row: TelemetryRecordRow): void {
      pending.push(row);
      if (pending.length >= maxBatch) flush().catch(() => undefined);
      else schedule();
    },
    flush,
    /**
     * Records dropped so far because the store kept failing: a change tells a writer of records that
     * refer to earlier ones (see MessagesDelta) that those may be gone.
     */
    get dropped(): number {
      return dropped;
    },
    /** Records queued and not yet written. */
    get pending(): number {
      return pending.length;
    },
  };
}

/** The recorder `createCallRecorder` returns. */
export type CallRecorder = ReturnType<typeof createCallRecorder>;
