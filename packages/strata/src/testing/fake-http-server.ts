import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake server received, as it arrived. */
export interface FakeServerRequest {
  /** 0-based order of arrival. */
  index: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  rawBody: string;
  receivedAt: number;
}

export interface FakeHttpResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
  delayMs?: number;
  /** Sent one after another instead of `body` (a streamed answer), `chunkDelayMs` apart. */
  chunks?: string[];
  chunkDelayMs?: number;
}

export interface FakeHttpServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Every request received, in order (including ones still unanswered). */
  requests: FakeServerRequest[];
  close(): Promise<void>;
}

/** `undefined` from `respond` means: never answer (a hang, until close). */
export async function startFakeHttpServer(
  respond: (request: FakeServerRequest) => Promise<FakeHttpResponse | undefined>,
): Promise<FakeHttpServer> {
  const requests: FakeServerRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody === '' ? undefined : JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const request: FakeServerRequest = {
        index: requests.length,
        method: incoming.method ?? 'GET',
        path: (incoming.url ?? '/').split('?')[0] ?? '/',
        headers,
        body,
        rawBody,
        receivedAt: Date.now(),
      };
      requests.push(request);
      respond(request).then(
        (response) => {
          if (!response) return;
          const send = () => {
            if (outgoing.destroyed) return;
            outgoing.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
            if (!response.chunks) {
              outgoing.end(response.body);
              return;
            }
            const chunks = [...response.chunks];
            const next = () => {
              if (outgoing.destroyed) return;
              const chunk = chunks.shift();
              if (chunk === undefined) {
                outgoing.end();
                return;
              }
              outgoing.write(chunk);
              if (!response.chunkDelayMs) {
                next();
                return;
              }
              const timer = setTimeout(() => {
                timers.delete(timer);
                next();
              }, response.chunkDelayMs);
              timers.add(timer);
            };
            next();
          };
          if (response.delayMs && response.delayMs > 0) {
            const timer = setTimeout(() => {
              timers.delete(timer);
              send();
            }, response.delayMs);
            timers.add(timer);
          } else {
            send();
          }
        },
        (error: unknown) => {
          if (outgoing.destroyed) return;
          outgoing.writeHead(500, { 'content-type': 'application/json' });
          outgoing.end(JSON.stringify({ error: { message: `fake server handler threw: ${String(error)}` } }));
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        // Hung requests hold their sockets open: cut them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
