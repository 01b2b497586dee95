import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { MonsterState, RunState } from '../../engine/run-state.js';
import { sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';

/** An Ironclad fight against `monsters` with the powers they spawn with, `hand` in hand, 70 HP and no Block. */
function fight(monsters: readonly string[], hand: readonly string[] = []): { run: RunState; combat: Combat } {
  return sts2TestFight(
    'monster-turn-powers',
    'IRONCLAD',
    ['DEFEND_IRONCLAD'],
    (combat) => {
      combat.run.hp = 70;
      const state = combat.combat;
      for (const monster of state.monsters) monster.block = 0;
      state.hand = hand.map((id) => testCombatCard(combat.run, id));
      state.drawPile = [];
      state.discardPile = [];
      state.player.block = 0;
    },
    monsters,
  );
}

function monsterOf(run: RunState, id: string): MonsterState {
  const monster = run.combat?.monsters.find((candidate) => candidate.id === id);
  if (monster === undefined) throw new Error(`no ${id}`);
  return monster;
}

describe('StS2 monster powers at the turns and on deaths', () => {
  it('Enrage: the Test Subject gains 3 Strength whenever a Skill is played', () => {
    const { run, combat } = fight(['TEST_SUBJECT'], ['DEFEND_IRONCLAD', 'STRIKE_IRONCLAD']);
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(monsterOf(run, 'TEST_SUBJECT').powers.STRENGTH).toBe(3);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(monsterOf(run, 'TEST_SUBJECT').powers.STRENGTH).toBe(3);
  });
});
