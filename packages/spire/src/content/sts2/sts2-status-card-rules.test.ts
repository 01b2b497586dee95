import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { CombatCard, RunState } from '../../engine/run-state.js';
import { sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getCard, withRuleset } from '../registry.js';

/** An Ironclad fight against a Seapunk: `hand` in hand and no other card anywhere, 50 HP, `block` Block. */
function fight(hand: readonly string[], block = 0): { run: RunState; combat: Combat } {
  return sts2TestFight(
    'status-card-rules',
    'IRONCLAD',
    ['DEFEND_IRONCLAD'],
    (combat) => {
      combat.run.hp = 50;
      combat.run.gold = 99;
      const state = combat.combat;
      state.hand = hand.map((id) => testCombatCard(combat.run, id));
      state.drawPile = [];
      state.discardPile = [];
      state.player.block = block;
    },
    ['SEAPUNK'],
  );
}

/** The player's end-of-turn effects only: what the cards in hand do before the monsters move. */
function endTurnEffects(run: RunState, combat: Combat): void {
  withRuleset('sts2', () => {
    for (const card of [...(run.combat?.hand ?? [])])
      getCard(card.id).endOfTurnInHand?.(combat, combat.cardPlay(card, -1));
  });
}

describe('StS2 statuses and curses that act from the hand', () => {
  it('Burn, Decay, Infection and Toxic deal their damage at the end of the turn, Block first', () => {
    for (const [id, damage] of [
      ['BURN', 2],
      ['DECAY', 2],
      ['INFECTION', 3],
      ['TOXIC', 5],
    ] as const) {
      const open = fight([id]);
      endTurnEffects(open.run, open.combat);
      expect([id, open.run.hp]).toEqual([id, 50 - damage]);
      const blocked = fight([id], 10);
      endTurnEffects(blocked.run, blocked.combat);
      expect([id, blocked.run.hp, blocked.run.combat?.player.block]).toEqual([id, 50, 10 - damage]);
    }
  });

  it('Beckon and Bad Luck take HP through Block', () => {
    for (const [id, loss] of [
      ['BECKON', 6],
      ['BAD_LUCK', 13],
    ] as const) {
      const { run, combat } = fight([id], 20);
      endTurnEffects(run, combat);
      expect([id, run.hp, run.combat?.player.block]).toEqual([id, 50 - loss, 20]);
    }
  });

  it('Regret costs 1 HP per card in hand; Debt costs 10 Gold; Doubt and Shame give Weak and Frail', () => {
    const regret = fight(['REGRET', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    endTurnEffects(regret.run, regret.combat);
    expect(regret.run.hp).toBe(47);
    const debt = fight(['DEBT']);
    endTurnEffects(debt.run, debt.combat);
    expect(debt.run.gold).toBe(89);
    debt.run.gold = 4;
    endTurnEffects(debt.run, debt.combat);
    expect(debt.run.gold).toBe(0);
    const doubt = fight(['DOUBT', 'SHAME']);
    endTurnEffects(doubt.run, doubt.combat);
    expect(doubt.run.combat?.player.powers.WEAK).toBe(1);
    expect(doubt.run.combat?.player.powers.FRAIL).toBe(1);
  });

  it('a Burn in hand hurts through a whole end of turn; one in the Discard Pile does not', () => {
    // The same fight twice (same seed, so the same Seapunk move): only where the Burn lies differs.
    const inHand = fight(['BURN']);
    const inDiscard = fight([]);
    const burn = inHand.run.combat?.hand[0];
    if (burn === undefined) throw new Error('no Burn');
    inDiscard.run.combat?.discardPile.push({ ...burn });
    withRuleset('sts2', () => {
      inHand.combat.endTurn();
      inDiscard.combat.endTurn();
    });
    expect(50 - inHand.run.hp - (50 - inDiscard.run.hp)).toBe(2);
  });

  it('Void costs 1 Energy when drawn', () => {
    const { run, combat } = fight([]);
    withRuleset('sts2', () => {
      const state = run.combat;
      if (state === null) throw new Error('no combat');
      state.player.energy = 3;
      state.drawPile.push({ ...(fight(['VOID']).run.combat?.hand[0] as CombatCard), uid: 7777 });
      combat.draw(1);
      expect(state.hand.map((card) => card.id)).toEqual(['VOID']);
      expect(state.player.energy).toBe(2);
    });
  });

  it('Wraith Form gives Intangible and takes a Dexterity each turn', () => {
    const { run, combat } = fight(['WRAITH_FORM']);
    withRuleset('sts2', () => {
      const state = run.combat;
      if (state === null) throw new Error('no combat');
      state.player.energy = 3;
      combat.playCard(0, -1);
      expect(state.player.powers.INTANGIBLE).toBe(2);
      expect(state.player.powers.WRAITH_FORM).toBe(1);
      combat.endTurn();
      expect(state.player.powers.DEXTERITY).toBe(-1);
    });
  });

  it('says what each of these cards does, and no longer that part is not simulated', () => {
    withRuleset('sts2', () => {
      for (const id of ['BURN', 'DECAY', 'VOID', 'REGRET', 'DEBT', 'WRAITH_FORM'])
        expect(getCard(id).text).not.toMatch(/not simulated/);
      expect(getCard('BURN').text).toBe(
        'At the end of your turn, if this is in your Hand, take 2 damage. Unplayable.',
      );
    });
  });
});
