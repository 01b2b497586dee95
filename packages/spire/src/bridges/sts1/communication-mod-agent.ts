import type { Readable, Writable } from 'node:stream';
import type { GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { SpireError } from '../../api/game-error.js';
import type { GameState } from '../../api/game-state.js';
import type { Sts1StartOptions } from './sts1-command-translator.js';
import { createSts1Game } from './sts1-game.js';
import type { Sts1TextSources } from './sts1-state-translator.js';

/** Chooses the next action; null stops the loop. */
export type Sts1Policy = (state: GameState) => GameAction | null | Promise<GameAction | null>;

export interface CommunicationModAgentOptions extends Sts1TextSources, Sts1StartOptions {
  input: Readable;
  output: Writable;
  policy: Sts1Policy;
  /** Stop after this many actions. Default 10 000. */
  maxSteps?: number;
  /** Where log lines go (stderr in the CommunicationMod entry; stdout is the protocol). */
  log?: (line: string) => void;
  /** Log every protocol line too. Default false. */
  logTraffic?: boolean;
  responseTimeoutMs?: number;
}

/** How a CommunicationMod agent loop ended. */
export interface CommunicationModAgentResult {
  steps: number;
  finalState: GameState;
  /** Why the loop stopped. */
  reason: 'policy-stopped' | 'run-finished' | 'max-steps' | 'no-actions';
}

/**
 * Runs a policy as CommunicationMod's child process: one run, from the main menu (or wherever the game
 * is) to the game-over screen and back to the menu. Rejected actions are logged and retried by asking
 * the policy again, up to three times in a row.
 */
export async function runCommunicationModAgent(
  options: CommunicationModAgentOptions,
): Promise<CommunicationModAgentResult> {
  const log = options.log ?? (() => {});
  const game = createSts1Game({
    input: options.input,
    output: options.output,
    ...(options.responseTimeoutMs === undefined ? {} : { responseTimeoutMs: options.responseTimeoutMs }),
    ...(options.ascension === undefined ? {} : { ascension: options.ascension }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.describeCard === undefined ? {} : { describeCard: options.describeCard }),
    ...(options.describeRelic === undefined ? {} : { describeRelic: options.describeRelic }),
    ...(options.logTraffic
      ? { onTraffic: (direction, line) => log(`${direction}: ${line.slice(0, 300)}`) }
      : {}),
  });
  const maxSteps = options.maxSteps ?? 10_000;
  let state = await game.state();
  let steps = 0;
  let rejectedInARow = 0;
  let sawRun = state.screen !== 'MAIN_MENU';
  try {
    while (steps < maxSteps) {
      if (sawRun && state.screen === 'MAIN_MENU') return { steps, finalState: state, reason: 'run-finished' };
      if (state.available_actions.length === 0) return { steps, finalState: state, reason: 'no-actions' };
      const action = await options.policy(state);
      if (action === null) return { steps, finalState: state, reason: 'policy-stopped' };
      try {
        state = await game.act(action);
        rejectedInARow = 0;
        steps += 1;
        sawRun ||= state.screen !== 'MAIN_MENU';
        log(`step ${steps}: ${formatGameAction(action)} -> ${state.screen}`);
      } catch (error) {
        if (!SpireError.is(error, 'INVALID_ACTION') && !SpireError.is(error, 'INVALID_TARGET')) throw error;
        rejectedInARow += 1;
        log(`rejected ${formatGameAction(action)}: ${error.message}`);
        if (rejectedInARow >= 3) throw error;
      }
    }
    return { steps, finalState: state, reason: 'max-steps' };
  } finally {
    await game.close?.();
  }
}
