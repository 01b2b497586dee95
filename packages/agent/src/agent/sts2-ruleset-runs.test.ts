import { contentSet } from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { AgentKind } from './agent-context.js';
import { playRun } from './play-run.js';

/** Mean prompt tokens of a slice of the run's decisions. */
function mean(records: readonly DecisionRecord[]): number {
  return records.reduce((sum, record) => sum + record.promptTokens, 0) / Math.max(1, records.length);
}

describe('whole runs of the default ruleset (Slay the Spire 2) with every agent', async () => {
  const runs = new Map<AgentKind, { records: DecisionRecord[]; result: PlayResult }>();
  for (const agent of ['structured', 'window', 'naive'] as const) {
    const records: DecisionRecord[] = [];
    // No ruleset and no maxSteps: the simulator's default game, played to the end of the run.
    const result = await playRun({
      agent,
      seed: 4,
      savePrompts: agent === 'structured',
      onDecision: (record) => records.push(record),
    });
    runs.set(agent, { records, result });
  }

  it('plays each run to its end on the StS2 ruleset', () => {
    for (const { records, result } of runs.values()) {
      expect(result.steps).toBe(records.length);
      // Without maxSteps a run stops only at its end (won or lost): many floors in.
      expect(result.floor).toBeGreaterThan(3);
      expect(result.character).toBe('IRONCLAD');
    }
    // The same seed, the same game: every agent made the same moves (the heuristic decides).
    const moves = (agent: AgentKind) =>
      (runs.get(agent)?.records ?? []).map((record) => JSON.stringify(record.action));
    expect(moves('naive')).toEqual(moves('structured'));
    // StS2 content reached the agent's prompts: the boss it is told about is an encounter of the StS2
    // ruleset that StS1 does not have.
    const prompts = (runs.get('structured')?.records ?? [])
      .map((record) => (record.messages ?? []).map((message) => message.content).join('\n'))
      .join('\n');
    const boss = /Next boss: (\S+)\./.exec(prompts)?.[1];
    const encounterIds = (ruleset: 'sts1' | 'sts2') =>
      new Set(contentSet(ruleset).encounters.map((encounter) => encounter.id));
    expect(boss).toBeDefined();
    expect(encounterIds('sts2').has(boss ?? '')).toBe(true);
    expect(encounterIds('sts1').has(boss ?? '')).toBe(false);
  });

  it('keeps the structured agent within its budget and flat, while the naive log grows', () => {
    const structured = runs.get('structured') as { records: DecisionRecord[]; result: PlayResult };
    const naive = runs.get('naive') as { records: DecisionRecord[]; result: PlayResult };
    expect(structured.result.budgetViolations).toBe(0);
    expect(structured.result.promptTokens.max).toBeLessThanOrEqual(structured.result.budget ?? 0);
    // Flat: bounded by the layers' budgets however long the run, well under the whole budget (the
    // README's long runs peak at 2,597-2,671 tokens; this seed at 2,604), where the append-only log of
    // the same game grows with every decision.
    expect(structured.result.promptTokens.max).toBeLessThanOrEqual(3000);
    const quarter = Math.floor(naive.records.length / 4);
    const naiveLate = mean(naive.records.slice(-quarter));
    expect(naiveLate).toBeGreaterThan(2 * mean(naive.records.slice(0, quarter)));
    expect(mean(structured.records.slice(-quarter))).toBeLessThan(naiveLate / 5);
  });
});
