// A tiny helper so card tables read as data: numbers as (base, upgraded) pairs, text with
// !D! (damage), !B! (block) and !M! (magic number) placeholders.
import type { CardDefinition, CardType, CombatContext } from '../../engine/definitions.js';

const CARD_TYPES = new Map<string, CardType>();

export function card(definition: CardDefinition): CardDefinition {
  CARD_TYPES.set(definition.id, definition.type);
  return definition;
}

/** Whether a card id is an Attack (every card registers itself through `card`). */
export function isAttack(id: string): boolean {
  return CARD_TYPES.get(id) === 'Attack';
}

export function isPower(id: string): boolean {
  return CARD_TYPES.get(id) === 'Power';
}

export function isSkill(id: string): boolean {
  return CARD_TYPES.get(id) === 'Skill';
}

/** Cards "containing Strike", for Perfected Strike. */
export const STRIKE_IDS = new Set([
  'STRIKE_IRONCLAD',
  'STRIKE_SILENT',
  'PERFECTED_STRIKE',
  'TWIN_STRIKE',
  'WILD_STRIKE',
  'POMMEL_STRIKE',
  'SNEAKY_STRIKE',
  'SWIFT_STRIKE',
]);

/** Lowers a monster's Strength until the end of the round; Artifact stops it (then nothing comes back). */
export function loseStrengthThisTurn(context: CombatContext, index: number, amount: number): void {
  const monster = context.run.combat?.monsters[index];
  if (monster === undefined) return;
  const before = monster.powers.STRENGTH ?? 0;
  context.applyToMonster(index, 'STRENGTH', -amount);
  const lost = before - (monster.powers.STRENGTH ?? 0);
  if (lost > 0) context.applyToMonster(index, 'SHACKLED', lost);
}
