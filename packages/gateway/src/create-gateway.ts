import { SpanStatusCode, type TracerProvider } from '@opentelemetry/api';
import { createTiktokenTokenizer, type MemoryStore, type Tokenizer } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  createAnthropicStreamTranslator,
  parseAnthropicRequest,
  toAnthropicError,
  toAnthropicMessage,
  toChatCompletionRequest,
} from './anthropic-messages.js';
import { type ApiKeys, createApiKeys } from './api-keys.js';
import { createCallRecorder } from './call-recorder.js';
import { type CallContext, type ChatCompletions, createChatCompletions } from './chat-completions.js';
import { createExtractionQueue } from './extraction-queue.js';
import { type GatewayConfigInput, parseGatewayConfig, reservedLayerTokens } from './gateway-config.js';
import { createGatewayMetrics, type GatewayMetrics } from './gateway-metrics.js';
import { createGatewaySessions, type GatewaySessions, type SessionSettings } from './gateway-sessions.js';
import { createGatewayTracing } from './gateway-tracing.js';
import { registerInspectRoutes } from './inspect-routes.js';
import { createMemoryLayers } from './memory-layers.js';
import { toOpenAIError } from './openai-error.js';
import { createSessionExtraction } from './session-extraction.js';
import { createTenantRateLimiter, type RateLimitPool } from './tenant-rate-limiter.js';
import { createUpstreamChatModel } from './upstream-chat-model.js';
import { createUpstream, type Upstream } from './upstream-client.js';
import { parseChatCompletionRequest } from './wire-message.js';

// HTTP stack: Fastify 5. Measured side by side with Hono 4 on @hono/node-server 2 on this 2-core machine
// (packages/gateway/bench/framework-overhead.ts, POST of a 2 KB chat body, 10 connections, 5 s, load ~11):
// node:http 5,600 req/s p99 21 ms, Fastify 7,397 req/s p99 16 ms, Hono 7,655 req/s p99 17 ms. The two are
// within noise of each other, so the choice rests on what the gateway needs: Fastify works on Node's own
// request/response (server-sent events relayed straight to the socket, no Web-stream conversion), and
// has the body limit (413), JSON parsing errors (400), not-found and error handlers and inject() built in.

/** Where the gateway's JSON log lines go. */
export interface LogStream {
  /** Receives one JSON log line. */
  write(line: string): void;
}

/** Everything `strata serve` needs; `createGateway` builds the HTTP server from it. */
export interface GatewayOptions {
  /** Base URL of the OpenAI-compatible upstream (e.g. `https://api.openai.com/v1`). */
  upstream: string;
  /** The upstream key for tenants without their own (from the server's environment). */
  upstreamApiKey?: string | undefined;
  upstreamTimeoutMs?: number;
  upstreamMaxRetries?: number;
  upstreamInitialDelayMs?: number;
  /** Sessions, state and API key hashes live here. The gateway does not close it. */
  store: MemoryStore;
  /** Default token budget of every upstream request (default 5000). */
  budget?: number;
  /** Turns kept per session (default 200; the budget may send fewer). */
  maxTurns?: number;
  /** System prompt for sessions whose client sends none (default: none, an empty system message). */
  system?: string;
  /** false = `--no-auth`: every request is tenant 'default'. Default true. */
  auth?: boolean;
  /** Per-tenant settings (`--config`): budgets, keys, rate limits, the summary and lessons layers, async extraction. */
  config?: GatewayConfigInput;
  /** How often a tenant's lessons are reloaded from the store, to see other replicas' (default 10,000 ms). */
  lessonsRefreshMs?: number;
  /** Async extraction jobs running at once in this process (default 2). */
  extractionConcurrency?: number;
  /** Largest request body in bytes (default 4 MiB); larger gets 413. */
  bodyLimitBytes?: number;
  /** Requests per tenant per minute (default 600): per process, or shared with `rateLimitPool`. */
  rateLimitPerMinute?: number;
  /**
   * A pg Pool on the gateways' Postgres: the per-tenant limit is then one budget for all replicas
   * (`strata serve --store postgres` passes one). The gateway does not close it.
   */
  rateLimitPool?: RateLimitPool;
  /** How long a verified key is trusted without a check (default 30 s). */
  keyCacheMs?: number;
  /**
   * How often the process checks for keys revoked by any replica or `strata keys revoke` (default
   * 2000 ms): a revoked key stops working on every replica within this time.
   */
  revocationPollMs?: number;
  /** Fastify's logger option (pino): `true`, `{ level, stream }`, or false (default). */
  logger?: boolean | { level?: string; stream?: LogStream };
  tokenizer?: Tokenizer;
  /**
   * OpenTelemetry traces: a SERVER span per chat request and a GenAI CLIENT span per upstream call
   * (gen_ai.* attributes, never a key or message text). Default: the global provider, a no-op unless
   * an SDK was registered; `strata serve` sets one up when an OTLP endpoint is configured.
   */
  tracerProvider?: TracerProvider;
  /** Read a tenant's own upstream key (default: process.env). */
  env?: Record<string, string | undefined>;
}

/** A built gateway: its Fastify app, metrics, sessions and keys. */
export interface Gateway {
  app: FastifyInstance;
  metrics: GatewayMetrics;
  sessions: GatewaySessions;
  keys: ApiKeys;
  /** Starts listening; resolves with the bound address. */
  listen(port: number, host: string): Promise<string>;
  /** Writes the queued inspector call records now (they are otherwise written within 100 ms). */
  flush(): Promise<void>;
  /** Resolves when no async extraction job is queued or running. */
  flushExtraction(): Promise<void>;
  /** Graceful: /readyz turns 503, no new connections, in-flight requests finish, the extraction queue is flushed, queued call records are written, then the server closes. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: string;
  }
}

const SESSION_HEADER = 'x-strata-session';
/** Names a transition (e.g. `ticket-closed`): the summary and lessons configured `on` it are extracted after the reply. */
const EVENT_HEADER = 'x-strata-event';

/** The key in `Authorization: Bearer <key>`, or the password of `Basic` (how a browser sends it to /inspect). */
function presentedKey(header: string): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (!basic?.[1]) return undefined;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/** Builds the gateway (not yet listening). */
export function createGateway(options: GatewayOptions): Gateway {
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer('o200k_base');
  const metrics = createGatewayMetrics();
  const store = options.store;
  const sessions = createGatewaySessions({ store, tokenizer, onConflict: () => metrics.conflicts.inc() });
  const keys = createApiKeys(store, options.keyCacheMs !== undefined ? { cacheMs: options.keyCacheMs } : {});
  let revocationTimer: ReturnType<typeof setInterval> | undefined;
  const upstream: Upstream = createUpstream({
    baseURL: options.upstream,
    apiKey: options.upstreamApiKey,
    ...(options.upstreamTimeoutMs !== undefined ? { timeoutMs: options.upstreamTimeoutMs } : {}),
    ...(options.upstreamMaxRetries !== undefined ? { maxRetries: options.upstreamMaxRetries } : {}),
    ...(options.upstreamInitialDelayMs !== undefined
      ? { initialDelayMs: options.upstreamInitialDelayMs }
      : {}),
  });
  const recorder = createCallRecorder({
    store,
    onDropped: (count) => metrics.droppedCallRecords.inc(count),
  });
  const tracing = createGatewayTracing(options.tracerProvider);
  const config = options.config
    ? parseGatewayConfig(options.config, '(createGateway options.config)', options.budget ?? 5000)
    : undefined;
  const memoryLayers = createMemoryLayers({
    store,
    tokenizer,
    ...(options.lessonsRefreshMs !== undefined ? { lessonsRefreshMs: options.lessonsRefreshMs } : {}),
  });
  const extractionQueue = createExtractionQueue({
    ...(options.extractionConcurrency !== undefined ? { concurrency: options.extractionConcurrency } : {}),
    onDepth: (depth) => metrics.extractionQueueDepth.set(depth),
    onUnexpected: (error) =>
      app.log.error({ code: StrataError.is(error) ? error.code : 'INTERNAL' }, 'extraction job failed'),
  });
  const extraction = createSessionExtraction({
    sessions,
    layers: memoryLayers,
    queue: extractionQueue,
    metrics,
    modelFor: (model, apiKey) =>
      createUpstreamChatModel({ upstream, baseURL: options.upstream, model, apiKey }),
    log: {
      info: (fields, message) => app.log.info(fields, message),
      warn: (fields, message) => app.log.warn(fields, message),
    },
  });
  const completions: ChatCompletions = createChatCompletions({
    memoryLayers,
    extraction,
    sessions,
    recorder,
    tracing,
    upstreamOrigin: new URL(options.upstream),
    upstream,
    tokenizer,
    metrics,
  });
  const auth = options.auth ?? true;
  const env = options.env ?? process.env;
  const tenants = config?.tenants ?? {};
  const limiter = createTenantRateLimiter({
    limitOf: (tenant) => tenants[tenant]?.rateLimitPerMinute ?? options.rateLimitPerMinute ?? 600,
    ...(options.rateLimitPool ? { pool: options.rateLimitPool } : {}),
  });
  let draining = false;

  const settingsOf = (tenant: string): SessionSettings => {
    const own = tenants[tenant] ?? {};
    return {
      budget: own.budget ?? options.budget ?? 5000,
      maxTurns: own.maxTurns ?? options.maxTurns ?? 200,
      defaultSystem: own.system ?? options.system ?? '',
      reservedTokens: reservedLayerTokens(own),
    };
  };
  const memoryOf = (tenant: string) => {
    const own = tenants[tenant];
    if (!own || (!own.summary && !own.lessons && !own.extraction)) return undefined;
    return {
      ...(own.summary ? { summary: own.summary } : {}),
      ...(own.lessons ? { lessons: own.lessons } : {}),
      ...(own.extraction ? { extraction: own.extraction } : {}),
    };
  };
  const upstreamKeyOf = (tenant: string): string | undefined => {
    const name = tenants[tenant]?.upstreamApiKeyEnv;
    return name ? env[name] : options.upstreamApiKey;
  };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimitBytes ?? 4 * 1024 * 1024,
    // The Authorization header never reaches a log line: pino's request serializer logs method and URL only.
    return503OnClosing: true,
  });
  app.decorateRequest('tenant', '');

  const sendError = (reply: FastifyReply, error: unknown) => {
    // Anthropic's SDKs read their own error shape on /v1/messages; every other route answers OpenAI's.
    const anthropic = reply.request.url.startsWith('/v1/messages');
    const { status, body, retryAfterSeconds } = anthropic ? toAnthropicError(error) : toOpenAIError(error);
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    if (status >= 500)
      reply.log.error(
        { code: (body.error as { code: string | null }).code, message: body.error.message },
        'request failed',
      );
    return reply.status(status).type('application/json').send(body);
  };

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // A browser opening /inspect answers this challenge with the key as the password.
    if (StrataError.is(error, 'AUTH_INVALID') && request.url.startsWith('/inspect')) {
      reply.header('www-authenticate', 'Basic realm="strata gateway inspector", charset="UTF-8"');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(
        reply,
        new StrataError(
          'BODY_TOO_LARGE',
          `The request body is larger than the gateway's limit of ${options.bodyLimitBytes ?? 4 * 1024 * 1024} bytes. Send fewer or shorter messages (the gateway keeps the history: send only the new turn).`,
        ),
      );
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return sendError(
        reply,
        new StrataError(
          'INPUT_INVALID',
          `The request body is not valid JSON (${error.message}). Send a JSON object with content-type application/json.`,
        ),
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(
        reply,
        new StrataError('INPUT_INVALID', `Unsupported content type: send the body as application/json.`),
      );
    }
    return sendError(reply, error);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new StrataError(
        'ROUTE_UNKNOWN',
        `Unknown route ${request.method} ${request.url.split('?')[0]}. The gateway serves POST /v1/chat/completions, POST /v1/messages, GET /v1/models, /healthz, /readyz, /metrics and /inspect.`,
      ),
    ),
  );

  // Callback hooks: they do no I/O, and an async hook costs Fastify a promise to wait on per request.
  const timed = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', (request, _reply, done) => {
    timed.set(request, metrics.requestDuration.startTimer({ route: request.routeOptions.url ?? 'unknown' }));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    timed.get(request)?.();
    metrics.requests.inc({ route: request.routeOptions.url ?? 'unknown', status: String(reply.statusCode) });
    done();
  });

  const authenticate = async (request: FastifyRequest) => {
    if (!auth) {
      request.tenant = 'default';
    } else {
      // Anthropic's SDKs send the key as x-api-key.
      const apiKeyHeader = request.headers['x-api-key'];
      const header =
        request.headers.authorization ??
        (typeof apiKeyHeader === 'string' && apiKeyHeader !== '' ? `Bearer ${apiKeyHeader}` : '');
      const tenant = await keys.verify(presentedKey(header) ?? '');
      if (!tenant) {
        throw new StrataError(
          'AUTH_INVALID',
          header === ''
            ? "No API key: send 'Authorization: Bearer <key>' (create one with 'strata keys create --tenant <name>')."
            : 'The API key is not valid or was revoked. Check the key, or create one with strata keys create --tenant <name>.',
        );
      }
      request.tenant = tenant;
    }
    await limiter.consume(request.tenant);
  };

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    if (draining) return reply.status(503).send({ ok: false, reason: 'shutting down' });
    try {
      await store.loadSession('gateway-readiness-probe');
      return { ok: true };
    } catch (error) {
      return reply
        .status(503)
        .send({ ok: false, reason: StrataError.is(error) ? error.code : 'store unavailable' });
    }
  });
  app.get('/metrics', async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  app.get('/v1/models', { preHandler: authenticate }, async (request, reply) => {
    const answer = await upstream.models({ apiKey: upstreamKeyOf(request.tenant) });
    return reply.status(answer.status).type('application/json').send(answer.body);
  });

  registerInspectRoutes(app, { authenticate, sessions, store, tokenizer, recorder });

  /** Who is calling, which session and transition, with the request's trace span (ended with the response). */
  const callContextOf = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    fallbackSession: string | undefined,
  ): CallContext => {
    const header = request.headers[SESSION_HEADER];
    const sessionKey = (Array.isArray(header) ? header[0] : header) ?? fallbackSession;
    if (sessionKey !== undefined && (sessionKey.length === 0 || sessionKey.length > 256)) {
      throw new StrataError(
        'INPUT_INVALID',
        `The session id must be 1-256 characters (${SESSION_HEADER} header or the 'user' field).`,
        { details: { param: 'user' } },
      );
    }
    const eventHeader = request.headers[EVENT_HEADER];
    const event = Array.isArray(eventHeader) ? eventHeader[0] : eventHeader;
    if (event !== undefined && !/^[A-Za-z0-9._:-]{1,100}$/.test(event)) {
      throw new StrataError(
        'INPUT_INVALID',
        `The ${EVENT_HEADER} header must be 1-100 letters, digits or . _ : - (a transition name such as ticket-closed).`,
      );
    }
    const controller = new AbortController();
    const traced = tracing.startRequest('POST', route);
    traced.span.setAttribute('strata.tenant', request.tenant);
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
      traced.span.setAttribute('http.response.status_code', reply.raw.statusCode);
      if (reply.raw.statusCode >= 500 || !reply.raw.writableFinished)
        traced.span.setStatus({ code: SpanStatusCode.ERROR });
      traced.span.end();
    });
    const memory = memoryOf(request.tenant);
    return {
      ...(memory ? { memory } : {}),
      ...(event !== undefined ? { event } : {}),
      traceContext: traced.context,
      tenant: request.tenant,
      sessionKey,
      settings: settingsOf(request.tenant),
      upstreamApiKey: upstreamKeyOf(request.tenant),
      signal: controller.signal,
    };
  };

  const openEventStream = (reply: FastifyReply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
  };

  app.post('/v1/chat/completions', { preHandler: authenticate }, async (request, reply) => {
    const body = parseChatCompletionRequest(request.body);
    const context = callContextOf(request, reply, '/v1/chat/completions', body.user);
    if (body.stream !== true) return completions.complete(body, context);
    let opened = false;
    try {
      await completions.stream(body, context, {
        open() {
          opened = true;
          openEventStream(reply);
        },
        write(chunk) {
          reply.raw.write(`data: ${JSON.stringify(chunk)}\n\n`);
        },
        end() {
          reply.raw.end('data: [DONE]\n\n');
          metrics.requests.inc({ route: '/v1/chat/completions', status: '200' });
        },
      });
    } catch (error) {
      if (!opened) throw error;
      // Headers are gone: the error travels as an event, which OpenAI's SDKs raise as an APIError.
      const { body: errorBody } = toOpenAIError(error);
      request.log.error({ code: errorBody.error.code }, 'stream failed');
      if (!reply.raw.destroyed) reply.raw.end(`data: ${JSON.stringify(errorBody)}\n\n`);
    }
    return reply;
  });

  // Anthropic's Messages API with the same memory: translated to Chat Completions for the session and
  // the upstream, and the answer (or its stream) translated back.
  app.post('/v1/messages', { preHandler: authenticate }, async (request, reply) => {
    const anthropic = parseAnthropicRequest(request.body);
    const body = toChatCompletionRequest(anthropic);
    const context = callContextOf(request, reply, '/v1/messages', body.user);
    if (body.stream !== true)
      return toAnthropicMessage(await completions.complete(body, context), anthropic.model);
    let opened = false;
    const translator = createAnthropicStreamTranslator(anthropic.model, (event, data) => {
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    try {
      await completions.stream(body, context, {
        open() {
          opened = true;
          openEventStream(reply);
        },
        write: (chunk) => translator.chunk(chunk),
        end() {
          translator.end();
          reply.raw.end();
          metrics.requests.inc({ route: '/v1/messages', status: '200' });
        },
      });
    } catch (error) {
      if (!opened) throw error;
      const { body: errorBody } = toAnthropicError(error);
      request.log.error({ code: errorBody.error.code }, 'stream failed');
      if (!reply.raw.destroyed) reply.raw.end(`event: error\ndata: ${JSON.stringify(errorBody)}\n\n`);
    }
    return reply;
  });

  return {
    app,
    metrics,
    sessions,
    keys,
    async listen(port, host) {
      if (auth) {
        await keys.refresh();
        revocationTimer = setInterval(() => {
          // A failed check (store briefly gone) is tried again at the next tick; the cache TTL still bounds it.
          keys.refresh().catch(() => undefined);
        }, options.revocationPollMs ?? 2000);
        revocationTimer.unref();
      }
      return app.listen({ port, host });
    },
    flush: () => recorder.flush(),
    flushExtraction: () => extractionQueue.flush(),
    async close() {
      draining = true;
      if (revocationTimer) clearInterval(revocationTimer);
      await app.close();
      // In-flight requests are done and queued their last extraction jobs: those finish before the store closes.
      await extractionQueue.close();
      // Their call records are the last to write.
      await recorder.flush();
    },
  };
}
