import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { CombatState, MonsterState, RunState } from '../../engine/run-state.js';
import { sts2MonsterFight, sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';

interface Fight {
  readonly run: RunState;
  readonly combat: Combat;
  readonly state: CombatState;
  readonly monster: MonsterState;
}

/**
 * An Ironclad fight against `monsterId` (300 HP, no Block) whose only power is `power` at `amount`,
 * with `hand` in hand, 70 HP, 9 Energy and empty piles.
 */
function fight(monsterId: string, power: string, amount: number, hand: readonly string[]): Fight {
  const { run, combat } = sts2MonsterFight('monster-defences', [monsterId], hand, () => ({
    [power]: amount,
  }));
  const state = run.combat;
  const monster = state?.monsters[0];
  if (state === null || monster === undefined) throw new Error('no combat');
  return { run, combat, state, monster };
}

/** Plays the first card in hand at the monster. */
const play = (combat: Combat): void => withRuleset('sts2', () => combat.playCard(0, 0));

/** HP the monster has after each of `plays` cards. */
function hpAfterEachPlay(combat: Combat, monster: MonsterState, plays: number): number[] {
  const hp: number[] = [];
  for (let card = 0; card < plays; card++) {
    play(combat);
    hp.push(monster.hp);
  }
  return hp;
}

describe('StS2 monster powers that soften or answer the damage they take', () => {
  it('Slippery turns each of the next HP losses into a loss of 1, then wears off', () => {
    const { combat, state, monster } = fight('INKLET', 'SLIPPERY', 2, [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    state.player.powers.STRENGTH = 14;
    expect(hpAfterEachPlay(combat, monster, 3)).toEqual([299, 298, 278]);
    expect(monster.powers.SLIPPERY ?? 0).toBe(0);
  });

  it('Slippery does not spend itself on a hit that its Block takes whole', () => {
    const { combat, monster } = fight('VANTOM', 'SLIPPERY', 1, ['STRIKE_IRONCLAD']);
    monster.block = 10;
    play(combat);
    expect(monster.block).toBe(4);
    expect(monster.powers.SLIPPERY).toBe(1);
  });

  it('Hard to Kill reduces each hit to 9 before Block takes its part', () => {
    const { combat, state, monster } = fight('EXOSKELETON', 'HARD_TO_KILL', 1, [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    state.player.powers.STRENGTH = 14;
    play(combat);
    expect(monster.hp).toBe(291);
    monster.block = 5;
    play(combat);
    expect([monster.hp, monster.block]).toEqual([287, 0]);
  });

  it('Hard to Kill caps HP loss (not only attacks) at 9', () => {
    const { combat, monster } = fight('EXOSKELETON', 'HARD_TO_KILL', 1, []);
    withRuleset('sts2', () => combat.reduceMonsterHp(monster, 30, false, true));
    expect(monster.hp).toBe(291);
  });

  it('Hardened Shell lets it lose no more than its amount of HP each turn', () => {
    const { combat, state, monster } = fight('SKULKING_COLONY', 'HARDENED_SHELL', 25, [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    state.player.powers.STRENGTH = 14;
    expect(hpAfterEachPlay(combat, monster, 2)).toEqual([280, 275]);
    withRuleset('sts2', () => combat.endTurn());
    monster.block = 0;
    state.hand = ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD'].map((id) => testCombatCard(combat.run, id));
    state.player.energy = 9;
    expect(hpAfterEachPlay(combat, monster, 2)).toEqual([255, 250]);
  });

  it('Skittish gains its amount of Block the first time it is hit each turn', () => {
    const { combat, state, monster } = fight('PHANTASMAL_GARDENER', 'SKITTISH', 7, [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    play(combat);
    expect([monster.hp, monster.block]).toEqual([294, 7]);
    play(combat);
    expect([monster.hp, monster.block]).toEqual([294, 1]);
    withRuleset('sts2', () => combat.endTurn());
    monster.block = 0;
    state.hand = [testCombatCard(combat.run, 'STRIKE_IRONCLAD')];
    play(combat);
    expect(monster.block).toBe(7);
  });

  it('Curl Up (StS2) gains its amount of Block upon first being hit, once', () => {
    const { combat, monster } = fight('LOUSE_PROGENITOR', 'CURL_UP', 18, [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    play(combat);
    expect([monster.hp, monster.block]).toEqual([294, 18]);
    expect(monster.powers.CURL_UP).toBeUndefined();
    play(combat);
    expect(monster.block).toBe(12);
  });

  it("Vital Spark gives the attacker 1 Energy the first time it takes an Attack's damage each turn", () => {
    const { combat, state, monster } = fight('INFESTED_PRISM', 'VITAL_SPARK', 1, [
      'DEFEND_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    play(combat);
    expect(state.player.energy).toBe(8);
    play(combat);
    expect(state.player.energy).toBe(8);
    play(combat);
    expect(state.player.energy).toBe(7);
    expect(monster.hp).toBe(288);
  });

  it('Vital Spark does not answer damage that is not an Attack', () => {
    const { combat, state } = fight('INFESTED_PRISM', 'VITAL_SPARK', 1, []);
    withRuleset('sts2', () => combat.damageMonster(0, 5));
    expect(state.player.energy).toBe(9);
  });

  it('Personal Hive adds its amount of Dazed to the draw pile whenever an Attack hits it', () => {
    const { combat, state } = fight('ENTOMANCER', 'PERSONAL_HIVE', 2, ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    play(combat);
    play(combat);
    expect(state.drawPile.map((card) => card.id)).toEqual(['DAZED', 'DAZED']);
  });

  it('Slow (StS2): each card played this turn makes Attacks deal 10% more to it', () => {
    const { combat, state, monster } = fight('BYGONE_EFFIGY', 'SLOW', 1, [
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    state.player.powers.STRENGTH = 4;
    expect(hpAfterEachPlay(combat, monster, 4)).toEqual([300, 300, 288, 275]);
    withRuleset('sts2', () => combat.endTurn());
    monster.block = 0;
    state.hand = [testCombatCard(combat.run, 'STRIKE_IRONCLAD')];
    const before = monster.hp;
    play(combat);
    expect(before - monster.hp).toBe(10);
  });

  it('Paper Cuts costs the player its amount of Max HP when its attack gets past Block', () => {
    const { run, combat, state, monster } = fight('SCROLL_OF_BITING', 'PAPER_CUTS', 2, []);
    const maxHp = run.maxHp;
    state.player.block = 10;
    withRuleset('sts2', () => combat.damagePlayer(5, monster));
    expect(run.maxHp).toBe(maxHp);
    withRuleset('sts2', () => combat.damagePlayer(8, monster));
    expect(run.maxHp).toBe(maxHp - 2);
    withRuleset('sts2', () => combat.damagePlayer(8, null));
    expect(run.maxHp).toBe(maxHp - 2);
  });

  it('Suck (StS2) gains its amount of Strength when its attack gets past Block', () => {
    const { combat, state, monster } = fight('FOSSIL_STALKER', 'SUCK', 3, []);
    state.player.block = 10;
    withRuleset('sts2', () => combat.damagePlayer(5, monster));
    expect(monster.powers.STRENGTH ?? 0).toBe(0);
    withRuleset('sts2', () => combat.damagePlayer(8, monster));
    expect(monster.powers.STRENGTH).toBe(3);
  });
});

describe('StS2 monsters spawn with the amounts their pages give', () => {
  const spawned = (monsterId: string, power: string): number | undefined => {
    const { run } = sts2TestFight('monster-defences', 'IRONCLAD', ['STRIKE_IRONCLAD'], undefined, [
      monsterId,
    ]);
    return run.combat?.monsters[0]?.powers[power];
  };

  it.each([
    ['INKLET', 'SLIPPERY', 1],
    ['VANTOM', 'SLIPPERY', 9],
    ['PHANTASMAL_GARDENER', 'SKITTISH', 7],
    ['LOUSE_PROGENITOR', 'CURL_UP', 18],
    ['INFESTED_PRISM', 'VITAL_SPARK', 1],
    ['SCROLL_OF_BITING', 'PAPER_CUTS', 2],
    ['FOSSIL_STALKER', 'SUCK', 3],
    ['EXOSKELETON', 'HARD_TO_KILL', 9],
    ['SKULKING_COLONY', 'HARDENED_SHELL', 20],
  ])('%s spawns with %s %i', (monsterId, power, amount) => {
    expect(spawned(monsterId, power)).toBe(amount);
  });
});
