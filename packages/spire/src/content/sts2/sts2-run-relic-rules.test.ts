import { describe, expect, it } from 'vitest';
import type { GameAction } from '../../api/game-action.js';
import { Combat, energyPerTurn } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { combatRewards, newCard } from '../../engine/rewards.js';
import { addRelic, applyAction, createRun } from '../../engine/run.js';
import type { RewardItem, RunState } from '../../engine/run-state.js';
import { createShop } from '../../engine/shop.js';
import { singlePathMap } from '../../test-support/single-path-map.js';
import { getCard, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { isFullyModelledSts2Relic } from './sts2-relics.js';

/** A fresh StS2 Ironclad run holding only these relics (picked up in order, so pickups run). */
function sts2Run(relics: readonly string[] = [], seed = 'run-relics'): RunState {
  const run = createRun({ seed, character: 'IRONCLAD', ruleset: 'sts2' });
  run.relics = [];
  withRuleset('sts2', () => {
    for (const id of relics) addRelic(run, id);
  });
  return run;
}

/** A number of a relic's facts. */
function factsAmount(id: string, name: string): number {
  const facts = STS2_RELIC_FACTS.find((relic) => relic.id === id);
  const value = facts?.vars[name]?.[0];
  if (value === undefined) throw new Error(`no ${name} for ${id}`);
  return value;
}

function act(run: RunState, action: GameAction): void {
  const result = applyAction(run, action);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

function enterNext(run: RunState): void {
  act(run, { action: 'choose_map_node', option_index: 0 });
}

/** Offers one card as a reward and takes it (the real reward actions). */
function takeCardReward(run: RunState, id: string): void {
  const card = withRuleset('sts2', () => newCard(run, id));
  run.reward = { items: [{ kind: 'cards', cards: [card] }], openCards: null, afterBoss: false };
  run.screen = 'REWARD';
  act(run, { action: 'claim_reward', option_index: 0 });
  act(run, { action: 'choose_reward_card', option_index: 0 });
}

function rewardsOf(run: RunState, kind: 'monster' | 'elite' | 'boss'): RewardItem[] {
  return withRuleset('sts2', () => combatRewards(run, kind, 0));
}

function cardRewards(items: readonly RewardItem[]): RewardItem[] {
  return items.filter((item) => item.kind === 'cards');
}

describe('StS2 run relics: on pickup', () => {
  it.each([
    ['WAR_PAINT', 'Skill'],
    ['WHETSTONE', 'Attack'],
  ] as const)('%s upgrades its number of random %ss of the deck', (relic, type) => {
    const run = sts2Run([relic]);
    const upgraded = withRuleset('sts2', () =>
      run.deck.filter((card) => card.upgraded).map((card) => getCard(card.id).type),
    );
    expect(upgraded).toEqual(Array(factsAmount(relic, 'Cards')).fill(type));
  });

  it('Potion Belt adds its potion slots', () => {
    const run = sts2Run(['POTION_BELT']);
    expect(run.potions).toHaveLength(3 + factsAmount('POTION_BELT', 'PotionSlots'));
  });

  it("Lee's Waffle raises Max HP and heals to full", () => {
    const run = createRun({ seed: 'waffle', character: 'IRONCLAD', ruleset: 'sts2' });
    run.hp = 10;
    const maxHp = run.maxHp;
    withRuleset('sts2', () => addRelic(run, 'LEES_WAFFLE'));
    expect(run.maxHp).toBe(maxHp + factsAmount('LEES_WAFFLE', 'MaxHp'));
    expect(run.hp).toBe(run.maxHp);
  });

  it('Strawberry (the generic pickup rule) raises Max HP and HP by its amount', () => {
    const run = createRun({ seed: 'strawberry', character: 'IRONCLAD', ruleset: 'sts2' });
    run.hp = 50;
    const maxHp = run.maxHp;
    withRuleset('sts2', () => addRelic(run, 'STRAWBERRY'));
    expect(run.maxHp).toBe(maxHp + factsAmount('STRAWBERRY', 'MaxHp'));
    expect(run.hp).toBe(50 + factsAmount('STRAWBERRY', 'MaxHp'));
  });

  /** A run in a shop selling `relic` (first relic slot), with gold to buy it. */
  function shopSelling(relic: string): RunState {
    const run = sts2Run([], 'merchant');
    run.gold = 9999;
    singlePathMap(run, ['shop']);
    enterNext(run);
    const entry = run.shop?.relics[0];
    if (entry === undefined) throw new Error('no relic for sale');
    entry.relicId = relic;
    return run;
  }

  it('Cauldron bought at the merchant offers its potions as a reward, then back to the shop', () => {
    const run = shopSelling('CAULDRON');
    act(run, { action: 'buy_relic', option_index: 0 });
    expect(run.screen).toBe('REWARD');
    const items = run.reward?.items ?? [];
    expect(items).toHaveLength(factsAmount('CAULDRON', 'Potions'));
    expect(items.every((item) => item.kind === 'potion')).toBe(true);
    for (let slot = 0; slot < run.potions.length; slot++)
      act(run, { action: 'claim_reward', option_index: 0 });
    expect(run.potions.every((potion) => potion !== null)).toBe(true);
    act(run, { action: 'proceed' });
    expect(run.screen).toBe('SHOP');
  });

  it('Orrery offers its card rewards, one card taken from each', () => {
    const run = sts2Run();
    const before = run.deck.length;
    withRuleset('sts2', () => addRelic(run, 'ORRERY'));
    expect(run.screen).toBe('REWARD');
    const rewards = factsAmount('ORRERY', 'Cards');
    expect(run.reward?.items.filter((item) => item.kind === 'cards')).toHaveLength(rewards);
    for (let reward = 0; reward < rewards; reward++) {
      act(run, { action: 'claim_reward', option_index: 0 });
      act(run, { action: 'choose_reward_card', option_index: 0 });
    }
    expect(run.deck).toHaveLength(before + rewards);
    act(run, { action: 'proceed' });
    expect(run.screen).toBe('MAP');
  });

  it("Dolly's Mirror bought at the merchant copies the card the player chooses", () => {
    const run = shopSelling('DOLLYS_MIRROR');
    const bash = run.deck.findIndex((card) => card.id === 'BASH');
    act(run, { action: 'buy_relic', option_index: 0 });
    expect(run.selection?.purpose).toBe('duplicate');
    const option = run.selection?.options.indexOf(run.deck[bash]?.uid ?? -1) ?? -1;
    act(run, { action: 'select_deck_card', option_index: option });
    expect(run.deck.filter((card) => card.id === 'BASH')).toHaveLength(2);
    expect(run.screen).toBe('SHOP');
  });
});

describe('StS2 run relics: cards joining the deck', () => {
  it('Book of Five Rings heals every fifth card added', () => {
    const run = sts2Run(['BOOK_OF_FIVE_RINGS']);
    run.hp = 20;
    const every = factsAmount('BOOK_OF_FIVE_RINGS', 'Cards');
    for (let card = 1; card < every; card++) takeCardReward(run, 'ANGER');
    expect(run.hp).toBe(20);
    takeCardReward(run, 'ANGER');
    expect(run.hp).toBe(20 + factsAmount('BOOK_OF_FIVE_RINGS', 'Heal'));
  });

  it('Lucky Fysh gives gold for each card added', () => {
    const run = sts2Run(['LUCKY_FYSH']);
    const gold = run.gold;
    takeCardReward(run, 'ANGER');
    expect(run.gold).toBe(gold + factsAmount('LUCKY_FYSH', 'Gold'));
  });

  it.each([
    ['MOLTEN_EGG', 'ANGER', 'SHRUG_IT_OFF'],
    ['TOXIC_EGG', 'SHRUG_IT_OFF', 'INFLAME'],
    ['FROZEN_EGG', 'INFLAME', 'ANGER'],
  ])('%s upgrades %s as it joins the deck, not %s', (relic, matching, other) => {
    const run = sts2Run([relic]);
    takeCardReward(run, matching);
    takeCardReward(run, other);
    const added = run.deck.slice(-2).map((card) => [card.id, card.upgraded]);
    expect(added).toEqual([
      [matching, true],
      [other, false],
    ]);
  });

  it('an Egg upgrades a card bought at the shop too', () => {
    const run = sts2Run(['MOLTEN_EGG']);
    run.gold = 9999;
    singlePathMap(run, ['shop']);
    enterNext(run);
    const index = run.shop?.cards.findIndex((entry) => getCard(entry.card.id).type === 'Attack') ?? -1;
    expect(index).toBeGreaterThanOrEqual(0);
    act(run, { action: 'buy_card', option_index: index });
    expect(run.deck[run.deck.length - 1]?.upgraded).toBe(true);
  });
});

describe('StS2 run relics: rooms', () => {
  it('Meal Ticket heals on entering a shop', () => {
    const run = sts2Run(['MEAL_TICKET']);
    run.hp = 30;
    singlePathMap(run, ['shop']);
    enterNext(run);
    expect(run.screen).toBe('SHOP');
    expect(run.hp).toBe(30 + factsAmount('MEAL_TICKET', 'Heal'));
  });

  it('Planisphere heals on entering a ? room', () => {
    const run = sts2Run(['PLANISPHERE']);
    run.hp = 30;
    run.counters.unknownMonsterChance = 0;
    singlePathMap(run, ['event']);
    enterNext(run);
    expect(run.hp).toBe(30 + factsAmount('PLANISPHERE', 'Heal'));
  });

  it('Juzu Bracelet turns a ? room that rolled a fight into an event', () => {
    const [plain, juzu] = [sts2Run(), sts2Run(['JUZU_BRACELET'])];
    for (const run of [plain, juzu]) {
      run.counters.unknownMonsterChance = 100;
      singlePathMap(run, ['event']);
      enterNext(run);
    }
    expect(plain.screen).toBe('COMBAT');
    expect(juzu.screen).toBe('EVENT');
  });

  it('Regal Pillow heals more when resting', () => {
    const run = sts2Run(['REGAL_PILLOW']);
    run.hp = 10;
    singlePathMap(run, ['rest']);
    enterNext(run);
    act(run, { action: 'choose_rest_option', option_index: 0 });
    expect(run.hp).toBe(10 + Math.floor(run.maxHp * 0.3) + factsAmount('REGAL_PILLOW', 'Heal'));
  });

  it('Eternal Feather heals per cards in the deck on entering a rest site', () => {
    const run = sts2Run(['ETERNAL_FEATHER']);
    run.hp = 10;
    singlePathMap(run, ['rest']);
    enterNext(run);
    const per = Math.floor(run.deck.length / factsAmount('ETERNAL_FEATHER', 'Cards'));
    expect(per).toBeGreaterThan(0);
    expect(run.hp).toBe(10 + per * factsAmount('ETERNAL_FEATHER', 'Heal'));
  });

  it('Tiny Mailbox brings potions when resting', () => {
    const run = sts2Run(['TINY_MAILBOX']);
    singlePathMap(run, ['rest']);
    enterNext(run);
    expect(run.potions.filter((potion) => potion !== null)).toHaveLength(0);
    act(run, { action: 'choose_rest_option', option_index: 0 });
    expect(run.potions.filter((potion) => potion !== null)).toHaveLength(2);
  });

  it('Girya adds Lift: each lift is Strength at the start of every combat, up to its limit', () => {
    const run = sts2Run(['GIRYA']);
    run.gold = 0;
    singlePathMap(run, ['rest', 'rest', 'rest', 'rest', 'monster']);
    for (let site = 0; site < 4; site++) {
      enterNext(run);
      const lift = toGameState(run).rest?.options.find((option) => option.option_id === 'LIFT');
      expect(lift?.is_enabled).toBe(site < 3);
      if (lift?.is_enabled === true) act(run, { action: 'choose_rest_option', option_index: lift.index });
      act(run, { action: 'proceed' });
    }
    enterNext(run);
    expect(run.combat?.player.powers.STRENGTH).toBe(3);
  });

  it('Shovel adds Dig: obtain a random relic', () => {
    const run = sts2Run(['SHOVEL']);
    singlePathMap(run, ['rest']);
    enterNext(run);
    const dig = toGameState(run).rest?.options.find((option) => option.option_id === 'DIG');
    expect(dig?.is_enabled).toBe(true);
    act(run, { action: 'choose_rest_option', option_index: dig?.index ?? -1 });
    expect(run.relics).toHaveLength(2);
    expect(run.restDone).toBe(true);
  });

  it('Miniature Tent lets every rest-site option be taken once', () => {
    const run = sts2Run(['MINIATURE_TENT', 'SHOVEL']);
    run.hp = 10;
    singlePathMap(run, ['rest', 'rest']);
    enterNext(run);
    act(run, { action: 'choose_rest_option', option_index: 0 });
    expect(run.hp).toBeGreaterThan(10);
    expect(run.restDone).toBe(false);
    const enabled = () =>
      (toGameState(run).rest?.options ?? [])
        .filter((option) => option.is_enabled)
        .map((option) => option.option_id);
    expect(enabled()).toEqual(['SMITH', 'DIG']);
    act(run, { action: 'choose_rest_option', option_index: 1 });
    act(run, { action: 'select_deck_card', option_index: 0 });
    expect(run.screen).toBe('REST');
    expect(enabled()).toEqual(['DIG']);
    act(run, { action: 'choose_rest_option', option_index: 2 });
    expect(run.restDone).toBe(true);
    expect(run.relics).toHaveLength(3);
    // The next site offers every option again.
    act(run, { action: 'proceed' });
    enterNext(run);
    expect(enabled()).toEqual(['HEAL', 'SMITH', 'DIG']);
  });

  it('without Miniature Tent one rest-site option ends the site', () => {
    const run = sts2Run(['SHOVEL']);
    singlePathMap(run, ['rest']);
    enterNext(run);
    act(run, { action: 'choose_rest_option', option_index: 0 });
    expect(run.restDone).toBe(true);
  });

  it('Venerable Tea Set gives the next combat after a rest site more Energy, once', () => {
    const run = sts2Run(['VENERABLE_TEA_SET']);
    singlePathMap(run, ['rest', 'monster']);
    enterNext(run);
    act(run, { action: 'proceed' });
    enterNext(run);
    expect(run.screen).toBe('COMBAT');
    const base = withRuleset('sts2', () => energyPerTurn(run));
    expect(run.combat?.player.energy).toBe(base + factsAmount('VENERABLE_TEA_SET', 'Energy'));
    // The next fight without a rest site in between has the usual Energy.
    withRuleset('sts2', () => {
      run.screen = 'COMBAT';
      const combat = Combat.start(run, 'TEST', ['SEAPUNK'], 'monster');
      expect(combat.combat.player.energy).toBe(base);
    });
  });
});

describe('StS2 run relics: rewards and gold', () => {
  it('Amethyst Aubergine adds its gold to a fight reward', () => {
    const gold = (run: RunState) => rewardsOf(run, 'monster').find((item) => item.kind === 'gold');
    const plain = gold(sts2Run([], 'aubergine'));
    const aubergine = gold(sts2Run(['AMETHYST_AUBERGINE'], 'aubergine'));
    expect(plain?.kind === 'gold' && aubergine?.kind === 'gold').toBe(true);
    if (plain?.kind !== 'gold' || aubergine?.kind !== 'gold') return;
    expect(aubergine.amount).toBe(plain.amount + factsAmount('AMETHYST_AUBERGINE', 'Gold'));
  });

  it('White Beast Statue puts a potion in every fight reward', () => {
    for (const relics of [[], ['WHITE_BEAST_STATUE']]) {
      const run = sts2Run(relics);
      run.counters.potionChance = 0;
      const potions = rewardsOf(run, 'monster').filter((item) => item.kind === 'potion');
      expect(potions).toHaveLength(relics.length);
    }
  });

  it('Prayer Wheel adds a card reward to regular fights only', () => {
    const run = sts2Run(['PRAYER_WHEEL']);
    expect(cardRewards(rewardsOf(run, 'monster'))).toHaveLength(2);
    expect(cardRewards(rewardsOf(run, 'elite'))).toHaveLength(1);
  });

  it('White Star adds a Rare card reward to elite fights only', () => {
    const run = sts2Run(['WHITE_STAR']);
    expect(cardRewards(rewardsOf(run, 'monster'))).toHaveLength(1);
    const elite = cardRewards(rewardsOf(run, 'elite'));
    expect(elite).toHaveLength(2);
    const extra = elite[1];
    expect(extra?.kind).toBe('cards');
    if (extra?.kind !== 'cards') return;
    withRuleset('sts2', () => {
      expect(extra.cards.map((card) => getCard(card.id).rarity)).toEqual(extra.cards.map(() => 'Rare'));
    });
  });

  it('Dingy Rug lets card rewards hold colorless cards', () => {
    const colorlessShown = (relics: readonly string[]) => {
      const run = sts2Run(relics, 'rug');
      let shown = 0;
      for (let reward = 0; reward < 40; reward++)
        for (const item of cardRewards(rewardsOf(run, 'elite')))
          if (item.kind === 'cards')
            shown += withRuleset('sts2', () =>
              item.cards.filter((card) => getCard(card.id).color === 'COLORLESS'),
            ).length;
      return shown;
    };
    expect(colorlessShown([])).toBe(0);
    expect(colorlessShown(['DINGY_RUG'])).toBeGreaterThan(0);
  });

  it('Lava Lamp upgrades the card rewards of a fight without HP loss only', () => {
    for (const lost of [0, 5]) {
      const run = sts2Run(['LAVA_LAMP']);
      singlePathMap(run, ['monster']);
      enterNext(run);
      withRuleset('sts2', () => new Combat(run).loseHp(lost));
      const cards = cardRewards(rewardsOf(run, 'monster'))[0];
      if (cards?.kind !== 'cards') throw new Error('no card reward');
      expect(cards.cards.every((card) => card.upgraded)).toBe(lost === 0);
    }
  });

  it('Bowler Hat adds a quarter of every gold gain as a gain of its own', () => {
    const run = sts2Run(['BOWLER_HAT', 'DRAGON_FRUIT']);
    const [gold, maxHp] = [run.gold, run.maxHp];
    run.reward = { items: [{ kind: 'gold', amount: 20 }], openCards: null, afterBoss: false };
    run.screen = 'REWARD';
    act(run, { action: 'claim_reward', option_index: 0 });
    expect(run.gold).toBe(gold + 25);
    expect(run.maxHp).toBe(maxHp + 2 * factsAmount('DRAGON_FRUIT', 'MaxHp'));
  });

  it('Dragon Fruit raises Max HP whenever gold is gained (rewards, Old Coin)', () => {
    const run = sts2Run(['DRAGON_FRUIT']);
    const maxHp = run.maxHp;
    run.reward = { items: [{ kind: 'gold', amount: 20 }], openCards: null, afterBoss: false };
    run.screen = 'REWARD';
    act(run, { action: 'claim_reward', option_index: 0 });
    expect(run.maxHp).toBe(maxHp + factsAmount('DRAGON_FRUIT', 'MaxHp'));
    const gold = run.gold;
    withRuleset('sts2', () => addRelic(run, 'OLD_COIN'));
    expect(run.gold).toBe(gold + factsAmount('OLD_COIN', 'Gold'));
    expect(run.maxHp).toBe(maxHp + 2 * factsAmount('DRAGON_FRUIT', 'MaxHp'));
  });
});

describe('StS2 run relics: the merchant', () => {
  it.each([
    ['MEMBERSHIP_CARD', 'Discount'],
    ['THE_COURIER', 'Discount'],
  ])('%s lowers every relic price by its discount', (relic, name) => {
    const shopOf = (relics: readonly string[]) => {
      const run = sts2Run(relics, 'merchant');
      return withRuleset('sts2', () => createShop(run));
    };
    const plain = shopOf([]);
    const discounted = shopOf([relic]);
    const percent = factsAmount(relic, name);
    expect(discounted.relics.map((entry) => entry.price)).toEqual(
      plain.relics.map((entry) => Math.round((entry.price * (100 - percent)) / 100)),
    );
  });
});

describe('StS2 run relics: the merchant restocks', () => {
  it('The Courier replaces a bought potion, relic and card by new ones for sale', () => {
    const run = sts2Run(['THE_COURIER']);
    run.gold = 9999;
    singlePathMap(run, ['shop']);
    enterNext(run);
    const shop = run.shop;
    if (shop === null) throw new Error('no shop');
    act(run, { action: 'buy_potion', option_index: 0 });
    act(run, { action: 'buy_relic', option_index: 0 });
    act(run, { action: 'buy_card', option_index: 0 });
    expect([shop.potions[0]?.sold, shop.relics[0]?.sold, shop.cards[0]?.sold]).toEqual([false, false, false]);
    expect(run.relics).toHaveLength(2);
    expect(run.potions.filter((potion) => potion !== null)).toHaveLength(1);
  });

  it('without The Courier a bought item stays sold', () => {
    const run = sts2Run();
    run.gold = 9999;
    singlePathMap(run, ['shop']);
    enterNext(run);
    act(run, { action: 'buy_card', option_index: 0 });
    expect(run.shop?.cards[0]?.sold).toBe(true);
  });
});

describe('StS2 run relics: what is modelled', () => {
  const full = [
    'WAR_PAINT',
    'WHETSTONE',
    'POTION_BELT',
    'LEES_WAFFLE',
    'STRAWBERRY',
    'OLD_COIN',
    'BOOK_OF_FIVE_RINGS',
    'LUCKY_FYSH',
    'FROZEN_EGG',
    'MOLTEN_EGG',
    'TOXIC_EGG',
    'MEAL_TICKET',
    'PLANISPHERE',
    'JUZU_BRACELET',
    'REGAL_PILLOW',
    'ETERNAL_FEATHER',
    'TINY_MAILBOX',
    'VENERABLE_TEA_SET',
    'AMETHYST_AUBERGINE',
    'WHITE_BEAST_STATUE',
    'PRAYER_WHEEL',
    'WHITE_STAR',
    'LAVA_LAMP',
    'DRAGON_FRUIT',
    'DINGY_RUG',
    'BOWLER_HAT',
    'GIRYA',
    'SHOVEL',
    'MINIATURE_TENT',
    'MEMBERSHIP_CARD',
    'THE_COURIER',
    'CAULDRON',
    'DOLLYS_MIRROR',
    'ORRERY',
  ];

  it.each(full)('%s is fully modelled', (id) => {
    const facts = STS2_RELIC_FACTS.find((relic) => relic.id === id);
    expect(facts !== undefined && isFullyModelledSts2Relic(facts)).toBe(true);
  });
});
