// StS1's Slow (the Giant Head's): every card the player plays makes the monster take 10% more damage from
// Attacks for the rest of the round. As in the game, the power's amount is that count (0 as each round
// starts, counted after the card). StS2's Slow is its own rule (content/sts2/sts2-monster-defences.ts).
import type { MonsterState } from '../../engine/run-state.js';

/** A card was played and has resolved (StS1's onAfterUseCard): a living monster with Slow counts it. */
export function countSlowCard(monster: MonsterState): void {
  const slow = monster.powers.SLOW;
  if (slow !== undefined && monster.alive) monster.powers.SLOW = slow + 1;
}

/** The Attack damage `damage` on `monster` after its Slow: 10% more per card counted this round. */
export function slowedDamage(monster: MonsterState, damage: number): number {
  const slow = monster.powers.SLOW ?? 0;
  // In tenths: 45 damage after 4 cards is 63, where 45 * 1.4 comes out a hair under and floors to 62.
  return slow > 0 ? (damage * (10 + slow)) / 10 : damage;
}

/** The round is over (StS1's atEndOfRound): the count starts again from 0. */
export function resetSlow(monster: MonsterState): void {
  if (monster.powers.SLOW !== undefined) monster.powers.SLOW = 0;
}
