import { describe, expect, it } from 'vitest';
import { type Combat, monsterAttackDamage } from '../../engine/combat.js';
import { applyAction, createRun, legalActions } from '../../engine/run.js';
import type { CombatCard, RunState } from '../../engine/run-state.js';
import { sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getPotion, withRuleset } from '../registry.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';
import { isModelledSts2Entity } from './sts2-coverage.js';

const FIVE = ['STRIKE_SILENT', 'DEFEND_SILENT', 'NEUTRALIZE', 'SURVIVOR', 'STRIKE_SILENT'];

/** A Silent fight against two 300-HP Seapunks: `hand` in hand, FIVE in the Draw Pile, 60 of 80 HP. */
function fight(hand: readonly string[] = []): { run: RunState; combat: Combat } {
  return sts2TestFight('potion-rules', 'SILENT', ['DEFEND_SILENT'], (combat) => {
    const run = combat.run;
    run.maxHp = 80;
    run.hp = 60;
    const state = combat.combat;
    state.hand = hand.map((id) => testCombatCard(run, id));
    state.drawPile = FIVE.map((id) => testCombatCard(run, id));
    state.discardPile = [];
    state.player.energy = 3;
  });
}

function drink(id: string, run: RunState, combat: Combat | null, target = -1): void {
  withRuleset('sts2', () => getPotion(id).use(combat, run, target));
}

describe('StS2 potion rules', () => {
  it('Blood Potion heals 20% of Max HP, in and out of combat; Fruit Juice adds 5 Max HP', () => {
    const { run, combat } = fight();
    drink('BLOOD_POTION', run, combat);
    expect(run.hp).toBe(76);
    run.hp = 10;
    drink('BLOOD_POTION', run, null);
    expect(run.hp).toBe(26);
    drink('FRUIT_JUICE', run, null);
    expect([run.hp, run.maxHp]).toEqual([31, 85]);
  });

  it('Flex and Speed Potions wear off at the end of the turn; Fysh Oil stays', () => {
    const { run, combat } = fight();
    drink('FLEX_POTION', run, combat);
    drink('SPEED_POTION', run, combat);
    drink('FYSH_OIL', run, combat);
    const powers = run.combat?.player.powers;
    expect([powers?.STRENGTH, powers?.DEXTERITY]).toEqual([6, 6]);
    withRuleset('sts2', () => combat.endTurn());
    expect([powers?.STRENGTH, powers?.DEXTERITY]).toEqual([1, 1]);
  });

  it('Potion of Binding weakens every enemy; Ship in a Bottle blocks now and next turn', () => {
    const { run, combat } = fight();
    drink('POTION_OF_BINDING', run, combat);
    for (const monster of run.combat?.monsters ?? []) {
      expect(monster.powers.WEAK).toBe(1);
      expect(monster.powers.VULNERABLE).toBe(1);
    }
    drink('SHIP_IN_A_BOTTLE', run, combat);
    expect(run.combat?.player.block).toBe(10);
    expect(run.combat?.player.powers.NEXT_TURN_BLOCK).toBe(10);
  });

  it('Blessing of the Forge upgrades the hand; Glowwater Exhausts it and draws', () => {
    const blessed = fight(['STRIKE_SILENT', 'DEFEND_SILENT']);
    drink('BLESSING_OF_THE_FORGE', blessed.run, blessed.combat);
    expect(blessed.run.combat?.hand.map((card) => card.upgraded)).toEqual([true, true]);
    const glow = fight(['STRIKE_SILENT', 'DEFEND_SILENT']);
    drink('GLOWWATER_POTION', glow.run, glow.combat);
    expect(glow.run.combat?.exhaustPile).toHaveLength(2);
    // Ten cards asked for, five in the Draw Pile and nothing to shuffle in.
    expect(glow.run.combat?.hand).toHaveLength(FIVE.length);
  });

  it('Bottled Potential shuffles the hand and Discard Pile into the Draw Pile and draws 5', () => {
    const { run, combat } = fight(['STRIKE_SILENT', 'DEFEND_SILENT', 'NEUTRALIZE']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.discardPile.push({ ...(state.hand[0] as CombatCard), uid: 9001 });
    const all = [...state.hand, ...state.drawPile, ...state.discardPile].map((card) => card.uid).sort();
    drink('BOTTLED_POTENTIAL', run, combat);
    expect(state.hand).toHaveLength(5);
    expect(state.discardPile).toHaveLength(0);
    expect([...state.hand, ...state.drawPile].map((card) => card.uid).sort()).toEqual(all);
  });

  it('Snecko Oil draws 7 and gives each card in hand a cost of 0 to 3 this turn', () => {
    const { run, combat } = fight();
    drink('SNECKO_OIL', run, combat);
    const hand = run.combat?.hand ?? [];
    expect(hand).toHaveLength(FIVE.length);
    for (const card of hand) {
      expect(card.turnCost).toBeGreaterThanOrEqual(0);
      expect(card.turnCost).toBeLessThanOrEqual(3);
    }
  });

  it('Snecko Oil rerolls Beat Down (played for its cost despite the export keyword), not a curse', () => {
    const { run, combat } = fight();
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.drawPile = [];
    state.hand = [testCombatCard(run, 'BEAT_DOWN'), testCombatCard(run, 'NORMALITY')];
    drink('SNECKO_OIL', run, combat);
    expect(state.hand[0]?.turnCost).not.toBeNull();
    expect(state.hand[1]?.turnCost).toBeNull();
  });

  it('Cosmic Concoction, Cunning Potion and Orobic Acid add the cards their texts name', () => {
    const { run, combat } = fight();
    drink('COSMIC_CONCOCTION', run, combat);
    const cosmic = run.combat?.hand ?? [];
    expect(cosmic).toHaveLength(3);
    for (const card of cosmic) {
      expect(card.upgraded).toBe(true);
      expect(ALL_STS2_CARD_FACTS.find((facts) => facts.id === card.id)?.character).toBe('Colorless');
    }
    const cunning = fight();
    drink('CUNNING_POTION', cunning.run, cunning.combat);
    expect(cunning.run.combat?.hand.map((card) => [card.id, card.upgraded])).toEqual([
      ['SHIV', true],
      ['SHIV', true],
      ['SHIV', true],
    ]);
    const orobic = fight();
    drink('OROBIC_ACID', orobic.run, orobic.combat);
    const types = (orobic.run.combat?.hand ?? []).map(
      (card) => ALL_STS2_CARD_FACTS.find((facts) => facts.id === card.id)?.type,
    );
    expect(types).toEqual(['Attack', 'Skill', 'Power']);
    withRuleset('sts2', () => {
      for (const card of orobic.run.combat?.hand ?? []) expect(orobic.combat.costOf(card)).toBe(0);
    });
  });

  it('Distilled Chaos plays the top 3 cards of the Draw Pile', () => {
    const { run, combat } = fight();
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.drawPile = state.drawPile.filter((card) => card.id === 'STRIKE_SILENT');
    state.drawPile.push({ ...(state.drawPile[0] as CombatCard), uid: 9100 });
    drink('DISTILLED_CHAOS', run, combat);
    // Three Strikes at random targets: 18 damage in all.
    const lost = state.monsters.reduce((sum, monster) => sum + 300 - monster.hp, 0);
    expect(lost).toBe(18);
    expect(state.drawPile).toHaveLength(0);
  });

  it('Entropic Brew fills every empty potion slot', () => {
    const { run } = fight();
    run.potions = [null, 'BLOOD_POTION', null];
    drink('ENTROPIC_BREW', run, null);
    expect(run.potions.every((potion) => potion !== null)).toBe(true);
    expect(run.potions[1]).toBe('BLOOD_POTION');
  });

  it('says what each potion does, and no longer that it is not simulated', () => {
    withRuleset('sts2', () => {
      for (const id of ['BLOOD_POTION', 'FLEX_POTION', 'FAIRY_IN_A_BOTTLE', 'SNECKO_OIL'])
        expect(getPotion(id).text).not.toMatch(/not simulated/);
      expect(getPotion('FLEX_POTION').text).toBe(
        'Gain 5 Strength. At the end of your turn, lose 5 Strength.',
      );
    });
  });

  it('Attack, Skill, Power and Colorless Potions offer 3 cards of their kind; the chosen one is free this turn', () => {
    for (const [id, character, type] of [
      ['ATTACK_POTION', 'Silent', 'Attack'],
      ['SKILL_POTION', 'Silent', 'Skill'],
      ['POWER_POTION', 'Silent', 'Power'],
      ['COLORLESS_POTION', 'Colorless', undefined],
    ] as const) {
      const { run, combat } = fight();
      drink(id, run, combat);
      const state = run.combat;
      if (state === null) throw new Error('no combat');
      expect(state.selection?.potion).toBe(id);
      const offered = state.selection?.generated ?? [];
      expect(new Set(offered.map((card) => card.id)).size).toBe(3);
      for (const card of offered) {
        const facts = ALL_STS2_CARD_FACTS.find((each) => each.id === card.id);
        expect([id, facts?.character]).toEqual([id, character]);
        if (type !== undefined) expect([id, facts?.type]).toEqual([id, type]);
      }
      withRuleset('sts2', () => combat.choose(2));
      expect(state.selection).toBeNull();
      expect(state.hand.map((card) => card.id)).toEqual([offered[2]?.id]);
      // Free this turn (or -2: a few Colorless cards are Unplayable in the facts).
      withRuleset('sts2', () => expect(combat.costOf(state.hand[0] as CombatCard)).toBeLessThanOrEqual(0));
    }
  });

  it("Ashwater Exhausts and Gambler's Brew discards and redraws the chosen cards, up to the player", () => {
    const ash = fight(['STRIKE_SILENT', 'DEFEND_SILENT', 'NEUTRALIZE']);
    drink('ASHWATER', ash.run, ash.combat);
    const state = ash.run.combat;
    if (state === null) throw new Error('no combat');
    expect([state.selection?.minimum, state.selection?.count]).toEqual([0, 3]);
    withRuleset('sts2', () => {
      ash.combat.choose(0);
      ash.combat.choose(0);
      ash.combat.resolveSelection();
    });
    expect(state.exhaustPile.map((card) => card.id)).toEqual(['STRIKE_SILENT', 'DEFEND_SILENT']);
    expect(state.hand.map((card) => card.id)).toEqual(['NEUTRALIZE']);
    const brew = fight(['STRIKE_SILENT', 'DEFEND_SILENT']);
    drink('GAMBLERS_BREW', brew.run, brew.combat);
    withRuleset('sts2', () => {
      brew.combat.choose(0);
      brew.combat.choose(0);
    });
    const brewed = brew.run.combat;
    expect(brewed?.discardPile.map((card) => card.id)).toEqual(['STRIKE_SILENT', 'DEFEND_SILENT']);
    expect(brewed?.hand).toHaveLength(2);
    expect(brewed?.drawPile).toHaveLength(FIVE.length - 2);
  });

  it('Droplet of Precognition, Liquid Memories and Touch of Insanity move or change the chosen card', () => {
    const droplet = fight();
    const wanted = droplet.run.combat?.drawPile[2];
    drink('DROPLET_OF_PRECOGNITION', droplet.run, droplet.combat);
    withRuleset('sts2', () =>
      droplet.combat.choose(droplet.run.combat?.selection?.options.indexOf(wanted?.uid ?? -1) ?? -1),
    );
    expect(droplet.run.combat?.hand).toEqual([wanted]);
    const memories = fight();
    const memoriesState = memories.run.combat;
    if (memoriesState === null) throw new Error('no combat');
    memoriesState.discardPile = memoriesState.drawPile.splice(0, 2);
    drink('LIQUID_MEMORIES', memories.run, memories.combat);
    withRuleset('sts2', () => memories.combat.choose(1));
    expect(memoriesState.hand).toHaveLength(1);
    expect(memoriesState.discardPile).toHaveLength(1);
    withRuleset('sts2', () => expect(memories.combat.costOf(memoriesState.hand[0] as CombatCard)).toBe(0));
    const touch = fight(['SURVIVOR', 'STRIKE_SILENT']);
    drink('TOUCH_OF_INSANITY', touch.run, touch.combat);
    withRuleset('sts2', () => touch.combat.choose(0));
    expect(touch.run.combat?.hand[0]?.combatCost).toBe(0);
  });

  it('a potion choice goes through the simulator: drink, pick, and the turn goes on', () => {
    const { run } = fight(['STRIKE_SILENT', 'DEFEND_SILENT']);
    run.potions = ['ASHWATER', null, null];
    withRuleset('sts2', () => {
      expect(applyAction(run, { action: 'use_potion', option_index: 0 }).ok).toBe(true);
      expect(legalActions(run).map((action) => action.action)).toContain('select_deck_card');
      expect(applyAction(run, { action: 'select_deck_card', option_index: 0 }).ok).toBe(true);
      expect(applyAction(run, { action: 'confirm_selection' }).ok).toBe(true);
      expect(run.combat?.selection).toBeNull();
      expect(run.combat?.exhaustPile.map((card) => card.id)).toEqual(['STRIKE_SILENT']);
      expect(legalActions(run).map((action) => action.action)).toContain('end_turn');
    });
  });

  it('Clarity and Radiant Tincture draw and give Energy on the next turns; Stable Serum retains the hand', () => {
    const { run, combat } = fight(['STRIKE_SILENT', 'DEFEND_SILENT']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    for (let copy = 0; copy < 20; copy++) state.drawPile.push(testCombatCard(run, 'STRIKE_SILENT'));
    drink('CLARITY', run, combat);
    drink('RADIANT_TINCTURE', run, combat);
    drink('STABLE_SERUM', run, combat);
    expect(state.hand).toHaveLength(3);
    expect(state.player.energy).toBe(4);
    const handBefore = state.hand.map((card) => card.uid);
    withRuleset('sts2', () => combat.endTurn());
    // Retained 3, then the turn's 5 and Clarity's 1; the turn's Energy and Radiance's 1.
    expect(state.hand.slice(0, 3).map((card) => card.uid)).toEqual(handBefore);
    expect(state.hand).toHaveLength(3 + 5 + 1);
    expect(state.player.energy).toBe(4);
    expect([
      state.player.powers.CLARITY,
      state.player.powers.RADIANCE,
      state.player.powers.RETAIN_HAND,
    ]).toEqual([2, 2, 1]);
  });

  it('Powdered Demise costs its enemy 9 HP each turn; Beetle Juice shrinks its attacks by 30%', () => {
    const { run, combat } = fight();
    const [first, second] = run.combat?.monsters ?? [];
    if (first === undefined || second === undefined) throw new Error('two enemies expected');
    drink('POWDERED_DEMISE', run, combat, 0);
    expect(first.powers.DEMISE).toBe(9);
    drink('BEETLE_JUICE', run, combat, 1);
    expect(second.powers.SHRINK).toBe(4);
    withRuleset('sts2', () => {
      expect(monsterAttackDamage(run, run.combat as NonNullable<RunState['combat']>, second, 10)).toBe(7);
      combat.endTurn();
    });
    expect(300 - first.hp).toBe(9);
    expect(second.powers.SHRINK).toBe(3);
  });

  it('Duplicator plays the next card twice this turn; Gigantification triples the next Attack', () => {
    const { run, combat } = fight(['STRIKE_SILENT', 'STRIKE_SILENT', 'DEFEND_SILENT']);
    const [first] = run.combat?.monsters ?? [];
    if (first === undefined) throw new Error('no enemy');
    drink('GIGANTIFICATION_POTION', run, combat);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(300 - first.hp).toBe(18);
    drink('DUPLICATOR', run, combat);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(300 - first.hp).toBe(18 + 6 + 6);
    drink('DUPLICATOR', run, combat);
    withRuleset('sts2', () => combat.endTurn());
    expect(run.combat?.player.powers.DUPLICATION).toBeUndefined();
  });

  it("Soldier's Stew gives every Strike of the fight 1 Replay for the combat", () => {
    const { run, combat } = fight(['STRIKE_SILENT', 'DEFEND_SILENT']);
    const state = run.combat;
    const [first] = state?.monsters ?? [];
    if (state === null || first === undefined) throw new Error('no combat');
    drink('SOLDIERS_STEW', run, combat);
    const replays = (ids: readonly CombatCard[]) => ids.map((card) => [card.id, card.replays ?? 0]);
    expect(replays(state.drawPile.filter((card) => card.id.includes('STRIKE')))).toEqual([
      ['STRIKE_SILENT', 1],
      ['STRIKE_SILENT', 1],
    ]);
    expect(state.hand.find((card) => card.id === 'DEFEND_SILENT')?.replays).toBeUndefined();
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(300 - first.hp).toBe(12);
    expect(isModelledSts2Entity('potion', 'SOLDIERS_STEW')).toBe(true);
  });

  it('Foul Potion hits every enemy and the player for 12; outside combat it is thrown at a Merchant for 100 Gold', () => {
    const { run, combat } = fight();
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.player.block = 5;
    drink('FOUL_POTION', run, combat);
    expect(state.monsters.map((monster) => monster.hp)).toEqual([288, 288]);
    expect(run.hp).toBe(53);
    // On the map it cannot be used; at a shop it sells for 100 Gold.
    const outside = createRun({ seed: 'foul-potion', character: 'SILENT', ruleset: 'sts2' });
    outside.potions = ['FOUL_POTION', null, null];
    outside.screen = 'MAP';
    const uses = () =>
      withRuleset('sts2', () => legalActions(outside)).filter((action) => action.action === 'use_potion');
    expect(uses()).toEqual([]);
    outside.screen = 'SHOP';
    outside.shop = { cards: [], relics: [], potions: [], removalPrice: 999, removalUsed: true };
    outside.gold = 20;
    const [use] = uses();
    if (use === undefined) throw new Error('Foul Potion cannot be used at the shop');
    expect(withRuleset('sts2', () => applyAction(outside, use)).ok).toBe(true);
    expect(outside.gold).toBe(120);
    expect(outside.potions).toEqual([null, null, null]);
    expect(isModelledSts2Entity('potion', 'FOUL_POTION')).toBe(true);
  });
});
