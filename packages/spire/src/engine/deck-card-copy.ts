// A copy of a deck card (Dolly's Mirror, an event's duplicate) under a new uid. Its own module (types
// only) so content rules can copy cards without importing the engine, which imports the content.
import type { DeckCard } from './run-state.js';

/** The copy has its own enchantment object: what grows on one card (Goopy) must not grow on the other. */
export function copyDeckCard(card: DeckCard, uid: number): DeckCard {
  const copy: DeckCard = { ...card, uid };
  if (card.enchantment !== undefined) copy.enchantment = { ...card.enchantment };
  return copy;
}
