/** Options of `createExtractionQueue`. */
export interface ExtractionQueueOptions {
  /** Jobs running at once (default 2): extraction calls are model calls, not request work. */
  concurrency?: number;
  /** Jobs waiting at most (default 10,000); beyond, a job is refused (the caller counts it). */
  maxQueued?: number;
  /** Called whenever the number of queued plus running jobs changes. */
  onDepth?: (depth: number) => void;
  /** A job that threw (jobs handle their own failures; this is the last resort). */
  onUnexpected?: (error: unknown) => void;
}

/**
 * The gateway's extraction jobs, off the request path, at most one waiting per key (a session): a
 * waiting job reads the session when it starts, so a second trigger before then adds nothing. Jobs of
 * one key never overlap. `flush` waits for every queued and running job (graceful shutdown). Not
 * p-queue or similar: per-key coalescing and non-overlap are the whole point, and they are a few lines.
 */
export function createExtractionQueue(options: ExtractionQueueOptions = {}) {
  const concurrency = options.concurrency ?? 2;
  const maxQueued = options.maxQueued ?? 10_000;
  const waiting = new Map<string, () => Promise<void>>();
  const running = new Set<string>();
  let idle: Array<() => void> = [];
  let closed = false;

  const depth = () => waiting.size + running.size;
  const settle = () => {
    options.onDepth?.(depth());
    if (depth() === 0) {
      const done = idle;
      idle = [];
      for (const resolve of done) resolve();
    }
  };

  const pump = () => {
    for (const [key, job] of waiting) {
      if (running.size >= concurrency) return;
      if (running.has(key)) continue;
      waiting.delete(key);
      running.add(key);
      void job()
        .catch((error) => options.onUnexpected?.(error))
        .finally(() => {
          running.delete(key);
          pump();
          settle();
        });
    }
  };

  return {
    /**
     * Queues `job` for `key`. Returns 'queued', 'coalesced' (one already waits for this key), or
     * 'refused' (the queue is full or closed).
     */
    enqueue(key: string, job: () => Promise<void>): 'queued' | 'coalesced' | 'refused' {
      if (closed) return 'refused';
      if (waiting.has(key)) return 'coalesced';
      if (waiting.size >= maxQueued) return 'refused';
      waiting.set(key, job);
      pump();
      options.onDepth?.(depth());
      return 'queued';
    },
    /** Jobs queued or running. */
    get depth() {
      return depth();
    },
    /** Resolves when no job is queued or running (jobs queued meanwhile are waited for too). */
    flush(): Promise<void> {
      if (depth() === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    /** Refuses new jobs, then waits for the queued and running ones. */
    async close(): Promise<void> {
      closed = true;
      await this.flush();
    },
  };
}

/** The queue `createExtractionQueue` returns. */
export type ExtractionQueue = ReturnType<typeof createExtractionQueue>;
