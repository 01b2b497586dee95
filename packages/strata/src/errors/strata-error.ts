/**
 * Stable error codes. Callers switch on `code`, never on message text.
 * Add new codes here; never rename or reuse one.
 */
export type StrataErrorCode =
  | 'BUDGET_UNSATISFIABLE'
  | 'CONFIG_INVALID'
  | 'LAYER_UNKNOWN'
  | 'STATE_PATCH_INVALID'
  | 'STATE_CORRUPT'
  | 'TOKENIZER_UNKNOWN'
  | 'MODEL_OUTPUT_INVALID'
  | 'MODEL_API_ERROR'
  | 'MODEL_TIMEOUT'
  | 'MODEL_API_KEY_MISSING'
  | 'EXTRACTION_FAILED'
  | 'STORE_CONFLICT'
  | 'STORE_UNAVAILABLE'
  | 'STORE_CORRUPT'
  | 'STORE_SCHEMA_TOO_NEW'
  | 'STORE_READ_ONLY'
  | 'STORE_DISK_FULL'
  | 'STORE_CLOSED'
  | 'SESSION_NOT_FOUND'
  | 'INPUT_INVALID'
  | 'NOT_SUPPORTED'
  /** HTTP edges (the gateway): no or a wrong API key, too many requests, a body over the limit, no such route. */
  | 'AUTH_INVALID'
  | 'RATE_LIMITED'
  | 'BODY_TOO_LARGE'
  | 'ROUTE_UNKNOWN'
  /** An optional package (a backend driver, an SDK, the game commands) is not installed; the message names the `npm install` command. */
  | 'MISSING_DEPENDENCY';

/** Options of the `StrataError` constructor. */
export interface StrataErrorOptions {
  details?: Record<string, unknown>;
  cause?: unknown;
  /** Whether repeating the same call may succeed (429, 5xx, timeouts, CAS conflicts). */
  isRetryable?: boolean;
}

/** The one error base class of Strata. `message` says what was wrong and what to do. */
export class StrataError extends Error {
  readonly code: StrataErrorCode;
  readonly details: Record<string, unknown>;
  readonly isRetryable: boolean;

  constructor(code: StrataErrorCode, message: string, options: StrataErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StrataError';
    this.code = code;
    this.details = options.details ?? {};
    this.isRetryable = options.isRetryable ?? code === 'STORE_CONFLICT';
  }

  /** True when `error` is a StrataError (with `code`: that code). */
  static is(error: unknown, code?: StrataErrorCode): error is StrataError {
    return error instanceof StrataError && (code === undefined || error.code === code);
  }
}
