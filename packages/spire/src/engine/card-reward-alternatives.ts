// The alternatives relics add to the card choice of a card reward (StS2's Driftwood reroll, Pael's Wing
// sacrifice): listed beside the cards, taken with `choose_reward_alternative` (its index into this list).
import { getRelic } from '../content/registry.js';
import type { CardsRewardItem, RelicRewardAlternative } from './definitions.js';
import type { RunState } from './run-state.js';

/** The open card reward, if a card choice is open. */
export function openCardReward(run: RunState): CardsRewardItem | undefined {
  const reward = run.reward;
  if (reward === null || reward.openCards === null) return undefined;
  const item = reward.items[reward.openCards];
  return item?.kind === 'cards' ? item : undefined;
}

/** The alternatives available for the open card reward, in the order of the player's relics. */
export function cardRewardAlternatives(run: RunState): RelicRewardAlternative[] {
  const item = openCardReward(run);
  // A choice of packs (Scroll Boxes) is not a card reward the relics' alternatives change.
  if (item === undefined || item.pack !== undefined) return [];
  const alternatives: RelicRewardAlternative[] = [];
  for (const relic of run.relics) {
    const alternative = getRelic(relic.id).cardRewardAlternative;
    if (alternative?.available(run, item) === true) alternatives.push(alternative);
  }
  return alternatives;
}
