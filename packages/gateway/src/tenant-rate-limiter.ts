import { StrataError } from '@strata-memory/strata/errors';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** A pg `Pool` (the driver's own class: the shared limiter checks for it). */
export interface RateLimitPool {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** Options of `createTenantRateLimiter`. */
export interface TenantRateLimiterOptions {
  /** Requests per tenant per minute, by tenant. */
  limitOf(tenant: string): number;
  /**
   * With a pg Pool, one budget per tenant for every gateway process on that database: a row per tenant
   * in `strata_gateway_rate_limits`, counted by atomic upserts that each take a lease of points (see
   * `leaseSize`). Without, per process.
   */
  pool?: RateLimitPool;
  /** Points one shared upsert takes for this process (default: `defaultLeaseSize(limit)`). */
  leaseSize?: (limit: number) => number;
}

/**
 * Points a process takes from the shared count in one upsert: 1% of the limit, 1 to 64. A process then
 * answers that many requests without a round trip. Never more than the limit pass in a window (a lease
 * grants only the points the count still had); the cost is that points a process leased and did not use
 * by the window's end are lost to the tenant: at most (lease - 1) per replica, 1% of the limit each.
 * A limit under 200 per minute leases 1 point, an upsert per request as before.
 */
export function defaultLeaseSize(limit: number): number {
  return Math.max(1, Math.min(64, Math.floor(limit / 100)));
}

const TABLE = 'strata_gateway_rate_limits';
const WINDOW_SECONDS = 60;

/**
 * Per-tenant request limits over a fixed one-minute window (rate-limiter-flexible). `consume` throws
 * RATE_LIMITED with `details.retryAfterMs` when the tenant is over. With a pool the window is shared by
 * all replicas; when Postgres cannot be reached, each process counts alone until it can (an outage does
 * not turn into refused requests).
 */
export function createTenantRateLimiter(options: TenantRateLimiterOptions) {
  const limiters = new Map<string, RateLimiterMemory | RateLimiterPostgres>();
  const leaseSize = options.leaseSize ?? defaultLeaseSize;
  /** Per tenant: points leased from the shared count and not used yet, valid until `until`. */
  const leases = new Map<string, { left: number; until: number; taking: Promise<void> | undefined }>();
  let table: Promise<void> | undefined;

  const ensureTable = (pool: RateLimitPool) => {
    // CREATE TABLE IF NOT EXISTS can still fail when two processes race on a new database (23505 on
    // pg_type): the row exists then, so that error means the table does too.
    table ??= pool
      .query(
        `CREATE TABLE IF NOT EXISTS ${TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
      )
      .then(
        () => undefined,
        (error: { code?: string }) => {
          if (error.code === '23505' || error.code === '42P07') return;
          table = undefined;
          throw error;
        },
      );
    return table;
  };

  const limiterOf = (tenant: string) => {
    let limiter = limiters.get(tenant);
    if (!limiter) {
      const points = options.limitOf(tenant);
      const local = new RateLimiterMemory({ points, duration: WINDOW_SECONDS });
      limiter = options.pool
        ? new RateLimiterPostgres({
            storeClient: options.pool,
            tableName: TABLE,
            tableCreated: true,
            clearExpiredByTimeout: false,
            points,
            duration: WINDOW_SECONDS,
            keyPrefix: 'tenant',
            insuranceLimiter: local,
          })
        : local;
      limiters.set(tenant, limiter);
    }
    return limiter;
  };

  const overLimit = (tenant: string, retryAfterMs: number) =>
    new StrataError(
      'RATE_LIMITED',
      `Tenant '${tenant}' is over its rate limit. Retry after the Retry-After header's seconds.`,
      { details: { retryAfterMs } },
    );

  /** Takes a lease of points for `tenant` from the (shared) count: sets the points it grants. */
  const takeLease = async (tenant: string, lease: { left: number; until: number }) => {
    const limit = options.limitOf(tenant);
    const size = options.pool ? Math.min(leaseSize(limit), limit) : 1;
    let result: RateLimiterRes;
    try {
      result = await limiterOf(tenant).consume(tenant, size);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      result = error;
    }
    // The count went from consumedPoints - size to consumedPoints: this lease owns what was still
    // under the limit in between (all of it, part of it, or none), so the replicas together never
    // grant more than the limit.
    const before = result.consumedPoints - size;
    lease.left = Math.max(0, Math.min(size, limit - before));
    lease.until = Date.now() + result.msBeforeNext;
    return result.msBeforeNext;
  };

  return {
    /** Counts one request of `tenant`; RATE_LIMITED when it is over its limit. */
    async consume(tenant: string): Promise<void> {
      if (options.pool) {
        try {
          await ensureTable(options.pool);
        } catch {
          // No table yet (Postgres down at start): the insurance limiter below counts for now.
        }
      }
      let lease = leases.get(tenant);
      if (!lease) {
        lease = { left: 0, until: 0, taking: undefined };
        leases.set(tenant, lease);
      }
      for (;;) {
        if (lease.left > 0 && Date.now() < lease.until) {
          lease.left -= 1;
          return;
        }
        // One lease at a time per tenant: requests arriving meanwhile wait for it and share its points.
        if (lease.taking) {
          await lease.taking;
          continue;
        }
        const current = lease;
        let retryAfterMs = 0;
        const taking = takeLease(tenant, current).then((ms) => {
          retryAfterMs = ms;
        });
        current.taking = taking;
        try {
          await taking;
        } finally {
          current.taking = undefined;
        }
        if (current.left === 0) throw overLimit(tenant, retryAfterMs);
      }
    },
  };
}

/** The limiter `createTenantRateLimiter` returns. */
export type TenantRateLimiter = ReturnType<typeof createTenantRateLimiter>;
