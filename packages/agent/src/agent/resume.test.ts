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

describe('resuming a run from the SQLite store', () => {
  for (const agent of ['structured', 'window', 'naive'] as const) {
    it(`${agent}: a run stopped at step 25 and resumed from a reopened store equals the uninterrupted run`, async () => {
      const whole = await playInto(agent, join(directory, `${agent}-whole.db`), 'whole', 60, false);
      const path = join(directory, `${agent}-split.db`);
      const first = await playInto(agent, path, 'split', 25, false);
      expect(first.result.steps).toBe(25);
      const second = await playInto(agent, path, 'split', 60, true);
      const resumed = [...first.records, ...second.records];
      expect(second.records[0]?.step).toBe(25);
      expect(resumed.map((record) => record.action)).toEqual(whole.records.map((record) => record.action));
      // The memory came back as it was: every prompt has the same size as in the uninterrupted run.
      expect(resumed.map((record) => record.promptTokens)).toEqual(
        whole.records.map((record) => record.promptTokens),
      );
      const { runId: _a, elapsedMs: _b, stablePrefix: _c, ...rest } = second.result;
      const { runId: _d, elapsedMs: _e, stablePrefix: _f, ...expected } = whole.result;
      expect(rest).toEqual(expected);
    });
  }

  it('refuses to resume a run the store does not hold', async () => {
    await expect(playInto('structured', join(directory, 'empty.db'), 'missing', 10, true)).rejects.toThrow(
      /No committed run 'missing'/,
    );
  });
});
