// StS2's Replay: how many more times a card is played after its play, as the card itself carries it.
import { enchantPlayedKey, findEnchantment } from '../content/sts2/sts2-enchantments.js';
import { replayKey } from './definitions.js';
import type { CombatCard, CombatState } from './run-state.js';

/**
 * The card's own Replay now: given in combat (Transfigure, Stew, Hidden Gem) and from its
 * enchantment (Spiral; Glam before its first play of the combat). Double Tap, Burst and Duplication
 * are the player's powers, not the card's: the play adds them, the card's Replay leaves them out.
 */
export function cardReplays(card: CombatCard, counters: CombatState['counters']): number {
  let replays = card.replays ?? 0;
  const enchantment = card.enchantment;
  if (enchantment !== undefined) {
    const first = (counters[enchantPlayedKey(card.uid)] ?? 0) === 0;
    replays += findEnchantment(enchantment.id)?.replays?.(enchantment.amount, first) ?? 0;
  }
  if ((counters.replaysGiven ?? 0) > 0) replays += counters[replayKey(card.uid)] ?? 0;
  return replays;
}
