// A thief's card theft (StS2's Thieving Hopper): the card leaves the fight and its deck card leaves
// the deck into the monster's `stolenCards`; the engine gives the deck card back when the monster is
// killed (an escape keeps it).
import type { MonsterContext } from '../../engine/definitions.js';
import type { CombatCard } from '../../engine/run-state.js';

/** Takes `card` (a combat card of a deck card) out of the fight's piles and out of the deck. */
export function stealCard(x: MonsterContext, card: CombatCard): void {
  const run = x.combat.run;
  const combat = run.combat;
  if (combat === null) return;
  for (const pile of [combat.hand, combat.drawPile, combat.discardPile]) {
    const index = pile.indexOf(card);
    if (index >= 0) pile.splice(index, 1);
  }
  const index = run.deck.findIndex((each) => each.uid === card.uid);
  const taken = run.deck[index];
  if (taken === undefined) return;
  run.deck.splice(index, 1);
  if (x.monster.stolenCards === undefined) x.monster.stolenCards = [];
  x.monster.stolenCards.push(taken);
}
