import type { MemoryStore } from '@strata-memory/strata';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import { type FakeModelReply, type FakeModelServerOptions, fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallRecord } from './chat-completions.js';
import type { GatewayOptions } from './create-gateway.js';
import { parseGatewayConfig } from './gateway-config.js';
import { createGatewaySessions } from './gateway-sessions.js';
import { startTestGateway, type TestGateway, tokenizer } from './testing/start-test-gateway.js';
import { createDatabase, postgresUnavailable } from './testing/test-postgres.js';

type WireBody = {
  messages: Array<{ role: string; content: string | null }>;
  tools?: Array<{ function: { name: string } }>;
  response_format?: { json_schema?: { name?: string } };
};

const UPSTREAM_KEY = 'sk-upstream-SECRET-layers-93b1';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);

/** Where a test gateway keeps its sessions and lessons: a fresh SQLite file, or a fresh Postgres database. */
const backends = [
  { name: 'SQLite', enabled: true, openStore: undefined },
  {
    name: 'Postgres',
    // Skipped only when Postgres is unreachable outside CI (the warning above says so and why); under
    // CI=true it always runs, and an unreachable Postgres fails the tests instead.
    enabled: unavailable === undefined || process.env.CI === 'true',
    async openStore(): Promise<{ store: MemoryStore; close(): Promise<void> }> {
      if (unavailable) throw new Error(unavailable);
      const database = await createDatabase('layers');
      const store = createPostgresStore({ connectionString: database.url, maxConnections: 4 });
      return {
        store,
        async close() {
          await store.close();
          await database.drop();
        },
      };
    },
  },
];

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** What the gateway asked the upstream for: a chat round (it adds update_state) or an extraction. */
function kindOf(body: WireBody): 'chat' | 'state' | 'summary' | 'lessons' {
  const schema = body.response_format?.json_schema?.name;
  if (schema === 'state_patch') return 'state';
  if (schema === 'lessons') return 'lessons';
  if (body.messages[0]?.content?.includes('running summary')) return 'summary';
  return 'chat';
}

/** An upstream that answers chat rounds with `chat` and each extraction kind with its own reply. */
function upstreamOf(replies: {
  chat?: (body: WireBody, index: number) => FakeModelReply;
  state?: (body: WireBody) => FakeModelReply | Promise<FakeModelReply>;
  summary?: (body: WireBody) => FakeModelReply;
  lessons?: (body: WireBody) => FakeModelReply;
}) {
  return {
    handler: (request: { body: unknown }, index: number) => {
      const body = request.body as WireBody;
      const kind = kindOf(body);
      if (kind === 'chat') return replies.chat?.(body, index) ?? fakeReply.text('ok');
      const reply = replies[kind];
      if (!reply) return fakeReply.error(400, `no ${kind} extraction expected`);
      return reply(body);
    },
  };
}

const bodiesOf = (gateway: TestGateway, kind: ReturnType<typeof kindOf>) =>
  gateway.upstream.requests
    .map((request) => request.body as WireBody)
    .filter((body) => kindOf(body) === kind);

const sessionSettings = (budget: number, reservedTokens = 0) => ({
  budget,
  maxTurns: 200,
  defaultSystem: '',
  reservedTokens,
});

async function chat(
  gateway: TestGateway,
  session: string,
  content: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-strata-session': session, ...headers },
    body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content }] }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

function metricValue(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

for (const backend of backends) {
  /** A gateway on this backend's store (a store passed in is shared, and closed by its owner). */
  const start = async (
    upstreamOptions: FakeModelServerOptions,
    options: Partial<GatewayOptions> = {},
  ): Promise<TestGateway> => {
    if (!backend.openStore || options.store) return startTestGateway(upstreamOptions, options);
    const opened = await backend.openStore();
    const gateway = await startTestGateway(upstreamOptions, { ...options, store: opened.store }).catch(
      async (error: unknown) => {
        await opened.close();
        throw error;
      },
    );
    return {
      ...gateway,
      async close() {
        await gateway.close();
        await opened.close();
      },
    };
  };

  // SQLite always runs; Postgres is skipped only outside CI when unreachable (the suite's name says why);
  // under CI=true it runs, and an unreachable Postgres fails the test.
  describe.runIf(backend.enabled)(`on ${backend.name}${backend.enabled ? '' : ` (${unavailable})`}`, () => {
    describe(`strata serve: async extraction (${backend.name})`, () => {
      it('applies the merge patch an extraction job gets from the upstream, off the request path', async () => {
        running = await start(
          upstreamOf({
            chat: () => fakeReply.text('Nice to meet you.'),
            state: () => fakeReply.json({ patch: { name: 'Ana', plan: 'pro' } }),
          }),
          { config: { tenants: { default: { extraction: { every: 2 } } } } },
        );
        await chat(running, 's1', 'Hi, I am Ana and I am on the pro plan.');
        await running.gateway.flushExtraction();
        // One user turn and one reply make 2 turns: due at every 2.
        const [extraction] = bodiesOf(running, 'state');
        expect(extraction).toBeDefined();
        const prompt = JSON.stringify(extraction?.messages);
        expect(prompt).toContain('I am Ana');
        expect(prompt).toContain('Current state');
        const sessions = createGatewaySessions({ store: running.store, tokenizer });
        const loaded = await sessions.load('default', 's1', sessionSettings(5000));
        expect(loaded.state).toEqual({ name: 'Ana', plan: 'pro' });
        expect(loaded.memory.stateThrough).toBe(2);
        // The next upstream request carries the extracted state.
        await chat(running, 's1', 'What plan am I on?');
        const chats = bodiesOf(running, 'chat');
        expect(JSON.stringify(chats.at(-1)?.messages[1])).toContain('\\"plan\\":\\"pro\\"');
        await running.gateway.flushExtraction();
        const metrics = await (await fetch(`${running.url}/metrics`)).text();
        expect(
          metricValue(metrics, 'strata_gateway_extraction_jobs_total', 'kind="state",result="done"'),
        ).toBe(2);
        expect(metricValue(metrics, 'strata_gateway_state_updates_total', 'result="extracted"')).toBe(2);
        expect(metrics).toContain('strata_gateway_extraction_queue_depth 0');
      });

      it('rejects malformed extraction output with a coded, logged error and leaves the state as it was; no secret in any log line', async () => {
        const lines: string[] = [];
        const bad: FakeModelReply[] = [
          fakeReply.text('Sure! The user is called Bob.'),
          fakeReply.json({ patch: 'name=Bob' }),
          {
            type: 'raw',
            status: 200,
            body: '{"choices": [',
            headers: { 'content-type': 'application/json' },
          },
        ];
        let extraction = 0;
        running = await start(
          {
            handler: (request, index) => {
              const body = request.body as WireBody;
              if (kindOf(body) === 'state') {
                extraction += 1;
                // The last one echoes the key the gateway sent it (some proxies do) in a 400.
                if (extraction > bad.length)
                  return fakeReply.error(400, `bad request for ${request.headers.authorization}`);
                return bad[extraction - 1] as FakeModelReply;
              }
              // The model records state itself on the first turn, with the gateway's update_state tool.
              return index === 0
                ? fakeReply.toolCalls([{ name: 'update_state', arguments: { plan: 'pro' } }])
                : fakeReply.text('noted');
            },
          },
          {
            upstreamApiKey: UPSTREAM_KEY,
            upstreamMaxRetries: 0,
            config: { tenants: { default: { extraction: { every: 1 } } } },
            logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
          },
        );
        const sessions = createGatewaySessions({ store: running.store, tokenizer });
        for (let turn = 0; turn < bad.length + 1; turn += 1) {
          await chat(running, 's1', `turn ${turn}: call me Bob`);
          await running.gateway.flushExtraction();
          const loaded = await sessions.load('default', 's1', sessionSettings(5000));
          expect(loaded.state).toEqual({ plan: 'pro' });
          expect(loaded.memory.stateThrough).toBe(0);
        }
        expect(extraction).toBe(bad.length + 1);
        const rejected = lines
          .map((line) => JSON.parse(line) as { msg: string; code?: string; kind?: string })
          .filter((line) => line.msg.startsWith('extraction rejected'));
        expect(rejected.map((line) => line.code)).toEqual([
          'MODEL_OUTPUT_INVALID',
          'MODEL_OUTPUT_INVALID',
          'MODEL_OUTPUT_INVALID',
          'MODEL_API_ERROR',
        ]);
        expect(rejected.every((line) => line.kind === 'state')).toBe(true);
        const metrics = await (await fetch(`${running.url}/metrics`)).text();
        expect(
          metricValue(metrics, 'strata_gateway_extraction_jobs_total', 'kind="state",result="failed"'),
        ).toBe(4);
        // The key reached the upstream, and was echoed back, yet no log line or metric holds it.
        expect(
          running.upstream.requests.some((request) => request.headers.authorization?.includes(UPSTREAM_KEY)),
        ).toBe(true);
        expect(lines.join('\n')).toContain('[redacted]');
        for (const text of [...lines, metrics])
          expect(text).not.toContain(UPSTREAM_KEY.slice('sk-upstream-'.length));
      });

      it('flushes the pending extraction jobs on graceful shutdown before closing', async () => {
        let release: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        running = await start(
          upstreamOf({
            chat: () => fakeReply.text('ok'),
            state: async (body) => {
              await gate;
              const session = JSON.stringify(body.messages).includes('from s2') ? 's2' : 's1';
              return fakeReply.json({ patch: { seenBy: session } });
            },
          }),
          {
            extractionConcurrency: 1,
            config: { tenants: { default: { extraction: { every: 1 } } } },
          },
        );
        const gateway = running;
        await chat(gateway, 's1', 'hello from s1');
        await chat(gateway, 's2', 'hello from s2');
        // One job runs (its upstream call waits at the gate), the other waits behind it (concurrency 1).
        await expect.poll(() => bodiesOf(gateway, 'state').length).toBe(1);
        const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
        expect(metrics).toContain('strata_gateway_extraction_queue_depth 2');
        let closed = false;
        const closing = gateway.gateway.close().then(() => {
          closed = true;
        });
        const sessions = createGatewaySessions({ store: gateway.store, tokenizer });
        expect((await sessions.load('default', 's1', sessionSettings(5000))).state).toEqual({});
        expect(closed).toBe(false);
        release();
        await closing;
        expect(bodiesOf(gateway, 'state')).toHaveLength(2);
        expect((await sessions.load('default', 's1', sessionSettings(5000))).state).toEqual({ seenBy: 's1' });
        expect((await sessions.load('default', 's2', sessionSettings(5000))).state).toEqual({ seenBy: 's2' });
      });
    });

    describe(`strata serve: summary and lessons layers (${backend.name})`, () => {
      it('places lessons and the summary after the system prompt, within the budget, over a long conversation', async () => {
        const BUDGET = 900;
        let lessonNumber = 0;
        running = await start(
          upstreamOf({
            chat: (_body, index) =>
              fakeReply.text(`Reply ${index}: ${'the answer goes on and on '.repeat(6)}`),
            // Far longer than its layer: the layer cuts it, with a marker.
            summary: () =>
              fakeReply.text(`So far: ${'the customer asked about billing and shipping. '.repeat(80)}`),
            lessons: () => {
              lessonNumber += 1;
              return fakeReply.json({
                lessons: [
                  {
                    text: `Lesson ${lessonNumber}: confirm the order number ${lessonNumber * 7919} before answering.`,
                    importance: 0.6,
                    tags: ['orders'],
                  },
                ],
              });
            },
          }),
          {
            budget: BUDGET,
            system: 'You are a support agent.',
            config: {
              tenants: {
                default: {
                  summary: { budget: 150, every: 6 },
                  lessons: { budget: 120, every: 10, capacity: 3 },
                },
              },
            },
          },
        );
        const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'unused', maxRetries: 0 });
        for (let turn = 0; turn < 60; turn += 1) {
          const request = {
            model: 'fake-model',
            messages: [
              {
                role: 'user' as const,
                content: `Turn ${turn}: ${'my parcel has not arrived yet '.repeat(5)}`,
              },
            ],
          };
          const headers = { headers: { 'x-strata-session': 'long' } };
          if (turn % 2 === 0) await client.chat.completions.create(request, headers);
          else {
            const stream = await client.chat.completions.create({ ...request, stream: true }, headers);
            for await (const _chunk of stream) {
            }
          }
          await running.gateway.flushExtraction();
        }
        const gateway = running;
        // The upstream's own count of every chat request is within the budget.
        const chatCounts = gateway.upstream.requests
          .map((request, index) => ({
            body: request.body as WireBody,
            tokens: gateway.upstream.promptTokens[index],
          }))
          .filter((entry) => kindOf(entry.body) === 'chat');
        expect(chatCounts).toHaveLength(60);
        for (const entry of chatCounts) expect(entry.tokens).toBeLessThanOrEqual(BUDGET);
        expect(bodiesOf(gateway, 'summary').length).toBeGreaterThan(3);
        // 60 requests store 120 turns (each user turn and its reply): 12 extractions at every 10, only the
        // best 3 kept (capacity), the newest ranking highest at equal importance.
        expect(lessonNumber).toBe(12);
        const last = chatCounts.at(-1)?.body.messages ?? [];
        expect(last[0]).toEqual({ role: 'system', content: 'You are a support agent.' });
        expect(last[1]?.content).toMatch(/^<lessons>/);
        expect(last[2]?.content).toMatch(/^<summary>/);
        expect(last[2]?.content).toContain('[…truncated]');
        expect(last[3]?.content).toMatch(/^Current state/);
        // The 12th extraction followed the last reply: the last request showed lessons 9-11.
        expect(last[1]?.content?.match(/Lesson \d+/g)).toEqual(['Lesson 11', 'Lesson 10', 'Lesson 9']);
        const stored = await gateway.store.listLessons('tenant/default');
        expect(stored.map((lesson) => lesson.text.split(':')[0]).sort()).toEqual([
          'Lesson 10',
          'Lesson 11',
          'Lesson 12',
        ]);
        // The summary's own text was written from the session's turns.
        expect(JSON.stringify(bodiesOf(gateway, 'summary').at(-1)?.messages)).toContain(
          'my parcel has not arrived',
        );
        // The inspector's per-layer bar has both layers, each within its budget, the total within the budget.
        const calls = (await (await fetch(`${gateway.url}/inspect/api/sessions/long/calls`)).json()) as {
          calls: CallRecord[];
        };
        // Every call's messages as the inspector shows them are what the upstream received (most
        // records store only what differs from an earlier call: put together again by the inspector).
        expect(calls.calls.map((call) => call.messages)).toEqual(
          chatCounts.map((entry) => entry.body.messages),
        );
        const lastCall = calls.calls.at(-1);
        expect(lastCall?.layers.map((layer) => layer.name)).toEqual([
          'system',
          'lessons',
          'summary',
          'state',
          'window',
        ]);
        const tokensOf = (name: string) => lastCall?.layers.find((layer) => layer.name === name)?.tokens ?? 0;
        expect(tokensOf('summary')).toBeGreaterThan(100);
        expect(tokensOf('summary')).toBeLessThanOrEqual(150);
        expect(tokensOf('lessons')).toBeLessThanOrEqual(120);
        expect(lastCall?.budget).toBe(BUDGET);
        expect(lastCall?.tokens).toBeLessThanOrEqual(BUDGET);
        expect(lastCall?.tokens).toBe(chatCounts.at(-1)?.tokens);
        const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
        expect(metricValue(metrics, 'strata_gateway_layer_tokens_total', 'layer="summary"')).toBeGreaterThan(
          0,
        );
      });

      it("gives a layer's unused budget to the window: an empty summary leaves it the whole budget, a short one takes only its size", async () => {
        const BUDGET = 600;
        const RESERVED = 250;
        const upstream = upstreamOf({
          chat: () => fakeReply.text('Noted, I am looking into it.'),
          summary: () => fakeReply.text('Parcel 7 is late; the customer wants a refund.'),
        });
        running = await start(upstream, {
          budget: BUDGET,
          config: {
            tenants: { default: { summary: { budget: RESERVED, every: 1000, on: ['checkpoint'] } } },
          },
        });
        // The same conversation through a gateway without layers, on the same store.
        const plain = await start(upstream, { budget: BUDGET, store: running.store });
        try {
          const turn = (index: number) =>
            `Turn ${index}: ${'my parcel number seven has not arrived '.repeat(3)}`;
          for (let index = 0; index < 20; index += 1) {
            await chat(running, 'layered', turn(index));
            await chat(plain, 'plain', turn(index));
          }
          const lastOf = async (gateway: TestGateway, session: string) => {
            const body = (await (
              await fetch(`${gateway.url}/inspect/api/sessions/${session}/calls`)
            ).json()) as { calls: CallRecord[] };
            return body.calls.at(-1) as CallRecord;
          };
          const empty = await lastOf(running, 'layered');
          const unlayered = await lastOf(plain, 'plain');
          // No summary yet: the request is the one a gateway without the layer sends, beyond what the
          // reserve would have left (BUDGET - RESERVED), and within the budget by the upstream's count.
          expect(empty.layers.map((layer) => layer.name)).toEqual(['system', 'state', 'window']);
          expect(empty.turnsDropped).toBeGreaterThan(0);
          expect(empty.messages).toEqual(unlayered.messages);
          expect(empty.tokens).toBeGreaterThan(BUDGET - RESERVED);
          expect(empty.tokens).toBeLessThanOrEqual(BUDGET);
          expect(empty.tokens).toBe(running.upstream.promptTokens.at(-1));

          await chat(running, 'layered', turn(20), { 'x-strata-event': 'checkpoint' });
          await running.gateway.flushExtraction();
          expect(bodiesOf(running, 'summary')).toHaveLength(1);
          await chat(running, 'layered', turn(21));
          const summarized = await lastOf(running, 'layered');
          const summaryTokens =
            summarized.layers.find((layer) => layer.name === 'summary')?.tokens ?? Number.NaN;
          expect(summarized.layers.map((layer) => layer.name)).toEqual([
            'system',
            'summary',
            'state',
            'window',
          ]);
          expect(summaryTokens).toBeLessThan(RESERVED / 4);
          // The summary takes its own size: the rest of its reserve went to the window.
          expect(summarized.tokens).toBeGreaterThan(BUDGET - RESERVED + summaryTokens);
          expect(summarized.tokens).toBeLessThanOrEqual(BUDGET);
          const chatCounts = running.upstream.requests
            .map((request, index) => ({
              body: request.body as WireBody,
              tokens: running?.upstream.promptTokens[index],
            }))
            .filter((entry) => kindOf(entry.body) === 'chat');
          expect(chatCounts).toHaveLength(22);
          for (const entry of chatCounts) expect(entry.tokens).toBeLessThanOrEqual(BUDGET);
          expect(summarized.tokens).toBe(chatCounts.at(-1)?.tokens);
          expect(chatCounts.at(-1)?.body.messages[1]?.content).toContain('Parcel 7 is late');
        } finally {
          await plain.close();
        }
      });

      it("keeps each tenant's summary and lessons to that tenant", async () => {
        running = await start(
          upstreamOf({
            chat: () => fakeReply.text('ok'),
            summary: (body) =>
              fakeReply.text(
                JSON.stringify(body.messages).includes('ACME-ORDER')
                  ? 'acme summary ACME-SUMMARY'
                  : 'globex summary',
              ),
            lessons: (body) =>
              fakeReply.json({
                lessons: [
                  {
                    text: JSON.stringify(body.messages).includes('ACME-ORDER')
                      ? 'ACME-LESSON: check the acme ledger first.'
                      : 'Globex lesson: ask for the invoice id.',
                    importance: 0.9,
                    tags: ['billing'],
                  },
                ],
              }),
          }),
          {
            auth: true,
            config: {
              tenants: Object.fromEntries(
                ['acme', 'globex'].map((tenant) => [
                  tenant,
                  {
                    summary: { budget: 100, every: 2, when: 'always' as const },
                    lessons: { budget: 100, every: 2 },
                  },
                ]),
              ),
            },
          },
        );
        const acme = await running.gateway.keys.create('acme');
        const globex = await running.gateway.keys.create('globex');
        const as = (key: string) => ({ authorization: `Bearer ${key}` });
        for (let turn = 0; turn < 3; turn += 1) {
          await chat(running, 'shared-id', `ACME-ORDER ${turn} is late`, as(acme.key));
          await running.gateway.flushExtraction();
        }
        const acmeLast = bodiesOf(running, 'chat').at(-1);
        expect(JSON.stringify(acmeLast?.messages)).toContain('ACME-LESSON');
        expect(JSON.stringify(acmeLast?.messages)).toContain('ACME-SUMMARY');
        const before = running.upstream.requests.length;
        // Globex uses the same session id, and has layers of its own.
        for (let turn = 0; turn < 3; turn += 1) {
          await chat(running, 'shared-id', `globex question ${turn}`, as(globex.key));
          await running.gateway.flushExtraction();
        }
        const globexRequests = running.upstream.requests.slice(before);
        expect(globexRequests.length).toBeGreaterThan(3);
        for (const request of globexRequests) expect(JSON.stringify(request.body)).not.toContain('ACME');
        expect(JSON.stringify(bodiesOf(running, 'chat').at(-1)?.messages)).toContain('Globex lesson');
        expect((await running.store.listLessons('tenant/globex')).map((lesson) => lesson.text)).toEqual([
          'Globex lesson: ask for the invoice id.',
        ]);
      });

      it('rewrites the summary and extracts lessons at a transition the client names (x-strata-event)', async () => {
        running = await start(
          upstreamOf({
            chat: () => fakeReply.text('ok'),
            summary: () => fakeReply.text('Ticket 7 closed: refund issued.'),
            lessons: () =>
              fakeReply.json({
                lessons: [{ text: 'Refunds close tickets fast.', importance: 0.8, tags: ['refunds'] }],
              }),
          }),
          {
            config: {
              tenants: {
                default: {
                  summary: { budget: 100, every: 1000, on: ['ticket-closed'] },
                  lessons: { budget: 100, every: 1000, on: ['ticket-closed'] },
                },
              },
            },
          },
        );
        await chat(running, 't', 'I want a refund for ticket 7');
        await running.gateway.flushExtraction();
        expect(bodiesOf(running, 'summary')).toHaveLength(0);
        await chat(running, 't', 'Thanks, that solves it', { 'x-strata-event': 'ticket-closed' });
        await running.gateway.flushExtraction();
        const [summary] = bodiesOf(running, 'summary');
        expect(JSON.stringify(summary?.messages)).toContain("event 'ticket-closed'");
        expect(JSON.stringify(summary?.messages)).toContain('refund for ticket 7');
        expect(bodiesOf(running, 'lessons')).toHaveLength(1);
        await chat(running, 't', 'One more question');
        const last = bodiesOf(running, 'chat').at(-1)?.messages ?? [];
        expect(last[1]?.content).toContain('Refunds close tickets fast.');
        expect(last[2]?.content).toContain('Ticket 7 closed: refund issued.');
        const bad = await fetch(`${running.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-strata-session': 't', 'x-strata-event': 'a b' },
          body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'x' }] }),
        });
        expect(bad.status).toBe(400);
      });

      it("shows one replica's new lessons to another replica on the same store after a reload", async () => {
        const config = { tenants: { default: { lessons: { budget: 120, every: 2 } } } };
        const upstream = upstreamOf({
          chat: () => fakeReply.text('ok'),
          lessons: () =>
            fakeReply.json({
              lessons: [{ text: 'Replica lesson: ask for the order id.', importance: 0.7, tags: [] }],
            }),
        });
        running = await start(upstream, { config });
        const other = await start(upstream, { config, store: running.store, lessonsRefreshMs: 0 });
        try {
          // The second replica loads the tenant's (still empty) lessons first.
          await chat(other, 'b', 'hello');
          expect(JSON.stringify(bodiesOf(other, 'chat').at(-1)?.messages)).not.toContain('Replica lesson');
          await chat(running, 'a', 'my order is late');
          await running.gateway.flushExtraction();
          expect(bodiesOf(running, 'lessons')).toHaveLength(1);
          // Loaded longer ago than lessonsRefreshMs: a request reloads them in the background, a later one shows them.
          await expect
            .poll(async () => {
              await chat(other, 'b', 'any news?');
              return JSON.stringify(bodiesOf(other, 'chat').at(-1)?.messages);
            })
            .toContain('Replica lesson: ask for the order id.');
        } finally {
          await other.close();
        }
      });
    });
  });
}

describe('strata serve: layer config', () => {
  it('refuses a config whose layers take more than half of a budget', () => {
    expect(() =>
      parseGatewayConfig(
        { tenants: { acme: { budget: 1000, summary: { budget: 400 }, lessons: { budget: 200 } } } },
        'test.json',
      ),
    ).toThrow(/tenants\.acme: summary\.budget \+ lessons\.budget is 600 tokens/);
    expect(() => parseGatewayConfig({ tenants: { acme: { summary: { every: 0 } } } }, 'test.json')).toThrow(
      /tenants\.acme\.summary\.every/,
    );
  });
});
