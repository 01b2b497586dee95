import { describe, expect, it } from 'vitest';
import { StrataError } from '../errors/strata-error.js';
import { backoffDelay, isRetryableStatus, parseRetryAfter, runWithRetries } from './retry-policy.js';

const headers = (values: Record<string, string>) => new Headers(values);

describe('parseRetryAfter', () => {
  it('reads seconds, fractions and milliseconds, preferring retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(headers({ 'retry-after': '0.25' }))).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '40', 'retry-after': '9' }))).toBe(40);
  });

  it('reads an HTTP date as the time until then', () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    const wait = parseRetryAfter(headers({ 'retry-after': inFiveSeconds }));
    // HTTP dates have whole-second precision.
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(5000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }))).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(headers({}))).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': '-3' }))).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('isRetryableStatus', () => {
  it('retries 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 502, 503, 529].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe('runWithRetries', () => {
  const retryable = () => ({
    retryable: true,
    error: new StrataError('MODEL_API_ERROR', 'busy', { isRetryable: true }),
  });

  it('backs off exponentially with jitter between half and all of the delay, capped', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 100, 10_000, 0))).toEqual([50, 100, 200, 400]);
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 100, 10_000, 1))).toEqual([
      100, 200, 400, 800,
    ]);
    expect(backoffDelay(20, 100, 3000, 1)).toBe(3000);
  });

  it('retries until maxRetries, waiting between attempts', async () => {
    const times: number[] = [];
    await expect(
      runWithRetries(
        async () => {
          times.push(Date.now());
          throw new Error('busy');
        },
        retryable,
        { maxRetries: 3, initialDelayMs: 40, random: () => 0 },
      ),
    ).rejects.toThrow(/Gave up after 4 attempts/);
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    // random() = 0 gives half of 40, 80, 160; timers never fire early.
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(79);
  });

  it('caps a server-requested wait at maxDelayMs', async () => {
    const started = Date.now();
    let calls = 0;
    const result = await runWithRetries(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('rate limited');
        return 'done';
      },
      () => ({ ...retryable(), retryAfterMs: 60_000 }),
      { maxDelayMs: 50 },
    );
    expect(result).toBe('done');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('does not retry a non-retryable failure', async () => {
    let calls = 0;
    await expect(
      runWithRetries(
        async () => {
          calls += 1;
          throw new Error('bad request');
        },
        () => ({ retryable: false, error: new StrataError('MODEL_API_ERROR', 'bad request') }),
      ),
    ).rejects.toThrow('bad request');
    expect(calls).toBe(1);
  });
});
