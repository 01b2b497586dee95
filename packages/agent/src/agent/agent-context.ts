import type { GameAction, GameState } from '@strata-memory/spire';
import type { ChatMessage } from '@strata-memory/strata';
import type { Observation } from '../observe/render-observation.js';
import type { PolicyDecision } from '../policy/policy.js';
import type { GameEvent } from './game-events.js';

/** Which context an agent keeps: Strata's layers (`structured`) or a baseline (`window`, `naive`). */
export type AgentKind = 'structured' | 'window' | 'naive';

/** Every agent kind, in the order the bench runs them. */
export const AGENT_KINDS: readonly AgentKind[] = ['structured', 'window', 'naive'];

/** One request as assembled for a decision, with its accounting for the trace. */
export interface DecisionPrompt {
  messages: ChatMessage[];
  /** Exact tokens of the whole request (messages with chat framing). */
  promptTokens: number;
  /** Tokens per layer (structured) or per part (baselines). */
  layers: Record<string, number>;
  dropped: Record<string, number>;
  /** Items shown only in part, by layer (absent or empty: none). */
  truncated?: Record<string, number>;
  /** Leading tokens identical to the previous request (cacheable prefix). */
  stablePrefixTokens: number;
  budget: number | null;
}

/** What the loop tells the context about a new state. */
export interface StepInput {
  step: number;
  state: GameState;
  observation: Observation;
  /** Transitions between the previous state and this one. */
  events: readonly GameEvent[];
  previous?: GameState;
  previousAction?: GameAction;
}

/** A decision taken, as the loop records it. */
export interface DecisionInput {
  step: number;
  state: GameState;
  observation: Observation;
  action: GameAction;
  choice: number;
  decision: PolicyDecision;
}

/**
 * How an agent kind keeps context: Strata's layers (structured) or a baseline (window, naive).
 * The loop calls `update` with every new state, `prompt` before each decision and `record` after it.
 */
export interface AgentContext {
  readonly kind: AgentKind;
  /** Takes a new state (and the transitions since the last one). */
  update(input: StepInput): Promise<void>;
  /** The prompt for the decision at this state, with its accounting. */
  prompt(input: StepInput): Promise<DecisionPrompt>;
  /** Records the decision taken. */
  record(input: DecisionInput): Promise<void>;
  /** Sees a decision replayed on resume (baselines rebuild their history; structured its knowledge). */
  replay?(input: DecisionInput): Promise<void>;
  /** Persists what a resumed run needs (structured: the memory's commit). */
  commit(step: number, meta: Record<string, unknown>): Promise<void>;
  /**
   * Events whose `update` writes to the store outside the committed session (structured: lessons at
   * combat-end and run-end). The loop commits what is pending before such an update, so a resume from
   * the last commit never sees what a later decision wrote.
   */
  readonly storeWritesOn?: readonly GameEvent[];
  /** Flushes and releases what the context holds (its memory, its store). */
  close(): Promise<void>;
}

/** The assistant turn a decision leaves in baseline histories (same text for every agent kind). */
export function decisionText(input: Pick<DecisionInput, 'choice' | 'decision'>, label: string): string {
  const reason = input.decision.reason ? `, "reason": ${JSON.stringify(input.decision.reason)}` : '';
  return `{"choice": ${input.choice}${reason}} (${label})`;
}
