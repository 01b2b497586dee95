import { StrataError } from '../errors/strata-error.js';
import { redactSecret } from './load-api-key.js';
import {
  type AttemptFailure,
  abortedError,
  isRetryableStatus,
  parseRetryAfter,
  pickRetryOptions,
  type RetryOptions,
  runWithRetries,
} from './retry-policy.js';

/** The error classes both official SDKs (Stainless-generated) export; passed in so `instanceof` works. */
export interface ProviderErrorClasses {
  APIError: abstract new (
    ...args: never[]
  ) => {
    status: number | undefined;
    headers: { get(name: string): string | null } | undefined;
    error: unknown;
    message: string;
  };
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
}

export interface ProviderCallOptions extends RetryOptions {
  /** 'OpenAI-compatible', 'Anthropic': starts every message. */
  providerLabel: string;
  modelId: string;
  /** Shown in connection errors (origin and path only). */
  baseURL: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Never appears in any error this produces. */
  secret: string;
  errors: ProviderErrorClasses;
  signal?: AbortSignal | undefined;
}

/**
 * One provider call with our retry policy: each attempt gets its own timeout; failures become
 * StrataErrors with stable codes (MODEL_TIMEOUT, MODEL_API_ERROR with `isRetryable`).
 */
export function callProvider<T>(
  options: ProviderCallOptions,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const classify = (error: unknown) => classifyProviderError(error, options);
  return runWithRetries(() => attemptWithTimeout(options, send), classify, {
    ...pickRetryOptions(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

class AttemptTimeout extends Error {}

// The race guarantees the attempt settles at the timeout even if the transport ignores the abort.
async function attemptWithTimeout<T>(
  options: ProviderCallOptions,
  send: (signal: AbortSignal) => Promise<T>,
) {
  const controller = new AbortController();
  const caller = options.signal;
  if (caller?.aborted) throw abortedError();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onCallerAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onCallerAbort, { once: true });
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new AttemptTimeout());
      reject(new AttemptTimeout());
    }, options.timeoutMs);
  });
  const sent = send(controller.signal);
  try {
    return await Promise.race([sent, timeout]);
  } catch (error) {
    if (error instanceof AttemptTimeout || controller.signal.reason instanceof AttemptTimeout) {
      sent.catch(() => undefined);
      throw new AttemptTimeout();
    }
    if (caller?.aborted) throw abortedError();
    throw error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onCallerAbort);
  }
}

function classifyProviderError(error: unknown, options: ProviderCallOptions): AttemptFailure {
  const { providerLabel, modelId, errors } = options;
  const clean = (text: string) => redactSecret(text, options.secret);
  const where = describeURL(options.baseURL);
  if (error instanceof StrataError) return { error, retryable: error.isRetryable };
  if (error instanceof AttemptTimeout || error instanceof errors.APIConnectionTimeoutError) {
    return {
      retryable: true,
      error: new StrataError(
        'MODEL_TIMEOUT',
        `${providerLabel} model '${modelId}' did not answer within ${options.timeoutMs} ms (${where}). Raise 'timeoutMs' or check that the server is responsive.`,
        { details: { timeoutMs: options.timeoutMs, provider: providerLabel }, isRetryable: true },
      ),
    };
  }
  if (error instanceof errors.APIUserAbortError) return { retryable: false, error: abortedError() };
  if (error instanceof errors.APIConnectionError) {
    return {
      retryable: true,
      error: new StrataError(
        'MODEL_API_ERROR',
        `Could not reach the ${providerLabel} server at ${where}: ${clean(error.message)}. Check 'baseURL' and that the server is running.`,
        { details: { provider: providerLabel, reason: 'connection' }, isRetryable: true },
      ),
    };
  }
  if (error instanceof errors.APIError && typeof error.status === 'number') {
    const status = error.status;
    const retryable = isRetryableStatus(status);
    const providerMessage = clean(providerMessageOf(error.error) ?? error.message);
    const retryAfterMs = parseRetryAfter(error.headers);
    const hint = retryable
      ? 'Try again later, or raise maxRetries / maxTotalMs.'
      : status === 401 || status === 403
        ? 'Check the API key and its permissions.'
        : status === 404
          ? `Check the model name '${modelId}' and 'baseURL'.`
          : 'Fix the request; retrying will not help.';
    const failure: AttemptFailure = {
      retryable,
      error: new StrataError(
        'MODEL_API_ERROR',
        `${providerLabel} API error ${status} for model '${modelId}': ${providerMessage}. ${hint}`,
        {
          details: {
            provider: providerLabel,
            status,
            providerMessage,
            ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
          },
          isRetryable: retryable,
        },
      ),
    };
    if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
    return failure;
  }
  if (error instanceof SyntaxError) {
    // A truncated or garbled body (e.g. a proxy cut it): worth another attempt.
    return {
      retryable: true,
      error: new StrataError(
        'MODEL_API_ERROR',
        `The ${providerLabel} server at ${where} returned a response body that is not valid JSON (${clean(error.message)}).`,
        { details: { provider: providerLabel, reason: 'malformed-response' }, isRetryable: true },
      ),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    retryable: false,
    error: new StrataError(
      'MODEL_API_ERROR',
      `${providerLabel} call for model '${modelId}' failed: ${clean(message)}`,
      { details: { provider: providerLabel, reason: 'unexpected' }, isRetryable: false },
    ),
  };
}

function providerMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return typeof body === 'string' ? body : undefined;
  const record = body as Record<string, unknown>;
  // OpenAI: { message }, Anthropic: { type: 'error', error: { message } } or { message }.
  if (typeof record.message === 'string') return record.message;
  const inner = record.error;
  if (
    typeof inner === 'object' &&
    inner !== null &&
    typeof (inner as Record<string, unknown>).message === 'string'
  ) {
    return (inner as Record<string, unknown>).message as string;
  }
  return undefined;
}

/** Origin and path only: credentials or query strings in a URL never reach an error. */
export function describeURL(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.replace(/\/$/, '');
  } catch {
    return '(invalid base URL)';
  }
}
