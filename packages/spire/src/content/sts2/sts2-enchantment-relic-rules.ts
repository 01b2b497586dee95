// Hand-written rules of the StS2 relics that enchant cards (Kifuda, Gnarled Hammer, Pael's Claw...).
// The enchantments themselves are in sts2-enchantments.ts; the numbers come from the facts table and,
// where the relic's own variables do not carry it, from the enchantment export's source list.

import { copyDeckCard } from '../../engine/deck-card-copy.js';
import type { CardType } from '../../engine/definitions.js';
import { nextInt } from '../../engine/random.js';
import type { DeckCard, RunState } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { findEnchantment } from './sts2-enchantments.js';
import { chooseCardsToEnchant, enchantAll } from './sts2-relic-pickup.js';
import type { Sts2RelicRules } from './sts2-relic-rule.js';

// The amounts the enchantment export lists for these sources, where the relic has no variable for it.
/** Kifuda's Adroit: "Gain 3 Block" (enchantments.json, source Kifuda, amount 3). */
const KIFUDA_ADROIT = 3;
/** Pael's Claw's Goopy starts with no Block grown yet (the source's 1 is the growth per play). */
const GOOPY_START = 0;

const ofType =
  (...types: CardType[]) =>
  (card: DeckCard): boolean =>
    types.includes(runServices().getCard(card.id).type);

/** "Strikes": the game tags them; here every card whose id has STRIKE in it, as Strike Dummy reads it. */
const isStrike = (card: DeckCard): boolean => card.id.includes('STRIKE');
/** "Defends": the basic Defends (their ids start so in the export). */
const isDefend = (card: DeckCard): boolean => card.id.startsWith('DEFEND');

const nameOf = (id: string): string => findEnchantment(id)?.name ?? id;

/**
 * Clone's rest-site option. The export says only "can be duplicated"; the reading here: every Clone
 * card of the deck gets a copy with its upgrade and its Clone, so the copies can be duplicated later too.
 */
function cloneCards(run: RunState): void {
  for (const card of run.deck.filter((candidate) => candidate.enchantment?.id === 'CLONE'))
    runServices().addCardToDeck(run, copyDeckCard(card, run.counters.nextUid++));
}

export const STS2_ENCHANTMENT_RELIC_RULES: Sts2RelicRules = {
  KIFUDA: (amount) => ({
    text: `Upon pickup, choose up to ${amount('Cards')} cards to enchant with ${nameOf('ADROIT')} ${KIFUDA_ADROIT} (gain ${KIFUDA_ADROIT} Block when played).`,
    hooks: {
      onPickup: (run) => chooseCardsToEnchant(run, { id: 'ADROIT', amount: KIFUDA_ADROIT }, amount('Cards')),
    },
  }),
  GNARLED_HAMMER: (amount) => ({
    text: `Upon pickup, choose up to ${amount('Cards')} Attacks to enchant with ${nameOf('SHARP')} ${amount('SharpAmount')}.`,
    hooks: {
      onPickup: (run) =>
        chooseCardsToEnchant(
          run,
          { id: 'SHARP', amount: amount('SharpAmount') },
          amount('Cards'),
          ofType('Attack'),
        ),
    },
  }),
  PUNCH_DAGGER: (amount) => ({
    text: `Upon pickup, choose an Attack to enchant with ${nameOf('MOMENTUM')} ${amount('Momentum')}.`,
    hooks: {
      onPickup: (run) =>
        chooseCardsToEnchant(run, { id: 'MOMENTUM', amount: amount('Momentum') }, 1, ofType('Attack')),
    },
  }),
  ROYAL_STAMP: (amount) => ({
    text: `Upon pickup, choose an Attack or Skill to enchant with ${nameOf('ROYALLY_APPROVED')} (Innate, Retain).`,
    hooks: {
      onPickup: (run) =>
        chooseCardsToEnchant(
          run,
          { id: 'ROYALLY_APPROVED', amount: 1 },
          Math.max(1, amount('Cards')),
          ofType('Attack', 'Skill'),
        ),
    },
  }),
  TRI_BOOMERANG: (amount) => ({
    text: `Upon pickup, choose ${amount('Cards')} Attacks to enchant with ${nameOf('INSTINCT')} (damage doubled).`,
    hooks: {
      onPickup: (run) =>
        chooseCardsToEnchant(run, { id: 'INSTINCT', amount: 1 }, amount('Cards'), ofType('Attack')),
    },
  }),
  PAELS_CLAW: () => ({
    text: `Upon pickup, enchant all Defends with ${nameOf('GOOPY')} (Exhaust; its Block grows by 1 each play, for good).`,
    hooks: { onPickup: (run) => enchantAll(run, { id: 'GOOPY', amount: GOOPY_START }, isDefend) },
  }),
  PAELS_GROWTH: () => ({
    text: `Upon pickup, choose a card to enchant with ${nameOf('CLONE')}. Rest sites offer Clone: add a copy of each Clone card (with its Clone) to your deck.`,
    hooks: {
      onPickup: (run) => chooseCardsToEnchant(run, { id: 'CLONE', amount: 1 }, 1),
      restOption: {
        id: 'clone',
        title: 'Clone',
        label: 'Clone: add a copy of your Clone card to your deck.',
        enabled: (run) => run.deck.some((card) => card.enchantment?.id === 'CLONE'),
        choose: cloneCards,
      },
    },
  }),
  ELECTRIC_SHRYMP: () => ({
    text: `Upon pickup, choose a Skill to enchant with ${nameOf('IMBUED')} (played at the start of each combat).`,
    hooks: {
      onPickup: (run) => chooseCardsToEnchant(run, { id: 'IMBUED', amount: 1 }, 1, ofType('Skill')),
    },
  }),
  GLITTER: () => ({
    text: `Cards offered as card rewards are enchanted with ${nameOf('GLAM')} (played twice the first time each combat).`,
    hooks: {
      onCardReward: (_run, cards) => {
        for (const card of cards)
          if (card.enchantment === undefined) card.enchantment = { id: 'GLAM', amount: 1 };
      },
    },
  }),
  NUTRITIOUS_SOUP: () => ({
    text: `Upon pickup, enchant all Basic Strikes with ${nameOf('TEZCATARAS_EMBER')} (cost 0, Eternal).`,
    // The export's notes: the Basic Strikes only.
    hooks: {
      onPickup: (run) =>
        enchantAll(
          run,
          { id: 'TEZCATARAS_EMBER', amount: 1 },
          (card) => isStrike(card) && runServices().getCard(card.id).rarity === 'Basic',
        ),
    },
  }),
  BEAUTIFUL_BRACELET: (amount) => ({
    text: `Upon pickup, choose ${amount('Cards')} cards to enchant with ${nameOf('SWIFT')} ${amount('Swift')}.`,
    hooks: {
      onPickup: (run) => chooseCardsToEnchant(run, { id: 'SWIFT', amount: amount('Swift') }, amount('Cards')),
    },
  }),
  MYSTIC_LIGHTER: (amount) => ({
    text: `Enchanted Attacks deal ${amount('Damage')} additional damage.`,
    hooks: { attackDamageBonus: (_context, card) => (card.enchantment === undefined ? 0 : amount('Damage')) },
  }),
  WING_CHARM: (amount) => ({
    text: `A random card of each card reward is enchanted with ${nameOf('SWIFT')} ${amount('SwiftAmount')}.`,
    hooks: {
      onCardReward: (run, cards) => {
        const open = cards.filter((card) => card.enchantment === undefined);
        if (open.length === 0) return;
        const card = open[nextInt(run.random, 'misc', 0, open.length - 1)];
        if (card !== undefined) card.enchantment = { id: 'SWIFT', amount: amount('SwiftAmount') };
      },
    },
  }),
  FRESNEL_LENS: (amount) => ({
    text: `Whenever you add a card that gains Block to your deck, enchant it with ${nameOf('NIMBLE')} ${amount('NimbleAmount')}.`,
    hooks: {
      onCardAddedToDeck: (_run, card) => {
        if (card.enchantment === undefined && runServices().getCard(card.id).block !== undefined)
          card.enchantment = { id: 'NIMBLE', amount: amount('NimbleAmount') };
      },
    },
  }),
};
