import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTiktokenTokenizer, type MemoryStore } from '@strata-memory/strata';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import {
  type FakeModelServer,
  type FakeModelServerOptions,
  startFakeOpenAIServer,
} from '@strata-memory/strata/testing';
import { createGateway, type Gateway, type GatewayOptions } from '../create-gateway.js';

// Test support (not built): a fake OpenAI-compatible upstream and a gateway in front of it on 127.0.0.1.

export const tokenizer = createTiktokenTokenizer('o200k_base');

export interface TestGateway {
  gateway: Gateway;
  upstream: FakeModelServer;
  store: MemoryStore;
  /** http://127.0.0.1:<port>/v1, the base URL an OpenAI client takes. */
  baseURL: string;
  url: string;
  /** The folder holding the SQLite file. */
  folder: string;
  close(): Promise<void>;
}

export async function startTestGateway(
  upstreamOptions: FakeModelServerOptions,
  options: Partial<GatewayOptions> = {},
): Promise<TestGateway> {
  const upstream = await startFakeOpenAIServer({ tokenizer, ...upstreamOptions });
  const folder = mkdtempSync(join(tmpdir(), 'strata-gateway-'));
  const store = options.store ?? createSqliteStore({ path: join(folder, 'gateway.db') });
  await store.open();
  const gateway = createGateway({
    upstream: upstream.baseURL,
    upstreamApiKey: 'sk-upstream-test',
    store,
    tokenizer,
    auth: false,
    upstreamInitialDelayMs: 10,
    ...options,
  });
  const url = await gateway.listen(0, '127.0.0.1');
  return {
    gateway,
    upstream,
    store,
    url,
    folder,
    baseURL: `${url}/v1`,
    async close() {
      await gateway.close().catch(() => undefined);
      await upstream.close();
      if (!options.store) await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
