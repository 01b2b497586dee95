import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIo } from '@strata-memory/cli-kit';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayCommands, isLoopbackHost, runServe, type ServeOptions } from './gateway-commands.js';

let folder = '';
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'strata-serve-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

async function strata(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(folder, env);
  const [command, ...rest] = argv;
  const found = createGatewayCommands(io).find((candidate) => candidate.name() === command);
  found?.exitOverride();
  for (const sub of found?.commands ?? []) sub.exitOverride();
  await found?.parseAsync(rest, { from: 'user' });
  return io;
}

const serveOptions = (upstream: string, overrides: Partial<ServeOptions> = {}): ServeOptions => ({
  port: 0 as unknown as number,
  host: '127.0.0.1',
  upstream,
  budget: 5000,
  maxTurns: 200,
  auth: true,
  bodyLimit: 1_000_000,
  rateLimit: 600,
  upstreamTimeout: 5000,
  logLevel: 'silent',
  json: true,
  store: 'sqlite',
  db: 'gateway.db',
  ...overrides,
});

describe('strata serve and strata keys', () => {
  it('knows loopback hosts', () => {
    expect(['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', '::', 'example.com'].some(isLoopbackHost)).toBe(false);
  });

  it('refuses to start without keys unless --no-auth, and refuses --no-auth on a non-loopback host', async () => {
    await expect(runServe(serveOptions('http://127.0.0.1:9/v1'), captureIo(folder))).rejects.toThrow(
      /No API keys.*strata keys create --tenant/,
    );
    await expect(
      runServe(serveOptions('http://127.0.0.1:9/v1', { auth: false, host: '0.0.0.0' }), captureIo(folder)),
    ).rejects.toThrow(/--no-auth is refused on the non-loopback host '0.0.0.0'/);
  });

  it('creates a key shown once (only its hash stored), serves requests with it, lists and revokes it', async () => {
    const created = await strata(['keys', 'create', '--tenant', 'acme', '--db', 'gateway.db', '--json']);
    const { key, keyId, tenant } = JSON.parse(created.output()) as {
      key: string;
      keyId: string;
      tenant: string;
    };
    expect(tenant).toBe('acme');
    expect(key).toMatch(/^sk-strata-[0-9a-f]{12}-/);
    const listed = await strata(['keys', 'list', '--db', 'gateway.db', '--json']);
    expect(listed.output()).not.toContain(key.split('-').slice(3).join('-'));
    expect(JSON.parse(listed.output())).toEqual([{ keyId, tenant: 'acme', createdAt: expect.any(Number) }]);

    const upstream = await startFakeOpenAIServer({ handler: () => fakeReply.text('served') });
    // A stand-in OTLP/HTTP collector: what the exporter sends is the JSON it received.
    const exported: string[] = [];
    const collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        exported.push(`${request.method} ${request.url} ${body}`);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectorPort = (collector.address() as AddressInfo).port;
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const io = captureIo(folder, { OPENAI_API_KEY: 'sk-upstream-from-env' });
    const serving = runServe(
      serveOptions(upstream.baseURL, { otlpEndpoint: `http://127.0.0.1:${collectorPort}/v1/traces` }),
      io,
      stopped,
    );
    try {
      let line = '';
      for (let wait = 0; wait < 200 && line === ''; wait += 1) {
        line = io.output().split('\n')[0] ?? '';
        if (line === '') await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const { baseURL } = JSON.parse(line) as { baseURL: string };
      const client = new OpenAI({ baseURL, apiKey: key, maxRetries: 0 });
      const reply = await client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(reply.choices[0]?.message.content).toBe('served');
      expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-upstream-from-env');
      const models = await client.models.list();
      expect(models.data.map((model) => model.id)).toEqual(['fake-model']);
    } finally {
      stop();
      await serving;
      await upstream.close();
      await new Promise((resolve) => collector.close(resolve));
    }
    // Shutdown flushed the spans: the GenAI span reached the collector, with no key in it.
    const traces = exported.join('\n');
    expect(traces).toContain('POST /v1/traces');
    expect(traces).toContain('gen_ai.operation.name');
    expect(traces).toContain('strata-gateway');
    for (const secret of [key, key.split('-').slice(3).join('-'), 'sk-upstream-from-env'])
      expect(traces).not.toContain(secret);
    const revoked = await strata(['keys', 'revoke', keyId, '--db', 'gateway.db', '--json']);
    expect(JSON.parse(revoked.output())).toMatchObject({
      keyId,
      tenant: 'acme',
      revokedAt: expect.any(Number),
    });
    // With its only key revoked, the server refuses to start again.
    await expect(runServe(serveOptions('http://127.0.0.1:9/v1'), captureIo(folder))).rejects.toThrow(
      /No API keys/,
    );
  });
});
