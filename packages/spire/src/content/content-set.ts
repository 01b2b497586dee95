// What one ruleset (StS1 or StS2) plays with: its content and its reward and encounter pools.
import type {
  CardDefinition,
  EncounterDefinition,
  EventDefinition,
  MonsterDefinition,
  PotionDefinition,
  PowerDefinition,
  RelicDefinition,
} from '../engine/definitions.js';
import type { CharacterId, Ruleset } from '../engine/run-state.js';
import type { CharacterDefinition } from './characters.js';

/** Everything one ruleset plays with. */
export interface ContentSet {
  readonly ruleset: Ruleset;
  readonly cards: readonly CardDefinition[];
  readonly relics: readonly RelicDefinition[];
  readonly potions: readonly PotionDefinition[];
  readonly powers: readonly PowerDefinition[];
  readonly monsters: readonly MonsterDefinition[];
  readonly encounters: readonly EncounterDefinition[];
  readonly events: readonly EventDefinition[];
  readonly characters: Readonly<Record<string, CharacterDefinition>>;
  /** Card ids a character can be offered at a rarity, in a fixed order. */
  cardPool(character: CharacterId, rarity: 'Common' | 'Uncommon' | 'Rare'): readonly string[];
  /** Colorless card ids of a rarity, in a fixed order. */
  colorlessPool(rarity: 'Uncommon' | 'Rare'): readonly string[];
  readonly randomCurses: readonly string[];
  /** Encounters of an act's pool (weak, strong, elite or boss). */
  encountersOf(act: number, kind: EncounterDefinition['kind']): readonly EncounterDefinition[];
}
