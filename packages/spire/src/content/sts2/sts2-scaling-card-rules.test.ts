import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { CharacterId, CombatCard, RunState } from '../../engine/run-state.js';
import { sts2TestFight } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';

function fight(character: CharacterId, deck: readonly string[]): { run: RunState; combat: Combat } {
  return sts2TestFight('scaling-card-rules', character, deck, (combat) => {
    for (const monster of combat.combat.monsters) monster.block = 0;
    combat.combat.player.stars = 9;
  });
}

let nextUid = 7000;
function card(id: string): CombatCard {
  return {
    uid: nextUid++,
    id,
    upgraded: false,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  };
}

/** Plays a fresh copy of `id` from the hand against enemy `target`; returns the HP it took. */
function playFresh(run: RunState, combat: Combat, id: string, target = 0): number {
  return withRuleset('sts2', () => {
    const monster = combat.combat.monsters[target];
    if (monster === undefined) throw new Error('no monster');
    const before = monster.hp;
    combat.combat.hand.push(card(id));
    combat.playCard(combat.combat.hand.length - 1, target);
    expect(run.combat?.hand.some((entry) => entry.id === id)).toBe(false);
    return before - monster.hp;
  });
}

describe('StS2 scaling card rules (numbers from the export)', () => {
  it('Rend deals 15, plus 5 for each different debuff on the enemy', () => {
    const { run, combat } = fight('IRONCLAD', ['DEFEND_IRONCLAD']);
    expect(playFresh(run, combat, 'REND', 0)).toBe(15);
    const monster = combat.combat.monsters[1];
    if (monster === undefined) throw new Error('no monster');
    // Poison and Doom are debuffs whose amount does not change attack damage.
    monster.powers = { POISON: 4, DOOM: 7 };
    expect(playFresh(run, combat, 'REND', 1)).toBe(15 + 2 * 5);
  });

  it('Soul Storm deals 9, plus 2 for each Soul in the Exhaust Pile', () => {
    const { run, combat } = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    expect(playFresh(run, combat, 'SOUL_STORM')).toBe(9);
    combat.combat.exhaustPile.push(card('SOUL'), card('SOUL'), card('SOUL'), card('STRIKE_NECROBINDER'));
    expect(playFresh(run, combat, 'SOUL_STORM', 1)).toBe(9 + 3 * 2);
  });

  it('Crescent Spear deals 6, plus 2 for each Star-cost card of the combat, itself included', () => {
    const { run, combat } = fight('REGENT', ['DEFEND_REGENT', 'DEFEND_REGENT']);
    expect(playFresh(run, combat, 'CRESCENT_SPEAR')).toBe(6 + 2);
    combat.combat.drawPile.push(card('CRESCENT_SPEAR'));
    combat.combat.discardPile.push(card('CRESCENT_SPEAR'));
    // The first copy now lies in the Discard Pile too.
    expect(playFresh(run, combat, 'CRESCENT_SPEAR', 1)).toBe(6 + 4 * 2);
  });

  it('Squeeze makes Osty deal 25, plus 5 for each other Osty Attack', () => {
    const { run, combat } = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    withRuleset('sts2', () => {
      if (combat.combat.summon === null) combat.summon(5);
    });
    expect(playFresh(run, combat, 'SQUEEZE')).toBe(25);
    combat.combat.drawPile.push(card('POKE'), card('HIGH_FIVE'), card('STRIKE_NECROBINDER'));
    // Poke, High Five and the first Squeeze (now discarded); the Strike is not Osty's.
    expect(playFresh(run, combat, 'SQUEEZE', 1)).toBe(25 + 3 * 5);
  });

  it('Supermassive deals 5, plus 3 for each card created this combat', () => {
    const { run, combat } = fight('REGENT', ['DEFEND_REGENT']);
    expect(playFresh(run, combat, 'SUPERMASSIVE')).toBe(5);
    withRuleset('sts2', () => {
      combat.addCard('SHIV', 'hand');
      combat.addCard('SHIV', 'discard');
    });
    expect(playFresh(run, combat, 'SUPERMASSIVE', 1)).toBe(5 + 2 * 3);
  });

  it('Pull from Below hits 5 for each Ethereal card played this combat, and nothing before any', () => {
    const { run, combat } = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    expect(playFresh(run, combat, 'PULL_FROM_BELOW')).toBe(0);
    // Pull from Below is Ethereal itself: the first play counts for the second.
    expect(playFresh(run, combat, 'PULL_FROM_BELOW', 1)).toBe(5);
    expect(playFresh(run, combat, 'PULL_FROM_BELOW', 1)).toBe(2 * 5);
  });

  it('No Escape applies 10 Doom, plus 5 for every 10 Doom already on the enemy', () => {
    const { run, combat } = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    playFresh(run, combat, 'NO_ESCAPE', 0);
    expect(combat.combat.monsters[0]?.powers.DOOM).toBe(10);
    playFresh(run, combat, 'NO_ESCAPE', 0);
    expect(combat.combat.monsters[0]?.powers.DOOM).toBe(10 + 10 + 5);
    playFresh(run, combat, 'NO_ESCAPE', 0);
    expect(combat.combat.monsters[0]?.powers.DOOM).toBe(25 + 10 + 2 * 5);
  });

  it('Death March deals 8, plus 3 for each card drawn this turn after the turn-start draw', () => {
    const { run, combat } = fight(
      'NECROBINDER',
      Array.from({ length: 10 }, () => 'DEFEND_NECROBINDER'),
    );
    expect(playFresh(run, combat, 'DEATH_MARCH')).toBe(8);
    withRuleset('sts2', () => combat.draw(2));
    expect(playFresh(run, combat, 'DEATH_MARCH', 1)).toBe(8 + 2 * 3);
  });

  it('Gang Up deals its 5 damage (no other player attacks in single-player)', () => {
    const { run, combat } = fight('IRONCLAD', ['DEFEND_IRONCLAD']);
    expect(playFresh(run, combat, 'GANG_UP')).toBe(5);
  });
});
