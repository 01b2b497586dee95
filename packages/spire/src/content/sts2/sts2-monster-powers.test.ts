import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import { CARD_STUN_MOVE } from '../../engine/definitions.js';
import type { CombatCard, RunState } from '../../engine/run-state.js';
import { sts2MonsterFight } from '../../test-support/sts2-test-fight.js';
import { getMonster, withRuleset } from '../registry.js';

/** An Ironclad fight against `monsters` (300 HP each, no powers) with `hand` in hand, 70 HP and 9 Energy. */
function fight(monsters: readonly string[], hand: readonly string[]): { run: RunState; combat: Combat } {
  return sts2MonsterFight('monster-powers', monsters, hand, () => ({}));
}

const playable = (combat: Combat, run: RunState): boolean[] =>
  withRuleset('sts2', () => (run.combat?.hand ?? []).map((card) => combat.unplayableReason(card) === null));

describe('StS2 powers that monsters put on the player', () => {
  it('Ringing allows one card this turn and wears off at the end of it', () => {
    const { run, combat } = fight(
      ['CEREMONIAL_BEAST'],
      ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'DEFEND_IRONCLAD'],
    );
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.player.powers.RINGING = 1;
    expect(playable(combat, run)).toEqual([true, true, true]);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(playable(combat, run)).toEqual([false, false]);
    withRuleset('sts2', () =>
      expect(combat.unplayableReason(state.hand[0] as CombatCard)).toMatch(/Ringing/),
    );
    withRuleset('sts2', () => combat.endTurn());
    expect(state.player.powers.RINGING).toBeUndefined();
  });

  it('Smoggy allows one Skill per turn, and Attacks still', () => {
    const { run, combat } = fight(['LIVING_FOG'], ['DEFEND_IRONCLAD', 'DEFEND_IRONCLAD', 'STRIKE_IRONCLAD']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.player.powers.SMOGGY = 1;
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(playable(combat, run)).toEqual([false, true]);
  });

  it('Tangled makes Attacks cost 1 more, for as many turns as its amount', () => {
    const { run, combat } = fight(['VINE_SHAMBLER'], ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.player.powers.TANGLED = 1;
    withRuleset('sts2', () => {
      expect(state.hand.map((card) => combat.costOf(card))).toEqual([2, 1]);
      combat.endTurn();
    });
    expect(state.player.powers.TANGLED).toBeUndefined();
  });

  it('Constrict hurts at the end of the turn only while the Slithering Strangler lives', () => {
    // HP lost over a whole end of turn with and without Constrict, in the same fight (same seed,
    // same monster moves): the difference is what Constrict did.
    const constrictLoss = (strangledAlive: boolean): number => {
      const losses = [3, 0].map((constrict) => {
        const { run, combat } = fight(['SLITHERING_STRANGLER', 'SEAPUNK'], []);
        const [strangler] = run.combat?.monsters ?? [];
        if (strangler === undefined || run.combat === null) throw new Error('no Strangler');
        if (!strangledAlive) {
          strangler.alive = false;
          strangler.hp = 0;
        }
        if (constrict > 0) run.combat.player.powers.CONSTRICT = constrict;
        withRuleset('sts2', () => combat.endTurn());
        return 70 - run.hp;
      });
      return (losses[0] ?? 0) - (losses[1] ?? 0);
    };
    expect(constrictLoss(true)).toBe(3);
    expect(constrictLoss(false)).toBe(0);
  });

  it('Hex makes every card in hand Ethereal while the Spectral Knight lives', () => {
    const { run, combat } = fight(['SPECTRAL_KNIGHT'], ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.player.powers.HEX = 2;
    withRuleset('sts2', () => combat.endTurn());
    expect(state.exhaustPile.map((card) => card.id).sort()).toEqual(['DEFEND_IRONCLAD', 'STRIKE_IRONCLAD']);
  });
});

describe('StS2 powers of monsters', () => {
  it('Flutter halves attack damage and wears off one per damaging attack', () => {
    const { run, combat } = fight(['THIEVING_HOPPER'], ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD']);
    const hopper = run.combat?.monsters[0];
    if (hopper === undefined) throw new Error('no Hopper');
    hopper.powers.FLUTTER = 2;
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect([300 - hopper.hp, hopper.powers.FLUTTER]).toEqual([3, 1]);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect([300 - hopper.hp, hopper.powers.FLUTTER]).toEqual([6, undefined]);
  });

  it('Soar halves attack damage until the Owl Magistrate moves again', () => {
    const { run, combat } = fight(['OWL_MAGISTRATE'], ['STRIKE_IRONCLAD']);
    const owl = run.combat?.monsters[0];
    if (owl === undefined) throw new Error('no Owl');
    owl.powers.SOAR = 1;
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(300 - owl.hp).toBe(3);
    const verdict = withRuleset('sts2', () =>
      getMonster('OWL_MAGISTRATE').moves.find((move) => move.id === 'VERDICT'),
    );
    withRuleset('sts2', () => verdict?.effect?.(combat.monsterContext(0)));
    expect(owl.powers.SOAR).toBeUndefined();
  });

  it('Flutter: the attack that takes the last of it Stuns the Hopper, which then makes the move it had', () => {
    const { run, combat } = fight(['THIEVING_HOPPER'], ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD']);
    const hopper = run.combat?.monsters[0];
    if (hopper === undefined) throw new Error('no Hopper');
    hopper.powers.FLUTTER = 2;
    withRuleset('sts2', () => {
      combat.setMove(hopper, 'HAT_TRICK_MOVE');
      combat.playCard(0, 0);
    });
    expect(hopper.move.id).toBe('HAT_TRICK_MOVE');
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect([hopper.powers.FLUTTER, hopper.move.id]).toEqual([undefined, CARD_STUN_MOVE]);
    // The stunned turn deals nothing (Hat Trick would hit for 21); the next is the Hat Trick it had.
    withRuleset('sts2', () => combat.endTurn());
    expect([run.hp, hopper.move.id]).toEqual([70, 'HAT_TRICK_MOVE']);
  });

  it('Burrowed: damage that takes all the Block Stuns the Tunneler (Still Dizzy), ends Burrowed, then it Bites', () => {
    const { run, combat } = fight(['TUNNELER'], ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD']);
    const tunneler = run.combat?.monsters[0];
    if (tunneler === undefined) throw new Error('no Tunneler');
    tunneler.powers.BURROWED = 1;
    tunneler.block = 10;
    withRuleset('sts2', () => {
      combat.setMove(tunneler, 'BELOW_MOVE_1');
      combat.playCard(0, 0);
    });
    // 4 Block left: still Burrowed, still coming from below.
    expect([tunneler.block, tunneler.powers.BURROWED, tunneler.move.id]).toEqual([4, 1, 'BELOW_MOVE_1']);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect([tunneler.block, tunneler.powers.BURROWED, tunneler.move.id]).toEqual([
      0,
      undefined,
      'DIZZY_MOVE',
    ]);
    withRuleset('sts2', () => combat.endTurn());
    expect([run.hp, tunneler.move.id]).toEqual([70, 'BITE_MOVE']);
  });

  it('Galvanic: each Power card played deals the player its amount while the Globe Head lives', () => {
    const { run, combat } = fight(
      ['GLOBE_HEAD', 'SEAPUNK'],
      ['INFLAME', 'DEFEND_IRONCLAD', 'INFLAME', 'INFLAME'],
    );
    const [globe] = run.combat?.monsters ?? [];
    if (globe === undefined || run.combat === null) throw new Error('no Globe Head');
    globe.powers.GALVANIC = 6;
    // A Power: 6 damage; a Skill: none (its Block then takes the next Power's 6 first).
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(run.hp).toBe(64);
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect([run.hp, run.combat.player.block]).toEqual([64, 5]);
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect([run.hp, run.combat.player.block]).toEqual([63, 0]);
    // With the Globe Head dead, a Power costs nothing.
    withRuleset('sts2', () => {
      combat.damageMonster(0, 1000);
      combat.playCard(0, -1);
    });
    expect([globe.alive, run.hp]).toEqual([false, 63]);
  });

  it('Burrowed keeps the Block of its monster through its turn', () => {
    const { run, combat } = fight(['TUNNELER', 'TUNNELER'], []);
    const [burrowed, plain] = run.combat?.monsters ?? [];
    if (burrowed === undefined || plain === undefined) throw new Error('two Tunnelers expected');
    burrowed.powers.BURROWED = 1;
    burrowed.block = 40;
    plain.block = 40;
    withRuleset('sts2', () => combat.endTurn());
    expect(burrowed.block).toBeGreaterThanOrEqual(40);
    expect(plain.block).toBeLessThan(40);
  });
});

describe('StS2 HP loss on monsters', () => {
  it('Doom kills and Demise takes HP through Block (before, Block absorbed both)', () => {
    const { run, combat } = fight(['SEAPUNK', 'SEAPUNK'], ['DEFEND_IRONCLAD']);
    const [doomed, demised] = run.combat?.monsters ?? [];
    if (doomed === undefined || demised === undefined) throw new Error('two enemies expected');
    // Barricade keeps the Block on into the end of their turns, where Doom and Demise act.
    for (const monster of [doomed, demised]) {
      monster.block = 50;
      monster.powers.BARRICADE = 1;
    }
    doomed.hp = 20;
    doomed.powers.DOOM = 20;
    demised.powers.DEMISE = 5;
    const before = demised.hp;
    withRuleset('sts2', () => combat.endTurn());
    expect(doomed.alive).toBe(false);
    expect(before - demised.hp).toBe(5);
    expect(demised.block).toBeGreaterThanOrEqual(50);
  });
});
