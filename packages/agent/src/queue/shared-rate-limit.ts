import { setTimeout as sleep } from 'node:timers/promises';
import { StrataError } from '@strata-memory/strata';
import type { Pool } from 'pg';

/** At most `requests` requests and `tokens` tokens (prompt + output) in any `windowMs`. */
export interface RateLimit {
  windowMs: number;
  requests?: number;
  tokens?: number;
}

export interface RateLimitGrant {
  /** The request's row in the shared log; output tokens are added to it once known. */
  id: string;
  /** When it was granted, on the database's clock (the time the windows are counted in). */
  at: Date;
  /** Time spent waiting for the grant, ms. */
  waitedMs: number;
}

/** A limit shared by every process that uses the same Postgres and key. */
export interface SharedRateLimiter {
  acquire(
    key: string,
    tokens: number,
    limits: readonly RateLimit[],
    signal?: AbortSignal,
  ): Promise<RateLimitGrant>;
  addTokens(grant: RateLimitGrant, tokens: number): Promise<void>;
}

export interface SharedRateLimiterOptions {
  /**
   * Added to every window (default 100 ms): a grant is taken a moment before the provider sees the
   * request, and that moment varies, so a limiter that packed requests exactly into `windowMs` could
   * show the provider one more than the limit in some window of its own clock.
   */
  marginMs?: number;
}

/**
 * A sliding-window log in Postgres: one row per granted request, checked and appended under a
 * transaction-scoped advisory lock on the key, on the database's clock (so machines with skewed
 * clocks still agree). Written here rather than taken from rate-limiter-flexible: its Postgres
 * limiter counts fixed windows, which admit up to twice the limit across a window boundary, and it
 * has no way to charge a request's output tokens after the response.
 */
export function createSharedRateLimiter(
  pool: Pool,
  options: SharedRateLimiterOptions = {},
): SharedRateLimiter {
  const marginMs = options.marginMs ?? 100;
  return {
    async acquire(key, tokens, limits, signal) {
      const started = performance.now();
      for (const limit of limits) validateLimit(limit);
      if (limits.length === 0) return { id: '0', at: new Date(), waitedMs: 0 };
      const horizonMs = Math.max(...limits.map((limit) => limit.windowMs)) + marginMs;
      for (;;) {
        if (signal?.aborted) throw signal.reason ?? new Error('aborted');
        const client = await pool.connect();
        let waitMs = 0;
        try {
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
          const clock = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
          const now = (clock.rows[0] as { now: Date }).now.getTime();
          await client.query('DELETE FROM strata_rate_event WHERE key = $1 AND at < $2', [
            key,
            new Date(now - horizonMs),
          ]);
          const log = await client.query<{ at: Date; tokens: number }>(
            'SELECT at, tokens FROM strata_rate_event WHERE key = $1 ORDER BY at',
            [key],
          );
          const events = log.rows.map((row) => ({ at: row.at.getTime(), tokens: row.tokens }));
          for (const limit of limits)
            waitMs = Math.max(waitMs, waitFor(limit, events, now, tokens, marginMs));
          if (waitMs <= 0) {
            const inserted = await client.query<{ id: string }>(
              'INSERT INTO strata_rate_event (key, at, tokens) VALUES ($1, $2, $3) RETURNING id',
              [key, new Date(now), tokens],
            );
            await client.query('COMMIT');
            return {
              id: String((inserted.rows[0] as { id: string }).id),
              at: new Date(now),
              waitedMs: Math.round(performance.now() - started),
            };
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
        // The log only grows while we wait, so this is the earliest moment a grant can be possible.
        await sleep(Math.min(waitMs + 1, 10_000), undefined, signal ? { signal } : {});
      }
    },
    async addTokens(grant, tokens) {
      if (grant.id === '0' || !(tokens > 0)) return;
      await pool.query('UPDATE strata_rate_event SET tokens = tokens + $2 WHERE id = $1', [
        grant.id,
        Math.round(tokens),
      ]);
    },
  };
}

function validateLimit(limit: RateLimit): void {
  const positive = (value: number | undefined) =>
    value === undefined || (Number.isFinite(value) && value > 0);
  if (!(limit.windowMs > 0) || !positive(limit.requests) || !positive(limit.tokens)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `A rate limit needs a positive window and positive counts; got ${JSON.stringify(limit)}.`,
    );
  }
}

/** Milliseconds until a request of `tokens` fits `limit`, given the log (oldest first); 0 = now. */
function waitFor(
  limit: RateLimit,
  events: ReadonlyArray<{ at: number; tokens: number }>,
  now: number,
  tokens: number,
  marginMs: number,
): number {
  const window = limit.windowMs + marginMs;
  const inWindow = events.filter((event) => event.at > now - window);
  let wait = 0;
  if (limit.requests !== undefined && inWindow.length + 1 > limit.requests) {
    // The oldest events that must leave the window before one more request fits.
    const leaving = inWindow[inWindow.length + 1 - limit.requests - 1];
    if (leaving) wait = Math.max(wait, leaving.at + window - now);
  }
  if (limit.tokens !== undefined) {
    let used = inWindow.reduce((sum, event) => sum + event.tokens, 0);
    if (used + tokens > limit.tokens) {
      // A request larger than the whole limit goes alone, once the window is empty.
      const target = Math.max(0, limit.tokens - tokens);
      for (const event of inWindow) {
        used -= event.tokens;
        if (used <= target) {
          wait = Math.max(wait, event.at + window - now);
          break;
        }
      }
    }
  }
  return wait;
}
