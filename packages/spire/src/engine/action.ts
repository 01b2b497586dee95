// Engine actions and results in the shape of the StS2 agent mod: actions are the API's
// `GameAction`; an illegal action yields the mod's error object (`invalid_action`/`invalid_target`).
import type { GameAction } from '../api/game-action.js';
import type { ModError } from '../api/game-error.js';

/** An action the engine takes: the API's `GameAction`. */
export type EngineAction = GameAction;

/** What applying an action gave: ok, or the mod's error object. */
export type EngineResult = { ok: true } | { ok: false; error: ModError };

/** A canonical key so equal actions compare equal regardless of property order. */
export function actionKey(action: {
  action: string;
  card_index?: number;
  target_index?: number;
  option_index?: number;
}): string {
  return `${action.action}|${action.card_index ?? ''}|${action.target_index ?? ''}|${action.option_index ?? ''}`;
}
