// StS2's Galvanic (the Globe Head's): "Powers are afflicted with Galvanized." The export names the
// affliction but never says what it does; the power is a counter (the Globe Head spawns with 6) whose
// amount its text does not use otherwise. The simulator reads Galvanized as: playing a Power card deals
// that many damage to the player (Block takes it first). Inferred, and said in the power's description.
import type { CardType } from '../../engine/definitions.js';
import type { MonsterState } from '../../engine/run-state.js';

/**
 * The damage a card of `type` just played deals the player through Galvanized: the Galvanic of every
 * living monster that has it (the affliction is read to last while its monster lives, as Hex does).
 */
export function sts2GalvanizedDamage(monsters: readonly MonsterState[], type: CardType): number {
  if (type !== 'Power') return 0;
  let damage = 0;
  for (const monster of monsters) if (monster.alive) damage += Math.max(0, monster.powers.GALVANIC ?? 0);
  return damage;
}
