// StS2's shared `?` room events: the game deals them into every act's event list beside the act's
// own, and each one's condition (acts, Gold, HP, potions, relics) decides whether it can come up.
// Numbers from the public wiki export (game version v0.103.2).
import type { EventContext, EventDefinition } from '../../../engine/definitions.js';
import type { DeckCard } from '../../../engine/run-state.js';
import { STS2_RELIC_FACTS } from '../data/sts2-relic-facts.js';
import { removableCards } from '../sts2-relic-pickup.js';
import {
  cardChoice,
  cardName,
  cardType,
  characterCards,
  downgradeRandomCards,
  enchantOption,
  isBasic,
  locked,
  loseRandomPotion,
  needsGold,
  obtainRandomRelic,
  pickDistinct,
  potionCount,
  potionName,
  potionRarity,
  randomPotion,
  relicName,
  relicRarity,
  removeRelic,
  tradableRelics,
} from './sts2-event-helpers.js';

const isAttack = (card: DeckCard): boolean => cardType(card.id) === 'Attack';

/** Self-Help Book's three readings: the label, the card type, the enchantment and its number. */
const SELF_HELP_READINGS: readonly (readonly [string, string, string, number])[] = [
  ['[Read the Back] Choose an Attack to enchant with Sharp 2.', 'Attack', 'SHARP', 2],
  ['[Read a Random Passage] Choose a Skill to enchant with Nimble 2.', 'Skill', 'NIMBLE', 2],
  ['[Read the Entire Book] Choose a Power to enchant with Swift 2.', 'Power', 'SWIFT', 2],
];

const DOLLS = ['DAUGHTER_OF_THE_WIND', 'MR_STRUGGLES', 'BING_BONG'] as const;

// Event memory holds numbers only: a relic is kept as its index in the ruleset's relic list.
function relicIndex(id: string): number {
  return STS2_RELIC_FACTS.findIndex((relic) => relic.id === id);
}

function relicAt(index: number | undefined): string | null {
  return index === undefined || index < 0 ? null : (STS2_RELIC_FACTS[index]?.id ?? null);
}

/** A relic not owned and not in `exclude`, from the pool by the usual odds (null when none is left). */
function poolRelic(
  x: EventContext,
  rarity: 'Common' | 'Uncommon' | 'Rare',
  exclude: readonly string[],
): string | null {
  return x.rollRelic(rarity, exclude);
}

/** Slippery Bridge: a random non-Basic card (of another type than `notType` when one exists). */
function bridgeCard(x: EventContext, notType: string | null): number {
  // Eternal cards cannot be removed: the bridge never shows one.
  const removable = removableCards(x.run);
  const others = removable.filter((card) => !isBasic(card));
  const pool = others.length > 0 ? others : removable;
  const typed = notType === null ? pool : pool.filter((card) => cardType(card.id) !== notType);
  const [card] = pickDistinct(x, typed.length > 0 ? typed : pool, 1);
  return card?.uid ?? -1;
}

/** The Future of Potions: potion rarity -> card rarity. */
function potionCardRarity(potionId: string): 'Common' | 'Uncommon' | 'Rare' {
  const rarity = potionRarity(potionId);
  return rarity === 'Rare' || rarity === 'Event' ? 'Rare' : rarity === 'Uncommon' ? 'Uncommon' : 'Common';
}

const FUTURE_TYPES = ['Attack', 'Skill', 'Power'] as const;

/** The shared events. */
export const SHARED_EVENTS: readonly EventDefinition[] = [
  {
    id: 'SELF_HELP_BOOK',
    name: 'Self-Help Book',
    acts: [1, 2, 3],
    text: 'Read the Back (an Attack gets Sharp 2), Read a Random Passage (a Skill gets Nimble 2) or Read the Entire Book (a Power gets Swift 2); each needs a card of its type that can take it. Move On when none can.',
    page: (run) => {
      const options = SELF_HELP_READINGS.map(([label, type, enchantment]) =>
        enchantOption(run, label, enchantment, (card) => cardType(card.id) === type),
      );
      return {
        body: 'On the floor lies a blood-encrusted book: "Top 3 Ways to Conquer the Spire".',
        options: options.some((option) => option.disabledReason === null)
          ? options
          : [...options, { label: '[Move On] Leave the book.' }],
      };
    },
    choose: (x, _page, option) => {
      const reading = SELF_HELP_READINGS[option];
      if (reading !== undefined) {
        const [, type, enchantment, amount] = reading;
        x.enchantDeck({ id: enchantment, amount }, 1, (card) => cardType(card.id) === type);
      }
      return null;
    },
  },
  {
    id: 'BRAIN_LEECH',
    name: 'Brain Leech',
    acts: [1, 2],
    text: 'Share Knowledge (choose 1 of 5 random cards of your character) or Rip the Leech Off (lose 5 HP, a Colorless card reward of 3). Acts 1 and 2.',
    page: () => ({
      body: 'Something latches onto your head and asks for knowledge.',
      options: [
        { label: '[Share Knowledge] Choose 1 of 5 random cards to add to your deck.' },
        { label: '[Rip the Leech Off] Lose 5 HP. Choose 1 of 3 Colorless cards.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.offerRewards([cardChoice(x, pickDistinct(x, characterCards(x), 5))]);
        return null;
      }
      x.loseHp(5);
      if (x.run.hp <= 0) return null;
      const pool = x.colorlessPool();
      x.offerRewards([cardChoice(x, pickDistinct(x, pool, 3))]);
      return null;
    },
  },
  {
    id: 'DOLL_ROOM',
    name: 'Doll Room',
    acts: [2],
    text: `Three dolls (${DOLLS.map(relicName).join(', ')}): Pick at Random (obtain one at random), Take Some Time (lose 5 HP, choose 1 of 2 random ones) or Examine Each (lose 15 HP, choose 1 of the 3). Act 2.`,
    page: (_run, page, memory) => {
      if (page === 0)
        return {
          body: 'A room full of dolls, three of them watching you.',
          options: [
            { label: '[Pick at Random] Obtain a random doll relic.' },
            { label: '[Take Some Time] Lose 5 HP. Choose 1 of 2 doll relics.' },
            { label: '[Examine Each and Make the Best Choice] Lose 15 HP. Choose 1 of 3 doll relics.' },
          ],
        };
      const offered = page === 1 ? [memory.first ?? 0, memory.second ?? 1] : [0, 1, 2];
      return {
        body: 'You look the dolls over.',
        options: offered.map((index) => ({ label: `[Take] Obtain ${relicName(DOLLS[index] ?? DOLLS[0])}.` })),
      };
    },
    choose: (x, page, option, memory) => {
      if (page === 0) {
        if (option === 0) {
          const [doll] = pickDistinct(x, DOLLS, 1);
          if (doll !== undefined) x.addRelic(doll);
          return null;
        }
        x.loseHp(option === 1 ? 5 : 15);
        if (x.run.hp <= 0) return null;
        if (option === 2) return 2;
        const [first, second] = pickDistinct(x, [0, 1, 2], 2);
        memory.first = first ?? 0;
        memory.second = second ?? 1;
        return 1;
      }
      const index = page === 1 ? (option === 0 ? memory.first : memory.second) : option;
      x.addRelic(DOLLS[index ?? 0] ?? DOLLS[0]);
      return null;
    },
  },
  {
    id: 'POTION_COURIER',
    name: 'Potion Courier',
    acts: [2, 3],
    text: `Grab Potions (obtain 3 ${potionName('FOUL_POTION')}) or Ransack (obtain a random Uncommon potion). Act 2 on.`,
    page: () => ({
      body: 'A courier has dropped a crate of potions.',
      options: [
        { label: `[Grab Potions] Obtain 3 ${potionName('FOUL_POTION')}.` },
        { label: '[Ransack] Obtain a random Uncommon potion.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) for (let count = 0; count < 3; count++) x.addPotion('FOUL_POTION');
      else x.addPotion(randomPotion(x, 'Uncommon'));
      return null;
    },
  },
  {
    id: 'RANWID_THE_ELDER',
    name: 'Ranwid the Elder',
    acts: [2, 3],
    text: 'Trade with the elder: a random potion of yours for a random relic, 100 Gold for a random relic, or a random relic of yours for 2 random relics. Act 2 on; needs 100 Gold, a potion and a relic other than the starter.',
    available: (run) => run.gold >= 100 && potionCount(run) > 0 && tradableRelics(run).length > 0,
    setup: (x, memory) => {
      const slots = x.run.potions.flatMap((potion, slot) => (potion === null ? [] : [slot]));
      memory.slot = slots[x.randomInt(0, slots.length - 1)] ?? 0;
      const [relicId] = pickDistinct(x, tradableRelics(x.run), 1);
      memory.relic = relicIndex(relicId ?? '');
    },
    page: (run, _page, memory) => {
      const potion = run.potions[memory.slot ?? 0] ?? null;
      const relic = relicAt(memory.relic);
      return {
        body: 'An old collector eyes your belongings.',
        options: [
          locked(
            `[Give Potion] Lose ${potion === null ? 'a potion' : potionName(potion)}. Obtain a random relic.`,
            potion === null ? 'Requires a potion.' : null,
          ),
          locked('[Give 100 Gold] Lose 100 Gold. Obtain a random relic.', needsGold(run, 100)),
          locked(
            `[Give Relic] Lose ${relic === null ? 'a relic' : relicName(relic)}. Obtain 2 random relics.`,
            relic === null || !run.relics.some((owned) => owned.id === relic) ? 'Requires the relic.' : null,
          ),
        ],
      };
    },
    choose: (x, _page, option, memory) => {
      if (option === 0) x.run.potions[memory.slot ?? 0] = null;
      else if (option === 1) x.loseGold(100);
      else removeRelic(x.run, relicAt(memory.relic) ?? '');
      obtainRandomRelic(x);
      if (option === 2) obtainRandomRelic(x);
      return null;
    },
  },
  {
    id: 'RELIC_TRADER',
    name: 'Relic Trader',
    acts: [2, 3],
    text: 'Three trades, each one of your relics (chosen at random) for a new relic from the pool; you may take one. Act 2 on; needs 5 relics other than the starter.',
    available: (run) => tradableRelics(run).length >= 5,
    setup: (x, memory) => {
      const mine = pickDistinct(x, tradableRelics(x.run), 3);
      const offered: string[] = [];
      mine.forEach((id, index) => {
        memory[`give${index}`] = relicIndex(id);
        const rarity = relicRarity(id);
        const wanted = rarity === 'Uncommon' || rarity === 'Rare' ? rarity : 'Common';
        const next = poolRelic(x, wanted, offered);
        if (next !== null) offered.push(next);
        memory[`take${index}`] = next === null ? -1 : relicIndex(next);
      });
    },
    page: (_run, _page, memory) => ({
      body: 'A trader lays out three relics, each for one of yours.',
      options: [
        ...[0, 1, 2].map((index) => {
          const give = relicAt(memory[`give${index}`]);
          const take = relicAt(memory[`take${index}`]);
          return locked(
            `[Trade ${index + 1}] Lose ${give === null ? 'a relic' : relicName(give)}. Obtain ${take === null ? 'a relic' : relicName(take)}.`,
            give === null || take === null ? 'No relic to trade.' : null,
          );
        }),
        { label: '[Leave] Nothing happens.' },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option > 2) return null;
      const give = relicAt(memory[`give${option}`]);
      const take = relicAt(memory[`take${option}`]);
      if (give === null || take === null) return null;
      removeRelic(x.run, give);
      x.addRelic(take);
      return null;
    },
  },
  {
    id: 'ROOM_FULL_OF_CHEESE',
    name: 'Room Full of Cheese',
    acts: [1, 2],
    text: `Gorge (8 random Common cards of your character; take 2) or Search (lose 14 HP, obtain ${relicName('CHOSEN_CHEESE')}). The simulator offers the 8 cards as two card rewards, so the same card can be taken twice. Acts 1 and 2.`,
    page: () => ({
      body: 'Cheese, as far as the eye can see.',
      options: [
        { label: '[Gorge] Choose 2 of 8 random Common cards to add to your deck.' },
        { label: `[Search] Lose 14 HP. Obtain ${relicName('CHOSEN_CHEESE')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        const ids = pickDistinct(
          x,
          characterCards(x, () => true, ['Common']),
          8,
        );
        x.offerRewards([cardChoice(x, ids), cardChoice(x, ids)]);
      } else {
        x.addRelic('CHOSEN_CHEESE');
        x.loseHp(14);
      }
      return null;
    },
  },
  {
    id: 'SLIPPERY_BRIDGE',
    name: 'Slippery Bridge',
    acts: [1, 2, 3],
    text: 'Overcome (a random non-Basic card shown is removed from your deck) or Hold On (lose 3 HP, one more each time, and another card of a different type is shown). From floor 7.',
    available: (run) => run.floor >= 7 && run.deck.length > 0,
    setup: (x, memory) => {
      memory.card = bridgeCard(x, null);
      memory.damage = 3;
    },
    page: (run, _page, memory) => {
      const card = run.deck.find((candidate) => candidate.uid === memory.card);
      return {
        body: 'The bridge is slick, and something in your pack starts to slip.',
        options: [
          {
            label: `[Overcome] Remove ${card === undefined ? 'a card' : cardName(card.id)} from your deck.`,
          },
          { label: `[Hold On] Lose ${memory.damage ?? 3} HP. Another card slips instead.` },
        ],
      };
    },
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        const index = x.run.deck.findIndex((card) => card.uid === memory.card);
        if (index >= 0) x.run.deck.splice(index, 1);
        return null;
      }
      x.loseHp(memory.damage ?? 3);
      if (x.run.hp <= 0) return null;
      const shown = x.run.deck.find((card) => card.uid === memory.card);
      memory.card = bridgeCard(x, shown === undefined ? null : cardType(shown.id));
      memory.damage = (memory.damage ?? 3) + 1;
      return 0;
    },
  },
  {
    id: 'STONE_OF_ALL_TIME',
    name: 'Stone of All Time',
    acts: [2],
    text: 'Drink and Lift (lose a random potion, Max HP +10) or Push (lose 6 HP, enchant an Attack with Vigorous 8). Act 2; needs a potion.',
    available: (run) => potionCount(run) > 0,
    page: (run) => ({
      body: 'An enormous stone that has never moved.',
      options: [
        { label: '[Drink and Lift] Lose a random potion. Max HP +10.' },
        enchantOption(run, '[Push] Lose 6 HP. Enchant an Attack with Vigorous 8.', 'VIGOROUS', isAttack),
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        loseRandomPotion(x);
        x.gainMaxHp(10);
      } else {
        x.loseHp(6);
        if (x.run.hp > 0) x.enchantDeck({ id: 'VIGOROUS', amount: 8 }, 1, isAttack);
      }
      return null;
    },
  },
  {
    id: 'SYMBIOTE',
    name: 'Symbiote',
    acts: [2, 3],
    text: 'Approach (enchant an Attack with Corrupted) or Kill with Fire (transform a card). Act 2 on.',
    page: (run) => ({
      body: 'A creature offers to join with you.',
      options: [
        enchantOption(run, '[Approach] Enchant an Attack with Corrupted.', 'CORRUPTED', isAttack),
        { label: '[Kill with Fire] Transform a card in your deck.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 1) x.selectDeck('transform', 1);
      else x.enchantDeck({ id: 'CORRUPTED', amount: 1 }, 1, isAttack);
      return null;
    },
  },
  {
    id: 'TEA_MASTER',
    name: 'Tea Master',
    acts: [1, 2],
    text: `Bone Tea (50 Gold: ${relicName('BONE_TEA')}), Ember Tea (150 Gold: ${relicName('EMBER_TEA')}) or Tea of Discourtesy (free: ${relicName('TEA_OF_DISCOURTESY')}). Acts 1 and 2; needs 150 Gold.`,
    available: (run) => run.gold >= 150,
    page: (run) => ({
      body: 'A tea master bows and offers three brews.',
      options: [
        locked(`[Bone Tea] Lose 50 Gold. Obtain ${relicName('BONE_TEA')}.`, needsGold(run, 50)),
        locked(`[Ember Tea] Lose 150 Gold. Obtain ${relicName('EMBER_TEA')}.`, needsGold(run, 150)),
        { label: `[Tea of Discourtesy] Obtain ${relicName('TEA_OF_DISCOURTESY')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.loseGold(50);
      else if (option === 1) x.loseGold(150);
      x.addRelic(option === 0 ? 'BONE_TEA' : option === 1 ? 'EMBER_TEA' : 'TEA_OF_DISCOURTESY');
      return null;
    },
  },
  {
    id: 'THE_FUTURE_OF_POTIONS',
    name: 'The Future of Potions?',
    acts: [1, 2, 3],
    text: 'Give up one of your first 3 potions for a choice of 3 upgraded cards of your character: Rare for a Rare potion, Uncommon for Uncommon, Common otherwise; the card type is drawn when the event starts (Attack or Skill for a Common potion, Attack, Skill or Power otherwise). Needs 2 potions.',
    available: (run) => potionCount(run) >= 2,
    setup: (x, memory) => {
      memory.type = x.randomInt(0, 2);
      memory.commonType = x.randomInt(0, 1);
    },
    page: (run) => {
      const filled = run.potions.flatMap((potion, slot) => (potion === null ? [] : [{ potion, slot }]));
      return {
        body: 'A machine offers to turn potions into something better.',
        options: [
          ...filled.slice(0, 3).map(({ potion }) => ({
            label: `[Insert ${potionName(potion)}] Lose it. Choose 1 of 3 upgraded ${potionCardRarity(potion)} cards.`,
          })),
          { label: '[Leave] Nothing happens.' },
        ],
      };
    },
    choose: (x, _page, option, memory) => {
      const filled = x.run.potions.flatMap((potion, slot) => (potion === null ? [] : [{ potion, slot }]));
      const chosen = filled.slice(0, 3)[option];
      if (chosen === undefined) return null;
      x.run.potions[chosen.slot] = null;
      const rarity = potionCardRarity(chosen.potion);
      const type =
        rarity === 'Common' ? FUTURE_TYPES[memory.commonType ?? 0] : FUTURE_TYPES[memory.type ?? 0];
      const ids = pickDistinct(
        x,
        characterCards(x, (id) => cardType(id) === type, [rarity]),
        3,
      );
      x.offerRewards([{ kind: 'cards', cards: ids.map((id) => x.newCard(id, true)) }]);
      return null;
    },
  },
  {
    id: 'THE_LEGENDS_WERE_TRUE',
    name: 'The Legends Were True',
    acts: [1],
    text: `Nab the Map (add ${cardName('SPOILS_MAP')}, which marks a Treasure room of Act 2 with 600 more Gold) or Slowly Find an Exit (lose 8 HP, obtain a random potion). Act 1; needs 10 HP.`,
    available: (run) => run.hp >= 10 && run.deck.length > 0,
    page: () => ({
      body: 'A treasure map lies on a skeleton.',
      options: [
        { label: `[Nab the Map] Add ${cardName('SPOILS_MAP')} to your deck.` },
        { label: '[Slowly Find an Exit] Lose 8 HP. Obtain a random potion.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.addCard('SPOILS_MAP');
      else {
        x.addPotion(randomPotion(x, null));
        x.loseHp(8);
      }
      return null;
    },
  },
  {
    id: 'THIS_OR_THAT',
    name: 'This or That?',
    acts: [1, 2, 3],
    text: `This (lose 6 HP, gain 41-68 Gold) or That (become cursed with ${cardName('CLUMSY')}, obtain a random relic).`,
    setup: (x, memory) => {
      memory.gold = x.randomInt(41, 68);
    },
    page: (_run, _page, memory) => ({
      body: 'Two hands, two offers.',
      options: [
        { label: `[This] Lose 6 HP. Gain ${memory.gold ?? 41} Gold.` },
        { label: `[That] Become Cursed: ${cardName('CLUMSY')}. Obtain a random relic.` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.gainGold(memory.gold ?? 41);
        x.loseHp(6);
      } else {
        x.addCard('CLUMSY');
        obtainRandomRelic(x);
      }
      return null;
    },
  },
  {
    id: 'WELCOME_TO_WONGOS',
    name: "Welcome to Wongo's",
    acts: [2],
    text: `Bargain Bin (100 Gold: a random Common relic), Featured Item (200 Gold: a random Rare relic, named), Mystery Box (300 Gold: ${relicName('WONGOS_MYSTERY_TICKET')}) or Leave (downgrade a random upgraded card). Wongo Points persist across runs in the game and are not simulated. Act 2; needs 100 Gold.`,
    available: (run) => run.gold >= 100,
    setup: (x, memory) => {
      const featured = poolRelic(x, 'Rare', []);
      memory.featured = featured === null ? -1 : relicIndex(featured);
    },
    page: (run, _page, memory) => {
      const featured = relicAt(memory.featured);
      return {
        body: 'A cheerful shop with a clerk counting points.',
        options: [
          locked("[Wongo's Bargain Bin] Lose 100 Gold. Obtain a random Common relic.", needsGold(run, 100)),
          locked(
            `[Wongo's Featured Item] Lose 200 Gold. Obtain ${featured === null ? 'a Rare relic' : relicName(featured)}.`,
            featured === null ? 'Sold out.' : needsGold(run, 200),
          ),
          locked(
            `[Wongo's Mystery Box] Lose 300 Gold. Obtain ${relicName('WONGOS_MYSTERY_TICKET')}.`,
            needsGold(run, 300),
          ),
          { label: '[Leave] Downgrade a random upgraded card.' },
        ],
      };
    },
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.loseGold(100);
        const relicId = poolRelic(x, 'Common', []);
        if (relicId !== null) x.addRelic(relicId);
      } else if (option === 1) {
        const featured = relicAt(memory.featured);
        x.loseGold(200);
        if (featured !== null) x.addRelic(featured);
      } else if (option === 2) {
        x.loseGold(300);
        x.addRelic('WONGOS_MYSTERY_TICKET');
      } else downgradeRandomCards(x, 1);
      return null;
    },
  },
];
