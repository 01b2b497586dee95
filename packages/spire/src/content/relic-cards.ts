// Deck cards a relic holds (StS2's Pael's Tooth keeps the cards it devoured and gives them back one by
// one). Types only, so both the engine's removal choice and the content rules use it without a circle.
import type { DeckCard, RunState } from '../engine/run-state.js';

/** The relic (if owned) takes a removed card; its counter shows how many it holds. */
export function holdCard(run: RunState, relicId: string, card: DeckCard): void {
  const relic = run.relics.find((candidate) => candidate.id === relicId);
  if (relic === undefined) return;
  relic.cards = [...(relic.cards ?? []), card];
  relic.counter = relic.cards.length;
}

/** Takes the card at `index` back from the relic (undefined when it holds none there). */
export function releaseCard(run: RunState, relicId: string, index: number): DeckCard | undefined {
  const relic = run.relics.find((candidate) => candidate.id === relicId);
  const cards = relic?.cards;
  if (relic === undefined || cards === undefined) return undefined;
  const [card] = cards.splice(index, 1);
  relic.counter = cards.length;
  return card;
}
