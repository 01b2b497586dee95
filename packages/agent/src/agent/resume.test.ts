import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../trace/decision-record.js';
import type { AgentKind } from './agent-context.js';
import { playRun } from './play-run.js';

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
