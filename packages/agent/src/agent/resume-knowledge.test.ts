import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../trace/decision-record.js';
import { playRun } from './play-run.js';

const directory = mkdtempSync(join(tmpdir(), 'agentic-sts-resume-knowledge-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const STEPS = 170;

async function playInto(path: string, runId: string, maxSteps: number, resume: boolean) {
  const records: DecisionRecord[] = [];
  const store = createSqliteStore({ path });
  try {
    await playRun({
      ruleset: 'sts1',
      agent: 'structured',
      seed: 2,
      runId,
      store,
      maxSteps,
      resume,
      savePrompts: true,
      onDecision: (record) => records.push(record),
    });
    return records;
  } finally {
    await store.close();
  }
}

describe('the first decision after a resume', () => {
  it('assembles the same prompt (knowledge layer included) as the uninterrupted run, at every split in a combat', async () => {
    const whole = await playInto(join(directory, 'whole.db'), 'whole', STEPS, false);
    expect(whole).toHaveLength(STEPS);
    // Split points deep inside combats, where keys seen earlier in the scene matter.
    const splits = whole
      .map((record, index) => ({ record, index }))
      .filter(
        ({ record, index }) =>
          index > 5 && record.screen === 'COMBAT' && whole[index - 3]?.screen === 'COMBAT',
      )
      .map(({ index }) => index)
      .filter((_, position) => position % 9 === 0)
      .slice(0, 8);
    expect(splits.length).toBeGreaterThanOrEqual(5);
    const mismatches: string[] = [];
    for (const split of splits) {
      const path = join(directory, `split-${split}.db`);
      await playInto(path, 'split', split, false);
      const resumed = await playInto(path, 'split', split + 1, true);
      const first = resumed[0] as DecisionRecord;
      const expected = whole[split] as DecisionRecord;
      expect(first.step).toBe(split);
      if (JSON.stringify(first.layers) !== JSON.stringify(expected.layers)) {
        mismatches.push(
          `step ${split}: ${JSON.stringify(first.layers)} vs ${JSON.stringify(expected.layers)}`,
        );
      }
      expect(first.messages).toEqual(expected.messages);
    }
    expect(mismatches).toEqual([]);
  });
});
