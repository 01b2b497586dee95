// A deck card as it enters a combat: no cost changes, no bonus, its enchantment (StS2) copied. Its own module (types only) so content
// rules can make combat cards without importing the combat engine, which imports the content.
import type { CombatCard, DeckCard } from './run-state.js';

export function toCombatCard(card: DeckCard): CombatCard {
  const combatCard: CombatCard = {
    uid: card.uid,
    id: card.id,
    upgraded: card.upgraded,
    combatCost: null,
    turnCost: null,
    // StS2: damage gained for good (The Scythe) carries into every combat.
    bonus: card.bonus ?? 0,
    retainOnce: false,
  };
  // Its own copy: what grows in combat (Goopy) writes back to the deck card on purpose, not by sharing.
  if (card.enchantment !== undefined) combatCard.enchantment = { ...card.enchantment };
  return combatCard;
}
