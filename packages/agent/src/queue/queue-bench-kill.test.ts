import { describe, expect, it } from 'vitest';
import { comparableResult, playKilledBench } from './queue-kill-scenario.js';
import { setUpQueueProcessTest } from './queue-test-support.js';

// 3 `strata worker` processes and one Postgres; `strata bench --queue` over seeds 1-SEEDS and two
// agents; one worker SIGKILLed in the middle of a run. npm test plays 3 seeds (about 2 minutes on the
// loaded 2-core machine); `npm run bench -- queue` plays the full 1-24 with the same checks.
const SEEDS = 3;
const { runs, directory, processes, createDatabase } = await setUpQueueProcessTest(
  'queue-bench-kill.test.ts',
  'queue_kill',
);

// Skipped only when Postgres is unreachable outside CI (setUpQueueProcessTest warns with the reason); under CI=true it
// always runs, and an unreachable Postgres fails the test instead.
describe.runIf(runs)('strata bench --queue over 3 workers, one SIGKILLed mid-run', () => {
  it('re-delivers and resumes the killed run; every (seed, agent) result appears once and equals the local bench', async () => {
    const database = await createDatabase();
    const played = await playKilledBench({
      queueUrl: database.connectionString,
      seeds: SEEDS,
      directory,
      processes,
    });

    expect(played.queued.code, played.queued.stderr).toBe(0);
    const collected = played.queued.json;
    expect(collected?.failed).toEqual([]);
    // Every (seed, agent) exactly once.
    const keys = (collected?.runs ?? []).map((run) => `${run.agent}/${run.seed}`);
    expect(keys.length).toBe(SEEDS * 2);
    expect(new Set(keys).size).toBe(SEEDS * 2);

    // The killed run was delivered again and resumed from the store, not restarted; one result was written.
    expect(played.decisionsAtKill).toBeGreaterThanOrEqual(60);
    expect(played.killedRun?.attempts).toBeGreaterThanOrEqual(2);
    expect(played.resultWrites).toEqual({ total: SEEDS * 2, most: 1 });
    expect(played.resumedBy).toMatchObject({ type: 'run-started', runId: played.killedRunId, resume: true });

    // The same bench, local: the same steps, floor and prompt tokens for every (seed, agent).
    expect(played.local.code, played.local.stderr).toBe(0);
    const reference = played.local.json;
    expect(collected?.runs.map(comparableResult)).toEqual(reference?.runs.map(comparableResult));
    // The killed run's decision records are whole (one per step), so the totals table matches too.
    expect(collected?.summary.agents).toEqual(reference?.summary.agents);
    expect(collected?.summary.ratios).toEqual(reference?.summary.ratios);
  }, 600_000);
});
