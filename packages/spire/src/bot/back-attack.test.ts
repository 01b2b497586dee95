import { describe, expect, it } from 'vitest';
import type { Enemy } from '../api/game-state.js';
import { backAttackDamage } from './back-attack.js';

/** A Rocket about to fire its Laser (31 at ascension 0), with `powers`. */
function rocket(powers: Record<string, number>): Enemy {
  return {
    index: 1,
    enemy_id: 'ROCKET',
    name: 'Rocket',
    current_hp: 150,
    max_hp: 199,
    block: 0,
    is_alive: true,
    is_hittable: true,
    powers: Object.entries(powers).map(([id, amount], index) => ({
      index,
      power_id: `${id}_POWER`,
      name: id,
      amount,
      is_debuff: false,
    })),
    move_id: 'LASER_MOVE',
    intents: [{ index: 0, intent_type: 'Attack', damage: 49, hits: 1, total_damage: 49 }],
  };
}

describe('backAttackDamage', () => {
  it("works out the Laser faced and from behind from the move's base damage and the Rocket's Strength", () => {
    expect(backAttackDamage(rocket({ BACK_ATTACK_RIGHT: 1, STRENGTH: 2 }), 1)).toEqual({
      faced: 33,
      behind: 49,
    });
  });

  it('counts Weak on the Rocket and Vulnerable on the player', () => {
    expect(backAttackDamage(rocket({ BACK_ATTACK_RIGHT: 1, WEAK: 1 }), 1.5)).toEqual({
      faced: 34,
      behind: 52,
    });
  });

  it('is null for an enemy without Back Attack', () => {
    expect(backAttackDamage(rocket({ STRENGTH: 2 }), 1)).toBeNull();
  });
});
