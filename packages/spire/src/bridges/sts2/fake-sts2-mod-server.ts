import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake StS2 agent mod on 127.0.0.1 (ephemeral port) for tests: serves `GET /health`, `GET /state`,
 * `GET /actions/available`, `POST /action` and `GET /events/stream` in the mod's envelope, in either
 * dialect (the upstream mod's health or the AgenticSTS fork's), and can be told to misbehave.
 * It checks actions against the raw state's `available_actions`, so a state written in the fork's
 * vocabulary accepts only the fork's action names.
 */

/** One scripted answer. `raw` sends a body as-is (e.g. truncated JSON); `destroy` drops the connection. */
export interface FakeReply {
  status?: number;
  /** Sent as `{ok: true, data}`. */
  data?: unknown;
  /** Sent as `{ok: false, error}`. */
  error?: { code: string; message: string; retryable: boolean; details?: Record<string, unknown> };
  raw?: string;
  /** Streams this many bytes of JSON-looking filler without a content-length (for body-size caps). */
  streamBytes?: number;
  destroy?: boolean;
  delayMs?: number;
}

/** A request the fake mod server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Options of `startFakeSts2ModServer`. */
export interface FakeSts2ModServerOptions {
  /** Which mod to imitate in `/health` (default upstream). */
  dialect?: 'upstream' | 'agentic-sts';
  /** Serve `GET /events/stream` (default true); false answers 404 there, as a mod without it would. */
  eventStream?: boolean;
  /** States served by `GET /state`; each successful `POST /action` advances to the next (the last one stays). */
  states?: unknown[];
  /** Overrides fields of the default health report. */
  health?: Record<string, unknown>;
  /** Decides the answer to `POST /action`; default: legal if listed in `available_actions`, then advance. */
  onAction?: (body: Record<string, unknown>, server: FakeSts2ModServer) => FakeReply;
}

/** A running fake StS2 agent-mod server on 127.0.0.1. */
export interface FakeSts2ModServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** The raw state `GET /state` serves now. */
  currentState(): unknown;
  /** Replaces the state `GET /state` serves. */
  setState(raw: unknown): void;
  /** Moves to the next scripted state and returns it. */
  advance(): unknown;
  /** Merges fields into the health report. */
  setHealth(fields: Record<string, unknown>): void;
  /** Queues answers for one route (`'GET /state'`, `'POST /action'`, ...), used before the default behaviour. */
  queue(route: string, ...replies: FakeReply[]): void;
  /** Clients connected to `/events/stream` now. */
  readonly streamClients: number;
  /** Sends an event to every stream client (setState and advance send `available_actions_changed`). */
  publish(type: string, data?: unknown): void;
  /** Stops the server. */
  close(): Promise<void>;
}

/** The fake mod's default `/health` report (upstream dialect). */
export const FAKE_MOD_HEALTH = {
  service: 'sts2-ai-agent',
  mod_version: '0.13.1',
  protocol_version: '2026-03-11-v1',
  game_version: 'v0.103.2',
  status: 'ready',
  api_host: '127.0.0.1',
};

/** What the AgenticSTS fork's `/health` reports (it has no api_host, api_port or compatibility). */
export const FAKE_FORK_HEALTH = {
  service: 'sts2-ai-agent',
  mod_version: '0.5.5',
  protocol_version: '2026-04-06-v1',
  game_version: 'v0.103.2',
  status: 'ready',
};

let requestCounter = 0;

function send(response: ServerResponse, reply: FakeReply): void {
  if (reply.destroy) {
    response.socket?.destroy();
    return;
  }
  if (reply.streamBytes !== undefined) {
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let left = reply.streamBytes;
    response.write('{"ok":true,"data":"');
    const pump = (): void => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!response.write(piece)) {
          response.once('drain', pump);
          return;
        }
      }
      response.end('"}');
    };
    // A client that stops reading closes the socket: stop writing then.
    response.on('close', () => {
      left = 0;
    });
    pump();
    return;
  }
  const body =
    reply.raw ??
    JSON.stringify(
      reply.error === undefined
        ? { ok: true, request_id: `req_fake_${++requestCounter}`, data: reply.data ?? null }
        : { ok: false, request_id: `req_fake_${++requestCounter}`, error: reply.error },
    );
  response.writeHead(reply.status ?? (reply.error === undefined ? 200 : 409), {
    'content-type': 'application/json; charset=utf-8',
  });
  response.end(body);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts a fake StS2 agent-mod HTTP server on 127.0.0.1 (a free port) that serves scripted states, for bridge tests without the game. */
export async function startFakeSts2ModServer(
  options: FakeSts2ModServerOptions = {},
): Promise<FakeSts2ModServer> {
  const states = options.states ?? [];
  let stateIndex = 0;
  let current: unknown = states[0] ?? null;
  const baseHealth = options.dialect === 'agentic-sts' ? FAKE_FORK_HEALTH : FAKE_MOD_HEALTH;
  let health: Record<string, unknown> = { ...baseHealth, ...options.health };
  const streams = new Set<ServerResponse>();
  let eventId = 0;
  const publish = (type: string, data: unknown = {}): void => {
    eventId += 1;
    const envelope = JSON.stringify({
      event_id: eventId,
      type,
      timestamp_utc: new Date().toISOString(),
      data,
    });
    for (const stream of streams) stream.write(`id: ${eventId}\nevent: ${type}\ndata: ${envelope}\n\n`);
  };
  const actionsChanged = (): void => {
    publish('available_actions_changed', {
      screen: (current as { screen?: unknown } | null)?.screen ?? 'UNKNOWN',
      actions: availableActions(),
    });
  };
  const queues = new Map<string, FakeReply[]>();
  const requests: RecordedRequest[] = [];

  const availableActions = (): string[] => {
    const list = (current as { available_actions?: unknown } | null)?.available_actions;
    return Array.isArray(list) ? (list as string[]) : [];
  };

  const defaultAction = (body: Record<string, unknown>): FakeReply => {
    const action = body.action;
    if (typeof action !== 'string') {
      return {
        status: 400,
        error: { code: 'invalid_request', message: 'action is required.', retryable: false },
      };
    }
    if (!availableActions().includes(action)) {
      return {
        status: 409,
        error: {
          code: 'invalid_action',
          message: 'Action is not available in the current state.',
          details: { action, screen: (current as { screen?: unknown } | null)?.screen },
          retryable: false,
        },
      };
    }
    const state = server.advance();
    return { data: { action, status: 'completed', stable: true, message: 'Action completed.', state } };
  };

  const server: FakeSts2ModServer = {
    url: '',
    requests,
    currentState: () => current,
    setState(raw) {
      current = raw;
      actionsChanged();
    },
    advance() {
      if (stateIndex < states.length - 1) stateIndex += 1;
      current = states[stateIndex] ?? current;
      actionsChanged();
      return current;
    },
    setHealth(fields) {
      health = { ...baseHealth, ...fields };
    },
    get streamClients() {
      return streams.size;
    },
    publish,
    queue(route, ...replies) {
      queues.set(route, [...(queues.get(route) ?? []), ...replies]);
    },
    close: async () => {},
  };

  const http = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const route = `${request.method} ${path}`;
      const body = await readBody(request);
      requests.push({ method: request.method ?? '', path, body });
      const queued = queues.get(route)?.shift();
      let reply: FakeReply;
      if (queued !== undefined) {
        reply = queued;
      } else if (route === 'GET /events/stream' && options.eventStream !== false) {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.write(': stream opened\n\n');
        streams.add(response);
        response.on('close', () => streams.delete(response));
        return;
      } else if (route === 'GET /health') {
        reply = { data: health };
      } else if (route === 'GET /state') {
        reply = { data: current };
      } else if (route === 'GET /actions/available') {
        reply = {
          data: {
            screen: (current as { screen?: unknown } | null)?.screen ?? 'UNKNOWN',
            actions: availableActions().map((name) => ({
              name,
              requires_target: false,
              requires_index: name !== 'end_turn' && name !== 'proceed',
              requires_coordinates: false,
              requires_tool: false,
            })),
          },
        };
      } else if (route === 'POST /action') {
        const actionBody = (body ?? {}) as Record<string, unknown>;
        reply = options.onAction?.(actionBody, server) ?? defaultAction(actionBody);
      } else {
        reply = {
          status: 404,
          error: { code: 'not_found', message: `No route ${route}.`, retryable: false },
        };
      }
      if (reply.delayMs !== undefined) await new Promise((done) => setTimeout(done, reply.delayMs));
      send(response, reply);
    })();
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  Object.assign(server, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  });
  return server;
}
