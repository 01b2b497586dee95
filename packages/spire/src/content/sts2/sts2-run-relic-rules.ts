// Hand-written rules of the StS2 relics that act outside combat: on pickup, when cards join the deck,
// in rooms (rest sites, shops, `?` rooms) and on rewards. Numbers come from the facts.

import type { CardType } from '../../engine/definitions.js';
import { nextInt } from '../../engine/random.js';
import type { RewardItem, RunState } from '../../engine/run-state.js';
import { counterOf, countTo, setCounter } from '../relic-counter.js';
import { runServices } from '../run-services.js';
import { chooseCardToCopy, offerRewards } from './sts2-relic-pickup.js';
import type { Sts2RelicRuleFactory, Sts2RelicRules } from './sts2-relic-rule.js';

// Numbers the game's texts state but the facts table carries no variable for.
/** Tiny Mailbox's potions per Rest. */
const MAILBOX_POTIONS = 2;
/** Bowler Hat's extra gold, in percent of each gain. */
const BOWLER_HAT_PERCENT = 25;
/** Girya's lifts per run. */
const GIRYA_LIFTS = 3;
/** Strength per Girya lift: the game's text gives no number; StS1's Girya gives 1. */
const GIRYA_STRENGTH_PER_LIFT = 1;

/** Set while Bowler Hat adds its own gain, so that gain does not earn a bonus of its own. */
let bowlerHatGaining = false;

function heal(run: RunState, amount: number): void {
  run.hp = Math.min(run.maxHp, run.hp + amount);
}

function raiseMaxHp(run: RunState, amount: number): void {
  run.maxHp += amount;
  run.hp += amount;
}

/** Upgrades up to `count` random unupgraded deck cards of a type (the misc stream). */
function upgradeRandom(run: RunState, type: CardType, count: number): void {
  const candidates = run.deck.filter(
    (card) => !card.upgraded && runServices().getCard(card.id).type === type,
  );
  for (let upgraded = 0; upgraded < count && candidates.length > 0; upgraded++) {
    const [card] = candidates.splice(nextInt(run.random, 'misc', 0, candidates.length - 1), 1);
    if (card !== undefined) card.upgraded = true;
  }
}

/** An Egg: cards of one type join the deck upgraded. */
function egg(type: CardType): Sts2RelicRuleFactory {
  return () => ({
    text: `Whenever you add ${type === 'Attack' ? 'an' : 'a'} ${type} to your deck, it is upgraded.`,
    hooks: {
      onCardAddedToDeck: (_run, card) => {
        if (runServices().getCard(card.id).type === type) card.upgraded = true;
      },
    },
  });
}

/** Puts a reward item before the card rewards (where the game lists potions and extra gold). */
function insertBeforeCards(items: RewardItem[], item: RewardItem): void {
  const cards = items.findIndex((entry) => entry.kind === 'cards');
  items.splice(cards < 0 ? items.length : cards, 0, item);
}

export const STS2_RUN_RELIC_RULES: Sts2RelicRules = {
  // ---- on pickup ----
  WAR_PAINT: (amount) => ({
    text: `Upon pickup, upgrade ${amount('Cards')} random Skills in your deck.`,
    hooks: { onPickup: (run) => upgradeRandom(run, 'Skill', amount('Cards')) },
  }),
  WHETSTONE: (amount) => ({
    text: `Upon pickup, upgrade ${amount('Cards')} random Attacks in your deck.`,
    hooks: { onPickup: (run) => upgradeRandom(run, 'Attack', amount('Cards')) },
  }),
  POTION_BELT: (amount) => ({
    text: `Upon pickup, gain ${amount('PotionSlots')} potion slots.`,
    hooks: {
      onPickup: (run) => {
        for (let slot = 0; slot < amount('PotionSlots'); slot++) run.potions.push(null);
      },
    },
  }),
  LEES_WAFFLE: (amount) => ({
    text: `Upon pickup, raise your Max HP by ${amount('MaxHp')} and heal to full.`,
    hooks: {
      onPickup: (run) => {
        run.maxHp += amount('MaxHp');
        run.hp = run.maxHp;
      },
    },
  }),
  CAULDRON: (amount) => ({
    text: `Upon pickup, brew ${amount('Potions')} random potions, offered as a reward to take as your slots allow.`,
    hooks: {
      onPickup: (run) =>
        offerRewards(
          run,
          Array.from({ length: amount('Potions') }, () => ({
            kind: 'potion' as const,
            potionId: runServices().rollPotion(run),
          })),
        ),
    },
  }),
  ORRERY: (amount) => ({
    text: `Upon pickup, gain ${amount('Cards')} card rewards (rolled as after a regular fight).`,
    hooks: {
      onPickup: (run) =>
        offerRewards(
          run,
          Array.from({ length: amount('Cards') }, () => ({
            kind: 'cards' as const,
            cards: runServices().rollCardReward(run, 'monster'),
          })),
        ),
    },
  }),
  DOLLYS_MIRROR: () => ({
    text: 'Upon pickup, choose a card of your Deck to add a copy of.',
    hooks: { onPickup: (run) => chooseCardToCopy(run) },
  }),

  // ---- when cards join the deck ----
  BOOK_OF_FIVE_RINGS: (amount) => ({
    text: `Every ${amount('Cards')} cards you add to your deck, heal ${amount('Heal')} HP.`,
    hooks: {
      onCardAddedToDeck: (run) => {
        if (countTo(run, 'BOOK_OF_FIVE_RINGS', amount('Cards'))) heal(run, amount('Heal'));
      },
    },
  }),
  LUCKY_FYSH: (amount) => ({
    text: `Whenever you add a card to your deck, gain ${amount('Gold')} Gold.`,
    hooks: { onCardAddedToDeck: (run) => runServices().gainGold(run, amount('Gold')) },
  }),
  FROZEN_EGG: egg('Power'),
  MOLTEN_EGG: egg('Attack'),
  TOXIC_EGG: egg('Skill'),

  // ---- rooms ----
  MEAL_TICKET: (amount) => ({
    text: `Whenever you enter a shop, heal ${amount('Heal')} HP.`,
    hooks: {
      onRoomEntered: (run, room) => {
        if (room === 'shop') heal(run, amount('Heal'));
      },
    },
  }),
  PLANISPHERE: (amount) => ({
    text: `Whenever you enter a ? room, heal ${amount('Heal')} HP.`,
    hooks: {
      onRoomEntered: (run, room) => {
        if (room === 'event') heal(run, amount('Heal'));
      },
    },
  }),
  JUZU_BRACELET: () => ({
    text: '? rooms no longer hold regular fights (an event instead).',
    hooks: { unknownRoomsWithoutFights: true },
  }),
  REGAL_PILLOW: (amount) => ({
    text: `Whenever you Rest, heal ${amount('Heal')} more HP.`,
    hooks: { onRest: (run) => heal(run, amount('Heal')) },
  }),
  ETERNAL_FEATHER: (amount) => ({
    text: `Whenever you enter a Rest Site, heal ${amount('Heal')} HP for every ${amount('Cards')} cards in your deck.`,
    hooks: {
      onRoomEntered: (run, room) => {
        if (room === 'rest' && amount('Cards') > 0)
          heal(run, Math.floor(run.deck.length / amount('Cards')) * amount('Heal'));
      },
    },
  }),
  TINY_MAILBOX: () => ({
    text: `Whenever you Rest, gain ${MAILBOX_POTIONS} random potions.`,
    hooks: {
      onRest: (run) => {
        for (let potion = 0; potion < MAILBOX_POTIONS; potion++)
          runServices().gainPotion(run, runServices().rollPotion(run));
      },
    },
  }),
  // The counter counts the lifts; their Strength is applied at the start of every combat.
  GIRYA: () => ({
    text: `Rest sites offer Lift: gain ${GIRYA_STRENGTH_PER_LIFT} Strength in every combat from now on (${GIRYA_LIFTS} times per run).`,
    hooks: {
      restOption: {
        id: 'lift',
        title: 'Lift',
        label: `Lift: gain ${GIRYA_STRENGTH_PER_LIFT} Strength in every combat (${GIRYA_LIFTS} times per run).`,
        enabled: (run) => Math.max(0, counterOf(run, 'GIRYA')) < GIRYA_LIFTS,
        choose: (run) => setCounter(run, 'GIRYA', Math.max(0, counterOf(run, 'GIRYA')) + 1),
      },
      atCombatStart: (context) => {
        const lifts = counterOf(context.run, 'GIRYA');
        if (lifts > 0) context.applyToPlayer('STRENGTH', lifts * GIRYA_STRENGTH_PER_LIFT);
      },
    },
  }),
  SHOVEL: () => ({
    text: 'Rest sites offer Dig: obtain a random relic.',
    hooks: {
      restOption: {
        id: 'dig',
        title: 'Dig',
        label: 'Dig: obtain a random relic.',
        enabled: () => true,
        choose: (run) => {
          const relicId = runServices().rollRelic(run, runServices().rollRelicRarity(run));
          if (relicId !== null) runServices().addRelic(run, relicId);
        },
      },
    },
  }),
  // The engine keeps the options taken at the current site in the counter.
  MINIATURE_TENT: () => ({
    text: 'At rest sites you may take every option (each once) instead of one.',
    hooks: { everyRestOption: true },
  }),
  // The counter is 1 while the next combat's Energy is waiting.
  VENERABLE_TEA_SET: (amount) => ({
    text: `Whenever you enter a Rest Site, start the next combat with ${amount('Energy')} more Energy.`,
    hooks: {
      onRoomEntered: (run, room) => {
        if (room === 'rest') setCounter(run, 'VENERABLE_TEA_SET', 1);
      },
      atTurnStart: (context, turn) => {
        if (turn !== 1 || counterOf(context.run, 'VENERABLE_TEA_SET') !== 1) return;
        setCounter(context.run, 'VENERABLE_TEA_SET', 0);
        context.gainEnergy(amount('Energy'));
      },
    },
  }),

  // ---- rewards and gold ----
  AMETHYST_AUBERGINE: (amount) => ({
    text: `Enemies drop ${amount('Gold')} more Gold.`,
    hooks: {
      onCombatRewards: (_run, items) => {
        const gold = items.find((item) => item.kind === 'gold');
        if (gold?.kind === 'gold') gold.amount += amount('Gold');
      },
    },
  }),
  WHITE_BEAST_STATUE: () => ({
    text: 'Every combat reward holds a potion.',
    hooks: {
      onCombatRewards: (run, items) => {
        if (!items.some((item) => item.kind === 'potion'))
          insertBeforeCards(items, { kind: 'potion', potionId: runServices().rollPotion(run) });
      },
    },
  }),
  PRAYER_WHEEL: () => ({
    text: 'Regular fights give a second card reward.',
    hooks: {
      onCombatRewards: (run, items, kind) => {
        if (kind === 'monster')
          items.push({ kind: 'cards', cards: runServices().rollCardReward(run, 'monster') });
      },
    },
  }),
  // A boss card reward is the all-Rare reward.
  WHITE_STAR: () => ({
    text: 'Elites give a second card reward, of Rare cards.',
    hooks: {
      onCombatRewards: (run, items, kind) => {
        if (kind === 'elite') items.push({ kind: 'cards', cards: runServices().rollCardReward(run, 'boss') });
      },
    },
  }),
  // The counter is 1 while the current combat has cost no HP.
  LAVA_LAMP: () => ({
    text: 'At the end of a combat in which you lost no HP, its card rewards are upgraded.',
    hooks: {
      atCombatStart: (context) => setCounter(context.run, 'LAVA_LAMP', 1),
      onPlayerHpLoss: (context, lost) => {
        if (lost > 0) setCounter(context.run, 'LAVA_LAMP', 0);
      },
      onCombatRewards: (run, items) => {
        if (counterOf(run, 'LAVA_LAMP') !== 1) return;
        for (const item of items)
          if (item.kind === 'cards')
            for (const card of item.cards) {
              const type = runServices().getCard(card.id).type;
              if (type !== 'Curse' && type !== 'Status') card.upgraded = true;
            }
      },
    },
  }),
  // The bonus is a gain of its own (Dragon Fruit hears of it too), as in the game.
  BOWLER_HAT: () => ({
    text: `Whenever you gain Gold, gain ${BOWLER_HAT_PERCENT}% more (rounded down).`,
    hooks: {
      onGoldGained: (run, amount) => {
        if (bowlerHatGaining) return;
        bowlerHatGaining = true;
        try {
          runServices().gainGold(run, Math.floor((amount * BOWLER_HAT_PERCENT) / 100));
        } finally {
          bowlerHatGaining = false;
        }
      },
    },
  }),
  // The colorless cards join the reward pools of their rarity (there are no Common ones).
  DINGY_RUG: () => ({
    text: 'Card rewards may hold colorless cards.',
    hooks: { colorlessCardRewards: true },
  }),
  DRAGON_FRUIT: (amount) => ({
    text: `Whenever you gain Gold, raise your Max HP by ${amount('MaxHp')}.`,
    hooks: { onGoldGained: (run) => raiseMaxHp(run, amount('MaxHp')) },
  }),

  // ---- the merchant ----
  // The engine halves the merchant's prices by id (shop.ts), as for the StS1 relic of that id.
  MEMBERSHIP_CARD: (amount) => ({
    text: `The merchant's prices (card removal included) are ${amount('Discount')}% lower.`,
    hooks: {},
  }),
  THE_COURIER: (amount) => ({
    text: `The merchant replaces every card, relic and potion you buy, and his prices (card removal included) are ${amount('Discount')}% lower.`,
    hooks: { shopDiscount: amount('Discount'), restocksShop: true },
  }),
};
