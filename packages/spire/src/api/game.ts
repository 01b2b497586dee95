import type { GameAction } from './game-action.js';
import type { GameState } from './game-state.js';

/**
 * A game the agent can play: the simulator, the StS2 bridge (HTTP to the agent mod) or the StS1 bridge
 * (CommunicationMod). `act` applies one action and resolves to the state after it.
 *
 * An illegal action rejects with a `SpireError` of code `INVALID_ACTION` or `INVALID_TARGET`
 * (`error.toModError()` gives the mod's wire shape) and leaves the state unchanged.
 *
 * @example
 * let state = await game.state();
 * while (state.screen !== 'GAME_OVER') state = await game.act(choose(state));
 */
export interface Game {
  /** The current state. */
  state(): Promise<GameState>;
  /** Performs one action and returns the state after it. */
  act(action: GameAction): Promise<GameState>;
  /** Releases connections or child processes; optional because the simulator holds none. */
  close?(): Promise<void>;
}
