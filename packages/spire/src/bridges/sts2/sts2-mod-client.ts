import type { ModError } from '../../api/game-error.js';
import { SpireError } from '../../api/game-error.js';
import { jsonPathAtEnd } from './json-path-at-end.js';
import type { ResolvedSts2GameConfig } from './sts2-game-config.js';

/**
 * The HTTP layer of the StS2 bridge: one request to the mod, its `{ok, data}` / `{ok: false, error}`
 * envelope, and retries with exponential backoff. Knows nothing of game states.
 */
export interface Sts2ModClient {
  readonly baseUrl: string;
  /** Sends one request and resolves to the envelope's `data`. */
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown>;
}

/** Why a single attempt failed, and whether repeating it is safe. */
interface AttemptFailure {
  error: SpireError;
  retry: boolean;
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const RETRYABLE_HTTP_STATUSES = new Set([429, 502, 503, 504]);

function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost message of a fetch error (undici puts the reason in `cause`). */
function causeMessage(error: unknown): string {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    message = current.message;
    current = current.cause;
  }
  return message;
}

/**
 * The body as text, read chunk by chunk so a huge answer is refused at `maxBytes` instead of being
 * buffered whole (a 1.2 GB body drove the process to 2.7 GB before this cap).
 */
async function readCapped(response: Response, maxBytes: number, tooLarge: () => never): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

function isModError(value: unknown): value is ModError {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.message === 'string';
}

export function createSts2ModClient(config: ResolvedSts2GameConfig): Sts2ModClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  async function attempt(method: 'GET' | 'POST', path: string, body: unknown): Promise<unknown> {
    const url = `${baseUrl}${path}`;
    const what = `${method} ${path}`;
    const idempotent = method === 'GET';
    const timeoutMs = method === 'POST' ? config.actionTimeoutMs : config.requestTimeoutMs;
    let response: Response;
    try {
      response = await config.fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (isTimeout(error)) {
        throw failure(
          new SpireError(
            'GAME_TIMEOUT',
            `The StS2 agent mod at ${baseUrl} did not answer ${what} within ${timeoutMs} ms. ` +
              (idempotent
                ? 'The game may be frozen or loading; check that it responds, or raise requestTimeoutMs.'
                : 'The action may or may not have been applied: read the state before acting again, or raise actionTimeoutMs.'),
            { cause: error, details: { url, timeoutMs } },
          ),
          idempotent,
        );
      }
      const code = networkErrorCode(error);
      const reason = causeMessage(error);
      if (code === undefined && reason === 'bad port') {
        // fetch refuses some ports outright (the Fetch standard's port blocking): nothing was sent.
        const port = new URL(url).port;
        throw failure(
          new SpireError(
            'CONFIG_INVALID',
            `fetch refuses to connect to port ${port} of ${baseUrl}: it is on the Fetch standard's list of blocked ports ` +
              '(https://fetch.spec.whatwg.org/#port-blocking), so no request was sent. Let the mod listen on another ' +
              'port (the upstream mod uses 8080, the AgenticSTS fork 8128; STS2_API_PORT sets it) and pass that URL.',
            { cause: error, details: { url, port } },
          ),
          false,
        );
      }
      if (code === undefined || !NETWORK_ERROR_CODES.has(code)) {
        // Not a network error fetch names (an invalid URL, a refused scheme, a proxy): say what it was.
        throw failure(
          new SpireError(
            'GAME_UNREACHABLE',
            `Cannot send ${what} to the StS2 agent mod at ${baseUrl}: fetch failed (${code ?? reason}). ` +
              `Check that ${baseUrl} is the mod's address and that ${baseUrl}/health answers.`,
            { cause: error, details: { url, networkCode: code ?? null, reason } },
          ),
          false,
        );
      }
      // A refused connection never reached the mod, so even an action is safe to resend.
      const delivered = code !== 'ECONNREFUSED' && code !== 'ENOTFOUND' && code !== 'EAI_AGAIN';
      const advice = delivered
        ? 'The mod closed the connection before answering; if it keeps doing so, restart the game.'
        : `Start Slay the Spire 2 with the agent mod enabled and check that ${baseUrl}/health answers; ` +
          'if the mod listens on another port (see api_port in /health), pass baseUrl.';
      throw failure(
        new SpireError(
          'GAME_UNREACHABLE',
          `Cannot reach the StS2 agent mod at ${baseUrl} (${what}: ${code}). ${advice}`,
          { cause: error, details: { url, networkCode: code } },
        ),
        idempotent || !delivered,
      );
    }

    let text: string;
    try {
      text = await readCapped(response, config.maxResponseBytes, () => {
        throw failure(
          new SpireError(
            'PROTOCOL_ERROR',
            `The answer to ${what} from ${baseUrl} is larger than ${config.maxResponseBytes} bytes, so spire stopped ` +
              'reading it. A mod state is far smaller: is another program listening on that port? Raise ' +
              'maxResponseBytes only if the state really is that large.',
            { details: { url, status: response.status, maxResponseBytes: config.maxResponseBytes } },
          ),
          false,
        );
      });
    } catch (error) {
      if (isAttemptFailure(error)) throw error;
      throw failure(
        new SpireError(
          path === '/state' ? 'STATE_MALFORMED' : 'PROTOCOL_ERROR',
          `The connection to the StS2 agent mod at ${baseUrl} broke while reading the answer to ${what}; the body is truncated.`,
          { cause: error, details: { url, status: response.status } },
        ),
        idempotent,
      );
    }

    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch (error) {
      const retryableStatus = RETRYABLE_HTTP_STATUSES.has(response.status);
      if (text.trimStart().startsWith('{') || text.trimStart().startsWith('[')) {
        const cutAt = jsonPathAtEnd(text);
        const ending = JSON.stringify(text.slice(-40));
        throw failure(
          new SpireError(
            path === '/state' || path === '/action' ? 'STATE_MALFORMED' : 'PROTOCOL_ERROR',
            `The StS2 agent mod sent truncated or invalid JSON for ${what} (${text.length} characters, ` +
              `cut inside ${cutAt}, ending ${ending}): ${(error as Error).message}. ` +
              (idempotent
                ? 'This happens when the game closes the connection early; if it repeats, update the mod.'
                : 'The action may have been applied: read the state before acting again.'),
            { cause: error, details: { url, status: response.status, length: text.length, path: cutAt } },
          ),
          idempotent || retryableStatus,
        );
      }
      throw failure(
        new SpireError(
          'PROTOCOL_ERROR',
          `${baseUrl} answered ${what} with HTTP ${response.status} and a body that is not JSON ` +
            `(${JSON.stringify(text.slice(0, 120))}). Is another program listening on that port? ` +
            'Point baseUrl at the StS2 agent mod.',
          { cause: error, details: { url, status: response.status } },
        ),
        retryableStatus,
      );
    }

    if (
      envelope === null ||
      typeof envelope !== 'object' ||
      typeof (envelope as { ok?: unknown }).ok !== 'boolean'
    ) {
      throw failure(
        new SpireError(
          'PROTOCOL_ERROR',
          `${baseUrl} answered ${what} with JSON that is not the mod's {ok, data} envelope. ` +
            'Point baseUrl at the StS2 agent mod (its /health names service "sts2-ai-agent").',
          { details: { url, status: response.status } },
        ),
        false,
      );
    }
    const typed = envelope as { ok: boolean; data?: unknown; error?: unknown };
    if (!typed.ok) {
      const modError: ModError = isModError(typed.error)
        ? { ...typed.error, retryable: typed.error.retryable === true }
        : {
            code: 'internal_error',
            message: `HTTP ${response.status} without an error object`,
            retryable: false,
          };
      throw failure(SpireError.fromModError(modError, `${what}`), modError.retryable);
    }
    if (!('data' in typed)) {
      throw failure(
        new SpireError('PROTOCOL_ERROR', `The StS2 agent mod answered ${what} with ok: true but no data.`, {
          details: { url },
        }),
        idempotent,
      );
    }
    return typed.data;
  }

  return {
    baseUrl,
    async request(method, path, body) {
      for (let attemptIndex = 0; ; attemptIndex += 1) {
        try {
          return await attempt(method, path, body);
        } catch (thrown) {
          if (!isAttemptFailure(thrown)) throw thrown;
          if (!thrown.retry || attemptIndex >= config.maxRetries) {
            throw withAttempts(thrown.error, attemptIndex + 1);
          }
          await config.sleep(Math.min(config.maxRetryDelayMs, config.retryDelayMs * 2 ** attemptIndex));
        }
      }
    },
  };
}

function failure(error: SpireError, retry: boolean): AttemptFailure {
  return { error, retry };
}

function isAttemptFailure(value: unknown): value is AttemptFailure {
  return value !== null && typeof value === 'object' && (value as AttemptFailure).error instanceof SpireError;
}

/** Says in the final error how many attempts were made, so a user sees that retries happened. */
function withAttempts(error: SpireError, attempts: number): SpireError {
  if (attempts === 1) return error;
  return new SpireError(error.code, `${error.message} (gave up after ${attempts} attempts)`, {
    details: { ...error.details, attempts },
    cause: error.cause ?? error,
    isRetryable: error.isRetryable,
  });
}
