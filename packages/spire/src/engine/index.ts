// The engine's public surface. Internal state types carry an `Engine` prefix so they never clash
// with the API's wire types (`GameState`, `RunState`...).
export { actionKey, type EngineAction, type EngineResult } from './action.js';
export { Combat, cardText, cardValue, monsterAttackDamage, playerAttackDamage, playerBlock } from './combat.js';
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
export { MAP_HEIGHT, MAP_WIDTH, generateMap, nextNodes } from './map.js';
export { RANDOM_STREAMS, type RandomState, type RandomStream, createRandomState, hashSeed } from './random.js';
export type {
  CharacterId,
  CombatCard as EngineCombatCard,
  CombatState as EngineCombatState,
  DeckCard as EngineDeckCard,
  MonsterState as EngineMonsterState,
  RunState as EngineRunState,
  Screen as EngineScreen,
} from './run-state.js';
export { FINAL_ACT, applyAction, createRun, legalActions, restOptions, type RunOptions } from './run.js';
export { SpireEngineError, type SpireEngineErrorCode } from './spire-engine-error.js';
export { encounterName, toGameState } from './game-state-projection.js';
export { Simulator, type SimulatorOptions, createSimulator } from './simulator.js';
