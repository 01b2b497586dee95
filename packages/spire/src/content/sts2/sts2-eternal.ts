// StS2's Eternal: the card cannot be removed from the deck or transformed. A card has it as a keyword
// (Ascender's Bane, Folly, Greed...) or from its enchantment (Tezcatara's Ember). StS1 cards never do.
import type { CardDefinition } from '../../engine/definitions.js';
import type { DeckCard } from '../../engine/run-state.js';
import { findEnchantment } from './sts2-enchantments.js';

/** Whether the deck card is Eternal; `definition` is its card's (the caller's registry lookup). */
export function isEternal(card: DeckCard, definition: CardDefinition): boolean {
  if (card.enchantment !== undefined && findEnchantment(card.enchantment.id)?.eternal === true) return true;
  const eternal = definition.eternal;
  return eternal === true || (Array.isArray(eternal) && eternal[card.upgraded ? 1 : 0] === true);
}
