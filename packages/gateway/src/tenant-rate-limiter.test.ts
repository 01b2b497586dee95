import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTenantRateLimiter, defaultLeaseSize } from './tenant-rate-limiter.js';
import { createDatabase, postgresUnavailable } from './testing/test-postgres.js';

const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);
// Skipped only when Postgres is unreachable outside CI (the warning above says so and why); under
// CI=true it always runs, and an unreachable Postgres fails the test instead.
const withPostgres = unavailable === undefined || process.env.CI === 'true' ? it : it.skip;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A pool on a fresh database that counts the statements sent through it. */
async function countingPool() {
  const database = await createDatabase('ratelimit_lease');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  cleanups.push(() => database.drop());
  cleanups.push(() => pool.end());
  const counted = { statements: 0 };
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
    counted.statements += 1;
    return query(...args);
  };
  return { pool, counted };
}

async function outcomes(consume: () => Promise<void>, count: number) {
  const results = await Promise.allSettled(Array.from({ length: count }, consume));
  return {
    passed: results.filter((result) => result.status === 'fulfilled').length,
    limited: results.filter(
      (result) =>
        result.status === 'rejected' && (result.reason as { code?: string }).code === 'RATE_LIMITED',
    ).length,
  };
}

describe('tenant rate limiter', () => {
  it('leases 1% of the limit per shared upsert, 1 to 64 points', () => {
    expect(defaultLeaseSize(10)).toBe(1);
    expect(defaultLeaseSize(600)).toBe(6);
    expect(defaultLeaseSize(1_000_000)).toBe(64);
  });

  withPostgres('answers most requests of a high limit without a round trip', async () => {
    if (unavailable) throw new Error(unavailable);
    const { pool, counted } = await countingPool();
    const limiter = createTenantRateLimiter({ limitOf: () => 1_000_000, pool });
    await limiter.consume('acme');
    const before = counted.statements;
    const { passed } = await outcomes(() => limiter.consume('acme'), 640);
    expect(passed).toBe(640);
    // 64 points a lease: 640 requests after the first take 10 more upserts, not 640.
    expect(counted.statements - before).toBeLessThanOrEqual(11);
  });

  withPostgres(
    'never lets more than the limit pass over several replicas, and loses at most a lease each',
    async () => {
      if (unavailable) throw new Error(unavailable);
      const { pool, counted } = await countingPool();
      // 3 replicas on one table; 500 per minute leases 5 points per upsert.
      const replicas = Array.from({ length: 3 }, () => createTenantRateLimiter({ limitOf: () => 500, pool }));
      const results = await Promise.all(
        replicas.map((replica) => outcomes(() => replica.consume('acme'), 250)),
      );
      const passed = results.reduce((sum, result) => sum + result.passed, 0);
      const limited = results.reduce((sum, result) => sum + result.limited, 0);
      expect(passed + limited).toBe(750);
      expect(passed).toBeLessThanOrEqual(500);
      expect(passed).toBeGreaterThanOrEqual(500 - 3 * 4);
      // Another tenant has its own count.
      await expect(replicas[0]?.consume('globex')).resolves.toBeUndefined();
      expect(counted.statements).toBeLessThan(750);
    },
  );
});
