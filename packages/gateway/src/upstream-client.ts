import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { urlToHttpOptions } from 'node:url';
import {
  type AttemptFailure,
  isRetryableStatus,
  parseRetryAfter,
  runWithRetries,
} from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';

/** Where the upstream is and how it is called. */
export interface UpstreamOptions {
  /** Base URL of any OpenAI-compatible server, e.g. `https://api.openai.com/v1`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer`; never logged, stored or echoed. */
  apiKey?: string | undefined;
  /** Per attempt, until the response headers arrive (default 60,000). */
  timeoutMs?: number;
  /** Retries after the first attempt on 408/409/429/5xx, timeouts and connection errors (default 2). */
  maxRetries?: number;
  /** First backoff (default 250 ms), doubling, honouring Retry-After. */
  initialDelayMs?: number;
}

/** What the gateway needs from the upstream server. */
export interface Upstream {
  /** POST /chat/completions; resolves with the open response once its status is 2xx (body unread). */
  chatCompletions(
    body: unknown,
    options: { apiKey?: string | undefined; signal?: AbortSignal },
  ): Promise<UpstreamResponse>;
  /** GET /models, passed through as the upstream's JSON. */
  models(options: { apiKey?: string | undefined }): Promise<{ status: number; body: string }>;
}

class AttemptTimeout extends Error {}

/**
 * What an upstream call answers: the parts of a fetch `Response` the gateway reads. A completion's
 * body is read whole before it is handed over (`BufferedResponse`); a stream is a `Response` over the
 * socket, which has all of these.
 */
export interface UpstreamResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  /** The body as a stream (null once read, or for an empty answer). */
  readonly body: ReadableStream<Uint8Array> | null;
  readonly bodyUsed: boolean;
  /** The body parsed as JSON (reads it). */
  json(): Promise<unknown>;
  /** The body as UTF-8 text (reads it). */
  text(): Promise<string>;
  /** The body's bytes (reads it). */
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * An answer whose body was read whole: json(), text() and arrayBuffer() answer from the buffer, and
 * `body` is a stream over it made only when asked for. Not a fetch `Response`: constructing one (even
 * empty) runs undici's WebIDL conversions, which showed in the gateway bench's CPU profile; a Response
 * over the bytes would also put every read through web streams.
 * The headers become a `Headers` only when read (an error's Retry-After; a completion's are never read).
 */
class BufferedResponse implements UpstreamResponse {
  readonly status: number;
  readonly #raw: IncomingHttpHeaders;
  #bytes: Buffer | undefined;
  #headers: Headers | undefined;

  constructor(bytes: Buffer, status: number, raw: IncomingHttpHeaders) {
    this.#bytes = bytes;
    this.status = status;
    this.#raw = raw;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get headers(): Headers {
    this.#headers ??= headersOf(this.#raw);
    return this.#headers;
  }

  get bodyUsed(): boolean {
    return this.#bytes === undefined;
  }

  get body(): ReadableStream<Uint8Array> | null {
    const bytes = this.#bytes;
    if (bytes === undefined) return null;
    this.#bytes = undefined;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        controller.close();
      },
    });
  }

  #take(): Buffer {
    const bytes = this.#bytes;
    if (bytes === undefined) throw new TypeError('Body is unusable: Body has already been read');
    this.#bytes = undefined;
    return bytes;
  }

  async text(): Promise<string> {
    return this.#take().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#take().toString('utf8'));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const whole = this.#take();
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer;
  }
}

function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** An abort by the caller's signal, as fetch names it (the classifier tells it from a failure by name). */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted.', { cause: signal.reason }), {
    name: 'AbortError',
  });
}

/**
 * One HTTP request over node:http(s) with a keep-alive agent, answered once its
 * headers arrive (a stream) or its body ended (anything else). Not fetch itself: measured on the
 * development machine, fetch cost about twice the CPU per upstream call (its body always goes through
 * web streams and separate socket writes; here the headers and a known body leave in one write). The
 * timeout and the caller's signal destroy the request themselves, until the response is handed over:
 * an AbortController per attempt and http's own `signal` option cost measurably more per call.
 */
function send(
  target: RequestOptions,
  init: { method: string; headers: Record<string, string>; body?: string; stream?: boolean },
  signal: AbortSignal | undefined,
  timeoutMs: number,
  onTimeout: () => Error,
): Promise<UpstreamResponse> {
  return new Promise<UpstreamResponse>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    let settled = false;
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      { ...target, method: init.method, headers: init.headers },
      (incoming) => {
        const status = incoming.statusCode ?? 502;
        const empty = status === 204 || status === 304 || init.method === 'HEAD';
        const shown = status < 200 || status > 599 ? 502 : status;
        if (empty) {
          incoming.resume();
          settle();
          resolve(new Response(null, { status: shown, headers: headersOf(incoming.headers) }));
          return;
        }
        const events = String(incoming.headers['content-type'] ?? '').includes('text/event-stream');
        if (events || (init.stream === true && status < 300)) {
          // A stream is relayed as it arrives (also one an upstream labels with another content type).
          settle();
          resolve(
            new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, {
              status: shown,
              headers: headersOf(incoming.headers),
            }),
          );
          return;
        }
        // Anything else (a JSON completion, an error body) is read whole first, still under the attempt's
        // timeout: an answer over one buffer costs less to read than one over a Node-to-web stream.
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          if (settled) return;
          settle();
          resolve(new BufferedResponse(Buffer.concat(chunks), shown, incoming.headers));
        });
        incoming.on('error', fail);
        incoming.on('close', () => {
          if (!settled) fail(new Error('the upstream closed the connection before the response ended'));
        });
      },
    );
    const timer = setTimeout(() => request.destroy(onTimeout()), timeoutMs);
    const onAbort = () => request.destroy(abortError(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    function settle() {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    function fail(error: unknown) {
      if (settled) return;
      settle();
      reject(error);
    }
    request.on('error', fail);
    request.end(init.body);
  });
}

/** The upstream's origin and path, for messages (never a key or a query string). */
function where(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    return `${url.origin}${url.pathname}`.replace(/\/$/, '');
  } catch {
    return '(invalid upstream URL)';
  }
}

/**
 * An OpenAI-compatible upstream over node:http(s) (keep-alive), with the core model layer's retry loop
 * (`runWithRetries`: backoff with jitter, Retry-After honoured, a total cap). The SDK is not used
 * here because the gateway relays the wire body and the server-sent events byte for byte.
 */
export function createUpstream(options: UpstreamOptions): Upstream {
  const base = options.baseURL.replace(/\/$/, '');
  const agent = base.startsWith('https:')
    ? new HttpsAgent({ keepAlive: true })
    : new HttpAgent({ keepAlive: true });
  const timeoutMs = options.timeoutMs ?? 60_000;
  const label = where(base);
  const clean = (text: string, secret: string | undefined) =>
    secret && secret.length > 0 ? text.split(secret).join('[redacted]') : text;

  // Parsed once: every attempt goes to one of these two (the agent keeps the connections alive).
  const targets = new Map<string, RequestOptions>();
  const targetOf = (path: string): RequestOptions => {
    let target = targets.get(path);
    if (!target) {
      target = { ...urlToHttpOptions(new URL(`${base}${path}`)), agent };
      targets.set(path, target);
    }
    return target;
  };

  const attempt = async (
    path: string,
    init: { method: string; body?: string; stream?: boolean },
    apiKey: string | undefined,
    signal?: AbortSignal,
  ) => {
    let timedOut = false;
    const headers: Record<string, string> = {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    try {
      const response = await send(targetOf(path), { ...init, headers }, signal, timeoutMs, () => {
        timedOut = true;
        return new AttemptTimeout();
      });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw Object.assign(new Error('upstream status'), {
          status: response.status,
          text,
          headers: response.headers,
        });
      }
      return response;
    } catch (error) {
      if (timedOut) throw new AttemptTimeout();
      throw error;
    }
  };

  const classify =
    (apiKey: string | undefined) =>
    (error: unknown): AttemptFailure => {
      if (error instanceof AttemptTimeout) {
        return {
          retryable: true,
          error: new StrataError(
            'MODEL_TIMEOUT',
            `The upstream at ${label} did not answer within ${timeoutMs} ms. Check that it is responsive or raise --upstream-timeout.`,
            { details: { timeoutMs, status: 504 }, isRetryable: true },
          ),
        };
      }
      const failed = error as { status?: number; text?: string; headers?: Headers };
      if (typeof failed.status === 'number') {
        const retryable = isRetryableStatus(failed.status);
        let upstreamMessage = failed.text ?? '';
        try {
          const parsed = JSON.parse(upstreamMessage) as { error?: { message?: string } };
          if (typeof parsed.error?.message === 'string') upstreamMessage = parsed.error.message;
        } catch {}
        upstreamMessage = clean(upstreamMessage.slice(0, 500), apiKey);
        const retryAfterMs = parseRetryAfter(failed.headers);
        const failure: AttemptFailure = {
          retryable,
          error: new StrataError(
            'MODEL_API_ERROR',
            `The upstream at ${label} answered ${failed.status}: ${upstreamMessage || '(no message)'}.`,
            {
              details: {
                status: failed.status,
                upstreamStatus: failed.status,
                ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
              },
              isRetryable: retryable,
            },
          ),
        };
        if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
        return failure;
      }
      if ((error as { name?: string }).name === 'AbortError') {
        return {
          retryable: false,
          error: new StrataError('MODEL_API_ERROR', 'The request was aborted by the client.'),
        };
      }
      const message =
        error instanceof Error
          ? `${error.message}${error.cause ? ` (${String((error.cause as Error).message ?? error.cause)})` : ''}`
          : String(error);
      return {
        retryable: true,
        error: new StrataError(
          'MODEL_API_ERROR',
          `Could not reach the upstream at ${label}: ${clean(message, apiKey)}. Check --upstream and that the server is running.`,
          { details: { reason: 'connection', status: 502 }, isRetryable: true },
        ),
      };
    };

  const retry = {
    maxRetries: options.maxRetries ?? 2,
    initialDelayMs: options.initialDelayMs ?? 250,
    maxDelayMs: 5000,
  };

  return {
    chatCompletions(body, call) {
      const apiKey = call.apiKey ?? options.apiKey;
      const text = JSON.stringify(body);
      return runWithRetries(
        () =>
          attempt(
            '/chat/completions',
            { method: 'POST', body: text, stream: (body as { stream?: unknown }).stream === true },
            apiKey,
            call.signal,
          ),
        classify(apiKey),
        { ...retry, ...(call.signal ? { signal: call.signal } : {}) },
      );
    },
    async models(call) {
      const apiKey = call.apiKey ?? options.apiKey;
      try {
        const response = await runWithRetries(
          () => attempt('/models', { method: 'GET' }, apiKey),
          classify(apiKey),
          retry,
        );
        return { status: response.status, body: await response.text() };
      } catch (error) {
        if (
          StrataError.is(error) &&
          typeof error.details.upstreamStatus === 'number' &&
          error.details.upstreamStatus < 500
        ) {
          return {
            status: error.details.upstreamStatus,
            body: JSON.stringify({
              error: { message: error.message, type: 'upstream_error', code: null, param: null },
            }),
          };
        }
        throw error;
      }
    },
  };
}
