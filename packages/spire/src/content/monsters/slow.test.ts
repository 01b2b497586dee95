// StS1's Slow against the decompiled SlowPower: atDamageReceive multiplies NORMAL damage by 1 + amount * 0.1,
// onAfterUseCard adds 1, atEndOfRound sets it back to 0 (sts_lightspeed's BattleContext does the same).
import { describe, expect, it } from 'vitest';
import { Combat } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import type { MonsterState, RunState } from '../../engine/run-state.js';
import { putInHand, runInFight } from '../../engine/test-helpers.js';

function giantHeadFight(): { run: RunState; combat: Combat; head: MonsterState } {
  const { run, combat } = runInFight({ monsters: ['GIANT_HEAD'], deck: ['DEFEND_IRONCLAD'] });
  const head = run.combat?.monsters[0];
  if (head === undefined || run.combat === null) throw new Error('expected the Giant Head');
  run.combat.hand = [];
  run.combat.player.energy = 10;
  // 4 Strength: a Strike deals 10, so each 10% shows as 1 damage.
  run.combat.player.powers.STRENGTH = 4;
  return { run, combat, head };
}

/** Puts a card into the hand and plays it at the Giant Head; the HP it lost. */
function play(run: RunState, head: MonsterState, cardId: string): number {
  const combat = run.combat;
  if (combat === null) throw new Error('no combat');
  const index = putInHand(run, cardId);
  const before = head.hp;
  new Combat(run).playCard(index, 0);
  return before - head.hp;
}

describe("StS1's Slow (the Giant Head)", () => {
  it('spawns with Slow 0 and takes 10% more Attack damage for each card played this round', () => {
    const { run, combat, head } = giantHeadFight();
    expect(head.powers.SLOW).toBe(0);
    // The card's own damage does not count it (counted after the card).
    expect(play(run, head, 'STRIKE_IRONCLAD')).toBe(10);
    expect(head.powers.SLOW).toBe(1);
    // A Skill counts too.
    play(run, head, 'DEFEND_IRONCLAD');
    expect(head.powers.SLOW).toBe(2);
    expect(play(run, head, 'STRIKE_IRONCLAD')).toBe(12);
    // Twin Strike: both hits at the count of 3 (9 x 1.3, floored: 11 each).
    expect(play(run, head, 'TWIN_STRIKE')).toBe(22);
    expect(head.powers.SLOW).toBe(4);
    // Only Attack (NORMAL) damage: a potion's or a relic's (THORNS in StS1) is not slowed.
    const before = head.hp;
    combat.damageMonster(0, 20);
    expect(before - head.hp).toBe(20);
  });

  it("counts Double Tap's copy as a card played of its own (it plays after the first is counted)", () => {
    const { run, head } = giantHeadFight();
    if (run.combat !== null) run.combat.player.powers.DOUBLE_TAP = 1;
    expect(play(run, head, 'STRIKE_IRONCLAD')).toBe(10 + 11);
    expect(head.powers.SLOW).toBe(2);
  });

  it('shows the slowed damage in the target preview the bot plans with', () => {
    const { run, head } = giantHeadFight();
    play(run, head, 'DEFEND_IRONCLAD');
    play(run, head, 'DEFEND_IRONCLAD');
    putInHand(run, 'STRIKE_IRONCLAD');
    const strike = toGameState(run).combat?.hand.at(-1);
    expect(strike?.target_previews?.[0]?.damage).toBe(12);
    expect(play(run, head, 'STRIKE_IRONCLAD')).toBe(12);
  });

  it('starts the count again after the round', () => {
    const { run, combat, head } = giantHeadFight();
    play(run, head, 'DEFEND_IRONCLAD');
    play(run, head, 'DEFEND_IRONCLAD');
    expect(head.powers.SLOW).toBe(2);
    combat.endTurn();
    expect(head.powers.SLOW).toBe(0);
    if (run.combat !== null) run.combat.player.energy = 10;
    expect(play(run, head, 'STRIKE_IRONCLAD')).toBe(10);
  });
});
