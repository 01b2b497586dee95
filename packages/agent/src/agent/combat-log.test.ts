import { createHeuristicBot, createSimulator, type GameState } from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import {
  type CombatLog,
  finishCombatLog,
  recentCombatEvents,
  recordCombatAction,
  startCombatLog,
} from './combat-log.js';
import { detectGameEvents } from './game-events.js';
import { createRuleBasedLessonExtractor, ruleBasedCombatLessons } from './rule-based-lessons.js';

/** Plays the first combat of a seed with spire's bot and keeps its log. */
function firstCombat(seed: string): { log: CombatLog; start: GameState; lastInCombat: GameState } {
  const simulator = createSimulator({ ruleset: 'sts1', seed, character: 'IRONCLAD' });
  const bot = createHeuristicBot();
  let state = simulator.view();
  while (state.screen !== 'COMBAT') {
    simulator.step(bot.choose(state));
    state = simulator.view();
  }
  const start = state;
  const log = startCombatLog(state);
  let lastInCombat = state;
  for (;;) {
    const action = bot.choose(state);
    simulator.step(action);
    const next = simulator.view();
    recordCombatAction(log, state, action, next);
    if (detectGameEvents(state, next).includes('combat-end')) {
      finishCombatLog(log, next);
      break;
    }
    lastInCombat = next;
    state = next;
  }
  return { log, start, lastInCombat };
}

describe('combat log and rule-based lessons', () => {
  const { log, start, lastInCombat } = firstCombat('1');

  it('records who dealt how much: enemy HP removed adds up to what the enemies had', () => {
    const enemyHp = (start.combat?.enemies ?? []).reduce((sum, enemy) => sum + enemy.current_hp, 0);
    const dealt = Object.values(log.damageBySource).reduce((sum, value) => sum + value, 0);
    expect(log.outcome).toBe('won');
    expect(dealt).toBe(enemyHp);
    expect(log.events[0]?.text).toMatch(/^Combat starts vs /);
    expect(log.events.some((event) => /^T1 end: .+; took \d+ damage \(HP \d+\/\d+\)$/.test(event.text))).toBe(
      true,
    );
  });

  it('counts HP lost in the combat, not the healing after it', () => {
    const startHp = start.combat?.player.current_hp ?? 0;
    expect(log.hpLost).toBe(startHp - (lastInCombat.combat?.player.current_hp ?? 0));
  });

  it('keeps events of the last N turns only, oldest first', () => {
    const recent = recentCombatEvents(log, 1);
    const lastTurn = log.events.at(-1)?.turn;
    expect(recent.length).toBeGreaterThan(0);
    for (const event of recent) expect(event.turn).toBe(lastTurn);
  });

  it('states 0-2 concrete facts, labelled rule-based', () => {
    const lessons = ruleBasedCombatLessons(log);
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.length).toBeLessThanOrEqual(2);
    for (const lesson of lessons) {
      expect(lesson.text.startsWith('[rule-based] vs ')).toBe(true);
      expect(lesson.text).toContain(log.encounter);
      expect(lesson.tags).toContain('rule-based');
    }
    const [best] = Object.entries(log.damageBySource).sort((a, b) => b[1] - a[1]);
    expect(
      lessons.some((lesson) => lesson.text.includes(`most damage came from ${best?.[0]} (${best?.[1]} over`)),
    ).toBe(true);
  });

  it('runs as an extractor on combat-end and run-end payloads', async () => {
    const extractor = createRuleBasedLessonExtractor();
    const combat = await extractor.run({
      event: 'combat-end',
      payload: { combat: log },
      idempotencyKey: 'k1',
    });
    expect(combat.idempotencyKey).toBe('k1');
    expect(combat.lessons?.length).toBeGreaterThan(0);
    const run = await extractor.run({
      event: 'run-end',
      payload: { character: 'The Ironclad', victory: false, act: 1, floor: 7, combat: log },
      idempotencyKey: 'k2',
    });
    expect(run.lessons?.[0]?.text).toBe(
      `[rule-based] The Ironclad died on floor 7 (act 1) vs ${log.encounter} (${log.kind}).`,
    );
    const nothing = await extractor.run({ event: 'combat-end', payload: undefined, idempotencyKey: 'k3' });
    expect(nothing.lessons).toEqual([]);
  });
});
