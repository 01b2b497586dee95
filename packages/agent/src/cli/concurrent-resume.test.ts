import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import { afterAll, describe, expect, it } from 'vitest';
import { readTrace } from '../trace/trace-file.js';
import { agentPlayRunner } from './agent-play-runner.js';
import { executePlay } from './execute-play.js';
import type { PlayRunRequest } from './play-runner.js';

const directory = mkdtempSync(join(tmpdir(), 'strata-concurrent-resume-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function request(runDir: string, dbFile: string, resume: boolean): Omit<PlayRunRequest, 'onDecision'> {
  return {
    runId: 'race',
    runDir,
    agent: 'structured',
    seed: 1,
    character: 'IRONCLAD',
    policy: 'heuristic',
    budget: 5000,
    store: 'sqlite',
    dbFile,
    resume,
    savePrompts: false,
    maxSteps: 120,
  };
}

describe('two resumes of one run at once', () => {
  it("keeps the winner's trace whole: one line per step, and the loser is refused with a clear error", async () => {
    const runDir = join(directory, 'runs', 'race');
    const dbFile = join(directory, 'race.db');
    // An interrupted run: stopped after 30 decisions, resumable.
    const controller = new AbortController();
    const first = await executePlay(
      agentPlayRunner,
      { ...request(runDir, dbFile, false), signal: controller.signal },
      {
        onDecision(_record, count) {
          if (count === 30) controller.abort();
        },
      },
    );
    expect(first.interrupted).toBe(true);
    expect(readTrace(join(runDir, 'trace.jsonl')).records).toHaveLength(30);

    const outcomes = await Promise.allSettled([
      executePlay(agentPlayRunner, request(runDir, dbFile, true)),
      executePlay(agentPlayRunner, request(runDir, dbFile, true)),
    ]);
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const reason = (losers[0] as PromiseRejectedResult).reason as Error;
    expect(StrataError.is(reason)).toBe(true);
    const result = (winners[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof executePlay>>>).value
      .result;
    expect(result.steps).toBe(120);
    const { records, skippedLines } = readTrace(join(runDir, 'trace.jsonl'));
    expect(skippedLines).toEqual([]);
    expect(records.map((record) => record.step)).toEqual(Array.from({ length: 120 }, (_, step) => step));
    expect(existsSync(join(runDir, 'result.json'))).toBe(true);
  });
});
