import { describe, expect, it } from 'vitest';
import { cardCurrentDamage } from '../../api/card-current-value.js';
import { Combat } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { applyAction } from '../../engine/run.js';
import type { CharacterId, CombatCard, RunState } from '../../engine/run-state.js';
import { quietPiles, sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getCard, withRuleset } from '../registry.js';
import { ALL_STS2_CARD_FACTS, isFullyModelledSts2Card } from './sts2-cards.js';

interface Fight {
  readonly run: RunState;
  readonly combat: Combat;
}

/** Two quiet 300-HP Seapunks without Block; the piles empty, 9 Energy and 9 Stars. */
function fight(character: CharacterId): Fight {
  return sts2TestFight('character-card-rules', character, ['DEFEND_REGENT'], quietPiles);
}

/** Puts a new card into the hand (last) and returns it. */
function inHand(f: Fight, id: string, upgraded = false): CombatCard {
  const card = testCombatCard(f.run, id, upgraded);
  f.combat.combat.hand.push(card);
  return card;
}

function pile(f: Fight, name: 'drawPile' | 'discardPile', id: string): CombatCard {
  const card = testCombatCard(f.run, id);
  f.combat.combat[name].push(card);
  return card;
}

/** Plays the hand's card `card` at enemy `target`. */
function play(f: Fight, card: CombatCard, target = 0): void {
  const index = f.combat.combat.hand.indexOf(card);
  if (index < 0) throw new Error(`${card.id} is not in the hand`);
  withRuleset('sts2', () => f.combat.playCard(index, target));
}

const sts2 = <T>(run: () => T): T => withRuleset('sts2', run);
const hpLost = (f: Fight, index: number): number => 300 - (f.combat.combat.monsters[index]?.hp ?? 0);
const costOf = (f: Fight, card: CombatCard): number => sts2(() => f.combat.costOf(card));

describe('StS2 character cards whose whole text is simulated', () => {
  it('every card of this file (and The Scythe, Expect a Fight, The Hunt) counts as fully modelled', () => {
    const ids = [
      'BANSHEES_CRY',
      'HANG',
      'MELANCHOLY',
      'PROTECTOR',
      'RIGHT_HAND_HAND',
      'SNAP',
      'TRANSFIGURE',
      'VEILPIERCER',
      'THE_SCYTHE',
      'BEAT_INTO_SHAPE',
      'DECISIONS_DECISIONS',
      'I_AM_INVINCIBLE',
      'MAKE_IT_SO',
      'REFLECT',
      'DEMONIC_SHIELD',
      'EXPECT_A_FIGHT',
      'HAND_TRICK',
      'THE_HUNT',
    ];
    for (const id of ids) {
      const facts = ALL_STS2_CARD_FACTS.find((card) => card.id === id);
      if (facts === undefined) throw new Error(`no facts for ${id}`);
      expect(isFullyModelledSts2Card(facts), id).toBe(true);
      expect(
        sts2(() => getCard(id).text),
        id,
      ).not.toMatch(/not simulated/);
    }
  });

  // ---- Necrobinder ----
  it("Banshee's Cry costs 9 (7 upgraded), 2 less for each Ethereal card played this combat", () => {
    const f = fight('NECROBINDER');
    const cry = inHand(f, 'BANSHEES_CRY');
    expect(costOf(f, cry)).toBe(9);
    expect(costOf(f, testCombatCard(f.run, 'BANSHEES_CRY', true))).toBe(7);
    // Two Ethereal cards: one by its keyword, one made Ethereal in combat.
    play(f, inHand(f, 'VEILPIERCER'), 1);
    const strike = inHand(f, 'STRIKE_NECROBINDER');
    strike.ethereal = true;
    play(f, strike, 1);
    expect(costOf(f, cry)).toBe(5);
    f.combat.combat.player.energy = 5;
    play(f, cry);
    expect([hpLost(f, 0), hpLost(f, 1)]).toEqual([33, 33 + 10 + 6]);
  });

  it('Hang deals its damage, then each Hang on that enemy deals double: 10, 20, 40', () => {
    const f = fight('NECROBINDER');
    const dealt: number[] = [];
    for (let time = 0; time < 3; time++) {
      const before = hpLost(f, 0);
      play(f, inHand(f, 'HANG'));
      dealt.push(hpLost(f, 0) - before);
    }
    expect(dealt).toEqual([10, 20, 40]);
    expect(f.combat.combat.monsters[0]?.powers.HANG).toBe(8);
    // Another enemy has no Hang yet; Strength is doubled with the base.
    f.combat.combat.player.powers.STRENGTH = 2;
    play(f, inHand(f, 'HANG'), 1);
    play(f, inHand(f, 'HANG'), 1);
    expect(hpLost(f, 1)).toBe(12 + 24);
  });

  it('Melancholy costs 1 less for every death: an enemy or Osty', () => {
    const f = fight('NECROBINDER');
    const melancholy = pile(f, 'drawPile', 'MELANCHOLY');
    expect(costOf(f, melancholy)).toBe(3);
    sts2(() => f.combat.summon(5));
    play(f, inHand(f, 'SACRIFICE'));
    expect(costOf(f, melancholy)).toBe(2);
    const monster = f.combat.combat.monsters[1];
    if (monster === undefined) throw new Error('no monster');
    monster.hp = 5;
    play(f, inHand(f, 'STRIKE_NECROBINDER'), 1);
    expect(monster.alive).toBe(false);
    expect(costOf(f, melancholy)).toBe(1);
    f.combat.combat.drawPile = [];
    f.combat.combat.hand.push(melancholy);
    const energy = f.combat.combat.player.energy;
    play(f, melancholy);
    expect(f.combat.combat.player.energy).toBe(energy - 1);
    expect(f.combat.combat.player.block).toBeGreaterThanOrEqual(13);
  });

  it('Protector: Osty deals 10 (15 upgraded) plus his Max HP; nothing without Osty', () => {
    const f = fight('NECROBINDER');
    play(f, inHand(f, 'PROTECTOR'));
    expect(hpLost(f, 0)).toBe(0);
    sts2(() => f.combat.summon(6));
    play(f, inHand(f, 'PROTECTOR'));
    expect(hpLost(f, 0)).toBe(10 + 6);
    play(f, inHand(f, 'PROTECTOR', true), 1);
    expect(hpLost(f, 1)).toBe(15 + 6);
  });

  it.each([
    ['UNLEASH', false],
    ['UNLEASH', true],
    ['PROTECTOR', false],
  ] as const)(
    '%s (upgraded: %s) shows the damage Osty deals with it, his HP or Max HP counted',
    (id, upgraded) => {
      const f = fight('NECROBINDER');
      sts2(() => f.combat.summon(8));
      const state = f.combat.combat;
      if (state.summon !== null) state.summon.hp = 5;
      // The player's Strength does not reach Osty's hits; Calcify and a Vulnerable target do.
      state.player.powers.STRENGTH = 3;
      state.player.powers.CALCIFY = 2;
      const vulnerable = state.monsters[1];
      if (vulnerable !== undefined) vulnerable.powers.VULNERABLE = 2;
      for (const target of [0, 1]) {
        const card = inHand(f, id, upgraded);
        const view = sts2(() => toGameState(f.run).combat?.hand.find((shown) => shown.card_id === id));
        const preview = view?.target_previews?.find((shown) => shown.target_index === target)?.damage;
        const before = state.monsters[target]?.hp ?? 0;
        play(f, card, target);
        const dealt = before - (state.monsters[target]?.hp ?? 0);
        expect(dealt).toBeGreaterThan(5);
        expect(preview).toBe(dealt);
        if (target === 0) expect(view && cardCurrentDamage(view)).toBe(dealt);
      }
    },
  );

  it('Right Hand Hand returns from the Discard Pile when a card costing 2 or more is played', () => {
    const f = fight('NECROBINDER');
    sts2(() => f.combat.summon(5));
    const hand = inHand(f, 'RIGHT_HAND_HAND');
    play(f, hand);
    expect(hpLost(f, 0)).toBe(4);
    expect(f.combat.combat.discardPile).toContain(hand);
    // A 1-cost card leaves it there; the 2-cost Scythe brings it back.
    play(f, inHand(f, 'STRIKE_NECROBINDER'), 1);
    expect(f.combat.combat.discardPile).toContain(hand);
    play(f, inHand(f, 'THE_SCYTHE'), 1);
    expect(f.combat.combat.hand).toContain(hand);
    expect(f.combat.combat.discardPile).not.toContain(hand);
  });

  it('Snap: Osty hits, and the chosen card is Retained at every end of turn', () => {
    const f = fight('NECROBINDER');
    sts2(() => f.combat.summon(5));
    // Enough to draw from that the Discard Pile is not shuffled back.
    for (let copy = 0; copy < 15; copy++) pile(f, 'drawPile', 'DEFEND_NECROBINDER');
    const kept = inHand(f, 'STRIKE_NECROBINDER');
    const other = inHand(f, 'DEFEND_NECROBINDER');
    play(f, inHand(f, 'SNAP'));
    expect(hpLost(f, 0)).toBe(7);
    sts2(() => f.combat.choose(0));
    expect(kept.retain).toBe(true);
    for (let turn = 0; turn < 2; turn++) {
      sts2(() => f.combat.endTurn());
      expect(f.combat.combat.hand).toContain(kept);
    }
    expect(f.combat.combat.hand).not.toContain(other);
  });

  it('Transfigure: the chosen card is played twice and costs 1 more this combat', () => {
    const f = fight('NECROBINDER');
    const strike = inHand(f, 'STRIKE_NECROBINDER');
    inHand(f, 'DEFEND_NECROBINDER');
    play(f, inHand(f, 'TRANSFIGURE'));
    sts2(() => f.combat.choose(0));
    expect(costOf(f, strike)).toBe(2);
    const energy = f.combat.combat.player.energy;
    play(f, strike);
    expect(hpLost(f, 0)).toBe(12);
    expect(f.combat.combat.player.energy).toBe(energy - 2);
    // Upgraded, it is not Exhausted.
    const upgraded = inHand(f, 'TRANSFIGURE', true);
    inHand(f, 'DEFEND_NECROBINDER');
    play(f, upgraded);
    sts2(() => f.combat.choose(0));
    expect(f.combat.combat.exhaustPile).not.toContain(upgraded);
  });

  it('Transfigure raises the cost of Hidden Gem, which the export marks Unplayable though the game plays it', () => {
    const f = fight('NECROBINDER');
    const gem = inHand(f, 'HIDDEN_GEM');
    const upgraded = inHand(f, 'HIDDEN_GEM', true);
    play(f, inHand(f, 'TRANSFIGURE', true));
    sts2(() => f.combat.choose(0));
    play(f, inHand(f, 'TRANSFIGURE', true));
    sts2(() => f.combat.choose(1));
    // Its cost 1 (upgraded too), plus 1.
    expect([costOf(f, gem), costOf(f, upgraded)]).toEqual([2, 2]);
    // An Unplayable card (a Curse) keeps its cost.
    const curse = inHand(f, 'CLUMSY');
    play(f, inHand(f, 'TRANSFIGURE', true));
    sts2(() => f.combat.choose(2));
    expect(curse.combatCost).toBeNull();
  });

  it('Veilpiercer makes the next Ethereal card cost 0, once', () => {
    const f = fight('NECROBINDER');
    const cry = inHand(f, 'BANSHEES_CRY');
    const strike = inHand(f, 'STRIKE_NECROBINDER');
    play(f, inHand(f, 'VEILPIERCER'));
    expect(hpLost(f, 0)).toBe(10);
    expect(costOf(f, cry)).toBe(0);
    expect(costOf(f, strike)).toBe(1);
    const energy = f.combat.combat.player.energy;
    play(f, cry);
    expect(f.combat.combat.player.energy).toBe(energy);
    expect(f.combat.combat.player.powers.VEILPIERCER ?? 0).toBe(0);
    const second = inHand(f, 'VEILPIERCER');
    expect(costOf(f, second)).toBe(1);
  });

  it("The Scythe's damage grows by 3 (4 upgraded) for the rest of the run", () => {
    const f = fight('NECROBINDER');
    f.run.deck.push({ uid: 9001, id: 'THE_SCYTHE', upgraded: false });
    const scythe = testCombatCard(f.run, 'THE_SCYTHE');
    scythe.uid = 9001;
    f.combat.combat.hand.push(scythe);
    play(f, scythe);
    expect(hpLost(f, 0)).toBe(13);
    expect(f.run.deck.find((card) => card.uid === 9001)?.bonus).toBe(3);
    const shown = sts2(() => toGameState(f.run).run?.deck.find((card) => card.card_id === 'THE_SCYTHE'));
    expect(shown?.rules_text).toContain('Deal 16 damage');
    // The next fight starts the deck card at 16.
    const again = sts2(() => Combat.start(f.run, 'TEST', ['SEAPUNK'], 'monster'));
    const card = [...again.combat.hand, ...again.combat.drawPile].find((each) => each.uid === 9001);
    expect(card?.bonus).toBe(3);
    const upgraded = fight('NECROBINDER');
    play(upgraded, inHand(upgraded, 'THE_SCYTHE', true));
    sts2(() => upgraded.combat.endTurn());
    expect(hpLost(upgraded, 0)).toBe(13);
    const exhausted = upgraded.combat.combat.exhaustPile.find((each) => each.id === 'THE_SCYTHE');
    expect(exhausted?.bonus).toBe(4);
  });

  // ---- Regent ----
  it('Beat into Shape Forges 5, plus 5 for each earlier hit on that enemy this turn', () => {
    const f = fight('REGENT');
    play(f, inHand(f, 'BEAT_INTO_SHAPE'));
    const blade = () =>
      [...f.combat.combat.hand, ...f.combat.combat.discardPile].find((card) => card.id === 'SOVEREIGN_BLADE');
    expect(blade()?.bonus).toBe(5);
    // Two more hits on enemy 0 (the first Beat into Shape was one), one on enemy 1.
    play(f, inHand(f, 'STRIKE_REGENT'));
    play(f, inHand(f, 'STRIKE_REGENT'), 1);
    play(f, inHand(f, 'BEAT_INTO_SHAPE'));
    expect(blade()?.bonus).toBe(5 + 5 + 5 * 2);
    sts2(() => f.combat.endTurn());
    f.combat.combat.player.energy = 9;
    play(f, inHand(f, 'BEAT_INTO_SHAPE', true));
    expect(blade()?.bonus).toBe(20 + 7);
  });

  it('Decisions, Decisions costs 6 Stars, draws 3 and plays the chosen Skill 3 times', () => {
    const f = fight('REGENT');
    for (let copy = 0; copy < 3; copy++) pile(f, 'drawPile', 'STRIKE_REGENT');
    const defend = inHand(f, 'DEFEND_REGENT');
    const card = inHand(f, 'DECISIONS_DECISIONS');
    expect(sts2(() => f.combat.unplayableReason(card))).toBeNull();
    play(f, card);
    expect(f.combat.combat.player.stars).toBe(3);
    // The Defend is the only Skill of the hand after the draw: chosen at once, played 3 times.
    expect(f.combat.combat.selection).toBeNull();
    expect(f.combat.combat.hand.map((each) => each.id)).toEqual([
      'STRIKE_REGENT',
      'STRIKE_REGENT',
      'STRIKE_REGENT',
    ]);
    expect(f.combat.combat.player.block).toBe(15);
    expect(f.combat.combat.discardPile).toContain(defend);
    expect(f.combat.combat.exhaustPile).toContain(card);
  });

  it('Decisions, Decisions can choose Beat Down, which the export marks Unplayable though the game plays it', () => {
    const f = fight('REGENT');
    const beatDown = inHand(f, 'BEAT_DOWN');
    play(f, inHand(f, 'DECISIONS_DECISIONS'));
    // Beat Down is the only Skill of the hand: chosen at once and played (it leaves the hand).
    expect(f.combat.combat.selection).toBeNull();
    expect(f.combat.combat.hand).not.toContain(beatDown);
  });

  it('I Am Invincible is played at the end of the turn when it is on top of the Draw Pile', () => {
    // The enemies' attacks after the turn: its 10 Block takes 10 of them.
    const hpLostAfterTurn = (top: string): number => {
      const f = fight('REGENT');
      for (let copy = 0; copy < 6; copy++) pile(f, 'drawPile', 'STRIKE_REGENT');
      pile(f, 'drawPile', top);
      const hp = f.run.hp;
      sts2(() => f.combat.endTurn());
      return hp - f.run.hp;
    };
    const without = hpLostAfterTurn('STRIKE_REGENT');
    expect(without).toBeGreaterThan(10);
    expect(hpLostAfterTurn('I_AM_INVINCIBLE')).toBe(without - 10);
    // Not on top: it stays in the Draw Pile.
    const f = fight('REGENT');
    const card = pile(f, 'drawPile', 'I_AM_INVINCIBLE');
    for (let copy = 0; copy < 6; copy++) pile(f, 'drawPile', 'STRIKE_REGENT');
    sts2(() => f.combat.endTurn());
    expect(f.combat.combat.drawPile).toContain(card);
  });

  it('Make It So comes back into the hand on every 3rd Skill of a turn', () => {
    const f = fight('REGENT');
    const make = inHand(f, 'MAKE_IT_SO');
    play(f, make);
    expect(hpLost(f, 0)).toBe(6);
    expect(f.combat.combat.discardPile).toContain(make);
    play(f, inHand(f, 'DEFEND_REGENT'));
    play(f, inHand(f, 'DEFEND_REGENT'));
    expect(f.combat.combat.discardPile).toContain(make);
    play(f, inHand(f, 'DEFEND_REGENT'));
    expect(f.combat.combat.hand).toContain(make);
  });

  it('Reflect: Block taking attack damage deals it back to the attacker, until the next turn', () => {
    const f = fight('REGENT');
    play(f, inHand(f, 'REFLECT'));
    expect(f.combat.combat.player.block).toBe(17);
    const monster = f.combat.combat.monsters[0];
    if (monster === undefined) throw new Error('no monster');
    sts2(() => f.combat.damagePlayer(12, monster));
    expect(hpLost(f, 0)).toBe(12);
    // Damage past the Block is not reflected; damage that is not an attack is not either.
    sts2(() => f.combat.damagePlayer(10, monster));
    expect(hpLost(f, 0)).toBe(17);
    f.combat.combat.player.block = 5;
    sts2(() => f.combat.damagePlayer(3, null));
    expect(hpLost(f, 0)).toBe(17);
    sts2(() => f.combat.startPlayerTurn());
    f.combat.combat.player.block = 5;
    sts2(() => f.combat.damagePlayer(3, monster));
    expect(hpLost(f, 0)).toBe(17);
  });

  // ---- Ironclad ----
  it('Demonic Shield: lose 1 HP; its Block for another player has no one to go to in single-player', () => {
    const f = fight('IRONCLAD');
    const hp = f.run.hp;
    f.combat.combat.player.block = 7;
    play(f, inHand(f, 'DEMONIC_SHIELD'));
    expect(f.run.hp).toBe(hp - 1);
    expect(f.combat.combat.player.block).toBe(7);
    expect(sts2(() => getCard('DEMONIC_SHIELD').text)).toBe(
      'Lose !M! HP. Give another player Block equal to your Block (in single-player there is none). Exhaust.',
    );
  });

  it('Expect a Fight: 1 Energy per Attack in the hand, then no more Energy this turn', () => {
    const f = fight('IRONCLAD');
    inHand(f, 'STRIKE_IRONCLAD');
    inHand(f, 'STRIKE_IRONCLAD');
    inHand(f, 'DEFEND_IRONCLAD');
    f.combat.combat.player.energy = 2;
    play(f, inHand(f, 'EXPECT_A_FIGHT'));
    expect(f.combat.combat.player.energy).toBe(2);
    sts2(() => f.combat.gainEnergy(3));
    expect(f.combat.combat.player.energy).toBe(2);
    sts2(() => f.combat.endTurn());
    sts2(() => f.combat.gainEnergy(1));
    expect(f.combat.combat.player.energy).toBe(4);
  });

  // ---- Silent ----
  it('Hand Trick: the chosen Skill is Sly this turn, so a discard plays it for free', () => {
    const f = fight('SILENT');
    for (let copy = 0; copy < 15; copy++) pile(f, 'drawPile', 'STRIKE_SILENT');
    const defend = inHand(f, 'DEFEND_SILENT');
    inHand(f, 'STRIKE_SILENT');
    play(f, inHand(f, 'HAND_TRICK'));
    expect(f.combat.combat.player.block).toBe(7);
    // Only the Skill is offered: chosen at once.
    expect(f.combat.combat.selection).toBeNull();
    const energy = f.combat.combat.player.energy;
    play(f, inHand(f, 'SURVIVOR'));
    sts2(() => f.combat.choose(f.combat.combat.selection?.options.indexOf(defend.uid) ?? -1));
    expect(f.combat.combat.player.block).toBe(7 + 8 + 5);
    expect(f.combat.combat.player.energy).toBe(energy - 1);
    expect(f.combat.combat.discardPile).toContain(defend);
    // The next turn it is not Sly any more.
    sts2(() => f.combat.endTurn());
    f.combat.combat.hand.push(defend);
    f.combat.combat.discardPile = f.combat.combat.discardPile.filter((card) => card !== defend);
    const block = f.combat.combat.player.block;
    sts2(() => f.combat.discardCard(defend));
    expect(f.combat.combat.player.block).toBe(block);
  });

  it('Master Planner: every Skill played gains Sly for the rest of the combat', () => {
    const f = fight('SILENT');
    for (let copy = 0; copy < 15; copy++) pile(f, 'drawPile', 'STRIKE_SILENT');
    play(f, inHand(f, 'MASTER_PLANNER'));
    const defend = inHand(f, 'DEFEND_SILENT');
    play(f, defend);
    expect(f.combat.combat.player.block).toBe(5);
    // A turn later it is still Sly: discarded from the hand, it is played again.
    sts2(() => f.combat.endTurn());
    f.combat.combat.discardPile = f.combat.combat.discardPile.filter((card) => card !== defend);
    f.combat.combat.hand.push(defend);
    sts2(() => f.combat.discardCard(defend));
    expect(f.combat.combat.player.block).toBe(5);
    expect(f.combat.combat.discardPile).toContain(defend);
    expect(f.combat.combat.counters.discardedThisTurn).toBe(1);
  });

  it('a card with the Sly keyword is played for free when an effect discards it (Reflex draws 2)', () => {
    const f = fight('SILENT');
    for (let copy = 0; copy < 5; copy++) pile(f, 'drawPile', 'STRIKE_SILENT');
    const reflex = inHand(f, 'REFLEX');
    sts2(() => f.combat.discardCard(reflex));
    expect(f.combat.combat.hand.length).toBe(2);
    expect(f.combat.combat.discardPile).toContain(reflex);
  });

  it('The Hunt: a Fatal hit adds a card reward after the fight', () => {
    // The first card kills enemy 0, a Strike enemy 1; the fight is won through the run's actions.
    const rewardsAfter = (killer: string): number => {
      const f = fight('SILENT');
      for (const monster of f.combat.combat.monsters) monster.hp = 1;
      inHand(f, killer);
      inHand(f, 'STRIKE_SILENT');
      sts2(() => applyAction(f.run, { action: 'play_card', card_index: 0, target_index: 0 }));
      sts2(() => applyAction(f.run, { action: 'play_card', card_index: 0, target_index: 1 }));
      expect(f.run.screen).toBe('REWARD');
      return f.run.reward?.items.filter((item) => item.kind === 'cards').length ?? 0;
    };
    expect(rewardsAfter('THE_HUNT')).toBe(2);
    expect(rewardsAfter('STRIKE_SILENT')).toBe(1);
    // A hit that does not kill earns nothing.
    const f = fight('SILENT');
    play(f, inHand(f, 'THE_HUNT'));
    expect(hpLost(f, 0)).toBe(10);
    expect(f.combat.combat.player.powers.THE_HUNT ?? 0).toBe(0);
  });
});
