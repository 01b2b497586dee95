// StS1 fidelity fixes of issue 15, each checked against the decompiled game's value (class and
// method named in each test; sts_lightspeed agrees where it models the same thing).
import { describe, expect, it } from 'vitest';
import { getCard, getEncounter, getMonster, getRelic } from '../content/registry.js';
import { rollPotionReward, rollShopRelicRarity } from './rewards.js';
import { createRun, rollUnknownRoom } from './run.js';
import type { RewardItem } from './run-state.js';
import { createShop } from './shop.js';
import { runInFight } from './test-helpers.js';

/** The moves a lone monster picks, turn after turn (each move entered into its history as it is used). */
function moveSequence(monsterId: string, seed: string, turns: number): string[] {
  const { run, combat } = runInFight({ monsters: [monsterId], seed });
  const monster = run.combat?.monsters[0];
  if (monster === undefined) throw new Error('expected the monster');
  const moves = [monster.move.id];
  for (let turn = 1; turn < turns; turn++) {
    monster.history.push(monster.move.id);
    // Entangle's effect marks the Red Slaver (what executing the move does).
    if (monster.move.id === 'ENTANGLE') monster.memory.entangled = 1;
    combat.rollMove(0);
    moves.push(monster.move.id);
  }
  return moves;
}

function longestRun(moves: readonly string[], id: string): number {
  let longest = 0;
  let current = 0;
  for (const move of moves) {
    current = move === id ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

function sequences(monsterId: string, seeds = 40, turns = 150): string[][] {
  return Array.from({ length: seeds }, (_, seed) => moveSequence(monsterId, `fidelity-${seed}`, turns));
}

describe('StS1 monsters (decompiled getMove at Ascension 0)', () => {
  it('Acid Slime (M) and (L): Tackle never twice in a row, Lick and Spit never three times', () => {
    for (const id of ['ACID_SLIME_M', 'ACID_SLIME_L']) {
      const all = sequences(id);
      const longest = (move: string) => Math.max(...all.map((moves) => longestRun(moves, move)));
      expect(longest('TACKLE')).toBe(1);
      expect(longest('LICK')).toBe(2);
      expect(longest('CORROSIVE_SPIT')).toBe(2);
    }
  });

  it('Red Slaver stabs on rolls 55-74 only after Entangle was used', () => {
    let stabsAfterEntangle = 0;
    for (const moves of sequences('RED_SLAVER')) {
      expect(moves[0]).toBe('STAB');
      const entangle = moves.indexOf('ENTANGLE');
      const before = entangle < 0 ? moves : moves.slice(0, entangle);
      // Before Entangle a Stab (after the opener) only breaks a run of two Scrapes.
      before.forEach((move, index) => {
        if (index > 0 && move === 'STAB')
          expect(before.slice(index - 2, index)).toEqual(['SCRAPE', 'SCRAPE']);
      });
      if (entangle >= 0) {
        const after = moves.slice(entangle + 1);
        after.forEach((move, index) => {
          if (
            move === 'STAB' &&
            (index < 2 || after[index - 1] !== 'SCRAPE' || after[index - 2] !== 'SCRAPE')
          )
            stabsAfterEntangle++;
        });
        expect(after).not.toContain('ENTANGLE');
      }
    }
    expect(stabsAfterEntangle).toBeGreaterThan(0);
  });

  it('Shelled Parasite opens 50/50 Double Strike or Suck and bars them only three in a row', () => {
    const all = sequences('SHELLED_PARASITE', 60);
    const openers = new Set(all.map((moves) => moves[0]));
    expect([...openers].sort()).toEqual(['DOUBLE_STRIKE', 'SUCK']);
    const longest = (move: string) => Math.max(...all.map((moves) => longestRun(moves, move)));
    expect(longest('DOUBLE_STRIKE')).toBe(2);
    expect(longest('SUCK')).toBe(2);
    expect(longest('FELL')).toBe(1);
  });

  it('Book of Stabbing never uses Multi-Stab three times in a row, nor Single Stab twice', () => {
    const all = sequences('BOOK_OF_STABBING');
    const longest = (move: string) => Math.max(...all.map((moves) => longestRun(moves, move)));
    expect(longest('MULTI_STAB')).toBe(2);
    expect(longest('SINGLE_STAB')).toBe(1);
  });

  it("Exploder's Slam deals 9 at Ascension 0 (decompiled Exploder: 9, 11 from Ascension 2)", () => {
    expect(getMonster('EXPLODER').moves.find((move) => move.id === 'SLAM')?.damage).toBe(9);
  });
});

describe('StS1 cards and relics', () => {
  it('Riddle with Holes deals 3 x5, upgraded 4 x5 (decompiled RiddleWithHoles: upgradeDamage(1))', () => {
    const riddle = getCard('RIDDLE_WITH_HOLES');
    expect(riddle.damage).toEqual([3, 4]);
    expect(riddle.magic).toEqual([5, 5]);
    const { run, combat } = runInFight({
      monsters: ['JAW_WORM'],
      deck: ['RIDDLE_WITH_HOLES'],
      character: 'SILENT',
    });
    const monster = run.combat?.monsters[0];
    const index = run.combat?.hand.findIndex((candidate) => candidate.id === 'RIDDLE_WITH_HOLES') ?? -1;
    const card = run.combat?.hand[index];
    if (monster === undefined || card === undefined) throw new Error('expected the card and the monster');
    card.upgraded = true;
    monster.hp = 100;
    monster.block = 0;
    delete monster.powers.CURL_UP;
    combat.playCard(index, 0);
    expect(monster.hp).toBe(100 - 4 * 5);
  });

  it('Tools of the Trade draws 1 card and discards 1 at the start of each turn', () => {
    const deck = Array.from({ length: 12 }, () => 'STRIKE_SILENT');
    const { run, combat } = runInFight({ monsters: ['JAW_WORM'], deck, character: 'SILENT' });
    const state = run.combat;
    if (state === null) throw new Error('expected a fight');
    combat.applyToPlayer('TOOLS_OF_THE_TRADE', 1);
    const discarded = state.discardPile.length;
    combat.endTurn();
    // 5 drawn, 1 more from Tools, then a discard of 1 to choose.
    expect(state.hand.length).toBe(6);
    expect(state.selection?.prompt).toBe('Choose a card to discard.');
    combat.choose(0);
    expect(state.selection).toBeNull();
    expect(state.hand.length).toBe(5);
    expect(state.discardPile.length).toBe(discarded + 5 + 1);
  });

  it('Nunchaku, Snecko Skull and Smiling Mask are Common relics', () => {
    for (const id of ['NUNCHAKU', 'SNECKO_SKULL', 'SMILING_MASK']) expect(getRelic(id).rarity).toBe('Common');
  });
});

describe('StS1 rewards, shops and ? rooms', () => {
  it('rolls a potion after bosses too, and none once a reward holds 4 items', () => {
    const run = createRun({ ruleset: 'sts1', seed: 'potions', character: 'IRONCLAD' });
    run.counters.potionChance = 100;
    const items: RewardItem[] = [{ kind: 'gold', amount: 100 }];
    rollPotionReward(run, items);
    expect(items.some((item) => item.kind === 'potion')).toBe(true);
    run.counters.potionChance = 100;
    const full: RewardItem[] = [
      { kind: 'gold', amount: 25 },
      { kind: 'stolen_gold', amount: 15 },
      { kind: 'relic', relicId: 'ANCHOR' },
      { kind: 'relic', relicId: 'LANTERN' },
    ];
    rollPotionReward(run, full);
    expect(full.some((item) => item.kind === 'potion')).toBe(false);
    expect(run.counters.potionChance).toBe(110);
  });

  it('shop relics are 48% common, 34% uncommon, 18% rare (decompiled ShopScreen.rollRelicTier)', () => {
    const run = createRun({ ruleset: 'sts1', seed: 'relic-tiers', character: 'IRONCLAD' });
    const tally = { Common: 0, Uncommon: 0, Rare: 0 };
    const rolls = 20_000;
    for (let roll = 0; roll < rolls; roll++) tally[rollShopRelicRarity(run)]++;
    expect(tally.Common / rolls).toBeCloseTo(0.48, 1);
    expect(tally.Uncommon / rolls).toBeCloseTo(0.34, 1);
    expect(tally.Rare / rolls).toBeCloseTo(0.18, 1);
    expect(Math.abs(tally.Rare / rolls - 0.18)).toBeLessThan(0.015);
  });

  it("shop card rarity moves with the card rewards' rarity offset", () => {
    const rareShare = (offset: number) => {
      let rare = 0;
      let cards = 0;
      for (let shop = 0; shop < 200; shop++) {
        const run = createRun({ ruleset: 'sts1', seed: `shop-${shop}`, character: 'IRONCLAD' });
        run.counters.cardRarityOffset = offset;
        for (const entry of createShop(run).cards.slice(0, 5)) {
          cards++;
          if (getCard(entry.card.id).rarity === 'Rare') rare++;
        }
        expect(run.counters.cardRarityOffset).toBe(offset);
      }
      return rare / cards;
    };
    // roll + offset < 9 is rare: about 4% at the starting offset 5, about 49% at the floor -40.
    expect(rareShare(5)).toBeLessThan(0.1);
    expect(rareShare(-40)).toBeGreaterThan(0.35);
  });

  it('? rooms raise every outcome they did not pick (decompiled EventHelper.roll)', () => {
    const run = createRun({ ruleset: 'sts1', seed: 'unknown-rooms', character: 'IRONCLAD' });
    const seen = new Set<string>();
    for (let room = 0; room < 300; room++) {
      const before = { ...run.counters };
      const outcome = rollUnknownRoom(run);
      seen.add(outcome);
      expect(run.counters.unknownMonsterChance).toBe(
        outcome === 'monster' ? 10 : before.unknownMonsterChance + 10,
      );
      expect(run.counters.unknownShopChance).toBe(outcome === 'shop' ? 3 : before.unknownShopChance + 3);
      expect(run.counters.unknownTreasureChance).toBe(
        outcome === 'treasure' ? 2 : before.unknownTreasureChance + 2,
      );
    }
    expect([...seen].sort()).toEqual(['event', 'monster', 'shop', 'treasure']);
  });
});

describe('StS1 content the simulator lacked', () => {
  /** A fight with exactly these cards in hand (drawn in order) against one Jaw Worm with 200 HP. */
  function withHand(cards: readonly string[], character: 'IRONCLAD' | 'SILENT' = 'SILENT') {
    const { run, combat } = runInFight({ monsters: ['JAW_WORM'], deck: cards, character, seed: 'content' });
    const state = run.combat;
    const monster = state?.monsters[0];
    if (state === null || monster === undefined) throw new Error('expected a fight');
    // Put every card in hand, in the order given, with energy to spare.
    const all = [...state.hand, ...state.drawPile, ...state.discardPile];
    state.hand = cards.map((id) => {
      const index = all.findIndex((entry) => entry.id === id && !state.hand.includes(entry));
      return all.splice(index, 1)[0] as (typeof all)[number];
    });
    state.drawPile = all;
    state.discardPile = [];
    state.player.energy = 10;
    monster.hp = 200;
    monster.maxHp = 200;
    monster.block = 0;
    return { run, combat, state, monster };
  }
  const at = (state: { hand: { id: string }[] }, id: string) =>
    state.hand.findIndex((card) => card.id === id);

  it('Dual Wield copies an Attack or Power in hand (1 copy, 2 upgraded)', () => {
    const { combat, state } = withHand(['DUAL_WIELD', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD'], 'IRONCLAD');
    combat.playCard(at(state, 'DUAL_WIELD'), 0);
    // Only the Strike qualifies (the Defend is a Skill): the choice resolves itself.
    expect(state.hand.filter((card) => card.id === 'STRIKE_IRONCLAD')).toHaveLength(2);
  });

  it('Searing Blow deals 12, upgraded 16; Rupture gives Strength when a card costs HP', () => {
    expect(getCard('SEARING_BLOW').damage).toEqual([12, 16]);
    const { combat, state } = withHand(['RUPTURE', 'BLOODLETTING'], 'IRONCLAD');
    combat.playCard(at(state, 'RUPTURE'), 0);
    combat.playCard(at(state, 'BLOODLETTING'), 0);
    expect(state.player.powers.STRENGTH).toBe(1);
  });

  it('Choke makes the enemy lose 3 HP for every later card this turn', () => {
    const { combat, state, monster } = withHand(['CHOKE', 'DEFEND_SILENT', 'DEFEND_SILENT']);
    combat.playCard(at(state, 'CHOKE'), 0);
    expect(monster.hp).toBe(200 - 12);
    combat.playCard(at(state, 'DEFEND_SILENT'), 0);
    combat.playCard(at(state, 'DEFEND_SILENT'), 0);
    expect(monster.hp).toBe(200 - 12 - 2 * 3);
  });

  it('Corpse Explosion: the poisoned enemy dies and deals its Max HP to all enemies', () => {
    const { run, combat } = runInFight({
      monsters: ['JAW_WORM', 'JAW_WORM'],
      deck: ['CORPSE_EXPLOSION'],
      character: 'SILENT',
    });
    const state = run.combat;
    const [first, second] = state?.monsters ?? [];
    if (state === null || first === undefined || second === undefined)
      throw new Error('expected two monsters');
    second.hp = 100;
    second.maxHp = 100;
    second.block = 0;
    state.player.energy = 3;
    combat.playCard(at(state, 'CORPSE_EXPLOSION'), 0);
    expect(first.powers.POISON).toBe(6);
    first.hp = 3;
    combat.damageMonster(0, 3);
    expect(first.alive).toBe(false);
    expect(second.hp).toBe(100 - first.maxHp);
  });

  it('Corpse Explosion stacks: played twice on one enemy, its death deals twice its Max HP (CorpseExplosionPower.onDeath: maxHealth * amount)', () => {
    const { run, combat } = runInFight({
      monsters: ['JAW_WORM', 'JAW_WORM'],
      deck: ['CORPSE_EXPLOSION', 'CORPSE_EXPLOSION'],
      character: 'SILENT',
    });
    const state = run.combat;
    const [first, second] = state?.monsters ?? [];
    if (state === null || first === undefined || second === undefined)
      throw new Error('expected two monsters');
    second.hp = 200;
    second.maxHp = 200;
    second.block = 0;
    state.player.energy = 4;
    combat.playCard(at(state, 'CORPSE_EXPLOSION'), 0);
    combat.playCard(at(state, 'CORPSE_EXPLOSION'), 0);
    expect(first.powers.CORPSE_EXPLOSION).toBe(2);
    first.hp = 3;
    combat.damageMonster(0, 3);
    expect(second.hp).toBe(200 - 2 * first.maxHp);
  });

  it('Doppelganger: next turn draw X and gain X Energy (X+1 upgraded)', () => {
    const { combat, state } = withHand(['DOPPELGANGER']);
    state.player.energy = 2;
    combat.playCard(at(state, 'DOPPELGANGER'), 0);
    expect(state.player.powers.NEXT_TURN_DRAW).toBe(2);
    expect(state.player.powers.NEXT_TURN_ENERGY).toBe(2);
  });

  it('Endless Agony adds a copy to the hand when drawn; Glass Knife loses 2 damage per play', () => {
    const { combat, state, monster } = withHand(['GLASS_KNIFE']);
    state.drawPile.push({
      uid: 99_001,
      id: 'ENDLESS_AGONY',
      upgraded: false,
      combatCost: null,
      turnCost: null,
      bonus: 0,
      retainOnce: false,
    });
    combat.draw(1);
    expect(state.hand.filter((card) => card.id === 'ENDLESS_AGONY')).toHaveLength(2);
    const knife = state.hand[at(state, 'GLASS_KNIFE')];
    combat.playCard(at(state, 'GLASS_KNIFE'), 0);
    expect(monster.hp).toBe(200 - 8 * 2);
    expect(knife?.bonus).toBe(-2);
  });

  it('Reflex draws 2 and Tactician gives 1 Energy when a card discards them', () => {
    const { combat, state } = withHand(['SURVIVOR', 'REFLEX']);
    for (const uid of [99_101, 99_102])
      state.drawPile.push({
        uid,
        id: 'DEFEND_SILENT',
        upgraded: false,
        combatCost: null,
        turnCost: null,
        bonus: 0,
        retainOnce: false,
      });
    const before = state.hand.length;
    combat.playCard(at(state, 'SURVIVOR'), 0);
    // Reflex is the only other card: Survivor's discard takes it, and it draws 2.
    expect(state.hand.length).toBe(before - 2 + 2);
    const tactician = withHand(['SURVIVOR', 'TACTICIAN']);
    const energy = tactician.state.player.energy;
    tactician.combat.playCard(at(tactician.state, 'SURVIVOR'), 0);
    expect(tactician.state.player.energy).toBe(energy - 1 + 1);
  });

  it('Setup puts a card from the hand on top of the draw pile at 0 cost', () => {
    const { combat, state } = withHand(['SETUP', 'DASH']);
    combat.playCard(at(state, 'SETUP'), 0);
    const top = state.drawPile[state.drawPile.length - 1];
    expect(top?.id).toBe('DASH');
    expect(top === undefined ? -1 : combat.costOf(top)).toBe(0);
  });

  it('the Snecko (Act 2) opens with Perplexing Glare: drawn cards then cost 0-3; Act 3 lists 3 Darklings among its normal fights too', () => {
    const moves = moveSequence('SNECKO', 'snecko', 60);
    expect(moves[0]).toBe('PERPLEXING_GLARE');
    expect(longestRun(moves, 'BITE')).toBe(2);
    expect(getMonster('SNECKO').hp).toEqual([114, 120]);
    const { run, combat } = runInFight({
      monsters: ['SNECKO'],
      deck: Array.from({ length: 10 }, () => 'BASH'),
    });
    const state = run.combat;
    if (state === null) throw new Error('expected a fight');
    combat.applyToPlayer('CONFUSED', 1);
    state.drawPile.push(...state.hand.splice(0));
    combat.draw(5);
    const costs = state.hand.map((card) => combat.costOf(card));
    for (const cost of costs) expect(cost).toBeGreaterThanOrEqual(0);
    for (const cost of costs) expect(cost).toBeLessThanOrEqual(3);
    expect(new Set(costs).size).toBeGreaterThan(1);
    expect(getEncounter('SNECKO')).toMatchObject({ act: 2, kind: 'strong', weight: 4 });
    expect(getEncounter('THREE_DARKLINGS_LATE')).toMatchObject({ act: 3, kind: 'strong' });
  });

  it('a Darkling killed while another lives lies half-dead, Regrows, then Reincarnates at half its Max HP; the fight ends when all are down', () => {
    const { run, combat } = runInFight({
      monsters: ['DARKLING', 'DARKLING', 'DARKLING'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const state = run.combat;
    if (state === null) throw new Error('expected a fight');
    run.hp = 999;
    run.maxHp = 999;
    const [first, second, third] = state.monsters;
    if (first === undefined || second === undefined || third === undefined) throw new Error('3 Darklings');
    first.powers.STRENGTH = 2;
    combat.reduceMonsterHp(first, 999, true);
    expect(first.alive).toBe(false);
    expect(first.memory.down).toBe(1);
    expect(first.powers).toEqual({});
    expect(state.over).toBe(false);
    combat.endTurn();
    expect(first.alive).toBe(false);
    expect(first.history[first.history.length - 1]).toBe('REGROW');
    combat.endTurn();
    expect(first.alive).toBe(true);
    expect(first.hp).toBe(Math.floor(first.maxHp / 2));
    expect(first.memory.down).toBe(0);
    combat.reduceMonsterHp(first, 999, true);
    combat.reduceMonsterHp(second, 999, true);
    expect(state.over).toBe(false);
    combat.reduceMonsterHp(third, 999, true);
    expect(state.over).toBe(true);
    expect(state.victory).toBe(true);
  });

  it("Anchor's 10 Block lasts through the first turn (AbstractRelic.atBattleStart; Block is lost when later turns start)", () => {
    const { run, combat } = runInFight({
      monsters: ['JAW_WORM'],
      relics: ['ANCHOR'],
      deck: Array(10).fill('STRIKE_IRONCLAD'),
    });
    const state = run.combat;
    if (state === null) throw new Error('expected a combat');
    expect(state.turn).toBe(1);
    expect(state.player.block).toBe(10);
    combat.endTurn();
    expect(state.turn).toBe(2);
    expect(state.player.block).toBe(0);
  });
});
