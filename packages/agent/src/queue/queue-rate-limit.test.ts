import { join } from 'node:path';
import { type FakeModelReply, fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import { describe, expect, it } from 'vitest';
import type { PlayResult } from '../trace/decision-record.js';
import { jsonLines, setUpQueueProcessTest, spawnStrata } from './queue-test-support.js';

// An LLM-policy bench over 3 `strata worker` processes against the fake OpenAI server, with a shared
// limit of 20 requests per second: the server's own log is the judge.
const LIMIT = 20;
const { runs, directory, processes, createDatabase } = await setUpQueueProcessTest(
  'queue-rate-limit.test.ts',
  'queue_rate',
);

interface RequestBody {
  response_format?: {
    json_schema?: { name?: string; schema?: { properties?: { choice?: { enum?: number[] } } } };
  };
}

/** The most requests the log shows in any window of `windowMs` (each window starts at a request). */
function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((left, right) => left - right);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

// Skipped only when Postgres is unreachable outside CI (setUpQueueProcessTest warns with the reason); under CI=true it
// always runs, and an unreachable Postgres fails the test instead.
describe.runIf(runs)('a shared rate limit over 3 workers', () => {
  it('keeps the fake server at or under 20 requests in any second, and every run completes', async () => {
    const database = await createDatabase();
    let rateLimited = 0;
    const server = await startFakeOpenAIServer({
      handler(request, index): FakeModelReply {
        // Every 40th request is a 429: the core's retry policy backs off and sends it again.
        if (index % 40 === 39) {
          rateLimited += 1;
          return fakeReply.rateLimited(0.2);
        }
        const format = (request.body as RequestBody).response_format?.json_schema;
        if (format?.name !== 'decision') return fakeReply.json({ lessons: [] });
        const legal = format.schema?.properties?.choice?.enum ?? [0];
        return fakeReply.json({ choice: legal[0], reason: 'first legal option' });
      },
    });
    try {
      const workers = [1, 2, 3].map((index) =>
        spawnStrata([
          'worker',
          '--queue',
          database.connectionString,
          '--runs-dir',
          join(directory, `worker-${index}`),
          '--poll-interval',
          '0.5',
          '--json',
        ]),
      );
      processes.push(...workers);
      const bench = spawnStrata([
        'bench',
        '--queue',
        database.connectionString,
        '--seeds',
        '1-6',
        '--agents',
        'structured',
        '--policy',
        'llm',
        '--model',
        'fake-model',
        '--base-url',
        server.baseURL,
        '--max-steps',
        '30',
        '--requests-per-second',
        String(LIMIT),
        '--runs-dir',
        join(directory, 'collected'),
        '--json',
      ]);
      processes.push(bench);
      const finished = await bench.done;
      for (const worker of workers) worker.child.kill('SIGTERM');
      await Promise.all(workers.map((worker) => worker.done));
      expect(finished.code, finished.stderr).toBe(0);
      const collected = jsonLines<{ runs: PlayResult[]; failed: unknown[] }>(finished.stdout).at(-1);
      expect(collected?.failed).toEqual([]);
      expect(collected?.runs).toHaveLength(6);
      for (const run of collected?.runs ?? []) {
        expect(run.steps).toBe(30);
        // The model decided every move: no 429 outlasted the retries into a fallback.
        expect(run.fallbacks).toBe(0);
      }
      // Several workers did share the work (the limit was shared, not one process's own).
      const playedBy = workers.filter((worker) =>
        jsonLines<{ type: string }>(worker.output().stdout).some((event) => event.type === 'run-finished'),
      );
      expect(playedBy.length).toBeGreaterThanOrEqual(2);
      const times = server.requests.map((request) => request.receivedAt);
      expect(times.length).toBeGreaterThanOrEqual(6 * 30);
      expect(rateLimited).toBeGreaterThan(0);
      const busiest = busiestWindow(times, 1000);
      console.log(
        `queue-rate-limit: ${times.length} requests (${rateLimited} answered 429) by ${playedBy.length} workers; busiest second ${busiest} (limit ${LIMIT})`,
      );
      expect(busiest).toBeLessThanOrEqual(LIMIT);
    } finally {
      await server.close();
    }
  }, 600_000);
});
