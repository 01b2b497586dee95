// StS2 cards that put a power on a creature and need more than the facts' power effect: the power
// sits on the targeted enemy (Oblivion) or the choice it opens needs the card's onSelect (Tyranny,
// Foregone Conclusion and Entropy at the start of the turn, Stratagem after a shuffle).
// The powers' behaviour lives in engine/combat.ts (afterSts2Play, afterSts2TurnStart,
// shuffleDiscardIntoDraw).
import type { CombatContext } from '../../engine/definitions.js';
import type { CombatCard } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { moveChosenToHand, type Sts2CardRule, transformInCombat } from './sts2-card-rules.js';

/**
 * Entropy's transform: a random other card of the card's pool, Colorless for a Colorless card and the
 * character's reward pools for the rest (statuses and curses included: the pool the game draws
 * those from is not known). The card keeps its place; it is the new card for the rest of the combat.
 */
function transformToRandom(x: CombatContext, card: CombatCard): void {
  const services = runServices();
  const colorless = services.getCard(card.id).color === 'COLORLESS';
  const pool = (
    colorless
      ? [...services.colorlessPool('Uncommon'), ...services.colorlessPool('Rare')]
      : (['Common', 'Uncommon', 'Rare'] as const).flatMap((rarity) =>
          services.cardPool(x.run.character, rarity),
        )
  ).filter((id) => id !== card.id);
  if (pool.length > 0) transformInCombat(card, pool[x.randomInt(0, pool.length - 1)] ?? card.id);
}

export const STS2_POWER_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  OBLIVION: {
    // The power is on the enemy and reacts after each play, Oblivion's own included: whether the game
    // counts the Oblivion that applied it is not known.
    text: 'Whenever you play a card this turn (this one included), the enemy gets !M! Doom.',
    play: (x, c) => x.applyToMonster(c.target, 'OBLIVION', c.magic),
  },
  FOREGONE_CONCLUSION: {
    text: 'Next turn, put !M! cards you choose from your Draw Pile into your Hand.',
    play: (x, c) => x.applyToPlayer('FOREGONE_CONCLUSION', c.magic),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  STRATAGEM: {
    text: 'Whenever your Draw Pile is shuffled, choose a card from it to put into your Hand.',
    play: (x) => x.applyToPlayer('STRATAGEM', 1),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  ENTROPY: {
    text: 'At the start of your turn, Transform !M! card you choose from your Hand.',
    play: (x, c) => x.applyToPlayer('ENTROPY', c.magic),
    onSelect: (x, chosen) => {
      for (const card of chosen) transformToRandom(x, card);
    },
  },
  TYRANNY: {
    text: 'At the start of your turn, draw 1 card and Exhaust 1 card you choose from your Hand.',
    play: (x) => x.applyToPlayer('TYRANNY', 1),
    onSelect: (x, chosen) => {
      for (const card of chosen) x.exhaustCard(card);
    },
  },
};
