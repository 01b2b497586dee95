import { describe, expect, it } from 'vitest';
import type { EngineAction } from '../../engine/action.js';
import { Combat, monsterAttackDamage } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { combatRewards } from '../../engine/rewards.js';
import { addRelic, applyAction, createRun, legalActions } from '../../engine/run.js';
import type { CharacterId, CombatState, MapNode, RewardItem, RunState } from '../../engine/run-state.js';
import { getCard, getPotion, getRelic, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { STS2_ANCIENT_RELIC_RULES } from './sts2-ancient-relic-rules.js';
import { isModelledSts2Entity } from './sts2-coverage.js';

interface FightOptions {
  readonly relics?: readonly string[];
  readonly deck?: readonly string[];
  readonly character?: CharacterId;
  readonly kind?: CombatState['kind'];
  readonly monsters?: readonly string[];
  readonly act?: number;
}

/** An StS2 run with these relics, at its first map choice. */
function newRun(relics: readonly string[] = [], character: CharacterId = 'IRONCLAD'): RunState {
  const run = createRun({ seed: 'ancient-relics', character, ruleset: 'sts2' });
  run.relics = relics.map((id) => ({ id, counter: -1, used: false }));
  return run;
}

/** An StS2 fight with these relics and deck (the hand drawn from it as usual). */
function fight(options: FightOptions = {}): { run: RunState; combat: Combat; state: CombatState } {
  const run = newRun(options.relics, options.character);
  return withRuleset('sts2', () => {
    run.deck = (options.deck ?? ['DEFEND_IRONCLAD']).map((id) => ({
      uid: run.counters.nextUid++,
      id,
      upgraded: false,
    }));
    run.act = options.act ?? 1;
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', options.monsters ?? ['SEAPUNK'], options.kind ?? 'monster');
    return { run, combat, state: run.combat as CombatState };
  });
}

/** Runs `body` with the StS2 content active. */
function sts2<T>(body: () => T): T {
  return withRuleset('sts2', body);
}

function handIndex(state: CombatState, id: string): number {
  return state.hand.findIndex((card) => card.id === id);
}

function durable(run: RunState): void {
  run.maxHp = 999;
  run.hp = 999;
}

function count(run: RunState, id: string): number {
  return run.deck.filter((card) => card.id === id).length;
}

/** The run after obtaining a relic with its pickup effect (on the map, as after a boss chest). */
function pickup(id: string, character: CharacterId = 'IRONCLAD'): RunState {
  const run = newRun([], character);
  sts2(() => addRelic(run, id));
  return run;
}

function act(run: RunState, action: EngineAction): void {
  const result = applyAction(run, action);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

const STRIKES = [
  'STRIKE_IRONCLAD',
  'STRIKE_IRONCLAD',
  'STRIKE_IRONCLAD',
  'STRIKE_IRONCLAD',
  'STRIKE_IRONCLAD',
];
const TEN = [...STRIKES, ...STRIKES];

describe('StS2 Ancient, Event and character relic rules', () => {
  it('marks every hand-written relic of this file as modelled, with the rule text', () => {
    for (const id of Object.keys(STS2_ANCIENT_RELIC_RULES)) {
      expect(
        STS2_RELIC_FACTS.some((facts) => facts.id === id),
        id,
      ).toBe(true);
      const rule = STS2_ANCIENT_RELIC_RULES[id]?.(() => 1, STS2_RELIC_FACTS[0] as never);
      if (rule?.unsimulated === undefined) expect(isModelledSts2Entity('relic', id), id).toBe(true);
    }
  });

  describe('energy and draw at the start of turns', () => {
    it.each([
      ['VERY_HOT_COCOA', 7],
      ['PHILOSOPHERS_STONE', 4],
      ['BLESSED_ANTLER', 4],
      ['BLOOD_SOAKED_ROSE', 4],
      ['PUMPKIN_CANDLE', 4],
      ['SOZU', 4],
      ['VELVET_CHOKER', 4],
      ['SEAL_OF_GOLD', 4],
    ])('%s: the first turn starts with %i Energy', (relic, energy) => {
      expect(fight({ relics: [relic] }).state.player.energy).toBe(energy);
      expect(fight().state.player.energy).toBe(3);
    });

    it('Very Hot Cocoa gives its Energy on the first turn only', () => {
      const { combat, state } = fight({ relics: ['VERY_HOT_COCOA'] });
      sts2(() => combat.endTurn());
      expect(state.player.energy).toBe(3);
    });

    it('Seal of Gold spends its Gold for the Energy, and gives none without the Gold', () => {
      const { run, state } = fight({ relics: ['SEAL_OF_GOLD'] });
      expect(run.gold).toBe(99 - 5);
      expect(state.player.energy).toBe(4);
      const poor = newRun(['SEAL_OF_GOLD']);
      poor.gold = 4;
      const combat = sts2(() => {
        poor.screen = 'COMBAT';
        return Combat.start(poor, 'TEST', ['SEAPUNK'], 'monster');
      });
      expect(combat.combat.player.energy).toBe(3);
      expect(poor.gold).toBe(4);
    });

    it('Pumpkin Candle is out from Act 3 on', () => {
      expect(fight({ relics: ['PUMPKIN_CANDLE'], act: 3 }).state.player.energy).toBe(3);
    });

    it('Philosophers Stone gives ALL enemies Strength', () => {
      const { state } = fight({ relics: ['PHILOSOPHERS_STONE'], monsters: ['SEAPUNK', 'SEAPUNK'] });
      expect(state.monsters.map((monster) => monster.powers.STRENGTH)).toEqual([1, 1]);
    });

    it('Blessed Antler shuffles Dazed into the Draw Pile', () => {
      const { state } = fight({ relics: ['BLESSED_ANTLER'], deck: TEN });
      const dazed = [...state.hand, ...state.drawPile].filter((card) => card.id === 'DAZED');
      expect(dazed.length).toBe(3);
    });

    it.each([
      ['PAELS_BLOOD', 6],
      ['FIDDLE', 7],
      ['SNECKO_EYE', 7],
      ['RING_OF_THE_DRAKE', 7],
    ])('%s: the first hand holds %i cards', (relic, size) => {
      expect(fight({ relics: [relic], deck: TEN }).state.hand.length).toBe(size);
      expect(fight({ deck: TEN }).state.hand.length).toBe(5);
    });

    it('Fiddle forbids drawing during the turn', () => {
      const { run, combat, state } = fight({ relics: ['FIDDLE'], deck: [...TEN, 'POMMEL_STRIKE'] });
      expect(state.player.powers.NO_DRAW).toBe(1);
      sts2(() => combat.draw(2));
      expect(run.combat?.hand.length).toBe(7);
    });

    it('Snecko Eye and Fake Snecko Eye start the combat Confused', () => {
      expect(fight({ relics: ['SNECKO_EYE'] }).state.player.powers.CONFUSED).toBe(1);
      expect(fight({ relics: ['FAKE_SNECKO_EYE'] }).state.player.powers.CONFUSED).toBe(1);
    });

    it('Ring of the Drake draws its extra cards on the first three turns only', () => {
      const { combat, state } = fight({ relics: ['RING_OF_THE_DRAKE'], deck: [...TEN, ...TEN] });
      sts2(() => combat.endTurn());
      expect(state.turn).toBe(2);
      expect(combat.combat.hand.length).toBe(7);
      sts2(() => combat.endTurn());
      sts2(() => combat.endTurn());
      expect(combat.combat.hand.length).toBe(5);
    });

    it('Booming Conch draws more on the first turn of Elite combats only', () => {
      expect(fight({ relics: ['BOOMING_CONCH'], deck: TEN, kind: 'elite' }).state.hand.length).toBe(7);
      expect(fight({ relics: ['BOOMING_CONCH'], deck: TEN }).state.hand.length).toBe(5);
    });

    it('Big Mushroom raises Max HP on pickup and draws fewer cards on the first turn', () => {
      const run = pickup('BIG_MUSHROOM');
      expect(run.maxHp).toBe(80 + 20);
      const { combat, state } = fight({ relics: ['BIG_MUSHROOM'], deck: TEN });
      expect(state.hand.length).toBe(3);
      sts2(() => combat.endTurn());
      expect(combat.combat.hand.length).toBe(5);
    });

    it("Pael's Flesh adds Energy from the third turn on", () => {
      const { combat } = fight({ relics: ['PAELS_FLESH'] });
      expect(combat.combat.player.energy).toBe(3);
      sts2(() => combat.endTurn());
      expect(combat.combat.player.energy).toBe(3);
      sts2(() => combat.endTurn());
      expect(combat.combat.player.energy).toBe(4);
    });

    it("Pael's Tears adds Energy after a turn ended with Energy left, not after one that spent it all", () => {
      const { combat } = fight({ relics: ['PAELS_TEARS'] });
      sts2(() => combat.endTurn());
      expect(combat.combat.player.energy).toBe(5);
      combat.combat.player.energy = 0;
      sts2(() => combat.endTurn());
      expect(combat.combat.player.energy).toBe(3);
    });

    it('Fake Happy Flower and Pollinous Core trigger every few turns', () => {
      const flower = fight({ relics: ['FAKE_HAPPY_FLOWER'] }).combat;
      const core = fight({ relics: ['POLLINOUS_CORE'], deck: [...TEN, ...TEN, ...TEN] }).combat;
      for (let turn = 2; turn <= 5; turn++) {
        sts2(() => flower.endTurn());
        sts2(() => core.endTurn());
        expect(flower.combat.player.energy, `turn ${turn}`).toBe(turn === 5 ? 4 : 3);
        expect(core.combat.hand.length, `turn ${turn}`).toBe(turn === 4 ? 7 : 5);
      }
    });

    it('Sparkling Rouge gives Strength and Dexterity on the third turn', () => {
      const { combat } = fight({ relics: ['SPARKLING_ROUGE'] });
      sts2(() => combat.endTurn());
      expect(combat.combat.player.powers.STRENGTH).toBeUndefined();
      sts2(() => combat.endTurn());
      expect(combat.combat.player.powers.STRENGTH).toBe(1);
      expect(combat.combat.player.powers.DEXTERITY).toBe(1);
    });

    it('Toasty Mittens exhausts the top card of the Draw Pile and gives Strength each turn', () => {
      const { combat, state } = fight({ relics: ['TOASTY_MITTENS'], deck: TEN });
      expect(state.exhaustPile.length).toBe(1);
      expect(state.player.powers.STRENGTH).toBe(1);
      sts2(() => combat.endTurn());
      expect(combat.combat.player.powers.STRENGTH).toBe(2);
    });

    it('Crossbow adds a free Attack of the character to the hand', () => {
      const { state } = fight({ relics: ['CROSSBOW'], deck: ['DEFEND_IRONCLAD'] });
      const added = state.hand.find((card) => card.id !== 'DEFEND_IRONCLAD');
      expect(added).toBeDefined();
      expect(sts2(() => getCard(added?.id ?? '').type)).toBe('Attack');
      expect(added?.turnCost).toBe(0);
    });

    it('Jeweled Mask puts a Power from the Draw Pile into the hand, free this turn', () => {
      const { state } = fight({ relics: ['JEWELED_MASK'], deck: [...TEN, 'INFLAME'] });
      const inflame = state.hand.find((card) => card.id === 'INFLAME');
      expect(inflame?.turnCost).toBe(0);
      expect(state.hand.length).toBe(6);
    });

    it('Delicate Frond fills the empty potion slots at the start of combat', () => {
      const { run } = fight({ relics: ['DELICATE_FROND'] });
      expect(run.potions.every((potion) => potion !== null)).toBe(true);
    });
  });

  describe('card plays', () => {
    it('Throwing Axe plays the first card of the combat twice, not the second', () => {
      const { combat, state } = fight({ relics: ['THROWING_AXE'], deck: STRIKES });
      const monster = state.monsters[0];
      const hp = monster?.hp ?? 0;
      sts2(() => combat.playCard(0, 0));
      expect(monster?.hp).toBe(hp - 12);
      sts2(() => combat.playCard(0, 0));
      expect(monster?.hp).toBe(hp - 18);
    });

    it('Iron Club draws a card every 4 cards played', () => {
      const { combat, state } = fight({ relics: ['IRON_CLUB'], deck: TEN.map(() => 'DEFEND_IRONCLAD') });
      state.player.energy = 10;
      for (let play = 0; play < 4; play++) sts2(() => combat.playCard(0, -1));
      expect(state.hand.length).toBe(5 - 4 + 1);
    });

    it('Daughter of the Wind gives Block for an Attack, not for a Skill', () => {
      const { combat, state } = fight({ relics: ['DAUGHTER_OF_THE_WIND'], deck: ['STRIKE_IRONCLAD'] });
      sts2(() => combat.playCard(0, 0));
      expect(state.player.block).toBe(1);
    });

    it('Lost Wisp deals damage to ALL enemies when a Power is played', () => {
      const { combat, state } = fight({
        relics: ['LOST_WISP'],
        deck: ['INFLAME'],
        monsters: ['SEAPUNK', 'SEAPUNK'],
      });
      const before = state.monsters.map((monster) => monster.hp);
      sts2(() => combat.playCard(0, -1));
      expect(state.monsters.map((monster) => monster.hp)).toEqual(before.map((hp) => hp - 8));
    });

    it('Forgotten Soul deals damage to an enemy when a card is exhausted', () => {
      const { combat, state } = fight({ relics: ['FORGOTTEN_SOUL'], deck: ['DEFEND_IRONCLAD'] });
      const hp = state.monsters[0]?.hp ?? 0;
      sts2(() => combat.exhaustCard(state.hand[0] as never));
      expect(state.monsters[0]?.hp).toBe(hp - 1);
    });

    it("Mr. Struggles deals the turn number's damage to ALL enemies", () => {
      const { combat, state } = fight({ relics: ['MR_STRUGGLES'] });
      const monster = state.monsters[0];
      const full = monster?.maxHp ?? 0;
      expect(monster?.hp).toBe(full - 1);
      sts2(() => combat.endTurn());
      expect(monster?.hp).toBe(full - 3);
    });

    it('History Course plays a copy of the last Attack or Skill of the previous turn, leaving no copy behind', () => {
      const { combat, state } = fight({
        relics: ['HISTORY_COURSE'],
        deck: ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD'],
      });
      const monster = state.monsters[0];
      const hp = monster?.hp ?? 0;
      sts2(() => combat.playCard(handIndex(state, 'STRIKE_IRONCLAD'), 0));
      expect(monster?.hp).toBe(hp - 6);
      sts2(() => combat.endTurn());
      expect(monster?.hp).toBe(hp - 12);
      const piles = [
        combat.combat.hand,
        combat.combat.drawPile,
        combat.combat.discardPile,
        combat.combat.exhaustPile,
      ];
      expect(piles.flat().length).toBe(2);
      // A turn with nothing played copies nothing the next turn.
      sts2(() => combat.endTurn());
      expect(monster?.hp).toBe(hp - 12);
    });

    it('Chosen Cheese raises Max HP at the end of a won combat', () => {
      const { run, combat, state } = fight({ relics: ['CHOSEN_CHEESE'], deck: ['STRIKE_IRONCLAD'] });
      const monster = state.monsters[0];
      if (monster !== undefined) monster.hp = 1;
      sts2(() => combat.playCard(0, 0));
      expect(state.victory).toBe(true);
      expect(run.maxHp).toBe(81);
    });

    it('Fake Orichalcum gives Block at the end of a turn without Block only', () => {
      const hpLost = (relics: string[], defend: boolean): number => {
        const { run, combat } = fight({ relics, deck: ['DEFEND_IRONCLAD'] });
        if (defend) sts2(() => combat.playCard(0, -1));
        const hp = run.hp;
        sts2(() => combat.endTurn());
        return hp - run.hp;
      };
      expect(hpLost(['FAKE_ORICHALCUM'], false)).toBe(hpLost([], false) - 3);
      expect(hpLost(['FAKE_ORICHALCUM'], true)).toBe(hpLost([], true));
    });
  });

  describe('more combat relics', () => {
    it("Strike Dummy??? adds its 1 damage to each Strike's hit, not to other Attacks", () => {
      const damageOf = (relics: string[], card: string) => {
        const { combat, state } = fight({ relics, deck: [card], monsters: ['SEAPUNK'] });
        const before = state.monsters[0]?.hp ?? 0;
        sts2(() => combat.playCard(0, 0));
        return before - (state.monsters[0]?.hp ?? 0);
      };
      expect(damageOf(['FAKE_STRIKE_DUMMY'], 'STRIKE_IRONCLAD')).toBe(damageOf([], 'STRIKE_IRONCLAD') + 1);
      expect(damageOf(['FAKE_STRIKE_DUMMY'], 'BASH')).toBe(damageOf([], 'BASH'));
    });

    it('Razor Tooth upgrades a played Attack for the rest of the combat', () => {
      const { combat, state } = fight({ relics: ['RAZOR_TOOTH'], deck: ['STRIKE_IRONCLAD'] });
      sts2(() => combat.playCard(0, 0));
      expect(state.discardPile[0]?.upgraded).toBe(true);
      expect(combat.run.deck[0]?.upgraded).toBe(false);
    });

    it('Phylactery Unbound summons at the start of combat and of each turn', () => {
      const { combat, state } = fight({ relics: ['PHYLACTERY_UNBOUND'], character: 'NECROBINDER' });
      expect(state.summon?.maxHp).toBe(5 + 2);
      sts2(() => combat.endTurn());
      expect(combat.combat.summon?.maxHp).toBe(9);
    });

    it("Wongo's Mystery Ticket gives its relics after its combats", () => {
      const run = newRun(['WONGOS_MYSTERY_TICKET']);
      run.screen = 'COMBAT';
      for (let won = 0; won < 5; won++) {
        expect(run.relics.length, `after ${won} combats`).toBe(1);
        const combat = sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster'));
        const monster = combat.combat.monsters[0];
        if (monster !== undefined) monster.alive = false;
        sts2(() => combat.checkCombatOver());
      }
      expect(run.relics.length).toBe(1 + 3);
    });
  });

  describe('quiet turns and rewards', () => {
    it('Diamond Diadem halves enemy attacks after a turn of few cards, not after a busy one', () => {
      const hpLost = (relics: string[], plays: number): number => {
        const { run, combat, state } = fight({ relics, deck: TEN.map(() => 'DEFEND_IRONCLAD') });
        state.player.energy = 10;
        for (let play = 0; play < plays; play++) sts2(() => combat.playCard(0, -1));
        state.player.block = 0;
        const hp = run.hp;
        sts2(() => combat.endTurn());
        return hp - run.hp;
      };
      const full = hpLost([], 2);
      expect(full).toBeGreaterThan(1);
      expect(hpLost(['DIAMOND_DIADEM'], 2)).toBe(Math.floor(full / 2));
      expect(hpLost(['DIAMOND_DIADEM'], 3)).toBe(full);
    });

    it('Lasting Candy adds a Power to every other card reward', () => {
      const run = newRun(['LASTING_CANDY']);
      const sizes = [0, 1, 2, 3].map(() => {
        const reward = sts2(() => combatRewards(run, 'monster', 0)).find((item) => item.kind === 'cards');
        return reward?.kind === 'cards' ? reward.cards.length : 0;
      });
      expect(sizes).toEqual([3, 4, 3, 4]);
    });

    it('Claws turns up to its count of chosen cards into Maul; the choice can stop early', () => {
      const run = pickup('CLAWS');
      expect(run.selection?.count).toBe(6);
      act(run, { action: 'select_deck_card', option_index: 0 });
      act(run, { action: 'select_deck_card', option_index: 0 });
      act(run, { action: 'cancel_selection' });
      expect(run.screen).toBe('MAP');
      expect(count(run, 'MAUL')).toBe(2);
      expect(run.deck.length).toBe(10);
    });

    it('Claws keeps the upgrade and the enchantment of each card it turns into Maul', () => {
      const run = newRun();
      run.deck = [
        { uid: 1, id: 'STRIKE_IRONCLAD', upgraded: true, enchantment: { id: 'SHARP', amount: 2 } },
        { uid: 2, id: 'DEFEND_IRONCLAD', upgraded: false, enchantment: { id: 'NIMBLE', amount: 2 } },
      ];
      sts2(() => addRelic(run, 'CLAWS'));
      act(run, { action: 'select_deck_card', option_index: 0 });
      act(run, { action: 'select_deck_card', option_index: 0 });
      const [fromStrike, fromDefend] = run.deck;
      expect(run.deck.map((card) => card.id)).toEqual(['MAUL', 'MAUL']);
      expect(fromStrike?.upgraded).toBe(true);
      expect(fromStrike?.enchantment).toEqual({ id: 'SHARP', amount: 2 });
      expect(fromDefend?.upgraded).toBe(false);
      expect(fromDefend?.enchantment).toEqual({ id: 'NIMBLE', amount: 2 });
    });
  });

  describe('charges over combats', () => {
    it('Bone Tea upgrades the starting hand of the next combat only', () => {
      const run = pickup('BONE_TEA');
      const first = sts2(() => {
        run.screen = 'COMBAT';
        return Combat.start(run, 'TEST', ['SEAPUNK'], 'monster');
      });
      expect(first.combat.hand.every((card) => card.upgraded)).toBe(true);
      const second = sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster'));
      expect(second.combat.hand.some((card) => card.upgraded)).toBe(false);
    });

    it('Ember Tea gives Strength in its combats, then stops', () => {
      const run = pickup('EMBER_TEA');
      run.screen = 'COMBAT';
      const strength = [];
      for (let combat = 0; combat < 6; combat++)
        strength.push(
          sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')).combat.player.powers.STRENGTH,
        );
      expect(strength).toEqual([2, 2, 2, 2, 2, undefined]);
    });

    it('Tea of Discourtesy shuffles Dazed into the next combat only', () => {
      const run = pickup('TEA_OF_DISCOURTESY');
      run.screen = 'COMBAT';
      const dazed = (state: CombatState) =>
        [...state.hand, ...state.drawPile].filter((card) => card.id === 'DAZED').length;
      expect(dazed(sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')).combat)).toBe(2);
      expect(dazed(sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')).combat)).toBe(0);
    });

    it('Sword of Stone becomes Sword of Jade after the Elites it counts', () => {
      const run = newRun(['SWORD_OF_STONE']);
      run.screen = 'COMBAT';
      for (let elite = 0; elite < 5; elite++) {
        const combat = sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], elite === 2 ? 'monster' : 'elite'));
        for (const monster of combat.combat.monsters) monster.hp = 0;
        const monster = combat.combat.monsters[0];
        if (monster !== undefined) monster.alive = false;
        sts2(() => combat.checkCombatOver());
      }
      expect(run.relics.map((relic) => relic.id)).toEqual(['SWORD_OF_STONE']);
      const last = sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'elite'));
      const monster = last.combat.monsters[0];
      if (monster !== undefined) monster.alive = false;
      sts2(() => last.checkCombatOver());
      expect(run.relics.map((relic) => relic.id)).toEqual(['SWORD_OF_JADE']);
      expect(
        sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')).combat.player.powers.STRENGTH,
      ).toBe(3);
    });
  });

  describe('pickups', () => {
    it.each([
      ['DISTINGUISHED_CAPE', 'APPARITION', 3],
      ['NEOWS_TORMENT', 'NEOWS_FURY', 1],
      ['JEWELRY_BOX', 'APOTHEOSIS', 1],
      ['STORYBOOK', 'BRIGHTEST_FLAME', 1],
      ['PAELS_HORN', 'RELAX', 2],
      ['TANXS_WHISTLE', 'WHISTLE', 1],
      ['CURSED_PEARL', 'GREED', 1],
      ['SERE_TALON', 'WISH', 3],
      ['BLOOD_SOAKED_ROSE', 'ENTHRALLED', 1],
      ['PRESERVED_FOG', 'FOLLY', 1],
      ['HEFTY_TABLET', 'INJURY', 1],
      ['CALLING_BELL', 'CURSE_OF_THE_BELL', 1],
    ])('%s adds %s to the deck (%i)', (relic, card, copies) => {
      expect(count(pickup(relic), card)).toBe(copies);
    });

    it('Distinguished Cape costs Max HP; Cursed Pearl gives Gold; Sere Talon adds two different Curses', () => {
      expect(pickup('DISTINGUISHED_CAPE').maxHp).toBe(80 - 9);
      expect(pickup('CURSED_PEARL').gold).toBe(99 + 333);
      const talon = pickup('SERE_TALON');
      const curses = talon.deck.filter((card) => sts2(() => getCard(card.id).type) === 'Curse');
      expect(curses.length).toBe(2);
      expect(curses[0]?.id).not.toBe(curses[1]?.id);
    });

    it('Sand Castle and Fragrant Mushroom upgrade random cards', () => {
      expect(pickup('SAND_CASTLE').deck.filter((card) => card.upgraded).length).toBe(6);
      const mushroom = pickup('FRAGRANT_MUSHROOM');
      expect(mushroom.deck.filter((card) => card.upgraded).length).toBe(2);
    });

    it("Fake Lee's Waffle heals a share of Max HP", () => {
      const run = newRun();
      run.hp = 40;
      sts2(() => addRelic(run, 'FAKE_LEES_WAFFLE'));
      expect(run.hp).toBe(48);
    });

    it('Phial Holster and Alchemical Coffer add potion slots and potions', () => {
      const holster = pickup('PHIAL_HOLSTER');
      expect(holster.potions.length).toBe(4);
      expect(holster.potions.filter((potion) => potion !== null).length).toBe(2);
      const coffer = pickup('ALCHEMICAL_COFFER');
      expect(coffer.potions.length).toBe(7);
      expect(coffer.potions.filter((potion) => potion !== null).length).toBe(4);
    });

    it("Neow's Talisman upgrades a Strike and a Defend; Leafy Poultice transforms one of each", () => {
      const talisman = pickup('NEOWS_TALISMAN');
      expect(
        talisman.deck
          .filter((card) => card.upgraded)
          .map((card) => card.id)
          .sort(),
      ).toEqual(['DEFEND_IRONCLAD', 'STRIKE_IRONCLAD']);
      const poultice = pickup('LEAFY_POULTICE');
      expect(count(poultice, 'STRIKE_IRONCLAD')).toBe(4);
      expect(count(poultice, 'DEFEND_IRONCLAD')).toBe(3);
      expect(poultice.deck.length).toBe(10);
      expect(poultice.maxHp).toBe(80 - 12);
    });

    it.each([
      ['IRONCLAD', 'BASH', 'BREAK'],
      ['SILENT', 'NEUTRALIZE', 'SUPPRESS'],
      ['REGENT', 'FALLING_STAR', 'METEOR_SHOWER'],
      ['NECROBINDER', 'UNLEASH', 'PROTECTOR'],
    ] as const)('Archaic Tooth turns the %s starter card %s into %s', (character, from, into) => {
      const run = pickup('ARCHAIC_TOOTH', character);
      expect(count(run, from)).toBe(0);
      expect(count(run, into)).toBe(1);
    });

    it('Arcane Scroll adds a Rare card; Large Capsule two relics and a Strike and a Defend; Small Capsule a relic', () => {
      const scroll = pickup('ARCANE_SCROLL');
      expect(scroll.deck.length).toBe(11);
      expect(sts2(() => getCard(scroll.deck.at(-1)?.id ?? '').rarity)).toBe('Rare');
      const capsule = pickup('LARGE_CAPSULE');
      expect(capsule.relics.length).toBe(1 + 2);
      expect(count(capsule, 'STRIKE_IRONCLAD')).toBe(6);
      expect(count(capsule, 'DEFEND_IRONCLAD')).toBe(5);
      expect(pickup('SMALL_CAPSULE').relics.length).toBe(2);
    });

    it.each([
      ['PRESERVED_FOG', 'remove', 3],
      ['PRECISE_SCISSORS', 'remove', 1],
      ['EMPTY_CAGE', 'remove', 2],
      ['PRECARIOUS_SHEARS', 'remove', 2],
      ['BIIIG_HUG', 'remove', 4],
      ['POMANDER', 'upgrade', 1],
      ['YUMMY_COOKIE', 'upgrade', 4],
    ])('%s opens a deck choice (%s %i) on the map', (relic, purpose, cards) => {
      const run = pickup(relic);
      expect(run.screen).toBe('CARD_SELECTION');
      expect(run.selection?.purpose).toBe(purpose);
      expect(run.selection?.count).toBe(cards);
      const size = run.deck.length;
      for (let card = 0; card < cards; card++) act(run, { action: 'select_deck_card', option_index: 0 });
      expect(run.screen).toBe('MAP');
      if (purpose === 'remove') expect(run.deck.length).toBe(size - cards);
      else expect(run.deck.filter((card) => card.upgraded).length).toBe(cards);
    });

    it('Precarious Shears costs HP', () => {
      expect(pickup('PRECARIOUS_SHEARS').hp).toBe(80 - 16);
    });

    it('Biiig Hug adds a Soot to the Draw Pile at each shuffle', () => {
      const { combat, state } = fight({ relics: ['BIIIG_HUG'], deck: ['DEFEND_IRONCLAD'] });
      sts2(() => combat.playCard(0, -1));
      sts2(() => combat.shuffleDiscardIntoDraw());
      expect(state.drawPile.map((card) => card.id).sort()).toEqual(['DEFEND_IRONCLAD', 'SOOT']);
    });

    it.each([
      ['NEW_LEAF', 1],
      ['ASTROLABE', 3],
    ])('%s transforms %i chosen cards', (relic, cards) => {
      const run = pickup(relic);
      expect(run.selection?.purpose).toBe('transform');
      for (let card = 0; card < cards; card++) act(run, { action: 'select_deck_card', option_index: 0 });
      expect(run.screen).toBe('MAP');
      expect(count(run, 'STRIKE_IRONCLAD')).toBe(5 - cards);
      expect(run.deck.length).toBe(10);
      // Astrolabe Upgrades the new cards; New Leaf does not.
      const added = run.deck.slice(-cards);
      expect(added.every((card) => card.upgraded)).toBe(relic === 'ASTROLABE');
    });

    it.each([
      ['NEW_LEAF', 1],
      ['ASTROLABE', 3],
    ])('%s yields cards of the cost of the chosen ones', (relic, cards) => {
      const run = newRun();
      run.deck = ['DEMON_FORM', 'DEMON_FORM', 'DEMON_FORM', 'ANGER'].map((id) => ({
        uid: run.counters.nextUid++,
        id,
        upgraded: false,
      }));
      sts2(() => addRelic(run, relic));
      for (let card = 0; card < cards; card++) act(run, { action: 'select_deck_card', option_index: 0 });
      const costs = sts2(() => run.deck.slice(-cards).map((card) => getCard(card.id).cost));
      expect(costs.every((cost) => cost === 3 || (Array.isArray(cost) && cost[0] === 3))).toBe(true);
      expect(count(run, 'DEMON_FORM')).toBeLessThan(3);
    });

    it("Pandora's Box transforms every Strike and Defend", () => {
      const run = pickup('PANDORAS_BOX');
      expect(count(run, 'STRIKE_IRONCLAD') + count(run, 'DEFEND_IRONCLAD')).toBe(0);
      expect(run.deck.length).toBe(10);
      expect(count(run, 'BASH')).toBe(1);
    });

    it.each([
      ['IRONCLAD', 'BURNING_BLOOD', 'BLACK_BLOOD'],
      ['SILENT', 'RING_OF_THE_SNAKE', 'RING_OF_THE_DRAKE'],
      ['REGENT', 'DIVINE_RIGHT', 'DIVINE_DESTINY'],
      ['NECROBINDER', 'BOUND_PHYLACTERY', 'PHYLACTERY_UNBOUND'],
    ] as const)('Touch of Orobas turns the %s starter relic %s into %s', (character, from, into) => {
      const run = createRun({ seed: 'orobas', character, ruleset: 'sts2' });
      sts2(() => addRelic(run, 'TOUCH_OF_OROBAS'));
      expect(run.relics.map((relic) => relic.id)).toEqual([into, 'TOUCH_OF_OROBAS']);
      expect(run.relics.some((relic) => relic.id === from)).toBe(false);
    });

    it.each([
      ['IRONCLAD', ['BREAK', 'CORRUPTION']],
      ['NECROBINDER', ['PROTECTOR', 'FORBIDDEN_GRIMOIRE']],
    ] as const)('Dusty Tome adds an upgraded Ancient card of the %s', (character, ancients) => {
      const run = pickup('DUSTY_TOME', character);
      const added = run.deck.at(-1);
      expect(ancients).toContain(added?.id);
      expect(added?.upgraded).toBe(true);
    });

    it('Byrdpip adds Byrd Swoop', () => {
      expect(count(pickup('BYRDPIP'), 'BYRD_SWOOP')).toBe(1);
    });

    it.each([
      ['LOST_COFFER', 3],
      ['HEFTY_TABLET', 3],
      ['LEAD_PAPERWEIGHT', 2],
    ])('%s offers a card reward of %i cards on the map', (relic, cards) => {
      const run = pickup(relic);
      expect(run.screen).toBe('REWARD');
      const item = run.reward?.items[0];
      expect(item?.kind === 'cards' ? item.cards.length : 0).toBe(cards);
      const size = run.deck.length;
      act(run, { action: 'claim_reward', option_index: 0 });
      act(run, { action: 'choose_reward_card', option_index: 0 });
      act(run, { action: 'proceed' });
      expect(run.deck.length).toBe(size + 1);
      expect(run.screen).toBe('MAP');
    });

    it('Lost Coffer procures a potion; Calling Bell offers a Common, an Uncommon and a Rare relic', () => {
      expect(pickup('LOST_COFFER').potions.filter((potion) => potion !== null).length).toBe(1);
      const bell = pickup('CALLING_BELL');
      expect(bell.reward?.items.map((item) => item.kind)).toEqual(['relic', 'relic', 'relic']);
    });

    it('a boss chest relic is obtained on the next act map, so its deck choice shows there', () => {
      const run = newRun();
      run.screen = 'CHEST';
      run.bossRelic = { relicIds: ['PRECISE_SCISSORS'] };
      const size = run.deck.length;
      act(run, { action: 'choose_treasure_relic', option_index: 0 });
      expect(run.act).toBe(2);
      expect(run.screen).toBe('CARD_SELECTION');
      act(run, { action: 'select_deck_card', option_index: 0 });
      expect(run.screen).toBe('MAP');
      expect(run.deck.length).toBe(size - 1);
    });
  });

  describe('run relics', () => {
    it('Bing Bong adds a second copy of every card added to the deck', () => {
      const run = newRun(['BING_BONG']);
      sts2(() => addRelic(run, 'NEOWS_TORMENT'));
      expect(count(run, 'NEOWS_FURY')).toBe(2);
    });

    it('Darkstone Periapt raises Max HP for each Curse obtained', () => {
      const run = newRun(['DARKSTONE_PERIAPT']);
      sts2(() => addRelic(run, 'CURSED_PEARL'));
      expect(run.maxHp).toBe(80 + 6);
    });

    it('Dream Catcher follows a rest with a card reward', () => {
      const run = newRun(['DREAM_CATCHER']);
      run.screen = 'REST';
      run.hp = 50;
      const size = run.deck.length;
      act(run, { action: 'choose_rest_option', option_index: 0 });
      expect(run.screen).toBe('REWARD');
      act(run, { action: 'claim_reward', option_index: 0 });
      act(run, { action: 'choose_reward_card', option_index: 0 });
      act(run, { action: 'proceed' });
      expect(run.deck.length).toBe(size + 1);
      expect(run.screen).toBe('MAP');
    });

    /** Puts the run before a map whose first row is one room of `type`. */
    function beforeRoom(run: RunState, type: MapNode['type']): void {
      run.map = { nodes: [{ row: 0, column: 0, type, children: [] }], bossId: run.map.bossId };
      run.position = null;
      run.screen = 'MAP';
    }

    it('Silver Crucible upgrades the first card rewards and empties the first Treasure Chest', () => {
      const run = pickup('SILVER_CRUCIBLE');
      const rewards = [0, 1, 2, 3].map(() => sts2(() => combatRewards(run, 'monster', 0)));
      const upgraded = rewards.map((items) =>
        items.flatMap((item) => (item.kind === 'cards' ? item.cards : [])).every((card) => card.upgraded),
      );
      expect(upgraded).toEqual([true, true, true, false]);
      beforeRoom(run, 'treasure');
      act(run, { action: 'choose_map_node', option_index: 0 });
      expect(run.treasure?.relicId).toBe('');
      act(run, { action: 'open_chest' });
      expect(applyAction(run, { action: 'choose_treasure_relic', option_index: 0 }).ok).toBe(false);
      act(run, { action: 'proceed' });
      beforeRoom(run, 'treasure');
      act(run, { action: 'choose_map_node', option_index: 0 });
      expect(run.treasure?.relicId).not.toBe('');
    });

    it("Lord's Parasol takes everything the Merchant sells, for free", () => {
      const run = newRun(['LORDS_PARASOL']);
      beforeRoom(run, 'shop');
      const size = run.deck.length;
      act(run, { action: 'choose_map_node', option_index: 0 });
      const shop = run.shop;
      expect(shop?.cards.every((entry) => entry.sold)).toBe(true);
      expect(shop?.relics.every((entry) => entry.sold)).toBe(true);
      expect(run.deck.length).toBe(size + (shop?.cards.length ?? 0));
      expect(run.relics.length).toBe(1 + (shop?.relics.length ?? 0));
      expect(run.potions.every((potion) => potion !== null)).toBe(true);
      expect(run.gold).toBe(99);
      if (run.screen === 'REWARD') act(run, { action: 'proceed' });
      // The card removal comes free too, now or from the shop screen.
      if (run.screen === 'SHOP') act(run, { action: 'remove_card_at_shop' });
      expect(run.selection?.purpose).toBe('remove');
      const removed = run.deck.length;
      act(run, { action: 'select_deck_card', option_index: 0 });
      expect(run.deck.length).toBe(removed - 1);
      expect(run.gold).toBe(99);
      expect(run.screen).toBe('SHOP');
    });

    it('Lava Rock adds relics to the Act 1 Boss rewards only; Black Star to Elite rewards', () => {
      const relics = (items: RewardItem[]) => items.filter((item) => item.kind === 'relic').length;
      const rock = newRun(['LAVA_ROCK']);
      rock.act = 2;
      expect(relics(sts2(() => combatRewards(rock, 'boss', 0)))).toBe(0);
      rock.act = 1;
      expect(relics(sts2(() => combatRewards(rock, 'boss', 0)))).toBe(2);
      expect(relics(sts2(() => combatRewards(rock, 'boss', 0)))).toBe(0);
      const star = newRun(['BLACK_STAR']);
      expect(relics(sts2(() => combatRewards(star, 'elite', 0)))).toBe(2);
      expect(relics(sts2(() => combatRewards(star, 'monster', 0)))).toBe(0);
    });

    it('War Hammer upgrades deck cards after an Elite is defeated', () => {
      const { run, combat, state } = fight({ relics: ['WAR_HAMMER'], deck: TEN, kind: 'elite' });
      const monster = state.monsters[0];
      if (monster !== undefined) monster.hp = 1;
      sts2(() => combat.playCard(0, 0));
      expect(state.victory).toBe(true);
      expect(run.deck.filter((card) => card.upgraded).length).toBe(4);
    });

    it('Stone Humidifier raises Max HP on a rest', () => {
      const run = newRun(['STONE_HUMIDIFIER']);
      run.screen = 'REST';
      act(run, { action: 'choose_rest_option', option_index: 0 });
      expect(run.maxHp).toBe(85);
    });

    it('Fake Venerable Tea Set gives Energy in the combat after a Rest Site', () => {
      const run = newRun(['FAKE_VENERABLE_TEA_SET']);
      beforeRoom(run, 'rest');
      act(run, { action: 'choose_map_node', option_index: 0 });
      run.screen = 'COMBAT';
      expect(sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')).combat.player.energy).toBe(4);
      expect(sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')).combat.player.energy).toBe(3);
    });

    it('Maw Bank gives Gold on each floor until Gold is spent at a shop', () => {
      const run = newRun(['MAW_BANK']);
      beforeRoom(run, 'shop');
      act(run, { action: 'choose_map_node', option_index: 0 });
      expect(run.gold).toBe(99 + 12);
      act(run, { action: 'proceed' });
      beforeRoom(run, 'rest');
      act(run, { action: 'choose_map_node', option_index: 0 });
      expect(run.gold).toBe(99 + 24);
      run.gold = 500;
      beforeRoom(run, 'shop');
      act(run, { action: 'choose_map_node', option_index: 0 });
      act(run, { action: 'buy_card', option_index: 0 });
      const gold = run.gold;
      act(run, { action: 'proceed' });
      beforeRoom(run, 'rest');
      act(run, { action: 'choose_map_node', option_index: 0 });
      expect(run.gold).toBe(gold);
    });

    it('Winged Boots lets the player enter any room of the next row, as many times as it has charges', () => {
      const mapAt = (relics: string[]): RunState => {
        const run = newRun(relics);
        sts2(() => {
          for (const id of relics) getRelic(id).onPickup?.(run);
        });
        run.map = {
          nodes: [
            { row: 0, column: 0, type: 'monster', children: [0] },
            { row: 0, column: 1, type: 'monster', children: [1] },
            { row: 1, column: 0, type: 'rest', children: [] },
            { row: 1, column: 1, type: 'shop', children: [] },
          ],
          bossId: run.map.bossId,
        };
        run.position = { row: 0, column: 0 };
        run.screen = 'MAP';
        return run;
      };
      const walker = mapAt([]);
      expect(legalActions(walker).filter((action) => action.action === 'choose_map_node').length).toBe(1);
      const flyer = mapAt(['WINGED_BOOTS']);
      expect(legalActions(flyer).filter((action) => action.action === 'choose_map_node').length).toBe(2);
      expect(toGameState(flyer).map?.available_nodes.length).toBe(2);
      act(flyer, { action: 'choose_map_node', option_index: 1 });
      expect(flyer.screen).toBe('SHOP');
      expect(flyer.relics[0]?.counter).toBe(2);
      const spent = mapAt(['WINGED_BOOTS']);
      const boots = spent.relics[0];
      if (boots !== undefined) boots.counter = 0;
      expect(legalActions(spent).filter((action) => action.action === 'choose_map_node').length).toBe(1);
    });

    it.each(['FAKE_MERCHANTS_RUG', 'WONGO_CUSTOMER_APPRECIATION_BADGE', 'CIRCLET'])(
      '%s does nothing, as in the game',
      (id) => {
        expect(isModelledSts2Entity('relic', id)).toBe(true);
      },
    );
  });

  describe('character relics', () => {
    it('Brimstone gives Strength to the player and to ALL enemies each turn', () => {
      const { combat, state } = fight({ relics: ['BRIMSTONE'] });
      expect(state.player.powers.STRENGTH).toBe(2);
      expect(state.monsters[0]?.powers.STRENGTH).toBe(1);
      sts2(() => combat.endTurn());
      expect(combat.combat.player.powers.STRENGTH).toBe(4);
    });

    it("Charon's Ashes deals damage to ALL enemies when a card is exhausted", () => {
      const { combat, state } = fight({ relics: ['CHARONS_ASHES'], monsters: ['SEAPUNK', 'SEAPUNK'] });
      const before = state.monsters.map((monster) => monster.hp);
      sts2(() => combat.exhaustCard(state.hand[0] as never));
      expect(state.monsters.map((monster) => monster.hp)).toEqual(before.map((hp) => hp - 3));
    });

    it('Demon Tongue heals the first HP loss of the turn only', () => {
      const { run, combat } = fight({ relics: ['DEMON_TONGUE'] });
      const hp = run.hp;
      sts2(() => combat.loseHp(5));
      expect(run.hp).toBe(hp);
      sts2(() => combat.loseHp(5));
      expect(run.hp).toBe(hp - 5);
    });

    it('Red Skull gives Strength while HP is at or below half, and takes it back above', () => {
      const run = newRun(['RED_SKULL']);
      run.hp = 40;
      run.screen = 'COMBAT';
      run.deck = [{ uid: 999, id: 'DEFEND_IRONCLAD', upgraded: false }];
      const combat = sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster'));
      expect(combat.combat.player.powers.STRENGTH).toBe(3);
      run.hp = 60;
      sts2(() => combat.playCard(0, -1));
      expect(combat.combat.player.powers.STRENGTH).toBeUndefined();
      expect(fight({ relics: ['RED_SKULL'] }).state.player.powers.STRENGTH).toBeUndefined();
    });

    it('Ruined Helmet doubles the first Strength gain of the combat only', () => {
      const { combat, state } = fight({ relics: ['RUINED_HELMET'], deck: ['INFLAME', 'INFLAME'] });
      state.player.energy = 10;
      sts2(() => combat.playCard(0, -1));
      expect(state.player.powers.STRENGTH).toBe(4);
      sts2(() => combat.playCard(0, -1));
      expect(state.player.powers.STRENGTH).toBe(6);
    });

    it('Self-Forming Clay gives Block next turn after an HP loss', () => {
      const { combat, state } = fight({ relics: ['SELF_FORMING_CLAY'] });
      sts2(() => combat.loseHp(2));
      expect(state.player.powers.NEXT_TURN_BLOCK).toBe(3);
    });

    it('Helical Dart gives Dexterity for the turn when a Shiv is played', () => {
      const { combat, state } = fight({
        relics: ['HELICAL_DART'],
        character: 'SILENT',
        deck: ['DEFEND_SILENT'],
      });
      sts2(() => combat.addCard('SHIV', 'hand'));
      sts2(() => combat.playCard(handIndex(state, 'SHIV'), 0));
      expect(state.player.powers.DEXTERITY).toBe(1);
      sts2(() => combat.endTurn());
      expect(combat.combat.player.powers.DEXTERITY).toBeUndefined();
    });

    it('Tingsha and Tough Bandages react to a card discarded by a card', () => {
      const { combat, state } = fight({
        relics: ['TINGSHA', 'TOUGH_BANDAGES'],
        character: 'SILENT',
        deck: ['SURVIVOR', 'STRIKE_SILENT'],
      });
      const hp = state.monsters[0]?.hp ?? 0;
      sts2(() => combat.playCard(handIndex(state, 'SURVIVOR'), -1));
      expect(state.discardPile.map((card) => card.id)).toContain('STRIKE_SILENT');
      expect(state.monsters[0]?.hp).toBe(hp - 3);
      expect(state.player.block).toBe(8 + 3);
    });

    it('Mini Regent gives Strength the first time Stars are spent each turn; Galactic Dust gives Block per Stars spent', () => {
      const { run, combat, state } = fight({
        relics: ['MINI_REGENT', 'GALACTIC_DUST'],
        character: 'REGENT',
        deck: ['VENERATE', 'FALLING_STAR'],
      });
      const dust = run.relics.find((relic) => relic.id === 'GALACTIC_DUST');
      if (dust !== undefined) dust.counter = 8;
      sts2(() => combat.playCard(handIndex(state, 'VENERATE'), -1));
      sts2(() => combat.playCard(handIndex(state, 'FALLING_STAR'), 0));
      expect(state.player.powers.STRENGTH).toBe(1);
      expect(state.player.block).toBe(10);
      expect(dust?.counter).toBe(0);
    });

    it("Regalite gives Block for each card created, not for the monsters' status cards", () => {
      const { combat, state } = fight({ relics: ['REGALITE'], character: 'REGENT', deck: ['DEFEND_REGENT'] });
      sts2(() => combat.addCard('SHIV', 'hand'));
      sts2(() => combat.addCard('SHIV', 'drawRandom'));
      expect(state.player.block).toBe(4);
      state.counters.monsterTurn = 1;
      sts2(() => combat.addCard('DAZED', 'discard'));
      expect(state.player.block).toBe(4);
    });

    it('Lunar Pastry gives a Star at the end of the turn', () => {
      const { combat } = fight({ relics: ['LUNAR_PASTRY'], character: 'REGENT' });
      sts2(() => combat.endTurn());
      expect(combat.combat.player.stars).toBe(1);
    });

    it('Orange Dough and Big Hat add cards to the first hand', () => {
      const dough = fight({ relics: ['ORANGE_DOUGH'], character: 'REGENT', deck: ['DEFEND_REGENT'] });
      expect(dough.state.hand.length).toBe(3);
      expect(
        dough.state.hand.filter((card) => sts2(() => getCard(card.id).color) === 'COLORLESS').length,
      ).toBe(2);
      const hat = fight({ relics: ['BIG_HAT'], character: 'NECROBINDER', deck: ['DEFEND_NECROBINDER'] });
      expect(hat.state.hand.length).toBe(3);
    });

    it('Bone Flute gives Block when Osty attacks', () => {
      const { combat, state } = fight({
        relics: ['BONE_FLUTE'],
        character: 'NECROBINDER',
        deck: ['BODYGUARD', 'UNLEASH'],
      });
      sts2(() => combat.playCard(handIndex(state, 'BODYGUARD'), -1));
      sts2(() => combat.playCard(handIndex(state, 'UNLEASH'), 0));
      expect(state.player.block).toBe(2);
    });

    it('Book Repair Knife heals when Doom kills an enemy', () => {
      const hpAfterDoom = (relics: string[]): number => {
        const { run, combat, state } = fight({ relics, character: 'NECROBINDER' });
        run.hp = 30;
        const monster = state.monsters[0];
        if (monster !== undefined) monster.powers.DOOM = monster.hp;
        sts2(() => combat.endTurn());
        expect(monster?.alive).toBe(false);
        return run.hp;
      };
      expect(hpAfterDoom(['BOOK_REPAIR_KNIFE'])).toBe(hpAfterDoom([]) + 3);
    });

    it('Ivory Tile gives Energy for a card costing 3 or more', () => {
      const { combat, state } = fight({ relics: ['IVORY_TILE'], deck: ['DEMON_FORM', 'DEFEND_IRONCLAD'] });
      state.player.energy = 3;
      sts2(() => combat.playCard(handIndex(state, 'DEMON_FORM'), -1));
      expect(state.player.energy).toBe(1);
      sts2(() => combat.playCard(handIndex(state, 'DEFEND_IRONCLAD'), -1));
      expect(state.player.energy).toBe(0);
    });

    it('Undying Sigil halves the damage of enemies Doomed to die', () => {
      const { run, state } = fight({ relics: ['UNDYING_SIGIL'] });
      const monster = state.monsters[0];
      if (monster === undefined) throw new Error('no monster');
      const full = sts2(() => monsterAttackDamage(run, state, monster, 12));
      monster.powers.DOOM = monster.hp;
      expect(sts2(() => monsterAttackDamage(run, state, monster, 12))).toBe(full / 2);
    });
  });

  describe('damage, gold and pickups (relics-15)', () => {
    /** Strikes a Seapunk that has `block` Block; the HP it lost and its Vulnerable. */
    function strikeThroughBlock(
      relics: readonly string[],
      block: number,
    ): { lost: number; vulnerable: number } {
      const { combat, state } = fight({ relics, deck: STRIKES });
      const monster = state.monsters[0];
      if (monster === undefined) throw new Error('no monster');
      monster.block = block;
      const before = monster.hp;
      sts2(() => combat.playCard(handIndex(state, 'STRIKE_IRONCLAD'), 0));
      return { lost: before - monster.hp, vulnerable: monster.powers.VULNERABLE ?? 0 };
    }

    it('The Boot raises a hit of 4 or less unblocked damage to 5, not a fully blocked one', () => {
      expect(strikeThroughBlock([], 3).lost).toBe(3);
      expect(strikeThroughBlock(['THE_BOOT'], 3).lost).toBe(5);
      expect(strikeThroughBlock(['THE_BOOT'], 0).lost).toBe(6);
      expect(strikeThroughBlock(['THE_BOOT'], 6).lost).toBe(0);
    });

    it("The Boot leaves a potion's damage as it is", () => {
      const { run, state } = fight({ relics: ['THE_BOOT'] });
      const monster = state.monsters[0];
      if (monster === undefined) throw new Error('no monster');
      run.potions = ['FIRE_POTION', null, null];
      const damage = sts2(() => getPotion('FIRE_POTION').text.match(/\d+/)?.[0]);
      monster.block = Number(damage) - 3;
      const before = monster.hp;
      act(run, { action: 'use_potion', option_index: 0, target_index: 0 });
      expect(before - monster.hp).toBe(3);
    });

    it("Hand Drill applies 2 Vulnerable when an attack breaks an enemy's Block", () => {
      expect(strikeThroughBlock([], 3).vulnerable).toBe(0);
      expect(strikeThroughBlock(['HAND_DRILL'], 3).vulnerable).toBe(2);
      expect(strikeThroughBlock(['HAND_DRILL'], 10).vulnerable).toBe(0);
      expect(strikeThroughBlock(['HAND_DRILL'], 0).vulnerable).toBe(0);
    });

    it('Ectoplasm gives Energy and stops every Gold gain, in combat and on pickups', () => {
      const { run, combat, state } = fight({ relics: ['ECTOPLASM'] });
      expect(state.player.energy).toBe(4);
      const gold = run.gold;
      sts2(() => combat.gainGold(30));
      expect(run.gold).toBe(gold);
      const pearl = newRun(['ECTOPLASM']);
      sts2(() => addRelic(pearl, 'CURSED_PEARL'));
      expect(pearl.gold).toBe(gold);
      expect(count(pearl, 'GREED')).toBe(1);
      const plain = fight();
      sts2(() => plain.combat.gainGold(30));
      expect(plain.run.gold).toBe(gold + 30);
    });

    it('Music Box adds an Ethereal copy of the first Attack of each turn to the hand', () => {
      const { run, combat, state } = fight({ relics: ['MUSIC_BOX'], deck: TEN });
      durable(run);
      state.player.energy = 10;
      sts2(() => combat.playCard(handIndex(state, 'STRIKE_IRONCLAD'), 0));
      expect(state.hand).toHaveLength(5);
      expect(state.hand.filter((card) => card.ethereal === true)).toHaveLength(1);
      sts2(() => combat.playCard(handIndex(state, 'STRIKE_IRONCLAD'), 0));
      expect(state.hand).toHaveLength(4);
      sts2(() => combat.endTurn());
      expect(state.exhaustPile.map((card) => card.ethereal)).toEqual([true]);
      expect(state.hand.filter((card) => card.ethereal === true)).toHaveLength(0);
    });

    it('Spiked Gauntlets gives Energy and makes Powers cost 1 more', () => {
      const { combat, state } = fight({
        relics: ['SPIKED_GAUNTLETS'],
        deck: ['DEMON_FORM', ...STRIKES.slice(1)],
      });
      expect(state.player.energy).toBe(4);
      const demonForm = state.hand.find((card) => card.id === 'DEMON_FORM');
      if (demonForm === undefined) throw new Error('no Demon Form');
      expect(sts2(() => combat.costOf(demonForm))).toBe(4);
      sts2(() => combat.playCard(handIndex(state, 'DEMON_FORM'), -1));
      expect(state.player.energy).toBe(0);
      const strike = state.hand[0];
      expect(strike !== undefined && sts2(() => combat.costOf(strike))).toBe(1);
    });

    it('Brilliant Scarf makes the 5th card of each turn free', () => {
      const { run, combat, state } = fight({ relics: ['BRILLIANT_SCARF'], deck: TEN });
      durable(run);
      state.player.energy = 4;
      for (let card = 0; card < 4; card++)
        sts2(() => combat.playCard(handIndex(state, 'STRIKE_IRONCLAD'), 0));
      expect(state.player.energy).toBe(0);
      sts2(() => combat.playCard(handIndex(state, 'STRIKE_IRONCLAD'), 0));
      expect(state.player.energy).toBe(0);
      expect(state.hand).toHaveLength(0);
    });

    it('Bookmark lowers the cost of a Retained card by 1 each turn, until it is played', () => {
      const { run, combat, state } = fight({
        relics: ['BOOKMARK'],
        deck: ['EQUILIBRIUM', ...STRIKES.slice(1)],
      });
      durable(run);
      const equilibrium = state.hand.find((card) => card.id === 'EQUILIBRIUM');
      if (equilibrium === undefined) throw new Error('no Equilibrium');
      const cost = () => sts2(() => combat.costOf(equilibrium));
      expect(cost()).toBe(2);
      sts2(() => combat.endTurn());
      expect(cost()).toBe(1);
      sts2(() => combat.endTurn());
      expect(cost()).toBe(0);
      sts2(() => combat.playCard(state.hand.indexOf(equilibrium), -1));
      expect(state.discardPile).toContain(equilibrium);
      expect(cost()).toBe(2);
    });

    it("Pael's Tooth takes 5 chosen upgradable cards and gives one back Upgraded after each won fight", () => {
      const run = pickup('PAELS_TOOTH');
      expect(run.selection?.purpose).toBe('remove');
      for (let card = 0; card < 5; card++) act(run, { action: 'select_deck_card', option_index: 0 });
      expect(run.screen).toBe('MAP');
      expect(run.deck).toHaveLength(5);
      expect(run.relics[0]?.counter).toBe(5);
      const removed = run.relics[0]?.cards?.map((card) => card.uid) ?? [];
      const win = () =>
        sts2(() => {
          run.screen = 'COMBAT';
          const combat = Combat.start(run, 'TEST', ['SEAPUNK'], 'monster');
          for (const monster of combat.combat.monsters) combat.damageMonster(0, monster.hp + monster.block);
          return combat.combat.victory;
        });
      expect(win()).toBe(true);
      expect(run.deck).toHaveLength(6);
      const back = run.deck.at(-1);
      expect(back?.upgraded).toBe(true);
      expect(removed).toContain(back?.uid);
      expect(run.relics[0]?.counter).toBe(4);
      for (let fight = 0; fight < 5; fight++) win();
      expect(run.deck).toHaveLength(10);
      expect(
        run.deck
          .filter((card) => card.upgraded)
          .map((card) => card.uid)
          .sort(),
      ).toEqual([...removed].sort());
      expect(run.relics[0]?.counter).toBe(0);
    });

    it('Glass Eye adds 2 Common, 2 Uncommon and 1 Rare card of the character', () => {
      const run = pickup('GLASS_EYE');
      const added = run.deck.slice(10);
      const rarities = sts2(() => added.map((card) => getCard(card.id).rarity));
      expect(rarities.sort()).toEqual(['Common', 'Common', 'Rare', 'Uncommon', 'Uncommon']);
      expect(sts2(() => added.every((card) => getCard(card.id).color === getCard('BASH').color))).toBe(true);
    });

    it('Power Cell puts 2 zero-cost cards of the Draw Pile into the first hand', () => {
      const deck = [...TEN, ...TEN, 'ANGER', 'ANGER', 'ANGER'];
      const { state } = fight({ relics: ['POWER_CELL'], deck });
      expect(state.hand.length).toBe(7);
      expect(state.hand.filter((card) => card.id === 'ANGER').length).toBeGreaterThanOrEqual(2);
      const without = fight({ deck });
      expect(without.state.hand.length).toBe(5);
    });
  });
});
