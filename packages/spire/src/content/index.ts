// Game content: cards, relics, potions, powers, monsters, encounters, events and characters,
// and the rules corpus built from their descriptions.
export { CARDS, cardPool, colorlessPool } from './cards/index.js';
export { CHARACTER_IDS, CHARACTERS, type CharacterDefinition } from './characters.js';
export type { ContentSet } from './content-set.js';
export { type DescriptionKind, listDescriptions, type RulesDescription } from './descriptions.js';
export { ENCOUNTERS, encountersOf } from './encounters.js';
export { EVENTS } from './events.js';
export { MONSTERS } from './monsters/index.js';
export { POTIONS } from './potions.js';
export { POWERS } from './powers.js';
export {
  activeRuleset,
  allCards,
  allEncounters,
  allEvents,
  allMonsters,
  allPotions,
  allPowers,
  allRelics,
  contentSet,
  getCard,
  getEncounter,
  getEvent,
  getMonster,
  getPotion,
  getPower,
  getRelic,
  RULESETS,
  type Ruleset,
  withRuleset,
} from './registry.js';
export { RELICS } from './relics.js';
export { STS2_GAME_VERSION } from './sts2/facts.js';
export { STS2_CHARACTER_IDS } from './sts2/sts2-content.js';
