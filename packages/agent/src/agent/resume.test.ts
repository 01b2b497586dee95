import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../trace/decision-record.js';
import type { AgentKind } from './agent-context.js';
import { playRun } from './play-run.js';
import { readRunMeta } from './run-session.js';

const directory = mkdtempSync(join(tmpdir(), 'agentic-sts-resume-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function playInto(agent: AgentKind, path: string, runId: string, maxSteps: number, resume: boolean) {
  const records: DecisionRecord[] = [];
  const store = createSqliteStore({ path });
  try {
    const result = await playRun({
      ruleset: 'sts1',
      agent,
      seed: 4,
      runId,
      store,
      maxSteps,
      resume,
      onDecision: (record) => records.push(record),
    });
    return { result, records };
  } finally {
    await store.close();
  }
}

/** A record without what a replay cannot repeat: the decision's wall time. */
function comparable(record: DecisionRecord): Omit<DecisionRecord, 'latencyMs'> {
  const { latencyMs: _latency, ...rest } = record;
  return rest;
}

describe('resuming a run from the SQLite store', () => {
  for (const agent of ['structured', 'window', 'naive'] as const) {
    it(`${agent}: a run stopped at step 1, 25 or 47 and resumed from a reopened store has every decision record of the uninterrupted run`, async () => {
      const whole = await playInto(agent, join(directory, `${agent}-whole.db`), 'run', 60, false);
      expect(whole.records).toHaveLength(60);
      for (const stop of [1, 25, 47]) {
        const path = join(directory, `${agent}-split-${stop}.db`);
        const first = await playInto(agent, path, 'run', stop, false);
        expect(first.result.steps).toBe(stop);
        const second = await playInto(agent, path, 'run', 60, true);
        expect(second.records[0]?.step).toBe(stop);
        // Every field, the stable prefix of the first resumed request included (it was 0: the
        // previous request was lost with the process, and a queued bench's totals then differed).
        expect([...first.records, ...second.records].map(comparable)).toEqual(whole.records.map(comparable));
        const { elapsedMs: _b, ...rest } = second.result;
        const { elapsedMs: _e, ...expected } = whole.result;
        expect(rest).toEqual(expected);
      }
    });
  }

  it('refuses to resume a run the store does not hold', async () => {
    await expect(playInto('structured', join(directory, 'empty.db'), 'missing', 10, true)).rejects.toThrow(
      /No committed run 'missing'/,
    );
  });
});

describe('committing every 25 decisions', () => {
  /** Plays until the decision at `crashAt` has sent its record, then dies there (no commit, no cleanup). */
  async function crashInto(agent: AgentKind, path: string, crashAt: number) {
    const records: DecisionRecord[] = [];
    const store = createSqliteStore({ path });
    try {
      await playRun({
        ruleset: 'sts1',
        agent,
        seed: 4,
        runId: 'run',
        store,
        maxSteps: 150,
        commitEvery: 25,
        onDecision(record) {
          records.push(record);
          if (record.step === crashAt) throw new Error('simulated crash');
        },
      }).catch((error: Error) => {
        if (error.message !== 'simulated crash') throw error;
      });
    } finally {
      await store.close();
    }
    return records;
  }

  for (const agent of ['structured', 'naive'] as const) {
    it(`${agent}: a run that dies between commits resumes from the last one; its trace, last record per step, equals the uninterrupted run`, async () => {
      const whole = await playInto(agent, join(directory, `${agent}-whole-150.db`), 'run', 150, false);
      expect(whole.records).toHaveLength(150);
      // Mid-stretch, just after a commit, and in a stretch with combat ends (lessons are written
      // to the store at once, so the loop commits before them: a resume never sees later lessons).
      for (const crashAt of [40, 50, 97, 133]) {
        const path = join(directory, `${agent}-crash-${crashAt}.db`);
        const before = await crashInto(agent, path, crashAt);
        const store = createSqliteStore({ path });
        const committed = readRunMeta(await store.loadSession('run'))?.actions.length ?? 0;
        await store.close();
        expect(committed).toBeLessThanOrEqual(crashAt);
        const after = await playInto(agent, path, 'run', 150, true);
        expect(after.records[0]?.step).toBe(committed);
        const lastPerStep = new Map<number, DecisionRecord>();
        for (const record of [...before, ...after.records]) lastPerStep.set(record.step, record);
        expect([...lastPerStep.values()].map(comparable)).toEqual(whole.records.map(comparable));
      }
    });
  }

  it('refuses a commitEvery that is not a whole number >= 1', async () => {
    await expect(playRun({ commitEvery: 0 })).rejects.toThrow(/commitEvery must be a whole number/);
  });
});
