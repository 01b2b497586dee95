import { StrataError } from '../errors/strata-error.js';

/** Options of the extraction queue (`createMemory({ extraction })`). */
export interface ExtractionQueueOptions {
  /** Jobs running at once (default 2). */
  concurrency?: number;
  /** Attempts per job, the first included (default 3). */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt, with jitter (default 200 ms). */
  baseDelayMs?: number;
  /** Longest retry delay (default 10 s). */
  maxDelayMs?: number;
  /** Called on every retry, failure and success (for telemetry). Must not throw. */
  onEvent?: (event: ExtractionQueueEvent) => void;
  /** Random source for jitter (default Math.random). */
  random?: () => number;
  /**
   * Most jobs waiting to start (running ones not counted; default 64). When a new job arrives and
   * the queue is full, the oldest waiting job is dropped (`extraction-dropped`): it is the stalest,
   * and the newest transitions are the ones still worth a model call.
   */
  maxPending?: number;
}

/** Per-job options of `enqueue`. */
export interface EnqueueOptions {
  /**
   * Jobs with the same key supersede each other: a new job replaces one with its key that is still
   * waiting (`extraction-superseded`), e.g. summaries, where only the newest matters.
   */
  coalesceKey?: string;
}

/** The queue's backlog, for telemetry. */
export interface ExtractionQueueStats {
  /** Jobs waiting to start. */
  readonly waiting: number;
  /** Jobs running (or waiting for a retry). */
  readonly running: number;
  /** Jobs dropped because the queue was full, since creation. */
  readonly dropped: number;
  /** Waiting jobs replaced by a newer job with the same coalesce key, since creation. */
  readonly superseded: number;
}

/** A job's retry, failure, success, drop or replacement, as reported to telemetry. */
export interface ExtractionQueueEvent {
  name:
    | 'extraction-retried'
    | 'extraction-failed'
    | 'extraction-succeeded'
    | 'extraction-dropped'
    | 'extraction-superseded';
  job: string;
  attempt: number;
  error?: StrataError;
}

/** A job that exhausted its attempts. */
export interface ExtractionFailure {
  job: string;
  attempts: number;
  error: StrataError;
  at: number;
}

/** Runs extraction jobs in the background with bounded concurrency; never throws at the caller. */
export interface ExtractionQueue {
  /**
   * Queues a job; `run` is called again (same arguments) on failure, up to the attempt limit. A full
   * queue drops its oldest waiting job; a `coalesceKey` replaces a waiting job with the same key.
   */
  enqueue(job: string, run: (attempt: number) => Promise<void>, options?: EnqueueOptions): void;
  /** Resolves when every queued job (and its retries) has finished. */
  drain(): Promise<void>;
  /** Jobs waiting or running. */
  readonly pending: number;
  readonly stats: ExtractionQueueStats;
  readonly failures: readonly ExtractionFailure[];
}

/** Creates an extraction queue. */
export function createExtractionQueue(options: ExtractionQueueOptions = {}): ExtractionQueue {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const baseDelayMs = options.baseDelayMs ?? 200;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const random = options.random ?? Math.random;
  const maxPending = Math.max(1, options.maxPending ?? 64);
  let dropped = 0;
  let superseded = 0;
  const emit = (event: ExtractionQueueEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A broken listener must not break extraction.
    }
  };
  const waiting: Array<{ job: string; run: (attempt: number) => Promise<void>; coalesceKey?: string }> = [];
  const failures: ExtractionFailure[] = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  const settleIfIdle = (): void => {
    if (running === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  const execute = async (job: string, run: (attempt: number) => Promise<void>): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await run(attempt);
        emit({ name: 'extraction-succeeded', job, attempt });
        return;
      } catch (cause) {
        const error = toStrataError(job, cause);
        if (attempt >= maxAttempts) {
          failures.push({ job, attempts: attempt, error, at: Date.now() });
          emit({ name: 'extraction-failed', job, attempt, error });
          return;
        }
        emit({ name: 'extraction-retried', job, attempt, error });
        const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)) * (0.5 + random() / 2);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  const pump = (): void => {
    while (running < concurrency && waiting.length > 0) {
      const next = waiting.shift() as { job: string; run: (attempt: number) => Promise<void> };
      running += 1;
      void execute(next.job, next.run).finally(() => {
        running -= 1;
        pump();
        settleIfIdle();
      });
    }
  };

  return {
    enqueue(job, run, enqueueOptions = {}) {
      const { coalesceKey } = enqueueOptions;
      const same =
        coalesceKey === undefined ? -1 : waiting.findIndex((entry) => entry.coalesceKey === coalesceKey);
      if (same >= 0) {
        const replaced = waiting[same] as { job: string };
        waiting[same] = { job, run, coalesceKey: coalesceKey as string };
        superseded += 1;
        emit({ name: 'extraction-superseded', job: replaced.job, attempt: 0 });
        queueMicrotask(pump);
        return;
      }
      while (waiting.length >= maxPending) {
        const oldest = waiting.shift() as { job: string };
        dropped += 1;
        emit({ name: 'extraction-dropped', job: oldest.job, attempt: 0 });
      }
      waiting.push(coalesceKey === undefined ? { job, run } : { job, run, coalesceKey });
      // Start on a later tick so the caller (a transition) returns before any extraction work.
      queueMicrotask(pump);
    },
    drain() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get pending() {
      return running + waiting.length;
    },
    get stats() {
      return { waiting: waiting.length, running, dropped, superseded };
    },
    get failures() {
      return failures;
    },
  };
}

function toStrataError(job: string, cause: unknown): StrataError {
  if (cause instanceof StrataError) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new StrataError('EXTRACTION_FAILED', `Extraction '${job}' failed: ${message}`, {
    cause,
    isRetryable: true,
  });
}
