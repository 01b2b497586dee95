import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import { HAND_LIMIT } from '../../engine/definitions.js';
import type { CombatCard, RunState } from '../../engine/run-state.js';
import { quietPiles, sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getCard, withRuleset } from '../registry.js';
import { ALL_STS2_CARD_FACTS, isFullyModelledSts2Card } from './sts2-cards.js';

/** A Regent fight against two 300-HP Seapunks: `pile` in the named pile, then `played` last in the hand. */
function fight(
  played: string,
  upgraded: boolean,
  pile: { readonly name: 'drawPile' | 'discardPile' | 'hand'; readonly ids: readonly string[] },
): { run: RunState; combat: Combat; card: CombatCard } {
  const { run, combat } = sts2TestFight('event-card-rules', 'REGENT', ['DEFEND_REGENT'], quietPiles);
  const state = run.combat;
  if (state === null) throw new Error('no combat');
  state[pile.name] = pile.ids.map((id) => testCombatCard(run, id));
  const card = testCombatCard(run, played, upgraded);
  state.hand.push(card);
  return { run, combat, card };
}

const hpLost = (run: RunState): number[] => run.combat?.monsters.map((monster) => 300 - monster.hp) ?? [];
const FIVE = ['STRIKE_REGENT', 'DEFEND_REGENT', 'VENERATE', 'FALLING_STAR', 'STRIKE_REGENT'];

describe('StS2 card rules from the game texts', () => {
  it('a card whose text says part of it is not simulated counts as partly modelled, and says so once', () => {
    // Four cards had said so in their rule texts and still counted as fully modelled.
    let partly = 0;
    for (const facts of ALL_STS2_CARD_FACTS) {
      const text = withRuleset('sts2', () => getCard(facts.id).text);
      const said = text.match(/not simulated/g)?.length ?? 0;
      expect(said, `${facts.id}: ${text}`).toBeLessThanOrEqual(1);
      expect(said === 1, `${facts.id}: ${text}`).toBe(!isFullyModelledSts2Card(facts));
      if (said === 1) partly++;
    }
    expect(partly).toBeGreaterThan(0);
  });

  it("reads a Mad Science card's own type: its Attack counts as an Attack, its Skill as a Skill", () => {
    /** Plays `played` at the first enemy with `held` alone beside it in the hand. */
    const playBeside = (played: string, held: string): RunState => {
      const { run, combat, card } = fight(played, false, { name: 'hand', ids: [held] });
      withRuleset('sts2', () => combat.playCard(run.combat?.hand.indexOf(card) ?? -1, 0));
      return run;
    };
    // Expect a Fight gains 1 Energy per Attack in the hand.
    const energy = (held: string): number => playBeside('EXPECT_A_FIGHT', held).combat?.player.energy ?? 0;
    expect(energy('MAD_SCIENCE_WEAPON_VIOLENCE')).toBe(energy('STRIKE_REGENT'));
    expect(energy('MAD_SCIENCE_WEAPON_VIOLENCE')).toBeGreaterThan(energy('DEFEND_REGENT'));
    // Flechettes hits once per Skill in the hand.
    const dealt = (held: string): number => hpLost(playBeside('FLECHETTES', held))[0] ?? 0;
    expect(dealt('MAD_SCIENCE_WEAPON_VIOLENCE')).toBe(dealt('STRIKE_REGENT'));
    expect(dealt('MAD_SCIENCE')).toBe(dealt('DEFEND_REGENT'));
    expect(dealt('MAD_SCIENCE')).toBeGreaterThan(dealt('MAD_SCIENCE_WEAPON_VIOLENCE'));
  });

  it('Exterminate hits every enemy 4 times, for 3 (4 upgraded) each', () => {
    for (const [upgraded, each] of [
      [false, 3],
      [true, 4],
    ] as const) {
      const { run, combat } = fight('EXTERMINATE', upgraded, { name: 'drawPile', ids: FIVE });
      withRuleset('sts2', () => combat.playCard(0, -1));
      expect(hpLost(run)).toEqual([each * 4, each * 4]);
    }
  });

  it('Meteor Shower costs 2 Stars, hits every enemy and applies 2 Weak and 2 Vulnerable to each', () => {
    const { run, combat } = fight('METEOR_SHOWER', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(hpLost(run)).toEqual([14, 14]);
    expect(run.combat?.player.stars).toBe(7);
    for (const monster of run.combat?.monsters ?? []) {
      expect(monster.powers.WEAK).toBe(2);
      expect(monster.powers.VULNERABLE).toBe(2);
    }
    const upgraded = fight('METEOR_SHOWER', true, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => upgraded.combat.playCard(0, -1));
    expect(hpLost(upgraded.run)).toEqual([21, 21]);
  });

  it("Neow's Fury hits its target and puts 2 (3 upgraded) random Discard Pile cards into the hand, then Exhausts", () => {
    for (const [upgraded, damage, moved] of [
      [false, 10, 2],
      [true, 14, 3],
    ] as const) {
      const { run, combat, card } = fight('NEOWS_FURY', upgraded, { name: 'discardPile', ids: FIVE });
      const discarded = new Set(run.combat?.discardPile.map((each) => each.uid));
      withRuleset('sts2', () => combat.playCard(0, 1));
      expect(hpLost(run)).toEqual([0, damage]);
      const hand = run.combat?.hand ?? [];
      expect(hand).toHaveLength(moved);
      for (const each of hand) expect(discarded.has(each.uid)).toBe(true);
      expect(run.combat?.discardPile).toHaveLength(FIVE.length - moved);
      expect(run.combat?.exhaustPile.map((each) => each.uid)).toEqual([card.uid]);
    }
  });

  it("Neow's Fury stops at the hand limit and leaves the rest in the Discard Pile", () => {
    const { run, combat } = fight('NEOWS_FURY', false, { name: 'discardPile', ids: FIVE });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    // A full hand: Neow's Fury leaves it when played, which leaves room for one card.
    for (let index = 0; index < HAND_LIMIT - 1; index++)
      state.hand.unshift({ ...state.discardPile[0], uid: 5000 + index } as CombatCard);
    withRuleset('sts2', () => combat.playCard(HAND_LIMIT - 1, 0));
    expect(state.hand).toHaveLength(HAND_LIMIT);
    expect(state.discardPile).toHaveLength(FIVE.length - 1);
  });

  it('Dredge puts the chosen Discard Pile cards into the hand up to the hand limit; the rest stay', () => {
    const { run, combat } = fight('DREDGE', false, { name: 'discardPile', ids: FIVE });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const before = state.discardPile.length;
    // Dredge leaves the hand when played: 8 others leave room for 2 of its 3 cards.
    for (let index = 0; index < HAND_LIMIT - 2; index++)
      state.hand.unshift(testCombatCard(run, 'DEFEND_REGENT'));
    withRuleset('sts2', () => combat.playCard(HAND_LIMIT - 2, -1));
    expect(state.selection?.count).toBe(3);
    for (let pick = 0; pick < 3; pick++) withRuleset('sts2', () => combat.choose(0));
    expect(state.selection).toBeNull();
    expect(state.hand).toHaveLength(HAND_LIMIT);
    expect(state.discardPile.filter((card) => card.id !== 'DREDGE')).toHaveLength(before - 2);
  });

  it('Seeker Strike hits its target and offers 3 different Draw Pile cards; the chosen one goes to the hand', () => {
    const { run, combat } = fight('SEEKER_STRIKE', false, { name: 'drawPile', ids: [...FIVE, ...FIVE] });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const drawn = new Set(state.drawPile.map((card) => card.uid));
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(hpLost(run)).toEqual([9, 0]);
    // A copy: choosing removes the option from the selection's own list.
    const options = [...(state.selection?.options ?? [])];
    expect(state.selection?.source).toBe('draw');
    expect(new Set(options).size).toBe(3);
    for (const uid of options) expect(drawn.has(uid)).toBe(true);
    withRuleset('sts2', () => combat.choose(0));
    expect(state.selection).toBeNull();
    expect(state.hand.map((card) => card.uid)).toEqual([options[0]]);
    expect(state.drawPile).toHaveLength(2 * FIVE.length - 1);
  });

  it('Seeker Strike with one card left in the Draw Pile puts that card into the hand without asking', () => {
    const { run, combat } = fight('SEEKER_STRIKE', true, { name: 'drawPile', ids: ['VENERATE'] });
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(hpLost(run)).toEqual([12, 0]);
    expect(run.combat?.selection).toBeNull();
    expect(run.combat?.hand.map((card) => card.id)).toEqual(['VENERATE']);
    expect(run.combat?.drawPile).toHaveLength(0);
  });

  it('Glimmer draws 3 and puts the chosen card from the hand on top of the Draw Pile', () => {
    const { run, combat } = fight('GLIMMER', false, { name: 'drawPile', ids: FIVE });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(state.hand).toHaveLength(3);
    expect(state.selection?.source).toBe('hand');
    const chosen = state.selection?.options[1];
    withRuleset('sts2', () => combat.choose(1));
    expect(state.hand).toHaveLength(2);
    expect(state.drawPile.at(-1)?.uid).toBe(chosen);
  });

  it('Heavenly Drill hits X times, and twice X times from 4 Energy', () => {
    for (const [energy, hits] of [
      [3, 3],
      [4, 8],
    ] as const) {
      const { run, combat } = fight('HEAVENLY_DRILL', false, { name: 'drawPile', ids: FIVE });
      withRuleset('sts2', () => {
        if (run.combat !== null) run.combat.player.energy = energy;
        combat.playCard(0, 0);
      });
      expect(hpLost(run)).toEqual([8 * hits, 0]);
    }
  });

  it('Manifest Authority blocks and adds a random Colorless card, upgraded when it is', () => {
    for (const upgraded of [false, true]) {
      const { run, combat } = fight('MANIFEST_AUTHORITY', upgraded, { name: 'drawPile', ids: FIVE });
      withRuleset('sts2', () => combat.playCard(0, -1));
      expect(run.combat?.player.block).toBe(upgraded ? 8 : 7);
      const added = run.combat?.hand ?? [];
      expect(added).toHaveLength(1);
      expect(ALL_STS2_CARD_FACTS.find((facts) => facts.id === added[0]?.id)?.character).toBe('Colorless');
      expect(added[0]?.upgraded).toBe(upgraded);
    }
  });

  it('Kingly Kick costs 1 less and Kingly Punch deals 4 more each time they are drawn', () => {
    const { run, combat } = fight('STRIKE_REGENT', false, {
      name: 'drawPile',
      ids: ['KINGLY_KICK', 'KINGLY_PUNCH'],
    });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => {
      combat.draw(2);
      const kick = state.hand.find((card) => card.id === 'KINGLY_KICK');
      const punch = state.hand.find((card) => card.id === 'KINGLY_PUNCH');
      if (kick === undefined || punch === undefined) throw new Error('not drawn');
      expect(combat.costOf(kick)).toBe(3);
      expect(punch.bonus).toBe(4);
      state.hand = state.hand.filter((card) => card !== kick && card !== punch);
      state.drawPile.push(kick, punch);
      combat.draw(2);
      expect(combat.costOf(kick)).toBe(2);
      expect(punch.bonus).toBe(8);
      combat.playCard(state.hand.indexOf(punch), 0);
    });
    expect(hpLost(run)).toEqual([8 + 8, 0]);
  });

  it('Heirloom Hammer offers only the Colorless cards in hand and copies the chosen one', () => {
    const { run, combat } = fight('HEIRLOOM_HAMMER', false, {
      name: 'hand',
      ids: ['FLASH_OF_STEEL', 'STRIKE_REGENT', 'FINESSE'],
    });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const [flash, , finesse] = state.hand;
    withRuleset('sts2', () => combat.playCard(3, 0));
    expect(hpLost(run)).toEqual([20, 0]);
    expect(state.selection?.options).toEqual([flash?.uid, finesse?.uid]);
    withRuleset('sts2', () => combat.choose(1));
    expect(state.hand.map((card) => card.id).sort()).toEqual([
      'FINESSE',
      'FINESSE',
      'FLASH_OF_STEEL',
      'STRIKE_REGENT',
    ]);
  });

  it('Crash Landing hits every enemy and fills the hand with Debris', () => {
    const { run, combat } = fight('CRASH_LANDING', false, { name: 'hand', ids: ['STRIKE_REGENT'] });
    withRuleset('sts2', () => combat.playCard(1, -1));
    expect(hpLost(run)).toEqual([21, 21]);
    const hand = run.combat?.hand.map((card) => card.id) ?? [];
    expect(hand).toHaveLength(HAND_LIMIT);
    expect(hand.filter((id) => id === 'DEBRIS')).toHaveLength(HAND_LIMIT - 1);
  });

  it('Reave and Severance add Souls where their texts say', () => {
    const reave = fight('REAVE', true, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => reave.combat.playCard(0, 0));
    const soul = reave.run.combat?.drawPile.find((card) => card.id === 'SOUL');
    expect(soul?.upgraded).toBe(true);
    const severance = fight('SEVERANCE', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => severance.combat.playCard(0, 0));
    const state = severance.run.combat;
    expect(hpLost(severance.run)).toEqual([13, 0]);
    for (const pile of [state?.drawPile, state?.hand, state?.discardPile])
      expect(pile?.filter((card) => card.id === 'SOUL')).toHaveLength(1);
  });

  it('Drain Power upgrades 2 random upgradable cards of the Discard Pile', () => {
    const { run, combat } = fight('DRAIN_POWER', false, {
      name: 'discardPile',
      ids: ['STRIKE_REGENT', 'DEFEND_REGENT', 'BURN', 'DAZED'],
    });
    withRuleset('sts2', () => combat.playCard(0, 0));
    const upgraded = run.combat?.discardPile.filter((card) => card.upgraded).map((card) => card.id) ?? [];
    expect(upgraded.sort()).toEqual(['DEFEND_REGENT', 'STRIKE_REGENT']);
  });

  it('Cleanse summons and Exhausts the chosen Draw Pile card; Spur summons and heals Osty', () => {
    const cleanse = fight('CLEANSE', false, { name: 'drawPile', ids: FIVE });
    const state = cleanse.run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => cleanse.combat.playCard(0, -1));
    expect(state.summon).toMatchObject({ hp: 3, maxHp: 3 });
    const chosen = state.selection?.options[0];
    withRuleset('sts2', () => cleanse.combat.choose(0));
    expect(state.exhaustPile.map((card) => card.uid)).toContain(chosen);
    expect(state.drawPile).toHaveLength(FIVE.length - 1);
    const spur = fight('SPUR', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => {
      const combat = spur.run.combat;
      if (combat === null) throw new Error('no combat');
      combat.summon = { id: 'OSTY', name: 'Osty', hp: 1, maxHp: 10 };
      spur.combat.playCard(0, -1);
      // Summon 3: 13 max HP and 4 HP; then the heal of 5.
      expect(combat.summon).toMatchObject({ hp: 9, maxHp: 13 });
    });
  });

  it("Misery copies the target's debuffs to every other enemy", () => {
    const { run, combat } = fight('MISERY', false, { name: 'drawPile', ids: FIVE });
    const [target, other] = run.combat?.monsters ?? [];
    if (target === undefined || other === undefined) throw new Error('two enemies expected');
    target.powers.WEAK = 2;
    target.powers.VULNERABLE = 1;
    target.powers.STRENGTH = 3;
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(other.powers.WEAK).toBe(2);
    expect(other.powers.VULNERABLE).toBe(1);
    expect(other.powers.STRENGTH).toBeUndefined();
  });

  it('Apotheosis upgrades every card in every pile', () => {
    const { run, combat } = fight('APOTHEOSIS', false, { name: 'drawPile', ids: FIVE });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.discardPile.push({ ...(state.drawPile[0] as CombatCard), uid: 8001 });
    withRuleset('sts2', () => combat.playCard(0, -1));
    for (const card of [...state.drawPile, ...state.discardPile]) expect(card.upgraded).toBe(true);
  });

  it('Brightest Flame gives Energy and cards for 1 Max HP', () => {
    const { run, combat } = fight('BRIGHTEST_FLAME', true, { name: 'drawPile', ids: FIVE });
    const maxHp = run.maxHp;
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(run.combat?.player.energy).toBe(9 + 3);
    expect(run.combat?.hand).toHaveLength(3);
    expect(run.maxHp).toBe(maxHp - 1);
  });

  it('Caltrops hits back every attack; Entrench doubles Block', () => {
    const caltrops = fight('CALTROPS', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => caltrops.combat.playCard(0, -1));
    expect(caltrops.run.combat?.player.powers.THORNS).toBe(3);
    const attacker = caltrops.run.combat?.monsters[0] ?? null;
    withRuleset('sts2', () => caltrops.combat.damagePlayer(5, attacker));
    expect(hpLost(caltrops.run)).toEqual([3, 0]);
    const entrench = fight('ENTRENCH', false, { name: 'drawPile', ids: FIVE });
    if (entrench.run.combat !== null) entrench.run.combat.player.block = 12;
    withRuleset('sts2', () => entrench.combat.playCard(0, -1));
    expect(entrench.run.combat?.player.block).toBe(24);
  });

  it('Clash can be played only when every card in hand is an Attack', () => {
    const blocked = fight('CLASH', false, { name: 'hand', ids: ['DEFEND_REGENT'] });
    const clash = blocked.run.combat?.hand[1];
    if (clash === undefined) throw new Error('no Clash');
    withRuleset('sts2', () => expect(blocked.combat.unplayableReason(clash)).toMatch(/Attack/));
    const open = fight('CLASH', false, { name: 'hand', ids: ['STRIKE_REGENT'] });
    withRuleset('sts2', () => open.combat.playCard(1, 0));
    expect(hpLost(open.run)).toEqual([14, 0]);
  });

  it('Distraction adds a random Skill of the character that is free this turn', () => {
    const { run, combat } = fight('DISTRACTION', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => {
      combat.playCard(0, -1);
      const added = run.combat?.hand[0];
      if (added === undefined) throw new Error('nothing added');
      const facts = ALL_STS2_CARD_FACTS.find((each) => each.id === added.id);
      expect([facts?.character, facts?.type]).toEqual(['Regent', 'Skill']);
      expect(combat.costOf(added)).toBeLessThanOrEqual(0);
    });
  });

  it('Dual Wield copies the chosen Attack or Power, twice upgraded', () => {
    const { run, combat } = fight('DUAL_WIELD', true, {
      name: 'hand',
      ids: ['STRIKE_REGENT', 'DEFEND_REGENT', 'VENERATE'],
    });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => combat.playCard(3, -1));
    // Venerate is a Skill: only the Strike can be chosen, so it is copied without asking.
    expect(state.selection).toBeNull();
    expect(state.hand.filter((card) => card.id === 'STRIKE_REGENT')).toHaveLength(3);
  });

  it('Enlightenment sets costs above 1 to 1 for the turn, for the combat upgraded', () => {
    for (const upgraded of [false, true]) {
      const { run, combat } = fight('ENLIGHTENMENT', upgraded, {
        name: 'hand',
        ids: ['SEVERANCE', 'STRIKE_REGENT', 'FALLING_STAR'],
      });
      const state = run.combat;
      if (state === null) throw new Error('no combat');
      withRuleset('sts2', () => {
        const before = state.hand.slice(0, 3).map((card) => combat.costOf(card));
        combat.playCard(3, -1);
        const after = state.hand.map((card) => combat.costOf(card));
        expect(after).toEqual(before.map((cost) => Math.min(cost, 1)));
        combat.endTurn();
        const severance = [...state.hand, ...state.drawPile, ...state.discardPile].find(
          (card) => card.id === 'SEVERANCE',
        );
        expect(severance?.combatCost ?? null).toBe(upgraded ? 1 : null);
      });
    }
  });

  it('Maul hits twice and makes every Maul stronger for the combat', () => {
    const { run, combat, card } = fight('MAUL', false, { name: 'drawPile', ids: ['MAUL', 'STRIKE_REGENT'] });
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(hpLost(run)).toEqual([10, 0]);
    expect(card.bonus).toBe(1);
    expect(run.combat?.drawPile.find((each) => each.id === 'MAUL')?.bonus).toBe(1);
  });

  it('Relax blocks now and draws and gives Energy next turn; Wish puts the chosen Draw Pile card into the hand', () => {
    const relax = fight('RELAX', false, { name: 'drawPile', ids: [...FIVE, ...FIVE, ...FIVE] });
    withRuleset('sts2', () => relax.combat.playCard(0, -1));
    const state = relax.run.combat;
    expect(state?.player.block).toBe(15);
    expect(state?.player.powers.NEXT_TURN_DRAW).toBe(2);
    expect(state?.player.powers.NEXT_TURN_ENERGY).toBe(2);
    const wish = fight('WISH', false, { name: 'drawPile', ids: FIVE });
    const chosen = wish.run.combat?.drawPile[3]?.uid;
    withRuleset('sts2', () => {
      wish.combat.playCard(0, -1);
      wish.combat.choose(wish.run.combat?.selection?.options.indexOf(chosen ?? -1) ?? -1);
    });
    expect(wish.run.combat?.hand.map((card) => card.uid)).toEqual([chosen]);
  });

  it('Particle Wall blocks and returns to the hand at once', () => {
    const { run, combat, card } = fight('PARTICLE_WALL', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(run.combat?.player.block).toBe(9);
    expect(run.combat?.hand).toEqual([card]);
  });

  it('Bolas goes to the Discard Pile and back to the hand at the start of the next turn', () => {
    const { run, combat, card } = fight('BOLAS', false, { name: 'drawPile', ids: FIVE });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(hpLost(run)).toEqual([3, 0]);
    expect(state.discardPile).toEqual([card]);
    withRuleset('sts2', () => combat.endTurn());
    expect(state.hand).toContain(card);
    expect(state.discardPile).not.toContain(card);
    expect(Object.keys(state.counters).filter((key) => key.startsWith('return'))).toEqual([]);
  });

  it('Bombardment and Howl from Beyond play themselves from the Exhaust Pile at the start of each turn', () => {
    const bombardment = fight('BOMBARDMENT', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => bombardment.combat.playCard(0, 0));
    expect(hpLost(bombardment.run)).toEqual([18, 0]);
    // The Seapunks' first move is Sea Kick (no Block), so the replay's damage all lands.
    withRuleset('sts2', () => bombardment.combat.endTurn());
    expect(hpLost(bombardment.run).reduce((sum, lost) => sum + lost, 0)).toBe(36);
    expect(bombardment.run.combat?.exhaustPile.map((card) => card.id)).toEqual(['BOMBARDMENT']);
    const howl = fight('HOWL_FROM_BEYOND', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => {
      howl.combat.playCard(0, -1);
      howl.combat.endTurn();
    });
    expect(hpLost(howl.run)).toEqual([32, 32]);
  });

  it("Fetch draws only on its first play of the turn; Flatten is free and Rattle hits again after Osty's attacks", () => {
    const { run, combat, card } = fight('FETCH', false, {
      name: 'hand',
      ids: ['FLATTEN', 'RATTLE', 'STRIKE_REGENT'],
    });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.summon = { id: 'OSTY', name: 'Osty', hp: 10, maxHp: 10 };
    for (const id of FIVE) state.drawPile.push(testCombatCard(run, id));
    withRuleset('sts2', () => {
      const flatten = state.hand[0] as CombatCard;
      expect(combat.costOf(flatten)).toBe(2);
      combat.playCard(state.hand.indexOf(card), 0);
      expect(hpLost(run)).toEqual([3, 0]);
      expect(state.hand).toHaveLength(4);
      expect(combat.costOf(flatten)).toBe(0);
      // Fetch again this turn: no card drawn.
      state.discardPile.splice(state.discardPile.indexOf(card), 1);
      state.hand.push(card);
      combat.playCard(state.hand.indexOf(card), 0);
      expect(state.hand).toHaveLength(4);
      // Osty has attacked twice: Rattle hits 3 times.
      combat.playCard(
        state.hand.findIndex((each) => each.id === 'RATTLE'),
        0,
      );
    });
    expect(hpLost(run)).toEqual([3 + 3 + 7 * 3, 0]);
  });

  it("Death's Door blocks 3 times after Doom was applied this turn; End of Days kills what its Doom covers", () => {
    const plain = fight('DEATHS_DOOR', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => plain.combat.playCard(0, -1));
    expect(plain.run.combat?.player.block).toBe(6);
    const doomed = fight('DEATHS_DOOR', false, { name: 'drawPile', ids: FIVE });
    withRuleset('sts2', () => {
      doomed.combat.applyToMonster(0, 'DOOM', 3);
      doomed.combat.playCard(0, -1);
    });
    expect(doomed.run.combat?.player.block).toBe(18);
    const end = fight('END_OF_DAYS', false, { name: 'drawPile', ids: FIVE });
    const [low, high] = end.run.combat?.monsters ?? [];
    if (low === undefined || high === undefined) throw new Error('two enemies expected');
    low.hp = 20;
    withRuleset('sts2', () => end.combat.playCard(0, -1));
    expect(low.alive).toBe(false);
    expect([high.alive, high.hp, high.powers.DOOM]).toEqual([true, 300, 29]);
  });

  it("Sic 'Em marks its enemy: Osty's hits on it Summon this turn; Sculpting Strike makes a card Ethereal", () => {
    const { run, combat, card } = fight('SIC_EM', false, { name: 'hand', ids: ['FETCH', 'DEFEND_REGENT'] });
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.summon = { id: 'OSTY', name: 'Osty', hp: 10, maxHp: 10 };
    withRuleset('sts2', () => {
      combat.playCard(state.hand.indexOf(card), 0);
      // The mark comes after Sic 'Em's own hit.
      expect(state.summon).toMatchObject({ hp: 10, maxHp: 10 });
      combat.playCard(0, 0);
      expect(state.summon).toMatchObject({ hp: 12, maxHp: 12 });
      combat.endTurn();
    });
    expect(state.monsters[0]?.powers.SIC_EM).toBeUndefined();
    const sculpting = fight('SCULPTING_STRIKE', false, { name: 'hand', ids: ['DEFEND_REGENT'] });
    withRuleset('sts2', () => sculpting.combat.playCard(1, 0));
    expect(sculpting.run.combat?.hand[0]?.ethereal).toBe(true);
  });

  it('Debilitate doubles what Vulnerable adds against its enemy; Borrowed Time makes cards cost 1 more this turn', () => {
    const { run, combat } = fight('DEBILITATE', false, {
      name: 'hand',
      ids: ['STRIKE_REGENT', 'STRIKE_REGENT'],
    });
    const [target] = run.combat?.monsters ?? [];
    if (target === undefined) throw new Error('no enemy');
    target.powers.VULNERABLE = 2;
    withRuleset('sts2', () => combat.playCard(2, 0));
    // 10 x 1.5 (Debilitate comes after its own hit), then a Strike's 6 x 2.
    expect(300 - target.hp).toBe(15);
    expect(target.powers.DEBILITATE).toBe(3);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(300 - target.hp).toBe(15 + 12);
    const borrowed = fight('BORROWED_TIME', false, { name: 'hand', ids: ['STRIKE_REGENT', 'VENERATE'] });
    const state = borrowed.run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => {
      borrowed.combat.playCard(2, -1);
      expect(state.player.energy).toBe(9 - 1 + 4);
      expect(state.hand.map((card) => borrowed.combat.costOf(card))).toEqual([2, 2]);
      borrowed.combat.endTurn();
    });
    expect(state.player.powers.BORROWED_TIME).toBeUndefined();
  });
});
