// StS2's Surrounded (Crusher and Rocket): an enemy with Back Attack that the player does not face hits
// 50% harder, and the player faces the last enemy a card targeted. The intents show the damage for the
// current facing, which the state does not name: both are worked out from the move's base damage (the
// game's facts), so a plan can choose which enemy it ends the turn facing.
import type { Enemy } from '../api/game-state.js';
import { STS2_MONSTER_FACTS } from '../content/sts2/data/sts2-monster-facts.js';

/** An enemy's attack this turn if the player faces it, and if it attacks from behind. */
export interface BackAttackDamage {
  readonly faced: number;
  readonly behind: number;
}

// Base damage per hit by monster and move id, built on first use (a cache of the facts).
let baseDamages: Map<string, number> | null = null;

function baseDamage(enemyId: string, moveId: string): number | undefined {
  if (baseDamages === null) {
    baseDamages = new Map();
    for (const monster of STS2_MONSTER_FACTS)
      for (const move of monster.moves)
        if (move.damage !== null) baseDamages.set(`${monster.id}/${move.id}`, move.damage);
  }
  return baseDamages.get(`${enemyId}/${moveId}`);
}

function hasBackAttack(enemy: Enemy): boolean {
  for (const power of enemy.powers)
    if (power.power_id === 'BACK_ATTACK_LEFT_POWER' || power.power_id === 'BACK_ATTACK_RIGHT_POWER')
      return true;
  return false;
}

/**
 * The enemy's attack faced and from behind, or null when it has no Back Attack or no attack this turn.
 * `playerVulnerable` is the player's Vulnerable multiplier (1 without it).
 */
export function backAttackDamage(enemy: Enemy, playerVulnerable: number): BackAttackDamage | null {
  if (!hasBackAttack(enemy)) return null;
  let hits = 0;
  for (const intent of enemy.intents) if ((intent.damage ?? 0) > 0) hits += intent.hits ?? 1;
  if (hits === 0) return null;
  let strength = 0;
  let weak = false;
  for (const power of enemy.powers) {
    if (power.power_id === 'STRENGTH_POWER') strength = power.amount ?? 0;
    if (power.power_id === 'WEAK_POWER') weak = true;
  }
  const base = baseDamage(enemy.enemy_id, enemy.move_id ?? '');
  if (base === undefined) return null;
  const raw = (base + strength) * (weak ? 0.75 : 1) * playerVulnerable;
  return { faced: Math.floor(raw) * hits, behind: Math.floor(raw * 1.5) * hits };
}
