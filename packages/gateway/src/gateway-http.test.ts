import { readdirSync, readFileSync } from 'node:fs';
import { fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

const UPSTREAM_KEY = 'sk-upstream-SECRET-4f1c9e';
const GLOBEX_KEY = 'sk-globex-SECRET-77aa01';

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function expectOpenAIError(body: unknown, code: string) {
  expect(body).toEqual({
    error: {
      message: expect.any(String),
      type: expect.any(String),
      param: expect.toSatisfy((value) => value === null || typeof value === 'string'),
      code,
    },
  });
}

describe('strata serve: keys, bad input and limits', () => {
  it('answers no key, a wrong key, an oversized body, malformed JSON, a bad body and an unknown route in OpenAI error shape', async () => {
    running = await startTestGateway(
      { handler: () => fakeReply.text('hi') },
      { auth: true, bodyLimitBytes: 20_000 },
    );
    const { key } = await running.gateway.keys.create('acme');
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${running?.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const valid = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] });

    const none = await post(valid);
    expect(none.status).toBe(401);
    expectOpenAIError(await none.json(), 'AUTH_INVALID');
    const wrong = await post(valid, { authorization: `Bearer ${key.slice(0, -2)}xx` });
    expect(wrong.status).toBe(401);
    expectOpenAIError(await wrong.json(), 'AUTH_INVALID');
    const auth = { authorization: `Bearer ${key}` };
    const big = await post(
      JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(30_000) }] }),
      auth,
    );
    expect(big.status).toBe(413);
    expectOpenAIError(await big.json(), 'BODY_TOO_LARGE');
    const malformed = await post('{"model": "m", "messages": [', auth);
    expect(malformed.status).toBe(400);
    expectOpenAIError(await malformed.json(), 'INPUT_INVALID');
    const badBody = await post(JSON.stringify({ model: 'm' }), auth);
    expect(badBody.status).toBe(400);
    const badBodyError = (await badBody.json()) as { error: { message: string; param: string } };
    expect(badBodyError.error.message).toContain('messages');
    expect(badBodyError.error.param).toBe('messages');
    const unknown = await fetch(`${running.url}/v1/embeddings`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    expectOpenAIError(await unknown.json(), 'ROUTE_UNKNOWN');
    const ok = await post(valid, auth);
    expect(ok.status).toBe(200);
    // The official SDK raises the gateway's errors as its own typed errors.
    const client = new OpenAI({
      baseURL: running.baseURL,
      apiKey: 'sk-strata-000000000000-nope',
      maxRetries: 0,
    });
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    // A revoked key stops working.
    const revoked = await running.gateway.keys.create('acme');
    expect((await post(valid, { authorization: `Bearer ${revoked.key}` })).status).toBe(200);
    await running.gateway.keys.revoke(revoked.keyId);
    expect((await post(valid, { authorization: `Bearer ${revoked.key}` })).status).toBe(401);
  });

  it('rate-limits per tenant with 429 and Retry-After, other tenants unaffected', async () => {
    running = await startTestGateway(
      { handler: () => fakeReply.text('hi') },
      { auth: true, config: { tenants: { limited: { rateLimitPerMinute: 3 } } } },
    );
    const limited = await running.gateway.keys.create('limited');
    const other = await running.gateway.keys.create('other');
    const call = (key: string) =>
      fetch(`${running?.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] }),
      });
    for (let index = 0; index < 3; index += 1) expect((await call(limited.key)).status).toBe(200);
    const over = await call(limited.key);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectOpenAIError(await over.json(), 'RATE_LIMITED');
    expect((await call(other.key)).status).toBe(200);
  });

  it('isolates tenants: each tenant tries every other tenant’s session ids and gets nothing of theirs', async () => {
    running = await startTestGateway(
      {
        handler: (request) => {
          const messages = (request.body as { messages: Array<{ role: string; content: string }> }).messages;
          // The model writes what it was told into the state, so leaks would show up in state too.
          const user = messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
          if (messages.at(-1)?.role === 'user' && user.startsWith('secret'))
            return fakeReply.toolCalls([{ name: 'update_state', arguments: { secret: user } }]);
          return fakeReply.text('noted');
        },
      },
      { auth: true },
    );
    const tenants = ['acme', 'globex', 'initech'];
    const keys = new Map<string, string>();
    for (const tenant of tenants) keys.set(tenant, (await running.gateway.keys.create(tenant)).key);
    const clientOf = (tenant: string) =>
      new OpenAI({ baseURL: running?.baseURL, apiKey: keys.get(tenant), maxRetries: 0 });
    for (const tenant of tenants) {
      for (const index of [1, 2]) {
        await clientOf(tenant).chat.completions.create(
          { model: 'm', messages: [{ role: 'user', content: `secret of ${tenant} number ${index}` }] },
          { headers: { 'x-strata-session': `${tenant}-session-${index}` } },
        );
      }
    }
    const before = running.upstream.requests.length;
    for (const tenant of tenants) {
      for (const owner of tenants.filter((name) => name !== tenant)) {
        for (const index of [1, 2]) {
          await clientOf(tenant).chat.completions.create(
            { model: 'm', messages: [{ role: 'user', content: 'what do you know?' }] },
            { headers: { 'x-strata-session': `${owner}-session-${index}` } },
          );
          // By the `user` field too.
          await clientOf(tenant).chat.completions.create({
            model: 'm',
            user: `${owner}-session-${index}`,
            messages: [{ role: 'user', content: 'and now?' }],
          });
        }
      }
    }
    const probes = running.upstream.requests.slice(before);
    expect(probes.length).toBe(3 * 2 * 2 * 2);
    for (const probe of probes) expect(probe.rawBody).not.toContain('secret of');
    for (const tenant of tenants) {
      const listed = await running.gateway.sessions.list(tenant);
      expect(
        listed
          .map((session) => session.sessionKey)
          .filter((key) => key.startsWith(tenant))
          .sort(),
      ).toEqual([`${tenant}-session-1`, `${tenant}-session-2`]);
      for (const owner of tenants.filter((name) => name !== tenant)) {
        const probed = await running.gateway.sessions.load(tenant, `${owner}-session-1`, {
          budget: 5000,
          maxTurns: 200,
          defaultSystem: '',
        });
        expect(JSON.stringify(probed.snapshot)).not.toContain('secret of');
      }
      const own = await running.gateway.sessions.load(tenant, `${tenant}-session-1`, {
        budget: 5000,
        maxTurns: 200,
        defaultSystem: '',
      });
      expect(own.state).toEqual({ secret: `secret of ${tenant} number 1` });
    }
  });

  it('never lets the upstream key reach a client, a log line, a metric or a stored row', async () => {
    const lines: string[] = [];
    running = await startTestGateway(
      {
        handler: (request, index) => {
          // An upstream that echoes the key in its errors (some proxies do).
          const auth = request.headers.authorization ?? '';
          if (index % 3 === 1) return fakeReply.error(400, `bad request for key ${auth}`);
          if (index % 3 === 2) return fakeReply.error(503, `overloaded, key ${auth}`);
          return fakeReply.text('fine');
        },
      },
      {
        auth: true,
        upstreamApiKey: UPSTREAM_KEY,
        upstreamMaxRetries: 0,
        env: { GLOBEX_KEY },
        config: { tenants: { globex: { upstreamApiKeyEnv: 'GLOBEX_KEY' } } },
        logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
      },
    );
    const acme = await running.gateway.keys.create('acme');
    const globex = await running.gateway.keys.create('globex');
    const answers: string[] = [];
    for (const key of [acme.key, globex.key]) {
      for (let index = 0; index < 6; index += 1) {
        for (const stream of [false, true]) {
          const response = await fetch(`${running.url}/v1/chat/completions`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${key}`,
              'x-strata-session': `s-${index}`,
            },
            body: JSON.stringify({
              model: 'm',
              stream,
              messages: [{ role: 'user', content: `hello ${index}` }],
            }),
          });
          answers.push(await response.text());
        }
      }
      answers.push(
        await (
          await fetch(`${running.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })
        ).text(),
      );
    }
    // The upstream really got each tenant's own key, and some calls really failed.
    const sent = running.upstream.requests.map((request) => request.headers.authorization);
    expect(sent).toContain(`Bearer ${UPSTREAM_KEY}`);
    expect(sent).toContain(`Bearer ${GLOBEX_KEY}`);
    expect(answers.some((answer) => answer.includes('MODEL_API_ERROR'))).toBe(true);
    // The upstream's echo of the key reached the gateway and was cut out of the error.
    expect(answers.some((answer) => answer.includes('[redacted]'))).toBe(true);
    expect(lines.length).toBeGreaterThan(10);
    const metrics = await (await fetch(`${running.url}/metrics`)).text();
    expect(metrics).toContain('strata_gateway_upstream_errors_total');
    const rows: string[] = [];
    await running.gateway.flush();
    for (const tenant of ['acme', 'globex']) {
      for (const session of await running.store.listSessions(`tenant/${tenant}`)) {
        rows.push(JSON.stringify(await running.store.loadSession(session.sessionId)));
        rows.push(JSON.stringify(await running.store.listTelemetry(session.sessionId)));
      }
    }
    rows.push(JSON.stringify(await running.store.listSessions()));
    expect(rows.join('').length).toBeGreaterThan(1000);
    // The database files themselves (the SQLite file and its WAL), byte for byte.
    const files = readdirSync(running.folder).map((name) =>
      readFileSync(`${running?.folder}/${name}`).toString('latin1'),
    );
    // The key's secret part on its own: everything after `sk-strata-<id>-` (base64url, so it may hold '-' itself;
    // its last '-' segment alone is short when it does, and empty, matching every text, when it ends in '-').
    const acmeSecret = acme.key.split('-').slice(3).join('-');
    expect(acmeSecret.length).toBeGreaterThanOrEqual(32);
    for (const secret of [UPSTREAM_KEY, GLOBEX_KEY, acme.key, globex.key, acmeSecret]) {
      for (const text of [...answers, ...lines, metrics, ...rows, ...files])
        expect(text).not.toContain(secret);
    }
  });
});
