// The StS2 ruleset's content set: cards, relics, potions, powers, monsters, encounters and characters
// of Slay the Spire 2 (facts of the game version in facts.ts), and the `?` room events.
import type { CharacterId } from '../../engine/run-state.js';
import type { CharacterDefinition } from '../characters.js';
import type { ContentSet } from '../content-set.js';
import { STS2_CHARACTER_FACTS } from './data/sts2-character-facts.js';
import { STS2_GAME_VERSION } from './facts.js';
import { buildSts2Cards } from './sts2-cards.js';
import { buildSts2Encounters, sts2EncountersOf } from './sts2-encounters.js';
import { buildSts2EventEncounters, buildSts2Events } from './sts2-events.js';
import { buildSts2Monsters } from './sts2-monsters.js';
import { inSinglePlayerPools } from './sts2-multiplayer-only-cards.js';
import { buildSts2Potions } from './sts2-potions.js';
import { buildSts2Powers } from './sts2-powers.js';
import { buildSts2Relics } from './sts2-relics.js';

/** The StS2 characters the simulator plays (the Defect's orbs are not modelled). */
export const STS2_CHARACTER_IDS: readonly CharacterId[] = ['IRONCLAD', 'SILENT', 'REGENT', 'NECROBINDER'];

const CHARACTER_TEXT: Readonly<Record<string, string>> = {
  IRONCLAD: 'Strength, self-damage and Exhaust.',
  SILENT: 'Poison, Shivs and discards.',
  REGENT: 'Stars (a resource kept between turns that some cards cost) and Forge (the Sovereign Blade grows).',
  NECROBINDER:
    'Summons Osty, a companion whose HP absorbs unblocked attack damage and who attacks through her cards; Doom.',
};

function characters(): Record<string, CharacterDefinition> {
  const result: Record<string, CharacterDefinition> = {};
  for (const facts of STS2_CHARACTER_FACTS) {
    if (!STS2_CHARACTER_IDS.includes(facts.id as CharacterId)) continue;
    result[facts.id] = {
      id: facts.id as CharacterId,
      name: facts.name,
      maxHp: facts.hp,
      gold: facts.gold,
      deck: facts.deck,
      relic: facts.relic,
      text: `${facts.name} (Slay the Spire 2, ${STS2_GAME_VERSION}): ${facts.hp} HP, ${facts.gold} Gold. ${CHARACTER_TEXT[facts.id] ?? ''}`,
    };
  }
  return result;
}

export function createSts2Content(): ContentSet {
  const cards = buildSts2Cards();
  const encounters = [...buildSts2Encounters(), ...buildSts2EventEncounters()];
  // Nested by colour, then rarity: no key string is built and hashed per call (every card reward asks).
  const pools = new Map<string, Map<string, readonly string[]>>();
  const poolOf = (color: string, rarity: string): readonly string[] => {
    let byRarity = pools.get(color);
    if (byRarity === undefined) {
      byRarity = new Map();
      pools.set(color, byRarity);
    }
    const cached = byRarity.get(rarity);
    if (cached !== undefined) return cached;
    const pool = cards
      .filter((card) => card.color === color && card.rarity === rarity && inSinglePlayerPools(card.id))
      .map((card) => card.id);
    byRarity.set(rarity, pool);
    return pool;
  };
  return {
    ruleset: 'sts2',
    cards,
    relics: buildSts2Relics(),
    potions: buildSts2Potions(),
    powers: buildSts2Powers(),
    monsters: buildSts2Monsters(),
    encounters,
    events: buildSts2Events(),
    characters: characters(),
    cardPool: poolOf,
    colorlessPool: (rarity) => poolOf('COLORLESS', rarity),
    randomCurses: cards
      .filter((card) => card.type === 'Curse' && card.rarity === 'Curse')
      .map((card) => card.id),
    encountersOf: (act, kind) => sts2EncountersOf(encounters, act, kind),
  };
}
