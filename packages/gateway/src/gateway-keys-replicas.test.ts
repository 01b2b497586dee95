import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryStore } from '@strata-memory/strata';
import { createPostgresStore } from '@strata-memory/strata/postgres';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { type FakeModelServer, fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiKeys } from './api-keys.js';
import { createGateway, type Gateway } from './create-gateway.js';
import { tokenizer } from './testing/start-test-gateway.js';
import { createDatabase, postgresUnavailable } from './testing/test-postgres.js';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);
// Skipped only when Postgres is unreachable outside CI (the warning above says so and why); under
// CI=true it always runs, and an unreachable Postgres fails the test instead.
const withPostgres = unavailable === undefined || process.env.CI === 'true' ? it : it.skip;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function replicas(
  stores: MemoryStore[],
  options: Partial<Parameters<typeof createGateway>[0]>[] = [],
): Promise<{ urls: string[]; gateways: Gateway[]; upstream: FakeModelServer }> {
  const upstream = await startFakeOpenAIServer({ handler: () => fakeReply.text('ok') });
  cleanups.push(() => upstream.close());
  const gateways: Gateway[] = [];
  const urls: string[] = [];
  for (const [index, store] of stores.entries()) {
    const gateway = createGateway({
      upstream: upstream.baseURL,
      upstreamApiKey: 'sk-upstream-test',
      store,
      tokenizer,
      ...options[index],
    });
    urls.push(await gateway.listen(0, '127.0.0.1'));
    gateways.push(gateway);
    cleanups.push(() => gateway.close());
  }
  return { urls, gateways, upstream };
}

const ask = (url: string, key: string) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  });

async function sqliteStores(count: number): Promise<{ stores: MemoryStore[]; cli: MemoryStore }> {
  const folder = mkdtempSync(join(tmpdir(), 'strata-keys-'));
  const open = async () => {
    const store = createSqliteStore({ path: join(folder, 'gateway.db') });
    await store.open();
    cleanups.push(() => store.close());
    return store;
  };
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  const cli = await open();
  const stores: MemoryStore[] = [];
  for (let index = 0; index < count; index += 1) stores.push(await open());
  return { stores, cli };
}

describe('strata serve replicas: keys and rate limits', () => {
  it('stops accepting a key revoked by strata keys revoke on every replica at their next revocation check', async () => {
    const { stores, cli } = await sqliteStores(2);
    const { key, keyId } = await createApiKeys(cli).create('acme');
    // Checks only when told (a poll far in the future): the bound is the check, not the 30 s cache.
    const { urls, gateways } = await replicas(stores, [
      { revocationPollMs: 3_600_000 },
      { revocationPollMs: 3_600_000 },
    ]);
    for (const url of urls) expect((await ask(url, key)).status).toBe(200);
    // Another process (the CLI) revokes it; until a replica checks, its cache still trusts the key.
    await createApiKeys(cli).revoke(keyId);
    expect((await ask(urls[0] ?? '', key)).status).toBe(200);
    for (const gateway of gateways) await gateway.keys.refresh();
    for (const url of urls) {
      const refused = await ask(url, key);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('AUTH_INVALID');
    }
  });

  it('checks for revocations on its own every revocationPollMs', async () => {
    const { stores, cli } = await sqliteStores(2);
    const { key, keyId } = await createApiKeys(cli).create('acme');
    const { urls } = await replicas(stores, [{ revocationPollMs: 50 }, { revocationPollMs: 50 }]);
    for (const url of urls) expect((await ask(url, key)).status).toBe(200);
    await createApiKeys(cli).revoke(keyId);
    // Liveness, not speed: each replica refuses the key once its timer has run (bounded wait).
    for (const url of urls) {
      let status = 200;
      for (let wait = 0; wait < 400 && status === 200; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await ask(url, key)).status;
      }
      expect(status).toBe(401);
    }
  });

  withPostgres('shares one rate limit per tenant across replicas on one Postgres', async () => {
    if (unavailable) throw new Error(unavailable);
    const database = await createDatabase('ratelimit');
    cleanups.push(() => database.drop());
    const stores: MemoryStore[] = [];
    const pools: pg.Pool[] = [];
    for (let index = 0; index < 3; index += 1) {
      const store = createPostgresStore({ connectionString: database.url, maxConnections: 2 });
      await store.open();
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      // As `strata serve` sets its rate-limit pool up (gateway-commands.ts): an idle client the server ends
      // (here: the database dropped at cleanup) is an 'error' event, which without a listener crashes the
      // process (a clean-clone CI run saw 57P01 as an unhandled error after this test).
      pool.on('error', () => undefined);
      cleanups.push(() => store.close());
      cleanups.push(() => pool.end());
      stores.push(store);
      pools.push(pool);
    }
    const [cli, ...served] = stores as [MemoryStore, ...MemoryStore[]];
    const acme = await createApiKeys(cli).create('acme');
    const globex = await createApiKeys(cli).create('globex');
    const { urls, upstream } = await replicas(
      served,
      served.map((_, index) => ({ rateLimitPerMinute: 10, rateLimitPool: pools[index + 1] as pg.Pool })),
    );
    // 30 requests of one tenant spread over both replicas, some at once: 10 pass in all, not 10 each.
    const statuses: number[] = [];
    const retryAfter: string[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) => ask(urls[(batch + index) % 2] ?? '', acme.key)),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) retryAfter.push(answer.headers.get('retry-after') ?? '');
        await answer.text();
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(retryAfter.every((value) => Number(value) >= 1)).toBe(true);
    expect(upstream.requests).toHaveLength(10);
    // Another tenant has its own budget.
    expect((await ask(urls[1] ?? '', globex.key)).status).toBe(200);
  });
});
