import type { GameState } from '@strata-memory/spire';
import { createSimulator } from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { AgentKind } from './agent-context.js';
import { playRun } from './play-run.js';

const STEPS = 160;

async function play(agent: AgentKind, extra: Parameters<typeof playRun>[0] = {}) {
  const records: DecisionRecord[] = [];
  const result = await playRun({
    ruleset: 'sts1',
    agent,
    seed: 3,
    maxSteps: STEPS,
    onDecision: (record) => records.push(record),
    ...extra,
  });
  return { records, result };
}

describe('playRun with the heuristic policy', async () => {
  const runs = new Map<AgentKind, { records: DecisionRecord[]; result: PlayResult }>();
  for (const agent of ['structured', 'window', 'naive'] as const) runs.set(agent, await play(agent));
  const structured = runs.get('structured') as { records: DecisionRecord[]; result: PlayResult };
  const naive = runs.get('naive') as { records: DecisionRecord[]; result: PlayResult };
  const window = runs.get('window') as { records: DecisionRecord[]; result: PlayResult };

  it('emits one record per decision, in order, and a matching result', () => {
    for (const { records, result } of runs.values()) {
      // The run stops at STEPS, or earlier when it ends (then the game is over).
      expect(result.steps).toBeLessThanOrEqual(STEPS);
      expect(result.steps).toBeGreaterThan(40);
      expect(records.map((record) => record.step)).toEqual(
        Array.from({ length: result.steps }, (_, index) => index),
      );
      expect(result.calls).toBe(result.steps);
      expect(result.promptTokens.total).toBe(records.reduce((sum, record) => sum + record.promptTokens, 0));
      expect(result.promptTokens.max).toBe(Math.max(...records.map((record) => record.promptTokens)));
      for (const record of records) {
        expect(record.policy).toBe('heuristic');
        expect(record.promptUsedByPolicy).toBe(false);
      }
    }
  });

  it('plays the identical game with every agent kind (same seed, same trajectory)', () => {
    const trajectory = (records: DecisionRecord[]) => records.map((record) => JSON.stringify(record.action));
    expect(trajectory(window.records)).toEqual(trajectory(structured.records));
    expect(trajectory(naive.records)).toEqual(trajectory(structured.records));
    // And it is the game the simulator plays on its own with the same moves.
    const simulator = createSimulator({ ruleset: 'sts1', seed: '3', character: 'IRONCLAD' });
    for (const record of structured.records) expect(simulator.step(record.action as never).ok).toBe(true);
    expect(simulator.run.floor).toBe(structured.result.floor);
  });

  it('keeps every structured prompt within the 5,000-token budget, with all six layers', () => {
    expect(structured.result.budget).toBe(5000);
    expect(structured.result.budgetViolations).toBe(0);
    for (const record of structured.records) {
      expect(record.budget).toBe(5000);
      expect(record.promptTokens).toBeLessThanOrEqual(5000);
      expect(Object.keys(record.layers).sort()).toEqual([
        'combat',
        'knowledge',
        'lessons',
        'notes',
        'observation',
        'run-summary',
      ]);
      expect(record.stablePrefixTokens).toBeLessThanOrEqual(record.promptTokens);
    }
  });

  it('grows the naive prompt at every call, and it ends far above the structured one', () => {
    for (let index = 1; index < naive.records.length; index += 1) {
      expect((naive.records[index] as DecisionRecord).promptTokens).toBeGreaterThan(
        (naive.records[index - 1] as DecisionRecord).promptTokens,
      );
    }
    expect(naive.result.promptTokens.max).toBeGreaterThan(5 * structured.result.promptTokens.max);
  });

  it('wipes combat working memory when a combat ends', () => {
    let sawCombat = false;
    let checked = 0;
    for (let index = 1; index < structured.records.length; index += 1) {
      const before = structured.records[index - 1] as DecisionRecord;
      const record = structured.records[index] as DecisionRecord;
      if (before.screen === 'COMBAT' && (before.layers.combat ?? 0) > 0) sawCombat = true;
      if (before.screen === 'COMBAT' && record.screen !== 'COMBAT') {
        expect(record.layers.combat).toBe(0);
        checked += 1;
      }
    }
    expect(sawCombat).toBe(true);
    expect(checked).toBeGreaterThan(0);
  });

  it('learns rule-based lessons from finished combats and shows them in later prompts', async () => {
    const records: DecisionRecord[] = [];
    await playRun({
      ruleset: 'sts1',
      agent: 'structured',
      seed: 3,
      maxSteps: 80,
      savePrompts: true,
      onDecision: (record) => records.push(record),
    });
    const prompts = records.map((record) =>
      (record.messages ?? []).map((message) => message.content).join('\n'),
    );
    const firstCombatEnd = records.findIndex(
      (record, index) => index > 0 && records[index - 1]?.screen === 'COMBAT' && record.screen !== 'COMBAT',
    );
    expect(firstCombatEnd).toBeGreaterThan(0);
    expect(prompts.slice(0, firstCombatEnd).some((text) => text.includes('[rule-based]'))).toBe(false);
    const later = prompts[firstCombatEnd] ?? '';
    expect(later).toMatch(
      /\[rule-based\] vs .+\(monster, act 1\): (lost \d+ of \d+ HP|most damage came from)/,
    );
  });

  it('truncates the naive log from the front with a context limit', async () => {
    const { records, result } = await play('naive', { contextLimit: 8000 });
    for (const record of records) expect(record.promptTokens).toBeLessThanOrEqual(8000);
    expect(records.some((record) => (record.dropped.history ?? 0) > 0)).toBe(true);
    expect(result.budgetViolations).toBe(0);
  });

  it('rejects an unknown agent kind with a clear error', async () => {
    await expect(playRun({ ruleset: 'sts1', agent: 'giant' as AgentKind })).rejects.toThrow(
      /Unknown agent 'giant'/,
    );
  });

  it('plays any Game it is given, with the legal actions it is told', async () => {
    const simulator = createSimulator({ ruleset: 'sts1', seed: '5', character: 'IRONCLAD' });
    const game = { state: async () => simulator.view(), act: (action: never) => simulator.act(action) };
    const result = await playRun({
      ruleset: 'sts1',
      agent: 'structured',
      seed: 5,
      maxSteps: 3,
      game,
      legalActions: (state: GameState) =>
        simulator.legalActions().filter((action) => state.available_actions.includes(action.action)),
    });
    expect(result.steps).toBe(3);
    expect(simulator.history).toHaveLength(3);
  });
});
