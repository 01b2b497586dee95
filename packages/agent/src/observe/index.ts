export { describeAction } from './describe-action.js';
export type { DetailLevel } from './detail-level.js';
export { listCombatActions } from './list-combat-actions.js';
export { listLegalActions } from './list-legal-actions.js';
export {
  cardCost,
  DEFAULT_OBSERVATION_TOKENS,
  intentText,
  type Observation,
  observeState,
  powerList,
  type RenderObservationOptions,
  renderObservation,
} from './render-observation.js';
export { optionItem, optionLabel, renderScreen } from './render-screen.js';
export { renderStateJson } from './render-state-json.js';
export { sanitizeGameText } from './sanitize-game-text.js';
export type {
  ActionView,
  CardView,
  CombatView,
  EnemyView,
  IntentView,
  PlayerView,
  PotionView,
  PowerView,
  RelicView,
  RunView,
  StateView,
} from './state-view.js';
