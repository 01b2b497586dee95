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
  /** The request's row in the shared log. */
  id: string;
  /** When it was granted, on the database's clock (the clock the windows are counted on). */
  at: Date;
  /** Time spent waiting for the grant, ms. */
  waitedMs: number;
}

/** A limit shared by every process that uses the same Postgres and key. */
export interface SharedRateLimiter {
  /** Waits until one more request of `tokens` prompt tokens fits every limit, and takes it. */
  acquire(
    key: string,
    tokens: number,
    limits: readonly RateLimit[],
    signal?: AbortSignal,
  ): Promise<RateLimitGrant>;
  /** The request's reply (or failure) has arrived: its interval ends; its output tokens are charged. */
  release(grant: RateLimitGrant, outputTokens?: number): Promise<void>;
}

export interface SharedRateLimiterOptions {
  /** A request never released (its process died) counts as in flight this long (default 120,000 ms). */
  inFlightCapMs?: number;
}

/**
 * A sliding-window log in Postgres, checked and appended under a transaction-scoped advisory lock on
 * the key, on the database's clock (machines with skewed clocks still agree). Each request is logged
 * as the interval from its grant to its release (the reply's arrival), and a new request is granted
 * only while fewer than the limit of logged intervals end within the last window. The provider sees
 * each request inside its interval, so in any window of the provider's own clock it sees at most the
 * limit, whatever the delays between grant, send and arrival.
 *
 * Written here rather than taken from rate-limiter-flexible: its Postgres limiter counts fixed
 * windows, which admit up to twice the limit across a window boundary, it cannot charge a reply's
 * output tokens after the fact, and it counts a request at its grant only (so a request delayed on
 * its way can land in the provider's next window beside a full one).
 */
export function createSharedRateLimiter(
  pool: Pool,
  options: SharedRateLimiterOptions = {},
): SharedRateLimiter {
  const capMs = options.inFlightCapMs ?? 120_000;
  return {
    async acquire(key, tokens, limits, signal) {
      const started = performance.now();
      for (const limit of limits) validateLimit(limit);
      if (limits.length === 0) return { id: '0', at: new Date(), waitedMs: 0 };
      const horizonMs = Math.max(...limits.map((limit) => limit.windowMs));
      for (;;) {
        if (signal?.aborted) throw signal.reason ?? new Error('aborted');
        const client = await pool.connect();
        let waitMs = 0;
        try {
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
          const clock = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
          const now = (clock.rows[0] as { now: Date }).now.getTime();
          await client.query(
            `DELETE FROM strata_rate_event WHERE key = $1
               AND COALESCE(ended_at, at + $3::integer * interval '1 millisecond') < $2`,
            [key, new Date(now - horizonMs), capMs],
          );
          const log = await client.query<{ at: Date; endedAt: Date | null; tokens: number }>(
            'SELECT at, ended_at AS "endedAt", tokens FROM strata_rate_event WHERE key = $1',
            [key],
          );
          const events = log.rows.map((row) => ({
            // Unreleased: in flight, so it ends in the future, unless its cap has passed.
            end:
              row.endedAt === null
                ? row.at.getTime() + capMs > now
                  ? Number.POSITIVE_INFINITY
                  : row.at.getTime() + capMs
                : row.endedAt.getTime(),
            tokens: row.tokens,
          }));
          for (const limit of limits) waitMs = Math.max(waitMs, waitFor(limit, events, now, tokens));
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
        await sleep(Math.min(waitMs + 1, 10_000), undefined, signal ? { signal } : {});
      }
    },
    async release(grant, outputTokens = 0) {
      if (grant.id === '0') return;
      await pool.query(
        'UPDATE strata_rate_event SET ended_at = clock_timestamp(), tokens = tokens + $2 WHERE id = $1',
        [grant.id, Math.max(0, Math.round(outputTokens))],
      );
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

/** How long to wait when the request that must leave the window is still in flight. */
function inFlightPollMs(limit: RateLimit): number {
  return Math.max(5, Math.min(100, limit.windowMs / 50));
}

/** Milliseconds until a request of `tokens` fits `limit`, given the logged intervals' ends; 0 = now. */
function waitFor(
  limit: RateLimit,
  events: ReadonlyArray<{ end: number; tokens: number }>,
  now: number,
  tokens: number,
): number {
  // Intervals that end within the last window count; the earliest-ending leave it first.
  const inWindow = events.filter((event) => event.end > now - limit.windowMs).sort((a, b) => a.end - b.end);
  const untilGone = (event: { end: number }) =>
    Number.isFinite(event.end) ? event.end + limit.windowMs - now : inFlightPollMs(limit);
  let wait = 0;
  if (limit.requests !== undefined && inWindow.length + 1 > limit.requests) {
    const leaving = inWindow[inWindow.length - limit.requests];
    if (leaving) wait = Math.max(wait, untilGone(leaving));
  }
  if (limit.tokens !== undefined) {
    let used = inWindow.reduce((sum, event) => sum + event.tokens, 0);
    if (used + tokens > limit.tokens) {
      // A request larger than the whole limit goes alone, once the window is empty.
      const target = Math.max(0, limit.tokens - tokens);
      for (const event of inWindow) {
        used -= event.tokens;
        if (used <= target) {
          wait = Math.max(wait, untilGone(event));
          break;
        }
      }
    }
  }
  return wait;
}
