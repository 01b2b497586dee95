import { describe, expect, it } from 'vitest';
import { sts2TestFight } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';
import { stealCard } from './steal-card.js';

/** A fight against two Seapunks with a deck of a Strike and a Defend; returns it and the Strike's combat card. */
function fightWithStrike() {
  const fight = sts2TestFight('steal-card', 'IRONCLAD', ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
  const state = fight.combat.combat;
  const strike = [...state.hand, ...state.drawPile].find((card) => card.id === 'STRIKE_IRONCLAD');
  if (strike === undefined) throw new Error('no Strike');
  return { ...fight, strike };
}

describe('stealCard', () => {
  it('takes the card out of the fight and the deck; the thief killed, the deck gets it back', () => {
    const { run, combat, strike } = fightWithStrike();
    withRuleset('sts2', () => stealCard(combat.monsterContext(0), strike));
    const state = combat.combat;
    expect([...state.hand, ...state.drawPile, ...state.discardPile]).not.toContain(strike);
    expect(run.deck.map((card) => card.id)).toEqual(['DEFEND_IRONCLAD']);
    withRuleset('sts2', () => combat.damageMonster(0, 999));
    expect(run.deck.map((card) => card.uid).sort()).toContain(strike.uid);
    expect(state.monsters[0]?.stolenCards).toBeUndefined();
  });

  it('a thief that escapes keeps the card', () => {
    const { run, combat, strike } = fightWithStrike();
    const context = combat.monsterContext(0);
    withRuleset('sts2', () => stealCard(context, strike));
    withRuleset('sts2', () => context.escape());
    withRuleset('sts2', () => combat.damageMonster(1, 999));
    expect(combat.combat.over).toBe(true);
    expect(run.deck.map((card) => card.id)).toEqual(['DEFEND_IRONCLAD']);
  });
});
