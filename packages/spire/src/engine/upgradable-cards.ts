// The deck cards an upgrade can reach: not yet upgraded, not a Curse or Status (rest sites, smiths,
// StS2's Improvement).
import { getCard } from '../content/registry.js';
import type { DeckCard, RunState } from './run-state.js';

export function upgradableCards(run: RunState): DeckCard[] {
  return run.deck.filter((card) => {
    const type = getCard(card.id).type;
    return !card.upgraded && type !== 'Curse' && type !== 'Status';
  });
}
