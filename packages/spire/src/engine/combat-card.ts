// A deck card as it enters a combat: no cost changes, no bonus. Its own module (types only) so content
// rules can make combat cards without importing the combat engine, which imports the content.
import type { CombatCard, DeckCard } from './run-state.js';

export function toCombatCard(card: DeckCard): CombatCard {
  return {
    uid: card.uid,
    id: card.id,
    upgraded: card.upgraded,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  };
}
