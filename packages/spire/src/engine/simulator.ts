// The simulator: the engine behind the API's `Game` interface, plus a synchronous step API for
// bots and benches that do not need promises.
import type { Game } from '../api/game.js';
import type { GameAction } from '../api/game-action.js';
import { SpireError } from '../api/game-error.js';
import type { GameState } from '../api/game-state.js';
import type { EngineResult } from './action.js';
import { toGameState } from './game-state-projection.js';
import { applyAction, createRun, legalActions, type RunOptions } from './run.js';
import type { RunState } from './run-state.js';

/** Options of `createSimulator`. */
export interface SimulatorOptions extends RunOptions {}

/** A seeded, deterministic game. `state()`/`act()` follow `Game`; `step()`/`view()` are synchronous. */
export class Simulator implements Game {
  /** The internal run state (plain JSON). Read it; change it only through actions. */
  readonly run: RunState;
  /** Every accepted action, in order: replaying them on the same seed gives the same run. */
  readonly history: GameAction[] = [];

  constructor(options: SimulatorOptions) {
    this.run = createRun(options);
  }

  /** The current state in the API's shape. */
  view(): GameState {
    return toGameState(this.run);
  }

  /** Every legal action of the current screen, fully specified (bound: safe to pass around detached). */
  readonly legalActions = (): GameAction[] => legalActions(this.run);

  /** Applies an action synchronously; an illegal one returns the mod's error and changes nothing. */
  step(action: GameAction): EngineResult {
    const unnamed = unnamedReason(action);
    if (unnamed !== null) return malformedResult(unnamed);
    const result = applyAction(this.run, action);
    if (result.ok) {
      this.history.push(copyAction(action));
      return result;
    }
    // A malformed index never equals a legal action's, so such an action is always refused, and
    // refusing changes nothing: its indices are checked only then, not on every step.
    const malformed = malformedReason(action);
    return malformed === null ? result : malformedResult(malformed);
  }

  get over(): boolean {
    return this.run.screen === 'GAME_OVER';
  }

  /** The current state, as the mod would serve it. */
  async state(): Promise<GameState> {
    return this.view();
  }

  /** Performs one action; an illegal one rejects with a SpireError and leaves the state unchanged. */
  async act(action: GameAction): Promise<GameState> {
    const malformed = malformedReason(action);
    if (malformed !== null) throw new SpireError('INVALID_REQUEST', malformed, { details: { action } });
    if (this.over) {
      throw new SpireError(
        'GAME_OVER',
        'The run is over; no action is possible. Start a new simulator to play again.',
      );
    }
    const result = this.step(action);
    if (!result.ok) {
      throw new SpireError(
        result.error.code === 'invalid_target' ? 'INVALID_TARGET' : 'INVALID_ACTION',
        result.error.message,
        {
          details: { action },
        },
      );
    }
    return this.view();
  }
}

function copyAction(action: GameAction): GameAction {
  const copy: GameAction = { action: action.action };
  if (action.card_index !== undefined) copy.card_index = action.card_index;
  if (action.target_index !== undefined) copy.target_index = action.target_index;
  if (action.option_index !== undefined) copy.option_index = action.option_index;
  return copy;
}

function malformedResult(message: string): EngineResult {
  return { ok: false, error: { code: 'invalid_action', message, retryable: false } };
}

/** Why `action` is not an object with an action name, or null when it is one. */
function unnamedReason(action: unknown): string | null {
  if (typeof action !== 'object' || action === null)
    return 'An action must be an object like {"action": "end_turn"}.';
  if (typeof (action as Record<string, unknown>).action !== 'string')
    return 'The action is missing its "action" name (a string such as "play_card").';
  return null;
}

function malformedReason(action: unknown): string | null {
  const unnamed = unnamedReason(action);
  if (unnamed !== null) return unnamed;
  const record = action as Record<string, unknown>;
  // Named reads, not a loop over the key names.
  return (
    malformedIndex('card_index', record.card_index) ??
    malformedIndex('target_index', record.target_index) ??
    malformedIndex('option_index', record.option_index)
  );
}

function malformedIndex(key: string, value: unknown): string | null {
  if (value === undefined || value === null || Number.isInteger(value)) return null;
  return `"${key}" must be an integer, got ${JSON.stringify(value)}.`;
}

/** Creates a simulator for a seed and a character. */
export function createSimulator(options: SimulatorOptions): Simulator {
  return new Simulator(options);
}
