// StS2 monster powers that act at the turns' edges (Territorial, High Voltage, Rampart). The engine
// calls these from one-line hooks, for StS2 fights only.
import type { Combat } from '../../engine/combat.js';
import type { MonsterState } from '../../engine/run-state.js';

/** At the start of a living monster's turn (its Block already removed), before its move. */
export function sts2MonsterTurnStart(combat: Combat, monster: MonsterState): void {
  const index = combat.combat.monsters.indexOf(monster);
  if ((monster.powers.HIGH_VOLTAGE ?? 0) > 0)
    combat.applyToMonster(index, 'STRENGTH', monster.powers.HIGH_VOLTAGE ?? 0);
}

/** At the end of a living monster's turn, after its move. */
export function sts2MonsterTurnEnd(combat: Combat, monster: MonsterState): void {
  const index = combat.combat.monsters.indexOf(monster);
  // The Byrdonis page gives Territorial no amount: the spawn amount, 1, is used.
  if ((monster.powers.TERRITORIAL ?? 0) > 0)
    combat.applyToMonster(index, 'STRENGTH', monster.powers.TERRITORIAL ?? 0);
}

/** At the start of the player's turn. */
export function sts2PlayerTurnStart(combat: Combat): void {
  const monsters = combat.combat.monsters;
  for (const monster of monsters) {
    const rampart = monster.alive ? (monster.powers.RAMPART ?? 0) : 0;
    if (rampart <= 0) continue;
    // Living Shield's Rampart shields the Turret Operator (each living one), not itself.
    for (const other of monsters) if (other.alive && other.id === 'TURRET_OPERATOR') other.block += rampart;
  }
}
