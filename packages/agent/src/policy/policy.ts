import type { GameAction, GameState } from '@strata-memory/spire';
import type { ChatMessage, StrataErrorCode, Usage } from '@strata-memory/strata';

/** Scopes a model-written note can live in; a note expires when its scope ends. */
export type NoteScope = 'turn' | 'combat' | 'run';

/** A note a policy asks to keep, in a scope (turn, combat, run). */
export interface DecisionNote {
  scope: NoteScope;
  text: string;
}

/** What a policy decides from: the state, the numbered actions and the prompt. */
export interface PolicyInput {
  state: GameState;
  /** The numbered legal actions: a decision is an index into this list. */
  actions: readonly GameAction[];
  /** The assembled request (system + user); a heuristic ignores it. */
  messages: ChatMessage[];
  step: number;
}

/** A policy's decision, with the repairs, fallback, usage and requests it took. */
export interface PolicyDecision {
  /** Index into `actions`. */
  choice: number;
  reason?: string;
  note?: DecisionNote;
  /** Repair turns used within this decision. */
  repairs: number;
  /** True when the heuristic's move was taken because the model failed. */
  fallback: boolean;
  usage?: Usage;
  /** What went wrong (model output or HTTP), when something did. */
  error?: string;
  /** The StrataError code behind `error` (MODEL_API_ERROR, MODEL_OUTPUT_INVALID, ...), when there is one. */
  errorCode?: StrataErrorCode;
  /** Every request sent for this decision, in order (the first is `messages`). */
  requests: ChatMessage[][];
}

/** Decides one move. `usesPrompt` says whether the assembled prompt matters to it (traces record it). */
export interface Policy {
  readonly name: string;
  readonly usesPrompt: boolean;
  /** Chooses one of the numbered actions. */
  decide(input: PolicyInput): Promise<PolicyDecision>;
}

/** Index of `action` in `actions` (all fields equal), or -1. */
export function findActionIndex(actions: readonly GameAction[], action: GameAction): number {
  return actions.findIndex(
    (candidate) =>
      candidate.action === action.action &&
      candidate.card_index === action.card_index &&
      candidate.target_index === action.target_index &&
      candidate.option_index === action.option_index &&
      candidate.x === action.x &&
      candidate.y === action.y &&
      candidate.tool === action.tool,
  );
}
