// Small helpers so monster tables read as data.
import type { MonsterContext, MonsterMoveDefinition } from '../../engine/definitions.js';
import type { IntentType } from '../../engine/run-state.js';

export function move(
  id: string,
  name: string,
  intent: IntentType,
  damage?: number,
  hits?: number,
  effect?: (context: MonsterContext) => void,
): MonsterMoveDefinition {
  return {
    id,
    name,
    intent,
    ...(damage !== undefined ? { damage } : {}),
    ...(hits !== undefined ? { hits } : {}),
    ...(effect !== undefined ? { effect } : {}),
  };
}

/** Splits a slime into two smaller ones with its current HP (used by the SPLIT move). */
export function split(into: readonly [string, string]) {
  return (context: MonsterContext): void => {
    const hp = context.monster.hp;
    context.monster.memory.pendingSpawn = 1;
    context.monster.alive = false;
    context.monster.escaped = true;
    context.spawn(into[1], hp);
    context.spawn(into[0], hp);
    context.monster.memory.pendingSpawn = 0;
    context.monster.hp = 0;
  };
}

/** On damage: when at or below half HP, the next move becomes SPLIT. */
export function splitWhenHalf(context: MonsterContext): void {
  const monster = context.monster;
  if (monster.alive && (monster.memory.splitting ?? 0) === 0 && monster.hp * 2 <= monster.maxHp) {
    monster.memory.splitting = 1;
    context.setMove('SPLIT');
  }
}
