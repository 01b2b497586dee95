// Side-by-side overhead of the two HTTP stacks the gateway could use, on the route shape it serves:
// POST a ~2 KB JSON chat body, parse it, answer JSON. node:http is the floor both add to.
//   node --import tsx packages/gateway/bench/framework-overhead.ts [seconds]
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Hono } from 'hono';

const seconds = Number(process.argv[2] ?? 5);
const body = JSON.stringify({
  model: 'fake-model',
  messages: Array.from({ length: 12 }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `turn ${index} ${'words in a chat turn '.repeat(8)}`,
  })),
});
const answer = (parsed: { messages: unknown[] }) => ({ ok: true, messages: parsed.messages.length });

async function nodeHttp(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer(parsed)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function fastify(): Promise<{ port: number; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.post('/v1/chat/completions', async (request) => answer(request.body as { messages: unknown[] }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() };
}

async function hono(): Promise<{ port: number; close(): Promise<void> }> {
  const app = new Hono();
  app.post('/v1/chat/completions', async (context) => context.json(answer(await context.req.json())));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function measure(name: string, start: () => Promise<{ port: number; close(): Promise<void> }>) {
  const server = await start();
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${server.port}/v1/chat/completions`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 10,
      duration,
    });
  await run(1); // warm-up
  const result = await run(seconds);
  await server.close();
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const rows = [];
for (const [name, start] of [
  ['node:http', nodeHttp],
  ['fastify', fastify],
  ['hono+node-server', hono],
] as const) {
  rows.push(await measure(name, start));
}
console.table(rows);
console.log(JSON.stringify(rows));
