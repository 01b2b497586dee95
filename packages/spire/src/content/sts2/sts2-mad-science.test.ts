import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { RunState } from '../../engine/run-state.js';
import { quietPiles, sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getCard, withRuleset } from '../registry.js';
import { isModelledSts2Entity } from './sts2-coverage.js';
import { MAD_SCIENCE_FACTS } from './sts2-mad-science.js';

/** A quiet Ironclad fight with `hand` in the hand and 5 Strikes to draw. */
function fight(hand: readonly string[]): { run: RunState; combat: Combat } {
  return sts2TestFight('mad-science', 'IRONCLAD', ['STRIKE_IRONCLAD', 'BASH'], (combat) => {
    quietPiles(combat);
    const state = combat.combat;
    state.hand = hand.map((id) => testCombatCard(combat.run, id));
    state.drawPile = Array.from({ length: 5 }, () => testCombatCard(combat.run, 'STRIKE_IRONCLAD'));
    state.player.energy = 3;
  });
}

function play(combat: Combat, index = 0, target = 0): void {
  withRuleset('sts2', () => combat.playCard(index, target));
}

describe('Mad Science (the Tinker Time page and its card page)', () => {
  it('is nine cards, one per type and rider, each fully modelled; an upgrade adds Innate', () => {
    expect(MAD_SCIENCE_FACTS).toHaveLength(9);
    withRuleset('sts2', () => {
      for (const facts of MAD_SCIENCE_FACTS) {
        const card = getCard(facts.id);
        expect(card.name).toBe('Mad Science');
        expect(card.cost).toEqual([1, 1]);
        expect(card.innate).toEqual([false, true]);
        expect(card.text).not.toContain('not simulated');
        expect(isModelledSts2Entity('card', facts.id), facts.id).toBe(true);
      }
      expect(getCard('MAD_SCIENCE').text).toBe('Gain !B! Block. Draw 3 cards.');
    });
  });

  it('Weapon: 12 damage with Sapping (2 Weak, 2 Vulnerable), Violence (3 hits) or Choking (6 Strangle)', () => {
    const { run, combat } = fight([
      'MAD_SCIENCE_WEAPON_SAPPING',
      'MAD_SCIENCE_WEAPON_VIOLENCE',
      'MAD_SCIENCE_WEAPON_CHOKING',
    ]);
    const monster = run.combat?.monsters[0];
    if (monster === undefined) throw new Error('no combat');
    play(combat);
    expect(300 - monster.hp).toBe(12);
    expect([monster.powers.WEAK, monster.powers.VULNERABLE]).toEqual([2, 2]);
    delete monster.powers.VULNERABLE;
    monster.hp = 300;
    play(combat);
    expect(300 - monster.hp).toBe(36);
    monster.hp = 300;
    play(combat);
    expect(monster.powers.STRANGLE).toBe(6);
  });

  it('Protector: 8 Block with Energized (2 Energy), Wisdom (draw 3) or Chaos (a random card, free this turn)', () => {
    const { run, combat } = fight([
      'MAD_SCIENCE_PROTECTOR_ENERGIZED',
      'MAD_SCIENCE',
      'MAD_SCIENCE_PROTECTOR_CHAOS',
    ]);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    play(combat);
    expect(state.player.block).toBe(8);
    expect(state.player.energy).toBe(4);
    play(combat);
    expect(state.player.block).toBe(16);
    expect(state.hand.filter((card) => card.id === 'STRIKE_IRONCLAD')).toHaveLength(3);
    const before = state.hand.length;
    play(
      combat,
      state.hand.findIndex((card) => card.id === 'MAD_SCIENCE_PROTECTOR_CHAOS'),
    );
    expect(state.player.block).toBe(24);
    expect(state.hand).toHaveLength(before);
    const added = state.hand.at(-1);
    expect(added?.turnCost).toBe(0);
    expect(withRuleset('sts2', () => getCard(added?.id ?? '').color)).toBe('IRONCLAD');
  });

  it('Gadget: Expertise (2 Strength, 2 Dexterity), Curious (Powers cost 1 less), Improvement (an upgrade when the combat is won)', () => {
    const { run, combat } = fight([
      'MAD_SCIENCE_GADGET_EXPERTISE',
      'MAD_SCIENCE_GADGET_CURIOUS',
      'MAD_SCIENCE_GADGET_IMPROVEMENT',
      'INFLAME',
    ]);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    play(combat);
    expect([state.player.powers.STRENGTH, state.player.powers.DEXTERITY]).toEqual([2, 2]);
    const inflame = state.hand.find((card) => card.id === 'INFLAME');
    if (inflame === undefined) throw new Error('no Inflame');
    const cost = () => withRuleset('sts2', () => combat.costOf(inflame));
    expect(cost()).toBe(1);
    play(combat);
    expect(cost()).toBe(0);
    play(combat);
    expect(state.player.powers.IMPROVEMENT).toBe(1);
    expect(run.deck.filter((card) => card.upgraded)).toHaveLength(0);
    for (const monster of state.monsters)
      withRuleset('sts2', () => combat.damageMonster(state.monsters.indexOf(monster), 999));
    expect(state.victory).toBe(true);
    expect(run.deck.filter((card) => card.upgraded)).toHaveLength(1);
    expect(isModelledSts2Entity('power', 'CURIOUS_POWER')).toBe(true);
    expect(isModelledSts2Entity('power', 'IMPROVEMENT_POWER')).toBe(true);
  });
});
