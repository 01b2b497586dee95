import { describe, expect, it } from 'vitest';
import { runGatewayBench } from '../bench/gateway.bench.js';
import { runProxyFloor } from '../bench/proxy-floor.js';
import { postgresUnavailable } from './testing/test-postgres.js';

// The small real version of `npm run bench -- gateway`: behaviour only (nothing lost), never time.
const unavailable = await postgresUnavailable();
if (unavailable) console.warn(unavailable);
// Skipped only when Postgres is unreachable outside CI (the warning above says so and why); under
// CI=true it always runs, and an unreachable Postgres fails the test instead.
const run = unavailable === undefined || process.env.CI === 'true' ? describe : describe.skip;

run('npm run bench -- gateway, small', () => {
  it('drives concurrent paced sessions through two gateway processes on one Postgres: no lost turn or state update', async () => {
    if (unavailable) throw new Error(unavailable);
    const result = await runGatewayBench({ sessions: 8, turns: 6, processes: 2, rate: 0 }, () => {});
    expect(result.requests).toBe(48);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.lostTurns).toBe(0);
    expect(result.lostStateUpdates).toBe(0);
    // Sessions really are multi-turn (24 requests over 4 connections per process: some connection makes
    // at least 6, its first session all 6 turns), so the state update of turn 5 was checked.
    expect(result.longestSession).toBe(6);
    expect(result.stateUpdatesChecked).toBeGreaterThan(0);
  });

  it("measures the bench's floor: paced sessions through bare proxies, with and without a Postgres write per turn, one by one or committed together", async () => {
    if (unavailable) throw new Error(unavailable);
    const rows = await runProxyFloor({ sessions: 4, turns: 3, processes: 2, rate: 0, warmupSessions: 0 });
    expect(rows.map((row) => row.path)).toEqual([
      'fake upstream directly',
      '2 bare proxies (Fastify + node:http)',
      '2 bare proxies + 1 Postgres INSERT per turn',
      '2 bare proxies + concurrent turns committed together',
    ]);
    for (const row of rows) {
      expect(row.requests).toBe(12);
      expect(row.non2xx + row.errors).toBe(0);
    }
    // Both Postgres paths wrote every turn (warm-up sessions count too; there were none).
    expect(rows[2]?.turnsStored).toBe(12);
    expect(rows[3]?.turnsStored).toBe(12);
  });
});
