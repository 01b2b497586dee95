// A thief's gold theft (StS1's Looter and Mugger, StS2's Gremlin Merc): the gold stays in the
// monster's memory, and the engine pays it back as a 'stolen_gold' reward when the monster is killed
// (an escape keeps it).
import type { MonsterContext } from '../../engine/definitions.js';

/** Takes up to `amount` Gold from the player (no more than they have) into the monster's memory. */
export function stealGold(x: MonsterContext, amount: number): void {
  const taken = Math.min(amount, x.combat.run.gold);
  x.combat.run.gold -= taken;
  x.monster.memory.stolen = (x.monster.memory.stolen ?? 0) + taken;
}
