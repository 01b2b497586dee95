// The engine's public surface. Internal state types carry an `Engine` prefix so they never clash
// with the API's wire types (`GameState`, `RunState`...).
export { actionKey, type EngineAction, type EngineResult } from './action.js';
export {
  Combat,
  cardText,
  cardValue,
  monsterAttackDamage,
  playerAttackDamage,
  playerBlock,
} from './combat.js';
export type {
  CardDefinition,
  CombatContext,
  EncounterDefinition,
  EventDefinition,
  MonsterDefinition,
  MonsterMoveDefinition,
  PotionDefinition,
  PowerDefinition,
  RelicDefinition,
} from './definitions.js';
export { encounterName, toGameState } from './game-state-projection.js';
export { generateMap, MAP_HEIGHT, MAP_WIDTH, nextNodes } from './map.js';
export {
  createRandomState,
  hashSeed,
  RANDOM_STREAMS,
  type RandomState,
  type RandomStream,
} from './random.js';
export { applyAction, createRun, FINAL_ACT, legalActions, type RunOptions, restOptions } from './run.js';
export type {
  CharacterId,
  CombatCard as EngineCombatCard,
  CombatState as EngineCombatState,
  DeckCard as EngineDeckCard,
  MonsterState as EngineMonsterState,
  Ruleset,
  RunState as EngineRunState,
  Screen as EngineScreen,
} from './run-state.js';
export { createSimulator, Simulator, type SimulatorOptions } from './simulator.js';
