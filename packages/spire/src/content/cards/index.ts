// All cards, and the reward pools per character and rarity.
import type { CardDefinition } from '../../engine/definitions.js';
import type { CharacterId } from '../../engine/run-state.js';
import { COLORLESS_CARDS } from './colorless.js';
import { IRONCLAD_CARDS } from './ironclad.js';
import { SILENT_CARDS } from './silent.js';

export { RANDOM_CURSES } from './colorless.js';

/** Every card of the sts1 ruleset (Ironclad, Silent, colorless, statuses and curses). */
export const CARDS: readonly CardDefinition[] = [...IRONCLAD_CARDS, ...SILENT_CARDS, ...COLORLESS_CARDS];

/** Reward/shop pool of a character by rarity (ids in a fixed order for determinism). */
export function cardPool(character: CharacterId, rarity: 'Common' | 'Uncommon' | 'Rare'): readonly string[] {
  // Nested by character, then rarity: no key string is built and hashed per call.
  let byRarity = POOLS.get(character);
  if (byRarity === undefined) {
    byRarity = new Map();
    POOLS.set(character, byRarity);
  }
  const cached = byRarity.get(rarity);
  if (cached !== undefined) return cached;
  const pool = CARDS.filter(
    (definition) => definition.color === character && definition.rarity === rarity,
  ).map((definition) => definition.id);
  byRarity.set(rarity, pool);
  return pool;
}

/** Colorless cards of a rarity (ids in a fixed order for determinism). */
export function colorlessPool(rarity: 'Uncommon' | 'Rare'): readonly string[] {
  return COLORLESS_CARDS.filter(
    (definition) => definition.color === 'COLORLESS' && definition.rarity === rarity,
  ).map((definition) => definition.id);
}

const POOLS = new Map<CharacterId, Map<string, readonly string[]>>();
