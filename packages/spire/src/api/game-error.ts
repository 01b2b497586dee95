/**
 * Errors in two shapes:
 * - `ModError`: the StS2 agent mod's wire shape (`{code, message, details?, retryable}`, snake_case codes),
 *   what an illegal action returns from the simulator and the real game alike;
 * - `SpireError`: the one error class spire throws, with a stable upper-case code.
 */

/** Error codes the mod documents. `invalid_action` and `invalid_target` are the ones a game returns for illegal moves. */
export type ModErrorCode =
  | 'invalid_request'
  | 'not_found'
  | 'invalid_action'
  | 'invalid_target'
  | 'state_unavailable'
  | 'session_not_ready'
  | 'pause_pending'
  | 'forbidden_actor'
  | 'internal_error'
  | 'listener_error'
  | (string & {});

/** The mod's error object, as found in `{ok: false, error}`. */
export interface ModError {
  code: ModErrorCode;
  message: string;
  details?: Record<string, unknown>;
  retryable: boolean;
}

/** The mod's response envelope. */
export type ModEnvelope<T> =
  | { ok: true; request_id?: string; data: T }
  | { ok: false; request_id?: string; error: ModError };

/**
 * Stable codes of `SpireError`. Callers switch on `code`, never on message text.
 * Add new codes here; never rename or reuse one.
 */
export type SpireErrorCode =
  /** The action is not legal in this state (mod: `invalid_action`). The state is unchanged. */
  | 'INVALID_ACTION'
  /** An index (card, target, option) is out of range or not a valid target (mod: `invalid_target`). */
  | 'INVALID_TARGET'
  /** The request itself is malformed: missing or wrong-typed fields (mod: `invalid_request`). */
  | 'INVALID_REQUEST'
  /** A state from a game or a file does not have the expected shape; `details.path` names the field. */
  | 'STATE_MALFORMED'
  /** The game reports a `state_version` spire does not model. */
  | 'STATE_VERSION_UNSUPPORTED'
  /** The mod says it runs degraded: the game version changed and some fields fall back to defaults. */
  | 'GAME_VERSION_DEGRADED'
  /** The game cannot be read right now (mod: `state_unavailable`, a transition); retrying may succeed. */
  | 'STATE_UNAVAILABLE'
  /** The bridge cannot reach the game (connection refused, DNS, closed pipe). */
  | 'GAME_UNREACHABLE'
  /** The game did not answer in time. */
  | 'GAME_TIMEOUT'
  /** The game answers but stays busy (still animating, nothing to act on) longer than the bridge waits. */
  | 'GAME_BUSY'
  /** The game answered something that is not its protocol (not JSON, no envelope, wrong service). */
  | 'PROTOCOL_ERROR'
  /** Any other error the game reported; `details.modError` holds it. */
  | 'GAME_ERROR'
  /** The run is over; no action is possible any more. */
  | 'GAME_OVER'
  /** A bridge or engine option is invalid. */
  | 'CONFIG_INVALID'
  /** Something spire does not support (e.g. an action the StS1 protocol has no command for). */
  | 'NOT_SUPPORTED';

/** Options of the `SpireError` constructor. */
export interface SpireErrorOptions {
  details?: Record<string, unknown>;
  cause?: unknown;
  /** Whether repeating the same call may succeed. */
  isRetryable?: boolean;
}

const MOD_CODE_TO_SPIRE: Record<string, SpireErrorCode> = {
  invalid_action: 'INVALID_ACTION',
  invalid_target: 'INVALID_TARGET',
  invalid_request: 'INVALID_REQUEST',
  state_unavailable: 'STATE_UNAVAILABLE',
};

const SPIRE_CODE_TO_MOD: Partial<Record<SpireErrorCode, ModErrorCode>> = {
  INVALID_ACTION: 'invalid_action',
  INVALID_TARGET: 'invalid_target',
  INVALID_REQUEST: 'invalid_request',
  STATE_UNAVAILABLE: 'state_unavailable',
};

/** The one error class of spire. `message` says what was wrong and what to do. */
export class SpireError extends Error {
  readonly code: SpireErrorCode;
  readonly details: Record<string, unknown>;
  readonly isRetryable: boolean;

  constructor(code: SpireErrorCode, message: string, options: SpireErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SpireError';
    this.code = code;
    this.details = options.details ?? {};
    this.isRetryable =
      options.isRetryable ??
      (code === 'STATE_UNAVAILABLE' ||
        code === 'GAME_TIMEOUT' ||
        code === 'GAME_UNREACHABLE' ||
        code === 'GAME_BUSY');
  }

  /** True when `error` is a SpireError (with `code`: that code). */
  static is(error: unknown, code?: SpireErrorCode): error is SpireError {
    return error instanceof SpireError && (code === undefined || error.code === code);
  }

  /** Wraps an error the mod returned; known codes map to their spire code, the rest to `GAME_ERROR`. */
  static fromModError(modError: ModError, context?: string): SpireError {
    const code = MOD_CODE_TO_SPIRE[modError.code] ?? 'GAME_ERROR';
    const prefix = context === undefined ? '' : `${context}: `;
    return new SpireError(code, `${prefix}${modError.message} (mod error code '${modError.code}')`, {
      details: { modError },
      isRetryable: modError.retryable,
    });
  }

  /** This error in the mod's wire shape, e.g. for an HTTP facade over the simulator. */
  toModError(): ModError {
    const fromMod = this.details.modError as ModError | undefined;
    if (fromMod !== undefined) return fromMod;
    const { modError: _ignored, ...details } = this.details;
    return {
      code: SPIRE_CODE_TO_MOD[this.code] ?? 'internal_error',
      message: this.message,
      ...(Object.keys(details).length > 0 ? { details } : {}),
      retryable: this.isRetryable,
    };
  }
}

/** Shorthand for the engine: an illegal action, in both shapes. */
export function invalidAction(message: string, details?: Record<string, unknown>): SpireError {
  return new SpireError('INVALID_ACTION', message, details === undefined ? {} : { details });
}

/** Shorthand for the engine: an index out of range or an invalid target. */
export function invalidTarget(message: string, details?: Record<string, unknown>): SpireError {
  return new SpireError('INVALID_TARGET', message, details === undefined ? {} : { details });
}
