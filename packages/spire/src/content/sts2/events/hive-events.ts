// The `?` room events of the Hive (StS2's Act 2) with the numbers of the public wiki export (game
// version v0.103.2).
import type { EventDefinition } from '../../../engine/definitions.js';
import type { CharacterId } from '../../../engine/run-state.js';
import {
  baseCost,
  cardChoice,
  cardName,
  cardType,
  characterCards,
  enchantOption,
  isBasicDefend,
  isBasicStrike,
  locked,
  needsGold,
  pickDistinct,
  relicName,
} from './sts2-event-helpers.js';

/** The colours Colorful Philosophers can offer, in the export's order of its options. */
const PHILOSOPHER_COLORS: readonly {
  readonly color: CharacterId;
  readonly name: string;
  readonly hue: string;
}[] = [
  { color: 'NECROBINDER', name: 'Necrobinder', hue: 'Pink' },
  { color: 'IRONCLAD', name: 'Ironclad', hue: 'Red' },
  { color: 'REGENT', name: 'Regent', hue: 'Orange' },
  { color: 'SILENT', name: 'Silent', hue: 'Green' },
  { color: 'DEFECT', name: 'Defect', hue: 'Blue' },
];

/** Colorful Philosophers' three colours for this visit (memory holds their indices). */
function philosopherChoices(memory: Record<string, number>): number[] {
  return [memory.first ?? 0, memory.second ?? 1, memory.third ?? 2];
}

/** Colossal Flower's stages: the Gold for extracting and the HP for digging deeper. */
const FLOWER_STAGES = [
  { gold: 35, dig: 5 },
  { gold: 75, dig: 6 },
  { gold: 135, dig: 7 },
] as const;

/** The Hive's events. */
export const HIVE_EVENTS: readonly EventDefinition[] = [
  {
    id: 'AMALGAMATOR',
    name: 'Amalgamator',
    acts: [2],
    text: `Combine Strikes (remove 2 Basic Strikes, add ${cardName('ULTIMATE_STRIKE')}) or Combine Defends (remove 2 Basic Defends, add ${cardName('ULTIMATE_DEFEND')}). Needs 2 of each.`,
    available: (run) =>
      run.deck.filter(isBasicStrike).length >= 2 && run.deck.filter(isBasicDefend).length >= 2,
    page: () => ({
      body: 'A machine hums, hungry for simple things.',
      options: [
        { label: `[Combine Strikes] Remove 2 Strikes. Add ${cardName('ULTIMATE_STRIKE')} to your deck.` },
        { label: `[Combine Defends] Remove 2 Defends. Add ${cardName('ULTIMATE_DEFEND')} to your deck.` },
      ],
    }),
    choose: (x, _page, option) => {
      x.addCard(option === 0 ? 'ULTIMATE_STRIKE' : 'ULTIMATE_DEFEND');
      x.selectDeck('remove', 2, { filter: option === 0 ? isBasicStrike : isBasicDefend });
      return null;
    },
  },
  {
    id: 'BUGSLAYER',
    name: 'Bugslayer',
    acts: [2],
    text: `Learn a technique: add ${cardName('EXTERMINATE')} or ${cardName('SQUASH')} to your deck.`,
    page: () => ({
      body: 'A veteran exterminator offers lessons.',
      options: [
        { label: `[Learn Extermination Technique] Add ${cardName('EXTERMINATE')} to your deck.` },
        { label: `[Learn Squash Technique] Add ${cardName('SQUASH')} to your deck.` },
      ],
    }),
    choose: (x, _page, option) => {
      x.addCard(option === 0 ? 'EXTERMINATE' : 'SQUASH');
      return null;
    },
  },
  {
    id: 'COLORFUL_PHILOSOPHERS',
    name: 'Colorful Philosophers',
    acts: [2],
    text: "Three of the other characters' colours are offered; the one you pick gives a card reward of that character: one Common, one Uncommon and one Rare card. The game offers it once several characters are unlocked; the simulator always may.",
    setup: (x, memory) => {
      const others = PHILOSOPHER_COLORS.map((_entry, index) => index).filter(
        (index) => PHILOSOPHER_COLORS[index]?.color !== x.run.character,
      );
      const [first, second, third] = pickDistinct(x, others, 3).sort((a, b) => a - b);
      memory.first = first ?? 0;
      memory.second = second ?? 1;
      memory.third = third ?? 2;
    },
    page: (_run, _page, memory) => ({
      body: 'Robed figures in many colours debate.',
      options: philosopherChoices(memory).map((index) => {
        const entry = PHILOSOPHER_COLORS[index] ?? PHILOSOPHER_COLORS[0];
        return { label: `[${entry?.hue}] Choose one of 3 ${entry?.name} cards.` };
      }),
    }),
    choose: (x, _page, option, memory) => {
      const entry = PHILOSOPHER_COLORS[philosopherChoices(memory)[option] ?? 0];
      if (entry === undefined) return null;
      const ids = (['Common', 'Uncommon', 'Rare'] as const).flatMap((rarity) =>
        pickDistinct(x, x.cardPool(rarity, entry.color), 1),
      );
      x.offerRewards([cardChoice(x, ids)]);
      return null;
    },
  },
  {
    id: 'COLOSSAL_FLOWER',
    name: 'Colossal Flower',
    acts: [2],
    text: `Three stages: Extract Nectar for 35, 75 or 135 Gold, or Reach Deeper for 5, 6 then 7 HP; past the third stage lies ${relicName('POLLINOUS_CORE')}. Needs 19 HP.`,
    available: (run) => run.hp >= 19,
    page: (_run, page) => {
      const stage = FLOWER_STAGES[page] ?? FLOWER_STAGES[2];
      return {
        body: page === 0 ? 'A flower the size of a house.' : 'You climb deeper into the petals.',
        options: [
          { label: `[Extract Nectar] Gain ${stage.gold} Gold.` },
          page < 2
            ? { label: `[Reach Deeper] Lose ${stage.dig} HP. Go deeper.` }
            : { label: `[Reach Deeper] Lose ${stage.dig} HP. Obtain ${relicName('POLLINOUS_CORE')}.` },
        ],
      };
    },
    choose: (x, page, option) => {
      const stage = FLOWER_STAGES[page] ?? FLOWER_STAGES[2];
      if (option === 0) {
        x.gainGold(stage.gold);
        return null;
      }
      x.loseHp(stage.dig);
      if (x.run.hp <= 0) return null;
      if (page < 2) return page + 1;
      x.addRelic('POLLINOUS_CORE');
      return null;
    },
  },
  {
    id: 'FIELD_OF_MAN_SIZED_HOLES',
    name: 'Field of Man-Sized Holes',
    acts: [2],
    text: `Resist (remove 2 cards, become cursed with ${cardName('NORMALITY')}) or Enter Your Hole (enchant a card with Perfect Fit).`,
    page: (run) => ({
      body: 'Holes in the ground, each shaped like a person.',
      options: [
        { label: `[Resist] Remove 2 cards from your deck. Become Cursed: ${cardName('NORMALITY')}.` },
        enchantOption(run, '[Enter Your Hole] Enchant a card with Perfect Fit.', 'PERFECT_FIT'),
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.addCard('NORMALITY');
        x.selectDeck('remove', 2, { filter: (card) => card.id !== 'NORMALITY' });
      } else x.enchantDeck({ id: 'PERFECT_FIT', amount: 1 }, 1);
      return null;
    },
  },
  {
    id: 'INFESTED_AUTOMATON',
    name: 'Infested Automaton',
    acts: [2],
    text: 'Study (add a random Power of your character) or Touch the Core (add a random 0-cost card of your character).',
    page: () => ({
      body: 'A broken automaton crawls with bugs.',
      options: [
        { label: '[Study] Add a random Power card to your deck.' },
        { label: '[Touch the Core] Add a random 0-cost card to your deck.' },
      ],
    }),
    choose: (x, _page, option) => {
      const pool = characterCards(x, (id) => (option === 0 ? cardType(id) === 'Power' : baseCost(id) === 0));
      const [id] = pickDistinct(x, pool, 1);
      if (id !== undefined) x.addCard(id);
      return null;
    },
  },
  {
    id: 'LOST_WISP',
    name: 'The Lost Wisp',
    acts: [2],
    text: `Capture the Wisp (become cursed with ${cardName('DECAY')}, obtain ${relicName('LOST_WISP')}) or Search the Nearby Area (gain 45-75 Gold).`,
    setup: (x, memory) => {
      memory.gold = 60 + x.randomInt(-15, 15);
    },
    page: (_run, _page, memory) => ({
      body: 'A small light drifts, lost.',
      options: [
        {
          label: `[Capture the Wisp] Become Cursed: ${cardName('DECAY')}. Obtain ${relicName('LOST_WISP')}.`,
        },
        { label: `[Search the Nearby Area] Gain ${memory.gold ?? 60} Gold.` },
      ],
    }),
    choose: (x, _page, option, memory) => {
      if (option === 0) {
        x.addCard('DECAY');
        x.addRelic('LOST_WISP');
      } else x.gainGold(memory.gold ?? 60);
      return null;
    },
  },
  {
    id: 'SPIRIT_GRAFTER',
    name: 'Spirit Grafter',
    acts: [2],
    text: `Let It In (heal 25 HP, add ${cardName('METAMORPHOSIS')}) or Rejection (upgrade a card, lose 10 HP).`,
    page: () => ({
      body: 'A spirit seeks a body to share.',
      options: [
        { label: `[Let It In] Heal 25 HP. Add ${cardName('METAMORPHOSIS')} to your deck.` },
        { label: '[Rejection] Upgrade a card in your deck. Lose 10 HP.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.heal(25);
        x.addCard('METAMORPHOSIS');
        return null;
      }
      x.loseHp(10);
      if (x.run.hp > 0) x.selectDeck('upgrade', 1);
      return null;
    },
  },
  {
    id: 'THE_LANTERN_KEY',
    name: 'The Lantern Key',
    acts: [2],
    text: `Return the Key (gain 100 Gold) or Keep the Key (fight the Mysterious Knight; winning offers ${cardName('LANTERN_KEY')}, which leads to the War Historian in Act 3).`,
    page: () => ({
      body: 'A knight in dark armour wants the key you found.',
      options: [
        { label: '[Return the Key] Gain 100 Gold.' },
        { label: `[Keep the Key] Fight the Mysterious Knight for ${cardName('LANTERN_KEY')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.gainGold(100);
      // Its notes: the page to confirm the fight is not a choice; the win offers the key as a card reward.
      else
        x.fight('MYSTERIOUS_KNIGHT_EVENT_ENCOUNTER', [{ kind: 'cards', cards: [x.newCard('LANTERN_KEY')] }]);
      return null;
    },
  },
  {
    id: 'ZEN_WEAVER',
    name: 'Zen Weaver',
    acts: [2],
    text: `Breathing Techniques (50 Gold: add 2 ${cardName('ENLIGHTENMENT')}), Emotional Awareness (125 Gold: remove a card) or Arachnid Acupuncture (250 Gold: remove 2 cards). Needs 125 Gold.`,
    available: (run) => run.gold >= 125,
    page: (run) => ({
      body: 'A spider weaves in perfect calm.',
      options: [
        locked(
          `[Breathing Techniques] Lose 50 Gold. Add 2 ${cardName('ENLIGHTENMENT')} to your deck.`,
          needsGold(run, 50),
        ),
        locked('[Emotional Awareness] Lose 125 Gold. Remove a card from your deck.', needsGold(run, 125)),
        locked('[Arachnid Acupuncture] Lose 250 Gold. Remove 2 cards from your deck.', needsGold(run, 250)),
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.loseGold(50);
        x.addCard('ENLIGHTENMENT');
        x.addCard('ENLIGHTENMENT');
      } else {
        x.loseGold(option === 1 ? 125 : 250);
        x.selectDeck('remove', option === 1 ? 1 : 2);
      }
      return null;
    },
  },
];
