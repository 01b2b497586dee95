import { describe, expect, it } from 'vitest';
import { Combat, monsterAttackDamage } from '../../engine/combat.js';
import { createRun } from '../../engine/run.js';
import type { CharacterId, RunState } from '../../engine/run-state.js';
import { getCard, getPower, withRuleset } from '../registry.js';
import { STS2_POTION_FACTS } from './data/sts2-potion-facts.js';
import { findInertSts2Cards } from './inert-sts2-cards.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';

function fight(character: CharacterId, deck: readonly string[]): { run: RunState; combat: Combat } {
  const run = createRun({ seed: 'card-rules', character, ruleset: 'sts2' });
  return withRuleset('sts2', () => {
    run.deck = deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
    run.relics = [];
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', ['SEAPUNK', 'SEAPUNK'], 'monster');
    for (const monster of combat.combat.monsters) {
      monster.hp = 300;
      monster.maxHp = 300;
    }
    combat.combat.player.energy = 9;
    return { run, combat };
  });
}

function play(run: RunState, combat: Combat, id: string, target = 0): void {
  withRuleset('sts2', () => {
    const index = run.combat?.hand.findIndex((card) => card.id === id) ?? -1;
    expect(index, `${id} in hand`).toBeGreaterThanOrEqual(0);
    combat.playCard(index, target);
  });
}

describe('StS2 card rules', () => {
  it('Thunderclap deals its damage and applies Vulnerable to every enemy', () => {
    const { run, combat } = fight('IRONCLAD', ['THUNDERCLAP', 'DEFEND_IRONCLAD', 'DEFEND_IRONCLAD']);
    play(run, combat, 'THUNDERCLAP');
    for (const monster of run.combat?.monsters ?? []) {
      expect(monster.hp).toBe(300 - 4);
      expect(monster.powers.VULNERABLE).toBe(1);
    }
  });

  it('Survivor blocks and asks for a discard; Perfected Strike counts the Strikes', () => {
    const silent = fight('SILENT', [
      'SURVIVOR',
      'STRIKE_SILENT',
      'STRIKE_SILENT',
      'DEFEND_SILENT',
      'DEFEND_SILENT',
    ]);
    play(silent.run, silent.combat, 'SURVIVOR');
    expect(silent.run.combat?.player.block).toBe(8);
    expect(silent.run.combat?.selection?.source).toBe('hand');
    const ironclad = fight('IRONCLAD', [
      'PERFECTED_STRIKE',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
    play(ironclad.run, ironclad.combat, 'PERFECTED_STRIKE');
    // 6 + 2 x (this card and two Strikes)
    expect(ironclad.run.combat?.monsters[0]?.hp).toBe(300 - 12);
  });

  it('Stomp costs 1 less per Attack played this turn; The Bomb goes off at the end of its third turn', () => {
    const { run, combat } = fight('IRONCLAD', ['STOMP', 'THE_BOMB', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD']);
    withRuleset('sts2', () => {
      const stomp = run.combat?.hand.find((card) => card.id === 'STOMP');
      if (stomp === undefined) throw new Error('no Stomp');
      expect(combat.costOf(stomp)).toBe(3);
      play(run, combat, 'STRIKE_IRONCLAD');
      expect(combat.costOf(stomp)).toBe(2);
      play(run, combat, 'THE_BOMB');
      const hp = () => run.combat?.monsters.map((monster) => monster.hp) ?? [];
      const before = hp();
      combat.endTurn();
      combat.endTurn();
      expect(hp()).toEqual(before);
      combat.endTurn();
      expect(hp()).toEqual(before.map((value) => value - 40));
    });
  });

  it('Accelerant makes Poison trigger one more time; Cruelty raises Vulnerable damage', () => {
    const { run, combat } = fight('SILENT', ['DEFEND_SILENT', 'DEFEND_SILENT', 'DEFEND_SILENT']);
    withRuleset('sts2', () => {
      const monster = run.combat?.monsters[0];
      if (monster === undefined || run.combat === null) throw new Error('no monster');
      monster.powers.POISON = 5;
      run.combat.player.powers.ACCELERANT = 1;
      combat.endTurn();
      expect(monster.hp).toBe(300 - 5 - 4);
      run.combat.player.powers.CRUELTY = 25;
      monster.powers.VULNERABLE = 1;
      monster.block = 0;
      const before = monster.hp;
      combat.attack(0, 10);
      expect(before - monster.hp).toBe(17); // 10 x 1.75
    });
  });
});

describe('StS2 power cards', () => {
  it('Fan of Knives makes Shivs hit every enemy; Unmovable doubles the first Block from a card each turn', () => {
    const { run, combat } = fight('SILENT', ['FAN_OF_KNIVES', 'DEFEND_SILENT', 'DEFEND_SILENT']);
    play(run, combat, 'FAN_OF_KNIVES');
    play(run, combat, 'SHIV');
    for (const monster of run.combat?.monsters ?? []) expect(monster.hp).toBe(300 - 4);
    const ironclad = fight('IRONCLAD', [
      'UNMOVABLE',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
    play(ironclad.run, ironclad.combat, 'UNMOVABLE');
    play(ironclad.run, ironclad.combat, 'DEFEND_IRONCLAD');
    expect(ironclad.run.combat?.player.block).toBe(10);
    play(ironclad.run, ironclad.combat, 'DEFEND_IRONCLAD');
    expect(ironclad.run.combat?.player.block).toBe(15);
  });

  it('Hellraiser plays a drawn Strike against a random enemy, and the drawing card still finishes', () => {
    const { run, combat } = fight('IRONCLAD', [
      'HELLRAISER',
      'BURNING_PACT',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
    withRuleset('sts2', () => {
      const state = run.combat;
      if (state === null) throw new Error('no combat');
      state.drawPile.push({
        uid: 9001,
        id: 'STRIKE_IRONCLAD',
        upgraded: false,
        combatCost: null,
        turnCost: null,
        bonus: 0,
        retainOnce: false,
      });
      state.drawPile.push({
        uid: 9002,
        id: 'STRIKE_IRONCLAD',
        upgraded: false,
        combatCost: null,
        turnCost: null,
        bonus: 0,
        retainOnce: false,
      });
    });
    play(run, combat, 'HELLRAISER');
    play(run, combat, 'BURNING_PACT');
    withRuleset('sts2', () => combat.choose(0));
    const damage = (run.combat?.monsters ?? []).reduce((sum, monster) => sum + (300 - monster.hp), 0);
    expect(damage).toBe(12);
    expect(run.combat?.hand.some((card) => card.id === 'STRIKE_IRONCLAD')).toBe(false);
  });
});

describe('findInertSts2Cards', () => {
  it('lists no card whose effects the simulator models, and says "not simulated" for the rest', () => {
    const inert = findInertSts2Cards();
    const ids = inert.map((card) => card.id);
    for (const fixed of [
      'THUNDERCLAP',
      'SURVIVOR',
      'ACROBATICS',
      'HEADBUTT',
      'TRUE_GRIT',
      'DAGGER_THROW',
      'ACCELERANT',
    ])
      expect(ids).not.toContain(fixed);
    // Every card the check finds inert either plays only under conditions the fixed combats do not
    // meet or tells the player what is not simulated (in its text or the text of its power).
    // Hidden Gem's Replay shows only when the card it went on is played.
    const conditional = new Set(['SECRET_WEAPON', 'ANOINTED', 'HIDDEN_GEM']);
    // Cards that act only on or through other players do nothing in single-player, and say so.
    const multiplayerOnly = new Set([
      'BELIEVE_IN_YOU',
      'COORDINATE',
      'LIFT',
      'LARGESSE',
      'MIMIC',
      'FLANKING',
      'BEACON_OF_HOPE',
      'HAMMER_TIME',
      'SNEAKY',
    ]);
    withRuleset('sts2', () => {
      for (const card of inert) {
        if (conditional.has(card.id)) continue;
        if (multiplayerOnly.has(card.id)) {
          expect(getCard(card.id).text, card.id).toContain('Multiplayer only');
          continue;
        }
        const facts = ALL_STS2_CARD_FACTS.find((candidate) => candidate.id === card.id);
        const powers = (facts?.effects ?? [])
          .filter((effect) => effect.kind === 'power')
          .map((effect) => getPower(String(effect.power)).text);
        const said = [getCard(card.id).text, ...powers].some((text) => text.includes('not simulated'));
        expect(said, `${card.id}: ${getCard(card.id).text}`).toBe(true);
      }
    });
    // 167 of the 407 pool cards did nothing before the hand-written rules and power hooks; 67 before
    // the alone-in-hand combat (Impatience, Restlessness) and the single-player rules tested below;
    // 41 before the scaling rules (sts2-scaling-card-rules.ts), 36 before the power hooks of Fasten,
    // Orbit, Pillar of Creation, Arsenal, Oblivion and Tyranny; 28 before the 1-of-3 choices (Quasar,
    // Discovery, Splash), Lethality, Nostalgia, Death March and Gang Up; 21 before Foregone Conclusion
    // and 20 before Blade of Ink; 19 before Stratagem and Entropy.
    // Of the rest, 9 are multiplayer-only (above), Anointed and Hidden Gem are conditional, and the
    // others say what is not simulated (Decisions, Decisions is Unplayable in the export's cards.json
    // though its per-card file gives it no such keyword; Beat Down, Catastrophe and Hidden Gem, marked
    // the same way, are played by their rules).
    expect(inert.length).toBeLessThanOrEqual(17);
    for (const fixed of [
      'STRATAGEM',
      'ENTROPY',
      'IMPATIENCE',
      'RESTLESSNESS',
      'SHARED_FATE',
      'HUDDLE_UP',
      'LEGION_OF_BONE',
      'TANK',
      'ROYALTIES',
      'REND',
      'SOUL_STORM',
      'CRESCENT_SPEAR',
      'SQUEEZE',
      'NO_ESCAPE',
      'SUPERMASSIVE',
      'PULL_FROM_BELOW',
      'FASTEN',
      'ORBIT',
      'PILLAR_OF_CREATION',
      'ARSENAL',
      'OBLIVION',
      'TYRANNY',
      'QUASAR',
      'DISCOVERY',
      'SPLASH',
      'LETHALITY',
      'NOSTALGIA',
      'DEATH_MARCH',
      'GANG_UP',
      'FOREGONE_CONCLUSION',
      'BLADE_OF_INK',
    ])
      expect(ids).not.toContain(fixed);
  });
});

/** Puts a fresh copy of a card in hand; with `alone`, the rest of the hand goes to the draw pile first. */
function give(combat: Combat, id: string, alone: boolean): void {
  const state = combat.combat;
  if (alone) state.drawPile.push(...state.hand.splice(0));
  state.hand.push({
    uid: 9000 + state.hand.length,
    id,
    upgraded: false,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  });
}

describe('StS2 single-player card rules (numbers from the export)', () => {
  it('Impatience draws 2 only without an Attack in hand', () => {
    const alone = fight('IRONCLAD', [
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
    give(alone.combat, 'IMPATIENCE', true);
    play(alone.run, alone.combat, 'IMPATIENCE');
    expect(alone.run.combat?.hand).toHaveLength(2);
    const armed = fight('IRONCLAD', ['IMPATIENCE', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    play(armed.run, armed.combat, 'IMPATIENCE');
    expect(armed.run.combat?.hand.map((card) => card.id).sort()).toEqual([
      'DEFEND_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
  });

  it('Restlessness draws 2 and gains 2 Energy when the hand is empty', () => {
    const { run, combat } = fight('IRONCLAD', ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    give(combat, 'RESTLESSNESS', true);
    const energy = run.combat?.player.energy ?? 0;
    play(run, combat, 'RESTLESSNESS');
    expect(run.combat?.hand).toHaveLength(2);
    expect(run.combat?.player.energy).toBe(energy + 2);
  });

  it('Shared Fate takes 2 Strength from you and 2 from the enemy', () => {
    const { run, combat } = fight('NECROBINDER', ['SHARED_FATE', 'DEFEND_NECROBINDER']);
    play(run, combat, 'SHARED_FATE', 1);
    expect(run.combat?.player.powers.STRENGTH).toBe(-2);
    expect(run.combat?.monsters[1]?.powers.STRENGTH).toBe(-2);
    expect(run.combat?.monsters[0]?.powers.STRENGTH ?? 0).toBe(0);
  });

  it('Huddle Up draws 2 and Legion of Bone summons 6 for the one player there is', () => {
    const huddle = fight('IRONCLAD', [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
    give(huddle.combat, 'HUDDLE_UP', false);
    const size = huddle.run.combat?.hand.length ?? 0;
    play(huddle.run, huddle.combat, 'HUDDLE_UP');
    expect(huddle.run.combat?.hand.length).toBe(size - 1 + 2);
    const legion = fight('NECROBINDER', ['LEGION_OF_BONE', 'DEFEND_NECROBINDER']);
    const before = legion.run.combat?.summon?.maxHp ?? 0;
    play(legion.run, legion.combat, 'LEGION_OF_BONE');
    expect(legion.run.combat?.summon?.maxHp).toBe(before + 6);
  });

  it('Tank doubles the damage enemies deal you', () => {
    const { run, combat } = fight('IRONCLAD', ['TANK', 'DEFEND_IRONCLAD']);
    const monster = run.combat?.monsters[0];
    if (monster === undefined || run.combat === null) throw new Error('no combat');
    const plain = monsterAttackDamage(run, run.combat, monster, 10);
    play(run, combat, 'TANK');
    expect(monsterAttackDamage(run, run.combat, monster, 10)).toBe(plain * 2);
  });

  it('Royalties gives 30 Gold when the combat is won', () => {
    const { run, combat } = fight('REGENT', ['ROYALTIES', 'DEFEND_REGENT']);
    play(run, combat, 'ROYALTIES');
    const gold = run.gold;
    withRuleset('sts2', () => {
      for (const monster of combat.combat.monsters) monster.alive = false;
      combat.checkCombatOver();
    });
    expect(run.combat?.victory).toBe(true);
    expect(run.gold).toBe(gold + 30);
  });

  it('Radiate hits ALL enemies 3 times for 3 Stars gained this turn, and does nothing before any', () => {
    const { run, combat } = fight('REGENT', ['RADIATE', 'RADIATE', 'DEFEND_REGENT']);
    play(run, combat, 'RADIATE');
    expect(run.combat?.monsters.map((monster) => monster.hp)).toEqual([300, 300]);
    withRuleset('sts2', () => combat.gainStars(3));
    play(run, combat, 'RADIATE');
    expect(run.combat?.monsters.map((monster) => monster.hp)).toEqual([300 - 9, 300 - 9]);
  });

  it('Anointed puts every Rare card of the draw pile into the hand', () => {
    const { run, combat } = fight('IRONCLAD', [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
    give(combat, 'ANOINTED', false);
    const rare =
      ALL_STS2_CARD_FACTS.filter((facts) => facts.rarity === 'Rare' && facts.character === 'Ironclad')[0]
        ?.id ?? '';
    combat.combat.drawPile.push({
      uid: 8001,
      id: rare,
      upgraded: false,
      combatCost: null,
      turnCost: null,
      bonus: 0,
      retainOnce: false,
    });
    play(run, combat, 'ANOINTED');
    expect(run.combat?.hand.some((card) => card.uid === 8001)).toBe(true);
    expect(run.combat?.drawPile.some((card) => card.uid === 8001)).toBe(false);
  });

  it('Bundle of Joy adds 3 Colorless cards; Primal Force turns the Attacks in hand into Giant Rock', () => {
    const bundle = fight('IRONCLAD', ['BUNDLE_OF_JOY', 'DEFEND_IRONCLAD']);
    play(bundle.run, bundle.combat, 'BUNDLE_OF_JOY');
    const added = bundle.run.combat?.hand.filter((card) => card.id !== 'DEFEND_IRONCLAD') ?? [];
    expect(added).toHaveLength(3);
    expect(
      added.every(
        (card) => ALL_STS2_CARD_FACTS.find((facts) => facts.id === card.id)?.character === 'Colorless',
      ),
    ).toBe(true);
    const rock = fight('IRONCLAD', ['PRIMAL_FORCE', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    play(rock.run, rock.combat, 'PRIMAL_FORCE');
    expect(rock.run.combat?.hand.map((card) => card.id).sort()).toEqual([
      'DEFEND_IRONCLAD',
      'GIANT_ROCK',
      'GIANT_ROCK',
    ]);
    expect(rock.run.deck.filter((card) => card.id === 'STRIKE_IRONCLAD')).toHaveLength(2);
  });

  it('Seance turns a chosen draw-pile card into a Soul', () => {
    const { run, combat } = fight('NECROBINDER', [
      'DEFEND_NECROBINDER',
      'DEFEND_NECROBINDER',
      'DEFEND_NECROBINDER',
      'DEFEND_NECROBINDER',
      'DEFEND_NECROBINDER',
      'STRIKE_NECROBINDER',
    ]);
    give(combat, 'SEANCE', false);
    play(run, combat, 'SEANCE');
    // One card in the draw pile: the choice resolves by itself.
    if (combat.combat.selection !== null) withRuleset('sts2', () => combat.choose(0));
    expect(run.combat?.drawPile.filter((card) => card.id === 'SOUL')).toHaveLength(1);
  });

  it('Eidolon exhausts the hand and gives 1 Intangible only when 9 cards went', () => {
    const few = fight('NECROBINDER', ['EIDOLON', 'DEFEND_NECROBINDER', 'DEFEND_NECROBINDER']);
    play(few.run, few.combat, 'EIDOLON');
    expect(few.run.combat?.hand).toHaveLength(0);
    expect(few.run.combat?.player.powers.INTANGIBLE ?? 0).toBe(0);
    const many = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    for (let copy = 0; copy < 9; copy++) give(many.combat, 'DEFEND_NECROBINDER', false);
    give(many.combat, 'EIDOLON', false);
    play(many.run, many.combat, 'EIDOLON');
    expect(many.run.combat?.player.powers.INTANGIBLE).toBe(1);
  });

  it('Sword Sage makes the Sovereign Blade hit twice', () => {
    const { run, combat } = fight('REGENT', ['SWORD_SAGE', 'SOVEREIGN_BLADE', 'DEFEND_REGENT']);
    play(run, combat, 'SOVEREIGN_BLADE');
    const once = 300 - (run.combat?.monsters[0]?.hp ?? 0);
    expect(once).toBeGreaterThan(0);
    play(run, combat, 'SWORD_SAGE');
    give(combat, 'SOVEREIGN_BLADE', false);
    play(run, combat, 'SOVEREIGN_BLADE');
    expect(300 - (run.combat?.monsters[0]?.hp ?? 0)).toBe(once * 3);
  });

  it('Mayhem plays the top card of the draw pile and Spectrum Shift adds a Colorless card at the start of the turn', () => {
    const { run, combat } = fight('REGENT', [
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
    ]);
    give(combat, 'MAYHEM', false);
    give(combat, 'SPECTRUM_SHIFT', false);
    play(run, combat, 'MAYHEM');
    play(run, combat, 'SPECTRUM_SHIFT');
    for (const monster of combat.combat.monsters)
      monster.move = { ...monster.move, baseDamage: null, hits: 0 };
    withRuleset('sts2', () => combat.endTurn());
    const state = run.combat;
    expect(state?.player.block).toBeGreaterThan(0);
    const colorless =
      state?.hand.filter(
        (card) => ALL_STS2_CARD_FACTS.find((facts) => facts.id === card.id)?.character === 'Colorless',
      ) ?? [];
    expect(
      colorless.map((card) => card.id),
      JSON.stringify(state?.hand.map((card) => card.id)),
    ).toHaveLength(1);
  });

  it("Monarch's Gaze takes 1 Strength from each enemy hit until the end of the round", () => {
    const { run, combat } = fight('REGENT', ['MONARCHS_GAZE', 'STRIKE_REGENT', 'DEFEND_REGENT']);
    play(run, combat, 'MONARCHS_GAZE');
    play(run, combat, 'STRIKE_REGENT', 1);
    expect(run.combat?.monsters[1]?.powers.STRENGTH).toBe(-1);
    expect(run.combat?.monsters[0]?.powers.STRENGTH ?? 0).toBe(0);
  });

  it('Danse Macabre gains 4 Block whenever a card costing 2 or more is played', () => {
    const { run, combat } = fight('NECROBINDER', ['DANSE_MACABRE', 'DEFEND_NECROBINDER']);
    play(run, combat, 'DANSE_MACABRE');
    const block = run.combat?.player.block ?? 0;
    play(run, combat, 'DEFEND_NECROBINDER');
    const afterCheap = run.combat?.player.block ?? 0;
    give(combat, 'EIDOLON', false);
    play(run, combat, 'EIDOLON');
    expect(afterCheap).toBeGreaterThan(block);
    expect(run.combat?.player.block).toBe(afterCheap + 4);
  });

  it('Alchemize fills a free potion slot with an StS2 potion; Nightmare puts 3 copies of the chosen card in the next hand', () => {
    const alchemy = fight('IRONCLAD', ['ALCHEMIZE', 'DEFEND_IRONCLAD']);
    alchemy.run.potions = [null, null, null];
    play(alchemy.run, alchemy.combat, 'ALCHEMIZE');
    const potion = alchemy.run.potions[0] ?? '';
    expect(STS2_POTION_FACTS.some((facts) => facts.id === potion)).toBe(true);
    expect(alchemy.run.potions.filter((id) => id !== null)).toHaveLength(1);
    const dream = fight('SILENT', ['NIGHTMARE', 'STRIKE_SILENT', 'DEFEND_SILENT']);
    play(dream.run, dream.combat, 'NIGHTMARE');
    const selection = dream.combat.combat.selection;
    const uid = selection?.options[0];
    const chosen = dream.run.combat?.hand.find((card) => card.uid === uid)?.id ?? '';
    expect(chosen).not.toBe('');
    withRuleset('sts2', () => dream.combat.choose(0));
    const before = dream.run.deck.filter((card) => card.id === chosen).length;
    for (const monster of dream.combat.combat.monsters)
      monster.move = { ...monster.move, baseDamage: null, hits: 0 };
    withRuleset('sts2', () => dream.combat.endTurn());
    const copies = dream.run.combat?.hand.filter((card) => card.id === chosen) ?? [];
    expect(copies.length).toBe(before + 3);
  });

  it('Reaper Form applies Doom equal to the attack damage dealt; Calamity adds an Attack after each Attack', () => {
    const reaper = fight('NECROBINDER', ['REAPER_FORM', 'STRIKE_NECROBINDER', 'DEFEND_NECROBINDER']);
    play(reaper.run, reaper.combat, 'REAPER_FORM');
    play(reaper.run, reaper.combat, 'STRIKE_NECROBINDER', 0);
    const monster = reaper.run.combat?.monsters[0];
    expect(monster?.powers.DOOM).toBe(300 - (monster?.hp ?? 0));
    const calamity = fight('IRONCLAD', ['CALAMITY', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    play(calamity.run, calamity.combat, 'CALAMITY');
    play(calamity.run, calamity.combat, 'STRIKE_IRONCLAD', 0);
    const hand = calamity.run.combat?.hand ?? [];
    expect(hand).toHaveLength(2);
    expect(
      withRuleset('sts2', () => getCard(hand.find((card) => card.id !== 'DEFEND_IRONCLAD')?.id ?? '').type),
    ).toBe('Attack');
  });

  it('Glimpse Beyond shuffles 3 Souls in; Begone, Charge and Guards transform into Minion cards', () => {
    const glimpse = fight('NECROBINDER', ['GLIMPSE_BEYOND', 'DEFEND_NECROBINDER']);
    play(glimpse.run, glimpse.combat, 'GLIMPSE_BEYOND');
    expect(glimpse.run.combat?.drawPile.filter((card) => card.id === 'SOUL')).toHaveLength(3);
    const begone = fight('REGENT', ['BEGONE', 'DEFEND_REGENT']);
    play(begone.run, begone.combat, 'BEGONE');
    if (begone.combat.combat.selection !== null) withRuleset('sts2', () => begone.combat.choose(0));
    expect(begone.run.combat?.hand.map((card) => card.id)).toEqual(['MINION_STRIKE']);
    const charge = fight('REGENT', [
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'DEFEND_REGENT',
    ]);
    give(charge.combat, 'CHARGE', false);
    play(charge.run, charge.combat, 'CHARGE');
    while (charge.combat.combat.selection !== null) withRuleset('sts2', () => charge.combat.choose(0));
    expect(charge.run.combat?.drawPile.filter((card) => card.id === 'MINION_DIVE_BOMB')).toHaveLength(2);
    const guards = fight('REGENT', ['GUARDS', 'DEFEND_REGENT', 'DEFEND_REGENT', 'STRIKE_REGENT']);
    play(guards.run, guards.combat, 'GUARDS');
    withRuleset('sts2', () => {
      guards.combat.choose(0);
      guards.combat.choose(0);
      guards.combat.resolveSelection();
    });
    expect(guards.run.combat?.hand.filter((card) => card.id === 'MINION_SACRIFICE')).toHaveLength(2);
    expect(guards.run.combat?.hand).toHaveLength(3);
  });
});
