import type { GameAction, GameState } from '@strata-memory/spire';
import { StrataError } from '@strata-memory/strata';
import { findActionIndex, type Policy, type PolicyDecision, type PolicyInput } from './policy.js';

/** Options of `createHeuristicPolicy`. */
export interface HeuristicPolicyOptions {
  /** The bot's move for a state (spire's heuristic bot). Must be deterministic for replays to hold. */
  choose: (state: GameState, actions: readonly GameAction[]) => GameAction;
}

/**
 * The engine's bot as a policy: fast, offline, deterministic. The prompt is still assembled and
 * measured by the agent loop every decision; this policy ignores it (`usesPrompt: false`).
 */
export function createHeuristicPolicy(options: HeuristicPolicyOptions): Policy {
  return {
    name: 'heuristic',
    usesPrompt: false,
    async decide(input: PolicyInput): Promise<PolicyDecision> {
      return {
        ...heuristicChoice(options.choose, input),
        repairs: 0,
        fallback: false,
        requests: [input.messages],
      };
    },
  };
}

/** The bot's move as an index into the legal actions; a move outside them is a bug, reported plainly. */
export function heuristicChoice(
  choose: HeuristicPolicyOptions['choose'],
  input: Pick<PolicyInput, 'state' | 'actions'>,
): { choice: number } {
  const action = choose(input.state, input.actions);
  let choice = findActionIndex(input.actions, action);
  // A bot may leave out an index it considers implied; take the legal action it names.
  if (choice < 0) {
    choice = input.actions.findIndex(
      (candidate) =>
        candidate.action === action.action &&
        (action.card_index === undefined || candidate.card_index === action.card_index) &&
        (action.target_index === undefined || candidate.target_index === action.target_index) &&
        (action.option_index === undefined || candidate.option_index === action.option_index),
    );
  }
  if (choice < 0) {
    throw new StrataError(
      'INPUT_INVALID',
      `The heuristic bot chose ${JSON.stringify(action)}, which is not among the ${input.actions.length} legal actions. This is a bug in the bot or in legalActions.`,
      { details: { action, actions: input.actions } },
    );
  }
  return { choice };
}
