import type { Usage } from '../model/chat-model.js';
import { type FakeHttpResponse, type FakeServerRequest, startFakeHttpServer } from './fake-http-server.js';
import type { FakeModelReply } from './fake-model-reply.js';

/** How a fake provider server decides its replies: a fixed script, or a function per request. */
export interface FakeModelServerOptions {
  /** Replies in order, one per model request. A request beyond the script gets a 400 saying so. */
  script?: FakeModelReply[];
  /** Decides each reply; `index` counts model requests from 0. Wins over `script`. */
  handler?: (request: FakeServerRequest, index: number) => FakeModelReply | Promise<FakeModelReply>;
  /**
   * Counts every model request's prompt with this tokenizer (the server's own count, from the wire
   * JSON): recorded in `promptTokens` and reported as the input usage unless a reply sets it.
   */
  tokenizer?: {
    /** Token count of a text. */
    count(text: string): number;
  };
  /** With `stream: true` in a request (formats that stream): the gap between server-sent events. */
  streamChunkDelayMs?: number;
}

/** A running fake provider server: where it listens and what it received. */
export interface FakeModelServer {
  /** The value to pass as the adapter's `baseURL`. */
  baseURL: string;
  url: string;
  port: number;
  /** Every request received, with its parsed JSON body, in order. */
  requests: FakeServerRequest[];
  /** With `tokenizer`: the prompt tokens of every model request, in order. */
  promptTokens: number[];
  /** Stops the server (hanging requests are closed). */
  close(): Promise<void>;
}

/** What differs between providers: the endpoint and the wire format of replies. */
export interface FakeProviderFormat {
  label: string;
  endpoint: string;
  baseURLPath: string;
  success(
    reply: Exclude<FakeModelReply, { type: 'error' | 'raw' | 'hang' }>,
    request: FakeServerRequest,
  ): unknown;
  error(status: number, message: string): unknown;
  /** A request asking to stream (`stream: true`) gets these server-sent event texts instead of `success`. */
  stream?(
    reply: Exclude<FakeModelReply, { type: 'error' | 'raw' | 'hang' }>,
    request: FakeServerRequest,
  ): string[];
  /** Other routes the fake serves (e.g. `GET /v1/models`), by `METHOD path`. */
  routes?: Record<string, () => unknown>;
  /** The prompt's tokens from the request body (for the `tokenizer` option). */
  countPrompt?(body: unknown, tokenizer: { count(text: string): number }): number;
}

export async function startFakeModelServer(
  format: FakeProviderFormat,
  options: FakeModelServerOptions,
): Promise<FakeModelServer> {
  let modelRequests = 0;
  const promptTokens: number[] = [];
  const server = await startFakeHttpServer(async (request): Promise<FakeHttpResponse | undefined> => {
    const route = format.routes?.[`${request.method} ${request.path}`];
    if (route) return { status: 200, body: JSON.stringify(route()) };
    if (request.method !== 'POST' || request.path !== format.endpoint) {
      return {
        status: 404,
        body: JSON.stringify(
          format.error(404, `The fake ${format.label} server only serves POST ${format.endpoint}.`),
        ),
      };
    }
    const index = modelRequests;
    modelRequests += 1;
    let counted: number | undefined;
    if (options.tokenizer && format.countPrompt) {
      counted = format.countPrompt(request.body, options.tokenizer);
      promptTokens.push(counted);
    }
    let reply: FakeModelReply | undefined;
    if (options.handler) reply = await options.handler(request, index);
    else reply = options.script?.[index];
    if (!reply) {
      const scripted = options.script?.length ?? 0;
      return {
        status: 400,
        body: JSON.stringify(
          format.error(
            400,
            `The fake ${format.label} server has no scripted reply for request #${index + 1} (the script has ${scripted}).`,
          ),
        ),
      };
    }
    if (reply.type === 'hang') return undefined;
    const delay = reply.delayMs !== undefined ? { delayMs: reply.delayMs } : {};
    if (reply.type === 'raw') {
      return {
        status: reply.status ?? 200,
        body: reply.body,
        ...delay,
        ...(reply.headers ? { headers: reply.headers } : {}),
      };
    }
    if (reply.type === 'error') {
      return {
        status: reply.status,
        body: JSON.stringify(format.error(reply.status, reply.message ?? `Fake error ${reply.status}.`)),
        ...delay,
        ...(reply.headers ? { headers: reply.headers } : {}),
      };
    }
    const withUsage =
      counted !== undefined && reply.usage?.input === undefined
        ? { ...reply, usage: { ...reply.usage, input: counted } }
        : reply;
    if (format.stream && (request.body as { stream?: unknown } | undefined)?.stream === true) {
      return {
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
        body: '',
        chunks: format.stream(withUsage, request),
        ...delay,
        ...(options.streamChunkDelayMs ? { chunkDelayMs: options.streamChunkDelayMs } : {}),
      };
    }
    return { status: 200, body: JSON.stringify(format.success(withUsage, request)), ...delay };
  });
  return {
    baseURL: `${server.url}${format.baseURLPath}`,
    url: server.url,
    port: server.port,
    requests: server.requests,
    promptTokens,
    close: server.close,
  };
}

/** Usage with defaults: input estimated from the request size (about 4 characters per token). */
export function fakeUsage(
  usage: Partial<Usage> | undefined,
  request: FakeServerRequest,
  outputText: string,
): Usage {
  return {
    input: usage?.input ?? Math.ceil(request.rawBody.length / 4),
    cachedInput: usage?.cachedInput ?? 0,
    output: usage?.output ?? Math.ceil(outputText.length / 4),
  };
}

export function argumentsText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
