import { StrataError } from '@strata-memory/strata/errors';

/** OpenAI's error body: `{ error: { message, type, param, code } }` (what its SDKs parse). */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const statusByCode: Record<string, number> = {
  INPUT_INVALID: 400,
  CONFIG_INVALID: 400,
  AUTH_INVALID: 401,
  ROUTE_UNKNOWN: 404,
  BODY_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  STORE_CONFLICT: 409,
  MODEL_TIMEOUT: 504,
  MODEL_API_ERROR: 502,
  MODEL_OUTPUT_INVALID: 502,
  STORE_UNAVAILABLE: 503,
  STORE_CLOSED: 503,
};

const typeByStatus: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  413: 'invalid_request_error',
  429: 'rate_limit_error',
};

/** The HTTP status and OpenAI-shaped body for an error; unknown errors are a 500 that says only that. */
export function toOpenAIError(error: unknown): {
  status: number;
  body: OpenAIErrorBody;
  retryAfterSeconds?: number;
} {
  if (!StrataError.is(error)) {
    return {
      status: 500,
      body: {
        error: {
          message: 'The gateway failed on this request (internal error); its log has the details.',
          type: 'server_error',
          param: null,
          code: 'INTERNAL',
        },
      },
    };
  }
  const upstream = error.details.upstreamStatus;
  // An upstream's own client error (400 bad model, 401 bad provider key, 429 after retries) keeps its status.
  let status = statusByCode[error.code] ?? 500;
  if (error.code === 'MODEL_API_ERROR' && typeof upstream === 'number' && upstream >= 400 && upstream < 500) {
    status = upstream;
  }
  const retryAfterMs = error.details.retryAfterMs;
  const param =
    typeof error.details.param === 'string' && error.details.param !== '' ? error.details.param : null;
  return {
    status,
    body: {
      error: {
        message: error.message,
        type:
          status >= 500
            ? error.code.startsWith('MODEL')
              ? 'upstream_error'
              : 'server_error'
            : (typeByStatus[status] ?? 'invalid_request_error'),
        param,
        code: error.code,
      },
    },
    ...(typeof retryAfterMs === 'number'
      ? { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
      : {}),
  };
}
