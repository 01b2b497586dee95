// Adding a card to the master deck: every source goes through here so the relics that react to a
// new card (onCardAddedToDeck) see each one.
import { getRelic } from '../content/registry.js';
import type { DeckCard, RunState } from './run-state.js';

/** Puts a card into the deck, then lets the relics react to it. */
export function addToDeck(run: RunState, card: DeckCard): void {
  run.deck.push(card);
  for (const relic of run.relics) getRelic(relic.id).onCardAddedToDeck?.(run, card);
}
