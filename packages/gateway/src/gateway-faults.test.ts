import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { type FakeServerRequest, fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { storedSessionChat } from './session-layout.js';
import { spawnGateway } from './testing/spawn-gateway.js';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

const settings = { budget: 5000, maxTurns: 200, defaultSystem: '' };
type Wire = { role: string; content: string | null };

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The model notes each user turn in state ({ t<N>: N }), then answers 'ok'. */
function notingModel(request: FakeServerRequest) {
  const messages = (request.body as { messages: Wire[] }).messages;
  const last = messages.at(-1);
  if (last?.role === 'tool') return fakeReply.text('ok');
  const turn = /turn (\d+)/.exec(String(last?.content))?.[1] ?? 'x';
  return fakeReply.toolCalls([{ name: 'update_state', arguments: { [`t${turn}`]: Number(turn) } }]);
}

const post = (url: string, body: unknown, session?: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'x-strata-session': session } : {}) },
    body: JSON.stringify(body),
  });

describe('strata serve: concurrency on one session', () => {
  it('never loses a turn or a state update when requests on one session race', async () => {
    running = await startTestGateway({ handler: notingModel });
    const url = running.url;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, turn) =>
        post(url, { model: 'm', messages: [{ role: 'user', content: `turn ${turn}` }] }, 'race'),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const session = await running.gateway.sessions.load('default', 'race', settings);
    const expected = Object.fromEntries(Array.from({ length: 12 }, (_, turn) => [`t${turn}`, turn]));
    expect(session.state).toEqual(expected);
    const users = session.snapshot.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content);
    expect(users.sort()).toEqual(Array.from({ length: 12 }, (_, turn) => `turn ${turn}`).sort());
    // The same whole history sent five times at once is stored once.
    const history = [{ role: 'user', content: 'turn 99 resent' }];
    await Promise.all(
      Array.from({ length: 5 }, () => post(url, { model: 'm', messages: history }, 'resend')),
    );
    const resent = await running.gateway.sessions.load('default', 'resend', settings);
    expect(resent.snapshot.turns.filter((turn) => turn.role === 'user')).toHaveLength(1);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/strata_gateway_store_conflicts_total \d+/);
  });
});

describe('strata serve: upstream faults', () => {
  it('retries 500 and 429 (honouring Retry-After), times out a hung upstream, rejects malformed JSON, each in OpenAI error shape', async () => {
    const script = [
      fakeReply.error(500, 'boom'),
      fakeReply.error(500, 'boom'),
      fakeReply.error(500, 'boom'),
      fakeReply.rateLimited(0.05),
      fakeReply.text('after the rate limit'),
      fakeReply.hang(),
      fakeReply.malformed(),
      fakeReply.text('recovered'),
    ];
    running = await startTestGateway({ script }, { upstreamMaxRetries: 2, upstreamTimeoutMs: 400 });
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'x', maxRetries: 0 });
    const ask = (content: string) =>
      client.chat.completions.create(
        { model: 'm', messages: [{ role: 'user', content }] },
        { headers: { 'x-strata-session': 'faults' } },
      );

    const failed = await ask('first').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.APIError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect((failed as InstanceType<typeof OpenAI.APIError>).code).toBe('MODEL_API_ERROR');
    expect(running.upstream.requests).toHaveLength(3); // 1 + 2 retries
    expect((await ask('second')).choices[0]?.message.content).toBe('after the rate limit');
    expect(running.upstream.requests).toHaveLength(5);

    const retryOff = await startTestGateway(
      { script: [fakeReply.hang(), fakeReply.malformed(), fakeReply.text('recovered')] },
      { upstreamMaxRetries: 0, upstreamTimeoutMs: 300 },
    );
    try {
      const timeout = await post(
        retryOff.url,
        { model: 'm', messages: [{ role: 'user', content: 'third' }] },
        'faults',
      );
      expect(timeout.status).toBe(504);
      expect(((await timeout.json()) as { error: { code: string } }).error.code).toBe('MODEL_TIMEOUT');
      const malformed = await post(
        retryOff.url,
        { model: 'm', messages: [{ role: 'user', content: 'fourth' }] },
        'faults',
      );
      expect(malformed.status).toBe(502);
      expect(((await malformed.json()) as { error: { message: string } }).error.message).toContain(
        'not valid JSON',
      );
      const ok = await post(
        retryOff.url,
        { model: 'm', messages: [{ role: 'user', content: 'fifth' }] },
        'faults',
      );
      expect(ok.status).toBe(200);
      // Failed calls keep the user's turns: the session has all three, each once, and one reply.
      const session = await retryOff.gateway.sessions.load('default', 'faults', settings);
      expect(session.snapshot.turns.map((turn) => turn.content)).toEqual([
        'third',
        'fourth',
        'fifth',
        'recovered',
      ]);
      const metrics = await (await fetch(`${retryOff.url}/metrics`)).text();
      expect(metrics).toContain('strata_gateway_upstream_errors_total{code="MODEL_TIMEOUT"');
    } finally {
      await retryOff.close();
    }
  });

  it('turns an upstream failure before a stream starts into an HTTP error, and one after into an error event', async () => {
    running = await startTestGateway(
      { script: [fakeReply.error(400, 'bad model'), fakeReply.text('streamed fine')] },
      { upstreamMaxRetries: 0 },
    );
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'x', maxRetries: 0 });
    const before = await client.chat.completions
      .create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'a' }] })
      .catch((error: unknown) => error);
    expect((before as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    let text = '';
    for await (const chunk of await client.chat.completions.create({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'b' }],
    })) {
      text += chunk.choices[0]?.delta.content ?? '';
    }
    expect(text).toBe('streamed fine');
  });
});

describe('strata serve: a gateway process SIGKILLed mid-stream', () => {
  it('gives the client an error, keeps the session, and a restarted gateway continues it', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const upstream = await startFakeOpenAIServer({
      handler: () => fakeReply.text(words),
      streamChunkDelayMs: 60,
    });
    const folder = mkdtempSync(join(tmpdir(), 'strata-gateway-kill-'));
    const env = { UPSTREAM: upstream.baseURL, STORE: 'sqlite', DB: join(folder, 'gateway.db') };
    let gateway = await spawnGateway(env);
    try {
      const history: OpenAI.Chat.ChatCompletionMessageParam[] = [
        { role: 'user', content: 'tell me a long story' },
      ];
      const client = (baseURL: string) => new OpenAI({ baseURL, apiKey: 'x', maxRetries: 0 });
      const stream = await client(gateway.baseURL).chat.completions.create(
        { model: 'm', stream: true, messages: history },
        { headers: { 'x-strata-session': 'killed' } },
      );
      let received = '';
      const reading = (async () => {
        for await (const chunk of stream) {
          received += chunk.choices[0]?.delta.content ?? '';
          if (received.includes('word3 ')) gateway.child.kill('SIGKILL');
        }
      })();
      await expect(reading).rejects.toThrow();
      expect(received).toContain('word3');
      expect(received).not.toContain('word39');
      // Restarted on the same database: the client resends its history, the session continues.
      gateway = await spawnGateway(env);
      let text = '';
      for await (const chunk of await client(gateway.baseURL).chat.completions.create(
        { model: 'm', stream: true, messages: history },
        { headers: { 'x-strata-session': 'killed' } },
      )) {
        text += chunk.choices[0]?.delta.content ?? '';
      }
      expect(text).toBe(words);
      await gateway.stop();
      const store = createSqliteStore({ path: env.DB });
      await store.open();
      const record = await store.loadSession('tenant/default/session/killed');
      await store.close();
      const turns = storedSessionChat(record)?.turns;
      expect(turns).toEqual([
        { role: 'user', content: 'tell me a long story' },
        { role: 'assistant', content: words },
      ]);
    } finally {
      await gateway.stop();
      await upstream.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
