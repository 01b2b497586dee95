// The `?` room events of Glory (StS2's Act 3) with the numbers of the public wiki export (game
// version v0.103.2).
import type { EventDefinition } from '../../../engine/definitions.js';
import type { RunState } from '../../../engine/run-state.js';
import { MAD_SCIENCE_TYPES, madScienceId, madScienceRiders } from '../sts2-mad-science.js';
import {
  cardName,
  downgradeRandomCards,
  enchantOption,
  exhausts,
  obtainRandomRelic,
  randomPotion,
  relicName,
  upgradeRandomCards,
} from './sts2-event-helpers.js';

/** The Battleworn Dummy's settings: the dummy fought (its HP from the monster export) and the reward. */
const DUMMY_SETTINGS = [
  { encounter: 'BATTLEWORN_DUMMY_SETTING_1', hp: 75, reward: 'Obtain a random potion.' },
  { encounter: 'BATTLEWORN_DUMMY_SETTING_2', hp: 150, reward: 'Upgrade 2 random cards.' },
  { encounter: 'BATTLEWORN_DUMMY_SETTING_3', hp: 300, reward: 'Obtain a random relic.' },
] as const;

/** The Trial's three cases; memory.trial holds which one this visit judges. */
const TRIALS = [
  {
    body: 'A merchant stands accused of murder.',
    guilty: `Become Cursed: ${cardName('REGRET')}. Obtain 2 random relics.`,
    innocent: `Become Cursed: ${cardName('SHAME')}. Upgrade 2 random cards.`,
  },
  {
    body: 'A powerful noble stands accused of corruption.',
    guilty: 'Heal 10 HP.',
    innocent: `Become Cursed: ${cardName('REGRET')}. Gain 300 Gold.`,
  },
  {
    body: 'A woman stands accused of theft.',
    guilty: `Become Cursed: ${cardName('DOUBT')}. Choose from 2 card rewards.`,
    innocent: `Become Cursed: ${cardName('DOUBT')}. Transform 2 cards.`,
  },
] as const;

/** Glory's events. */
/** The two of three choices shown: every index but the one left out. */
function shown(count: number, leftOut: number): number[] {
  return Array.from({ length: count }, (_, index) => index).filter((index) => index !== leftOut);
}

/** Takes every Lantern Key out of the deck (the War Historian's CompleteQuest). */
function useLanternKeys(run: RunState): void {
  run.deck = run.deck.filter((card) => card.id !== 'LANTERN_KEY');
}

export const GLORY_EVENTS: readonly EventDefinition[] = [
  {
    id: 'WAR_HISTORIAN_REPY',
    name: 'War Historian, Repy',
    acts: [3],
    text: `Only through ${cardName('LANTERN_KEY')}: in Act 3 it takes the place of the next event. Unlock the Cage (lose the Lantern Key, obtain ${relicName('HISTORY_COURSE')}) or Unlock the Chest (lose the Lantern Key, a reward of 2 random potions and 2 random relics).`,
    // The game never rolls it (IsAllowed() is false); the key brings it.
    available: () => false,
    forced: (run) => run.act === 3 && run.deck.some((card) => card.id === 'LANTERN_KEY'),
    page: () => ({
      body: 'An academic is trapped in a hanging cage next to a treasure chest.',
      options: [
        {
          label: `[Unlock the Cage] Lose ${cardName('LANTERN_KEY')}. Obtain ${relicName('HISTORY_COURSE')}.`,
        },
        {
          label: `[Unlock the Chest] Lose ${cardName('LANTERN_KEY')}. Procure 2 random Potions. Obtain 2 random Relics.`,
        },
      ],
    }),
    choose: (x, _page, option) => {
      useLanternKeys(x.run);
      if (option === 0) {
        x.addRelic('HISTORY_COURSE');
        return null;
      }
      const first = x.rollRelic(null);
      const second = x.rollRelic(null, first === null ? [] : [first]);
      x.offerRewards([
        { kind: 'potion', potionId: randomPotion(x, null) },
        { kind: 'potion', potionId: randomPotion(x, null) },
        ...[first, second].flatMap((relicId) =>
          relicId === null ? [] : [{ kind: 'relic' as const, relicId }],
        ),
      ]);
      return null;
    },
  },
  {
    id: 'TINKER_TIME',
    name: 'Tinker Time',
    acts: [3],
    text: 'Build a Mad Science card: choose its type (Weapon: an Attack of 12 damage; Protector: a Skill of 8 Block; Gadget: a Power), 2 of the 3 shown at random, then its rider, 2 of the 3 of that type shown at random (Weapon: Sapping, Violence, Choking; Protector: Energized, Wisdom, Chaos; Gadget: Expertise, Curious, Improvement).',
    // memory.hiddenType and memory.hiddenRider: the choice of each step left out; memory.type: the chosen type.
    setup: (x, memory) => {
      memory.hiddenType = x.randomInt(0, MAD_SCIENCE_TYPES.length - 1);
    },
    page: (_run, page, memory) => {
      if (page === 0)
        return {
          body: 'A mad scientist scavenging for scraps needs a tester for their next atrocity device.',
          options: [{ label: '[Accept] Create a custom Mad Science card to add to your Deck.' }],
        };
      if (page === 1)
        return {
          body: 'What should it be?',
          options: shown(MAD_SCIENCE_TYPES.length, memory.hiddenType ?? 0).map((type) => ({
            label: `[${MAD_SCIENCE_TYPES[type]?.option}] ${MAD_SCIENCE_TYPES[type]?.label}`,
          })),
        };
      const riders = madScienceRiders(memory.type ?? 0);
      return {
        body: 'And what should it do?',
        options: shown(riders.length, memory.hiddenRider ?? 0).map((rider) => ({
          label: `[${riders[rider]}] Add Mad Science (${MAD_SCIENCE_TYPES[memory.type ?? 0]?.option}, ${riders[rider]}) to your Deck.`,
        })),
      };
    },
    choose: (x, page, option, memory) => {
      if (page === 0) return 1;
      if (page === 1) {
        memory.type = shown(MAD_SCIENCE_TYPES.length, memory.hiddenType ?? 0)[option] ?? 0;
        memory.hiddenRider = x.randomInt(0, madScienceRiders(memory.type).length - 1);
        return 2;
      }
      const type = memory.type ?? 0;
      const rider = shown(madScienceRiders(type).length, memory.hiddenRider ?? 0)[option] ?? 0;
      x.addCard(madScienceId(type, rider));
      return null;
    },
  },
  {
    id: 'BATTLEWORN_DUMMY',
    name: 'Battleworn Dummy',
    acts: [3],
    text: `Fight a training dummy of ${DUMMY_SETTINGS.map((setting) => setting.hp).join(', ')} HP for a potion, 2 random upgrades or a random relic. The dummy does nothing; its Time Limit gives 3 turns: defeated in time, it gives the reward (the potion and relic on the fight's reward screen); when the time runs out it leaves, the fight ends and there is no reward.`,
    page: () => ({
      body: 'A training dummy crackles to life: defeat me in 3 turns!',
      options: DUMMY_SETTINGS.map((setting, index) => ({
        label: `[Setting ${index + 1}] Fight a ${setting.hp} HP dummy. ${setting.reward}`,
      })),
    }),
    // The reward comes with the dummy defeated in time (sts2-battleworn-dummy.ts), not from here.
    choose: (x, _page, option) => {
      const setting = DUMMY_SETTINGS[option] ?? DUMMY_SETTINGS[0];
      x.fight(setting.encounter, []);
      return null;
    },
  },
  {
    id: 'GRAVE_OF_THE_FORGOTTEN',
    name: 'Grave of the Forgotten',
    acts: [3],
    text: `Confront with Truth (become cursed with ${cardName('DECAY')} and enchant an Exhausting card with Soul's Power) or Accept the Forgotten Soul (obtain ${relicName('FORGOTTEN_SOUL')}). Needs a card that Exhausts.`,
    available: (run) => run.deck.some(exhausts),
    page: (run) => ({
      body: 'A nameless grave, and something stirring in it.',
      options: [
        enchantOption(
          run,
          `[Confront with Truth] Become Cursed: ${cardName('DECAY')}. Enchant a card that Exhausts with Soul's Power.`,
          'SOULS_POWER',
          exhausts,
        ),
        { label: `[Accept the Forgotten Soul] Obtain ${relicName('FORGOTTEN_SOUL')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 1) x.addRelic('FORGOTTEN_SOUL');
      else {
        x.addCard('DECAY');
        x.enchantDeck({ id: 'SOULS_POWER', amount: 1 }, 1, exhausts);
      }
      return null;
    },
  },
  {
    id: 'HUNGRY_FOR_MUSHROOMS',
    name: 'Hungry for Mushrooms',
    acts: [3],
    text: `Big Mushroom (obtain ${relicName('BIG_MUSHROOM')}) or Fragrant Mushroom (lose 15 HP, obtain ${relicName('FRAGRANT_MUSHROOM')}).`,
    page: () => ({
      body: 'Two mushrooms: one huge, one sweet-smelling.',
      options: [
        { label: `[Big Mushroom] Obtain ${relicName('BIG_MUSHROOM')}.` },
        { label: `[Fragrant Mushroom] Lose 15 HP. Obtain ${relicName('FRAGRANT_MUSHROOM')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) x.addRelic('BIG_MUSHROOM');
      else {
        x.addRelic('FRAGRANT_MUSHROOM');
        x.loseHp(15);
      }
      return null;
    },
  },
  {
    id: 'REFLECTIONS',
    name: 'Reflections',
    acts: [3],
    text: `Touch a Mirror (downgrade 2 random upgraded cards, then upgrade 4 random cards) or Shatter (duplicate every card of your deck, become cursed with ${cardName('BAD_LUCK')}).`,
    page: () => ({
      body: 'Mirrors show you backwards.',
      options: [
        { label: '[Touch a Mirror] Downgrade 2 random cards. Upgrade 4 random cards.' },
        { label: `[Shatter] Duplicate your deck. Become Cursed: ${cardName('BAD_LUCK')}.` },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        downgradeRandomCards(x, 2);
        upgradeRandomCards(x, 4);
      } else {
        for (const card of [...x.run.deck]) x.addCard(card.id, card.upgraded);
        x.addCard('BAD_LUCK');
      }
      return null;
    },
  },
  {
    id: 'ROUND_TEA_PARTY',
    name: 'The Round Tea Party',
    acts: [3],
    text: `Enjoy Your Tea (obtain ${relicName('ROYAL_POISON')}, heal to full) or Pick a Fight (lose 11 HP, obtain a random relic). Needs 12 HP.`,
    available: (run) => run.hp >= 12,
    page: () => ({
      body: 'A tea party of royals pauses to stare at you.',
      options: [
        { label: `[Enjoy Your Tea] Obtain ${relicName('ROYAL_POISON')}. Heal to full HP.` },
        { label: '[Pick a Fight] Lose 11 HP. Obtain a random relic.' },
      ],
    }),
    choose: (x, _page, option) => {
      if (option === 0) {
        x.addRelic('ROYAL_POISON');
        x.heal(x.run.maxHp);
      } else {
        obtainRandomRelic(x);
        x.loseHp(11);
      }
      return null;
    },
  },
  {
    id: 'TRIAL',
    name: 'The Trial',
    acts: [3],
    text: `Serve as the Decider in one of three cases: a merchant (Guilty: ${TRIALS[0].guilty} Innocent: ${TRIALS[0].innocent}), a noble (Guilty: ${TRIALS[1].guilty} Innocent: ${TRIALS[1].innocent}) or a thief (Guilty: ${TRIALS[2].guilty} Innocent: ${TRIALS[2].innocent}). Rejecting only warns you; doubling down ends the run. Whether the merchant's 2 upgrades are random or chosen is not in the export; the simulator picks them at random.`,
    setup: (x, memory) => {
      memory.trial = x.randomInt(0, TRIALS.length - 1);
    },
    page: (_run, page, memory) => {
      const trial = TRIALS[memory.trial ?? 0] ?? TRIALS[0];
      if (page === 0)
        return {
          body: "A court in session turns to you: you are today's Decider.",
          options: [{ label: '[Accept] Serve as the Decider.' }, { label: '[Reject] Refuse to judge.' }],
        };
      if (page === 1)
        return {
          body: 'The Grand Arbiter warns that refusing means death.',
          options: [
            { label: '[Accept] Serve as the Decider.' },
            { label: '[Double Down] Refuse anyway. The run ends.' },
          ],
        };
      return {
        body: trial.body,
        options: [{ label: `[Guilty] ${trial.guilty}` }, { label: `[Innocent] ${trial.innocent}` }],
      };
    },
    choose: (x, page, option, memory) => {
      if (page < 2) {
        if (option === 0) return 2;
        if (page === 0) return 1;
        x.loseHp(x.run.hp);
        return null;
      }
      const trial = memory.trial ?? 0;
      const guilty = option === 0;
      if (trial === 0) {
        x.addCard(guilty ? 'REGRET' : 'SHAME');
        if (guilty) {
          obtainRandomRelic(x);
          obtainRandomRelic(x);
        } else upgradeRandomCards(x, 2);
      } else if (trial === 1) {
        if (guilty) x.heal(10);
        else {
          x.addCard('REGRET');
          x.gainGold(300);
        }
      } else {
        x.addCard('DOUBT');
        if (guilty) {
          x.offerRewards([x.cardReward(), x.cardReward()]);
        } else x.selectDeck('transform', 2, { filter: (card) => card.id !== 'DOUBT' });
      }
      return null;
    },
  },
];
