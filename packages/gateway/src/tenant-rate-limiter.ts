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
   * in `strata_gateway_rate_limits`, counted by one atomic upsert per request. Without, per process.
   */
  pool?: RateLimitPool;
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
      try {
        await limiterOf(tenant).consume(tenant);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        throw new StrataError(
          'RATE_LIMITED',
          `Tenant '${tenant}' is over its rate limit. Retry after the Retry-After header's seconds.`,
          { details: { retryAfterMs: error.msBeforeNext } },
        );
      }
    },
  };
}

/** The limiter `createTenantRateLimiter` returns. */
export type TenantRateLimiter = ReturnType<typeof createTenantRateLimiter>;
