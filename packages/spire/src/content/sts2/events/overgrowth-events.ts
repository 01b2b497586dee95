// The `?` room events of Overgrowth (an Act 1 of StS2) with the numbers of the public wiki export
// (game version v0.103.2). Option texts are the simulator's own.
import type { EventDefinition } from '../../../engine/definitions.js';
import {
  cardName,
  enchantOption,
  isBasic,
  isUpgradable,
  locked,
  needsGold,
  obtainRandomRelic,
  randomPotion,
  relicName,
  upgradeRandomCards,
} from './sts2-event-helpers.js';

/** Overgrowth's events. */
export const OVERGROWTH_EVENTS: readonly EventDefinition[] = [
  {
    id: 'AROMA_OF_CHAOS',
    name: 'Aroma of Chaos',
    acts: [1],
    text: 'Let Go (transform a card) or Maintain Control (upgrade a card).',
    page: () => ({
      body: 'A heady scent clouds your thoughts.',
      options: [
        { label: '[Let Go] Transform a card in your deck.' },
        { label: '[Maintain Control] Upgrade a card in your deck.' },
      ],
    }),
    choose: (x, _page, option) => {
      x.selectDeck(option === 0 ? 'transform' : 'upgrade', 1);
      return null;
    },
  },
  {
    id: 'BYRDONIS_NEST',
    name: 'Byrdonis Nest',
    acts: [1],
    text: `Eat the Egg (Max HP +7) or Take the Egg (add ${cardName('BYRDONIS_EGG')} to your deck). The game offers it only when no player has an event pet; the simulator has none.`,
    page: () => ({
      body: 'A huge nest holds a single speckled egg.',
      options: [
        { label: '[Eat the Egg] Max HP +7.' },
        { label: `[Take the Egg] Add ${cardName('BYRDONIS_EGG')} to your deck.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.gainMaxHp(7);
      else x.addCard('BYRDONIS_EGG');
      return null;
    },
  },
  {
    id: 'DENSE_VEGETATION',
    name: 'Dense Vegetation',
    acts: [1],
    text: 'Trudge On (gain 61-99 Gold, lose 8 HP) or Rest (heal as at a rest site, 30% of Max HP, then fight Wrigglers for no reward).',
    setup: (x, memory) => {
      memory.gold = x.randomInt(61, 99);
    },
    page: (run, _page, memory) => ({
      body: 'Thick growth blocks the path.',
      options: [
        { label: `[Trudge On] Gain ${memory.gold ?? 61} Gold. Lose 8 HP.` },
        { label: `[Rest] Heal ${Math.floor(run.maxHp * 0.3)} HP. Fight some enemies (no reward).` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.gainGold(memory.gold ?? 61);
        x.loseHp(8);
      } else {
        x.heal(Math.floor(x.run.maxHp * 0.3));
        x.fight('DENSE_VEGETATION_EVENT_ENCOUNTER', []);
      }
      return null;
    },
  },
  {
    id: 'JUNGLE_MAZE_ADVENTURE',
    name: 'Jungle Maze Adventure',
    acts: [1],
    text: 'Join Forces (gain 35-65 Gold) or Solo Quest (gain 135-165 Gold, lose 18 HP).',
    setup: (x, memory) => {
      memory.join = 50 + x.randomInt(-15, 15);
      memory.solo = 150 + x.randomInt(-15, 15);
    },
    page: (_run, _page, memory) => ({
      body: 'Two paths lead into the maze.',
      options: [
        { label: `[Join Forces] Gain ${memory.join ?? 50} Gold.` },
        { label: `[Solo Quest] Gain ${memory.solo ?? 150} Gold. Lose 18 HP.` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) x.gainGold(memory.join ?? 50);
      else {
        x.gainGold(memory.solo ?? 150);
        x.loseHp(18);
      }
      return null;
    },
  },
  {
    id: 'LUMINOUS_CHOIR',
    name: 'Luminous Choir',
    acts: [1],
    text: `Reach into the Flesh (remove 2 cards, become cursed with ${cardName('SPORE_MIND')}) or Offer Tribute (pay 100-149 Gold, rolled when the event starts, for a random relic). The game checks the rolled price before offering the event; the simulator offers it from 100 Gold and locks Tribute when the roll is higher than your Gold.`,
    available: (run) => run.gold >= 100,
    setup: (x, memory) => {
      memory.price = 149 - x.randomInt(0, 49);
    },
    page: (run, _page, memory) => ({
      body: 'Voices rise from a mass of glowing flesh.',
      options: [
        {
          label: `[Reach into the Flesh] Remove 2 cards from your deck. Become Cursed: ${cardName('SPORE_MIND')}.`,
        },
        locked(
          `[Offer Tribute] Lose ${memory.price ?? 149} Gold. Obtain a random relic.`,
          needsGold(run, memory.price ?? 149),
        ),
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.addCard('SPORE_MIND');
        x.selectDeck('remove', 2, { filter: (card) => card.id !== 'SPORE_MIND' });
      } else {
        x.loseGold(memory.price ?? 149);
        obtainRandomRelic(x);
      }
      return null;
    },
  },
  {
    id: 'MORPHIC_GROVE',
    name: 'Morphic Grove',
    acts: [1],
    text: 'Group (lose all your Gold, transform 2 cards) or Loner (Max HP +5). Needs 100 Gold and 2 cards.',
    available: (run) => run.gold >= 100 && run.deck.length >= 2,
    page: () => ({
      body: 'Shapeless creatures gather around you.',
      options: [{ label: '[Group] Lose all your Gold. Transform 2 cards.' }, { label: '[Loner] Max HP +5.' }],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.loseGold(x.run.gold);
        x.selectDeck('transform', 2);
      } else x.gainMaxHp(5);
      return null;
    },
  },
  {
    id: 'SAPPHIRE_SEED',
    name: 'Sapphire Seed',
    acts: [1],
    text: 'Consume (heal 9 HP, upgrade a card) or Plant and Nourish (enchant a card with Sown).',
    page: (run) => ({
      body: 'A seed glitters like a gem in the soil.',
      options: [
        { label: '[Consume] Heal 9 HP. Upgrade a card in your deck.' },
        enchantOption(run, '[Plant and Nourish] Enchant a card with Sown.', 'SOWN'),
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.heal(9);
        x.selectDeck('upgrade', 1);
      } else x.enchantDeck({ id: 'SOWN', amount: 1 }, 1);
      return null;
    },
  },
  {
    id: 'SUNKEN_STATUE',
    name: 'The Sunken Statue',
    acts: [1],
    text: `Grab the Sword (obtain ${relicName('SWORD_OF_STONE')}) or Dive into the Water (gain 101-121 Gold, lose 7 HP). Overgrowth and Underdocks both hold it.`,
    setup: (x, memory) => {
      memory.gold = 111 + x.randomInt(-10, 10);
    },
    page: (_run, _page, memory) => ({
      body: 'A statue half under water holds a sword.',
      options: [
        { label: `[Grab the Sword] Obtain ${relicName('SWORD_OF_STONE')}.` },
        { label: `[Dive into the Water] Gain ${memory.gold ?? 111} Gold. Lose 7 HP.` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) x.addRelic('SWORD_OF_STONE');
      else {
        x.gainGold(memory.gold ?? 111);
        x.loseHp(7);
      }
      return null;
    },
  },
  {
    id: 'TABLET_OF_TRUTH',
    name: 'Tablet of Truth',
    acts: [1],
    text: 'Decipher in up to 5 stages: lose 3, 6, 12, then 24 Max HP, upgrading a random card each time; the fifth stage costs all but 1 Max HP and upgrades every card. Or Smash it at the start (heal 20 HP). A stage is locked when it would take your Max HP to 0.',
    page: (run, page) => {
      const costs = [3, 6, 12, 24, run.maxHp - 1];
      const cost = costs[page] ?? run.maxHp - 1;
      const decipher = locked(
        page < 4
          ? `[Decipher] Lose ${cost} Max HP. Upgrade a random card.`
          : `[Decipher] Lose ${cost} Max HP. Upgrade every card in your deck.`,
        page < 4 && cost >= run.maxHp ? 'Would take all your Max HP.' : null,
      );
      return page === 0
        ? {
            body: 'An ancient tablet covered in script.',
            options: [decipher, { label: '[Smash] Heal 20 HP.' }],
          }
        : {
            body: `You have deciphered ${page} of its 5 lines.`,
            options: [decipher, { label: '[Give Up] Leave.' }],
          };
    },
    choose: (x, page, option) => {
      if (option === 1) {
        if (page === 0) x.heal(20);
        return null;
      }
      const costs = [3, 6, 12, 24];
      if (page < 4) {
        x.loseMaxHp(costs[page] ?? 24);
        upgradeRandomCards(x, 1);
        return page + 1;
      }
      x.loseMaxHp(x.run.maxHp - 1);
      for (const card of x.run.deck) if (isUpgradable(card)) card.upgraded = true;
      return null;
    },
  },
  {
    id: 'UNREST_SITE',
    name: 'Unrest Site',
    acts: [1],
    text: `Rest Anyways (heal to full, become cursed with ${cardName('POOR_SLEEP')}) or Kill the Trees (lose 8 Max HP, obtain a random relic). Appears only at 70% HP or less.`,
    available: (run) => run.hp <= run.maxHp * 0.7,
    page: (run) => ({
      body: 'The trees here whisper and will not let you sleep.',
      options: [
        { label: `[Rest Anyways] Heal ${run.maxHp - run.hp} HP. Become Cursed: ${cardName('POOR_SLEEP')}.` },
        { label: '[Kill the Trees] Lose 8 Max HP. Obtain a random relic.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.heal(x.run.maxHp - x.run.hp);
        x.addCard('POOR_SLEEP');
      } else {
        x.loseMaxHp(8);
        obtainRandomRelic(x);
      }
      return null;
    },
  },
  {
    id: 'WELLSPRING',
    name: 'Wellspring',
    acts: [1],
    text: `Bottle (obtain a random potion) or Bathe (remove a card, become cursed with ${cardName('GUILTY')}).`,
    page: () => ({
      body: 'Clear water bubbles up from the ground.',
      options: [
        { label: '[Bottle] Obtain a random potion.' },
        { label: `[Bathe] Remove a card from your deck. Become Cursed: ${cardName('GUILTY')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.addPotion(randomPotion(x, null));
      else {
        x.addCard('GUILTY');
        x.selectDeck('remove', 1, { filter: (card) => card.id !== 'GUILTY' });
      }
      return null;
    },
  },
  {
    id: 'WHISPERING_HOLLOW',
    name: 'Whispering Hollow',
    acts: [1],
    text: 'Exchange Gold (lose 26-44 Gold, obtain 2 random potions) or Hug the Tree (lose 9 HP, transform a card; the game turns it into a card of the same cost, the simulator into any card of your pool). Needs 44 Gold.',
    available: (run) => run.gold >= 44,
    setup: (x, memory) => {
      memory.price = x.randomInt(26, 44);
    },
    page: (_run, _page, memory) => ({
      body: 'A hollow tree murmurs offers.',
      options: [
        { label: `[Exchange Gold] Lose ${memory.price ?? 44} Gold. Obtain 2 random potions.` },
        { label: '[Hug the Tree] Lose 9 HP. Transform a card in your deck.' },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.loseGold(memory.price ?? 44);
        x.addPotion(randomPotion(x, null));
        x.addPotion(randomPotion(x, null));
      } else {
        x.loseHp(9);
        if (x.run.hp > 0) x.selectDeck('transform', 1);
      }
      return null;
    },
  },
  {
    id: 'WOOD_CARVINGS',
    name: 'Wood Carvings',
    acts: [1],
    text: `Bird (transform a Basic card into ${cardName('PECK')}), Snake (enchant a card with Slither) or Torus (transform a Basic card into ${cardName('TORIC_TOUGHNESS')}). Needs a Basic card.`,
    available: (run) => run.deck.some(isBasic),
    page: (run) => ({
      body: 'Three carvings stand on a stump: a bird, a snake and a ring.',
      options: [
        { label: `[Bird] Transform a Basic card into ${cardName('PECK')}.` },
        enchantOption(run, '[Snake] Enchant a card with Slither.', 'SLITHER'),
        { label: `[Torus] Transform a Basic card into ${cardName('TORIC_TOUGHNESS')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 1) x.enchantDeck({ id: 'SLITHER', amount: 1 }, 1);
      else x.selectDeck('transform', 1, { filter: isBasic, into: option === 0 ? 'PECK' : 'TORIC_TOUGHNESS' });
      return null;
    },
  },
];
