// The `?` room events of the Underdocks (the other Act 1 of StS2) with the numbers of the public
// wiki export (game version v0.103.2). The Sunken Statue, which both Act 1s hold, is listed with
// Overgrowth's events.
import type { EventDefinition, EventOption } from '../../../engine/definitions.js';
import type { DeckCard, RunState } from '../../../engine/run-state.js';
import {
  cardName,
  enchantOption,
  isBasicDefend,
  isBasicStrike,
  locked,
  needsGold,
  obtainRandomRelic,
  pickDistinct,
  potionName,
  randomPotion,
  relicName,
  upgradeRandomCards,
} from './sts2-event-helpers.js';

/** Endless Conveyor's dishes, their weights and what each does (every 5th grab is the salad). */
const DISHES = [
  { name: 'Caviar', weight: 6, text: 'Max HP +4.' },
  { name: 'Clam Roll', weight: 6, text: 'Heal 10 HP.' },
  { name: 'Fried Eel', weight: 3, text: 'Add a random Colorless card to your deck.' },
  { name: 'Jelly Liver', weight: 3, text: 'Transform a card in your deck.' },
  { name: 'Spicy Snappy', weight: 3, text: 'Upgrade a random card.' },
  { name: 'Suspicious Condiment', weight: 3, text: 'Obtain a random potion.' },
  { name: 'Golden Fysh', weight: 1, text: 'Gain 75 Gold (free).' },
  { name: 'Seapunk Salad', weight: 0, text: `Add ${cardName('FEEDING_FRENZY')} to your deck.` },
] as const;
const GOLDEN_FYSH = 6;
const SEAPUNK_SALAD = 7;
const DISH_PRICE = 40;

/** The next dish: the salad every 5th grab, else weighted, never the previous dish, some only when they can help. */
function rollDish(x: Parameters<EventDefinition['choose']>[0], previous: number, grabs: number): number {
  if ((grabs + 1) % 5 === 0) return SEAPUNK_SALAD;
  const weights = DISHES.map((dish, index): number => {
    if (index === previous || index === SEAPUNK_SALAD) return 0;
    if (index === 1 && x.run.hp >= x.run.maxHp) return 0;
    if (index === 5 && !x.run.potions.includes(null)) return 0;
    if (index === GOLDEN_FYSH && grabs < 1) return 0;
    return dish.weight;
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = x.randomInt(0, total - 1);
  for (const [index, weight] of weights.entries()) {
    if (roll < weight) return index;
    roll -= weight;
  }
  return 0;
}

const TRASH_RELICS = ['DARKSTONE_PERIAPT', 'DREAM_CATCHER', 'HAND_DRILL', 'MAW_BANK', 'THE_BOOT'] as const;
const TRASH_CARDS = [
  'CALTROPS',
  'CLASH',
  'DISTRACTION',
  'DUAL_WIELD',
  'ENTRENCH',
  'HELLO_WORLD',
  'OUTMANEUVER',
  'REBOUND',
  'RIP_AND_TEAR',
  'STACK',
] as const;

/** The Underdocks' events. */
export const UNDERDOCKS_EVENTS: readonly EventDefinition[] = [
  {
    id: 'ABYSSAL_BATHS',
    name: 'Abyssal Baths',
    acts: [1],
    text: 'Immerse (Max HP +2, take 3 damage), then Linger up to 9 times (Max HP +2, take 4 damage, one more each time) or Exit. Or Abstain (heal 10 HP).',
    setup: (_x, memory) => {
      memory.damage = 3;
    },
    page: (_run, page, memory) => {
      const damage = memory.damage ?? 3;
      if (page === 0)
        return {
          body: 'Steaming pools of shifting colour fill the chamber.',
          options: [{ label: '[Immerse] Max HP +2. Take 3 damage.' }, { label: '[Abstain] Heal 10 HP.' }],
        };
      return {
        body: 'The water grows hotter.',
        options: [
          locked(`[Linger] Max HP +2. Take ${damage} damage.`, page > 9 ? 'The baths are spent.' : null),
          { label: '[Exit Baths] Leave.' },
        ],
      };
    },
    choose: (x, page, option, memory) => {
      if (page === 0 && option === 1) {
        x.heal(10);
        return null;
      }
      if (page > 0 && option === 1) return null;
      const damage = memory.damage ?? 3;
      x.gainMaxHp(2);
      x.loseHp(damage);
      memory.damage = damage + 1;
      return page + 1;
    },
  },
  {
    id: 'DOORS_OF_LIGHT_AND_DARK',
    name: 'Doors of Light and Dark',
    acts: [1],
    text: 'Light Door (upgrade 2 random cards) or Dark Door (remove a card).',
    page: () => ({
      body: 'Two doors: one glowing, one black.',
      options: [
        { label: '[Light Door] Upgrade 2 random cards.' },
        { label: '[Dark Door] Remove a card from your deck.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) upgradeRandomCards(x, 2);
      else x.selectDeck('remove', 1);
      return null;
    },
  },
  {
    id: 'DROWNING_BEACON',
    name: 'Drowning Beacon',
    acts: [1],
    text: `Bottle (obtain ${potionName('GLOWWATER_POTION')}) or Climb (obtain ${relicName('FRESNEL_LENS')}, lose 13 Max HP).`,
    page: () => ({
      body: 'A lighthouse sinks slowly into the sea.',
      options: [
        { label: `[Bottle] Obtain ${potionName('GLOWWATER_POTION')}.` },
        { label: `[Climb] Obtain ${relicName('FRESNEL_LENS')}. Lose 13 Max HP.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.addPotion('GLOWWATER_POTION');
      else {
        x.addRelic('FRESNEL_LENS');
        x.loseMaxHp(13);
      }
      return null;
    },
  },
  {
    id: 'ENDLESS_CONVEYOR',
    name: 'Endless Conveyor',
    acts: [1],
    text: `A belt of dishes at ${DISH_PRICE} Gold each, one offered at a time and never the same twice in a row: Caviar (Max HP +4, weight 6), Clam Roll (heal 10, weight 6, only when hurt), Fried Eel (random Colorless card), Jelly Liver (transform a card), Spicy Snappy (upgrade a random card), Suspicious Condiment (random potion, only with a free slot; these four weight 3), Golden Fysh (75 Gold for free, weight 1, from the second grab); every 5th grab is Seapunk Salad (${cardName('FEEDING_FRENZY')}). Before the first grab you may instead Observe the Chef (upgrade a random card, free). Needs 120 Gold.`,
    available: (run) => run.gold >= 120,
    setup: (x, memory) => {
      memory.grabs = 0;
      memory.dish = rollDish(x, -1, 0);
    },
    page: (run, _page, memory) => {
      const dish = DISHES[memory.dish ?? 0] ?? DISHES[0];
      const free = (memory.dish ?? 0) === GOLDEN_FYSH;
      const options = [
        locked(
          free
            ? `[Grab ${dish.name}] ${dish.text}`
            : `[Grab ${dish.name}] Lose ${DISH_PRICE} Gold. ${dish.text}`,
          free ? null : needsGold(run, DISH_PRICE),
        ),
      ];
      if ((memory.grabs ?? 0) === 0) options.push({ label: '[Observe the Chef] Upgrade a random card.' });
      options.push({ label: '[Leave] Nothing happens.' });
      return { body: 'Dishes glide past on an endless belt.', options };
    },
    choose: (x, _page, option, memory) => {
      const grabs = memory.grabs ?? 0;
      const leaveIndex = grabs === 0 ? 2 : 1;
      if (option === leaveIndex) return null;
      if (option === 1 && grabs === 0) {
        upgradeRandomCards(x, 1);
        return null;
      }
      const dish = memory.dish ?? 0;
      if (dish !== GOLDEN_FYSH) x.loseGold(DISH_PRICE);
      if (dish === 0) x.gainMaxHp(4);
      else if (dish === 1) x.heal(10);
      else if (dish === 2) {
        const pool = x.colorlessPool();
        const id = pool[x.randomInt(0, pool.length - 1)];
        if (id !== undefined) x.addCard(id);
      } else if (dish === 3) x.selectDeck('transform', 1);
      else if (dish === 4) upgradeRandomCards(x, 1);
      else if (dish === 5) x.addPotion(randomPotion(x, null));
      else if (dish === GOLDEN_FYSH) x.gainGold(75);
      else x.addCard('FEEDING_FRENZY');
      memory.grabs = grabs + 1;
      memory.dish = rollDish(x, dish, grabs + 1);
      return 0;
    },
  },
  {
    id: 'PUNCH_OFF',
    name: 'Punch Off',
    acts: [1],
    text: `Nab (become cursed with ${cardName('INJURY')}, obtain a random relic) or I Can Take Them (fight two Punch Constructs; winning gives a random relic and a random potion instead of the usual rewards). From floor 6.`,
    available: (run) => run.floor >= 6,
    page: () => ({
      body: 'Two brawling constructs guard a trinket.',
      options: [
        { label: `[Nab] Become Cursed: ${cardName('INJURY')}. Obtain a random relic.` },
        { label: '[I Can Take Them] Fight them for a relic and a potion.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.addCard('INJURY');
        obtainRandomRelic(x);
        return null;
      }
      const relics = x.run.relics.length;
      obtainRandomRelic(x);
      // The relic is the reward of the fight: rolled now (so the pool moves as the game's does), given after it.
      const relicId = x.run.relics.length > relics ? x.run.relics.pop()?.id : undefined;
      x.fight('PUNCH_OFF_EVENT_ENCOUNTER', [
        ...(relicId === undefined ? [] : [{ kind: 'relic' as const, relicId }]),
        { kind: 'potion', potionId: randomPotion(x, null) },
      ]);
      return null;
    },
  },
  {
    id: 'SPIRALING_WHIRLPOOL',
    name: 'Spiraling Whirlpool',
    acts: [1],
    text: 'Observe (enchant a Basic Strike or Defend with Spiral) or Drink (heal 33% of Max HP). Needs a Basic Strike or Defend.',
    available: (run) => run.deck.some(basicStrikeOrDefend),
    page: (run) => ({
      body: 'The water spirals down into darkness.',
      options: [
        enchantOption(
          run,
          '[Observe] Enchant a Basic Strike or Defend with Spiral.',
          'SPIRAL',
          basicStrikeOrDefend,
        ),
        { label: `[Drink] Heal ${Math.floor(run.maxHp * 0.33)} HP.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 1) x.heal(Math.floor(x.run.maxHp * 0.33));
      else x.enchantDeck({ id: 'SPIRAL', amount: 1 }, 1, basicStrikeOrDefend);
      return null;
    },
  },
  {
    id: 'SUNKEN_TREASURY',
    name: 'Sunken Treasury',
    acts: [1],
    text: `First Chest (gain 52-68 Gold) or Second Chest (gain 303-363 Gold, become cursed with ${cardName('GREED')}).`,
    setup: (x, memory) => {
      memory.first = 60 + x.randomInt(-8, 8);
      memory.second = 333 + x.randomInt(-30, 30);
    },
    page: (_run, _page, memory) => ({
      body: 'Two chests rest in a flooded vault.',
      options: [
        { label: `[First Chest] Gain ${memory.first ?? 60} Gold.` },
        { label: `[Second Chest] Gain ${memory.second ?? 333} Gold. Become Cursed: ${cardName('GREED')}.` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) x.gainGold(memory.first ?? 60);
      else {
        x.gainGold(memory.second ?? 333);
        x.addCard('GREED');
      }
      return null;
    },
  },
  {
    id: 'TRASH_HEAP',
    name: 'Trash Heap',
    acts: [1],
    text: `Dive In (lose 8 HP, obtain one of ${TRASH_RELICS.map(relicName).join(', ')}) or Grab Random Junk (gain 100 Gold and one of ${TRASH_CARDS.map(cardName).join(', ')}). Needs more than 5 HP.`,
    available: (run) => run.hp > 5,
    page: () => ({
      body: 'A mound of refuse from older runs.',
      options: [
        { label: '[Dive In] Lose 8 HP. Obtain a random old relic.' },
        { label: '[Grab Random Junk] Gain 100 Gold. Add a random old card to your deck.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        const owned = new Set(x.run.relics.map((relic) => relic.id));
        const [relicId] = pickDistinct(
          x,
          TRASH_RELICS.filter((id) => !owned.has(id)),
          1,
        );
        if (relicId !== undefined) x.addRelic(relicId);
        x.loseHp(8);
      } else {
        x.gainGold(100);
        const [cardId] = pickDistinct(x, TRASH_CARDS, 1);
        if (cardId !== undefined) x.addCard(cardId);
      }
      return null;
    },
  },
  {
    id: 'WATERLOGGED_SCRIPTORIUM',
    name: 'Waterlogged Scriptorium',
    acts: [1],
    text: 'Bloody Ink (Max HP +6), Tentacle Quill (55 Gold: enchant a card with Steady) or Prickly Sponge (99 Gold: enchant 2 cards with Steady). Needs 55 Gold.',
    available: (run) => run.gold >= 55,
    page: (run) => ({
      body: 'Soaked books line the shelves.',
      options: [
        { label: '[Bloody Ink] Max HP +6.' },
        paidEnchant(run, '[Tentacle Quill] Lose 55 Gold. Enchant a card with Steady.', 55),
        paidEnchant(run, '[Prickly Sponge] Lose 99 Gold. Enchant 2 cards with Steady.', 99),
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.gainMaxHp(6);
      else {
        x.loseGold(option === 1 ? 55 : 99);
        x.enchantDeck({ id: 'STEADY', amount: 1 }, option === 1 ? 1 : 2);
      }
      return null;
    },
  },
];

function basicStrikeOrDefend(card: DeckCard): boolean {
  return isBasicStrike(card) || isBasicDefend(card);
}

/** Waterlogged Scriptorium's paid options: locked without the gold or a card Steady fits. */
function paidEnchant(run: RunState, label: string, gold: number): EventOption {
  return run.gold < gold
    ? { label, disabledReason: `Requires ${gold} Gold.` }
    : enchantOption(run, label, 'STEADY');
}
