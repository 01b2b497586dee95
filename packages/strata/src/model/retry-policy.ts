import { StrataError } from '../errors/strata-error.js';

/** How a model adapter retries failed calls. All durations in milliseconds. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 disables retrying). */
  maxRetries?: number;
  /** First backoff delay before jitter (default 500). Doubles every retry. */
  initialDelayMs?: number;
  /** Cap on any single wait, including a server's `Retry-After` (default 30,000). */
  maxDelayMs?: number;
  /** Cap on the whole call: attempts plus waits. No retry starts if its wait would cross it (default 120,000). */
  maxTotalMs?: number;
}

/** Only the retry fields of a larger options object (so nothing else, like a key, travels on). */
export function pickRetryOptions(options: RetryOptions): RetryOptions {
  const out: RetryOptions = {};
  if (options.maxRetries !== undefined) out.maxRetries = options.maxRetries;
  if (options.initialDelayMs !== undefined) out.initialDelayMs = options.initialDelayMs;
  if (options.maxDelayMs !== undefined) out.maxDelayMs = options.maxDelayMs;
  if (options.maxTotalMs !== undefined) out.maxTotalMs = options.maxTotalMs;
  return out;
}

/** What one failed attempt means for the retry loop. */
export interface AttemptFailure {
  /** The error to throw if this is the last attempt (already a StrataError with a stable code). */
  error: StrataError;
  retryable: boolean;
  /** The server's requested wait (`retry-after-ms` or `Retry-After`), if it sent one. */
  retryAfterMs?: number;
}

export interface RetryLoopOptions extends RetryOptions {
  signal?: AbortSignal;
  /** Source of randomness for jitter, in [0, 1). Injected by tests. */
  random?: () => number;
}

const defaults = { maxRetries: 3, initialDelayMs: 500, maxDelayMs: 30_000, maxTotalMs: 120_000 };

/**
 * Runs `attempt` until it succeeds, a failure is not retryable, retries run out or the total time cap
 * is reached. Waits exponential backoff with jitter, or what the server asked for (capped).
 * The final error carries `details.attempts`.
 */
export async function runWithRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  classify: (error: unknown) => AttemptFailure,
  options: RetryLoopOptions = {},
): Promise<T> {
  const maxRetries = options.maxRetries ?? defaults.maxRetries;
  const initialDelayMs = options.initialDelayMs ?? defaults.initialDelayMs;
  const maxDelayMs = options.maxDelayMs ?? defaults.maxDelayMs;
  const maxTotalMs = options.maxTotalMs ?? defaults.maxTotalMs;
  const random = options.random ?? Math.random;
  const started = Date.now();
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      const failure = classify(error);
      failure.error.details.attempts = attemptNumber;
      if (!failure.retryable) throw failure.error;
      if (attemptNumber > maxRetries) throw gaveUp(failure.error, attemptNumber, `maxRetries ${maxRetries}`);
      const wait =
        failure.retryAfterMs !== undefined
          ? Math.min(maxDelayMs, Math.max(0, failure.retryAfterMs))
          : backoffDelay(attemptNumber, initialDelayMs, maxDelayMs, random());
      if (Date.now() - started + wait > maxTotalMs) {
        throw gaveUp(
          failure.error,
          attemptNumber,
          `maxTotalMs ${maxTotalMs} would be exceeded by the next wait`,
        );
      }
      await sleep(wait, options.signal);
    }
  }
}

/**
 * The wait after failed attempt `attemptNumber` (1-based): `initialDelayMs * 2^(n-1)`, capped at
 * `maxDelayMs`, times a jitter in [50%, 100%] that spreads out clients that failed together.
 */
export function backoffDelay(
  attemptNumber: number,
  initialDelayMs: number,
  maxDelayMs: number,
  random: number,
): number {
  const backoff = Math.min(maxDelayMs, initialDelayMs * 2 ** (attemptNumber - 1));
  return Math.round(backoff * (0.5 + random * 0.5));
}

function gaveUp(error: StrataError, attempts: number, reason: string): StrataError {
  return new StrataError(
    error.code,
    `${error.message} Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'} (${reason}).`,
    {
      details: { ...error.details, attempts, stoppedBy: reason },
      cause: error.cause,
      isRetryable: error.isRetryable,
    },
  );
}

/**
 * The wait a server asked for, in milliseconds: `retry-after-ms` (OpenAI, Anthropic) first, then
 * `Retry-After` as seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
): number | undefined {
  if (!headers) return undefined;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null || retryAfter.trim() === '') return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - Date.now());
}

/** HTTP statuses worth retrying: request timeout, conflict (lock), rate limit, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error for a call the caller aborted through its signal. */
export function abortedError(): StrataError {
  return new StrataError(
    'MODEL_API_ERROR',
    'The model call was aborted by the caller (its AbortSignal fired).',
    {
      details: { reason: 'aborted' },
      isRetryable: false,
    },
  );
}
