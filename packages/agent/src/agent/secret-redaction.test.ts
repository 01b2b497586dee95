import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../trace/decision-record.js';
import { playRun } from './play-run.js';

const API_KEY = 'sk-test-echoed-4f9c2a7d1e';
const ENV_SECRET = 'sk-ant-env-secret-8b3e5f';
const directory = mkdtempSync(join(tmpdir(), 'agentic-sts-secrets-'));
const previousEnv = process.env.ANTHROPIC_API_KEY;
process.env.ANTHROPIC_API_KEY = ENV_SECRET;
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
  if (previousEnv === undefined) delete process.env.ANTHROPIC_API_KEY;
  else process.env.ANTHROPIC_API_KEY = previousEnv;
});

interface RequestBody {
  response_format?: {
    json_schema?: { name?: string; schema?: { properties?: { choice?: { enum?: number[] } } } };
  };
}

describe('--save-prompts against a server that echoes the API key', () => {
  it('keeps the key in use and the environment keys out of records, the result and the store', async () => {
    let count = 0;
    const server = await startFakeOpenAIServer({
      handler(request) {
        const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        const format = (request.body as RequestBody).response_format?.json_schema;
        if (format?.name !== 'decision') return fakeReply.json({ lessons: [] });
        count += 1;
        const legal = format.schema?.properties?.choice?.enum ?? [0];
        // Garbage that echoes the key (it is sent back in the repair turn), a 500 naming both
        // secrets, and valid answers whose reason and note carry them.
        if (count % 5 === 1) return fakeReply.text(`your key is ${key}`);
        if (count % 5 === 2) return fakeReply.error(500, `upstream rejected ${key} and ${ENV_SECRET}`);
        return fakeReply.json({
          choice: legal[0],
          reason: `echo ${key}`,
          note: { scope: 'run', text: `remember ${key} / ${ENV_SECRET}` },
        });
      },
    });
    const records: DecisionRecord[] = [];
    const dbFile = join(directory, 'store.db');
    const store = createSqliteStore({ path: dbFile });
    let result: unknown;
    try {
      result = await playRun({
        ruleset: 'sts1',
        agent: 'structured',
        seed: 2,
        policy: 'llm',
        model: 'fake-model',
        baseUrl: server.baseURL,
        apiKey: API_KEY,
        maxRetries: 0,
        initialDelayMs: 1,
        maxSteps: 25,
        maxConsecutiveFallbacks: 25,
        savePrompts: true,
        store,
        onDecision: (record) => records.push(structuredClone(record)),
      });
    } finally {
      await store.close();
      await server.close();
    }
    // The server did see and echo the key, so the test can fail.
    expect(server.requests.some((request) => request.headers.authorization === `Bearer ${API_KEY}`)).toBe(
      true,
    );
    const written = JSON.stringify(records);
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(API_KEY);
    expect(written).not.toContain(ENV_SECRET);
    expect(JSON.stringify(result)).not.toContain(API_KEY);
    expect(JSON.stringify(result)).not.toContain(ENV_SECRET);
    const storeBytes = [dbFile, `${dbFile}-wal`]
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('');
    expect(storeBytes.length).toBeGreaterThan(0);
    expect(storeBytes).not.toContain(API_KEY);
    expect(storeBytes).not.toContain(ENV_SECRET);
  });

  it('scrubs the error that stops the run, when the server quotes a secret in it', async () => {
    const server = await startFakeOpenAIServer({
      handler: () => fakeReply.error(401, `bad key; also saw ${ENV_SECRET}`),
    });
    try {
      const error = await playRun({
        ruleset: 'sts1',
        policy: 'llm',
        model: 'fake-model',
        baseUrl: server.baseURL,
        apiKey: API_KEY,
        maxSteps: 5,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain('401');
      expect((error as Error).message).not.toContain(ENV_SECRET);
      expect((error as Error).stack ?? '').not.toContain(ENV_SECRET);
    } finally {
      await server.close();
    }
  });
});
