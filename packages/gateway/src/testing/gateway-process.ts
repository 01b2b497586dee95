// Test support (not built): one gateway process for the replica, SIGKILL and Postgres-restart tests.
// Env: UPSTREAM (base URL), STORE (sqlite|postgres), DB (file) or DATABASE_URL, BUDGET, AUTH=1 (the store's API
// keys; default: no auth). Prints {"url"} once listening.
import { createTiktokenTokenizer, type MemoryStore } from '@strata-memory/strata';
import { createGateway } from '../create-gateway.js';
import { createGatewayTimings } from './gateway-timings.js';

// GATEWAY_TIMINGS=1: the store, the rate-limit pool and the requests are timed (GET /debug/timings).
const timings = process.env.GATEWAY_TIMINGS === '1' ? createGatewayTimings() : undefined;

const storeKind = process.env.STORE ?? 'sqlite';
let store: MemoryStore;
let ownedPool: { end(): Promise<void> } | undefined;
let rateLimitPool: { query(text: string): Promise<unknown>; end(): Promise<void> } | undefined;
if (storeKind === 'postgres') {
  const { createPostgresStore } = await import('@strata-memory/strata/postgres');
  const { default: pg } = await import('pg');
  // Timed: the store's own pool (as the store would make it), so its waits for a connection show.
  const storePool = timings
    ? timings.connections(
        new pg.Pool({
          connectionString: process.env.DATABASE_URL ?? '',
          max: 4,
          connectionTimeoutMillis: 5000,
        }),
      )
    : undefined;
  storePool?.on('error', () => undefined);
  ownedPool = storePool;
  store = createPostgresStore(
    storePool ? { pool: storePool } : { connectionString: process.env.DATABASE_URL ?? '', maxConnections: 4 },
  );
  // As strata serve --store postgres does: one rate limit budget per tenant for all replicas.
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL ?? '',
    max: 2,
    options: '-c synchronous_commit=off',
  });
  // An idle connection ended by the server (a restart, pg_terminate_backend) must not end the process.
  pool.on('error', () => undefined);
  rateLimitPool = timings ? timings.pool(pool) : pool;
} else {
  const { createSqliteStore } = await import('@strata-memory/strata/sqlite');
  store = createSqliteStore({ path: process.env.DB ?? '.strata/gateway-test.db' });
}
await store.open();
const gateway = createGateway({
  upstream: process.env.UPSTREAM ?? '',
  upstreamApiKey: 'sk-upstream-process',
  store: timings ? timings.store(store) : store,
  auth: process.env.AUTH === '1',
  budget: Number(process.env.BUDGET ?? 5000),
  tokenizer: createTiktokenTokenizer('o200k_base'),
  upstreamInitialDelayMs: 20,
  rateLimitPerMinute: 1_000_000,
  ...(rateLimitPool ? { rateLimitPool } : {}),
});
if (timings) timings.register(gateway.app);
const url = await gateway.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.stdout.write(`${JSON.stringify({ url, pid: process.pid })}\n`);
process.once('SIGTERM', async () => {
  await gateway.close();
  await rateLimitPool?.end();
  await store.close();
  await ownedPool?.end();
  process.exit(0);
});
