export { decisionSchema, type ModelDecision, validateDecision } from './decision-schema.js';
export { createHeuristicPolicy, type HeuristicPolicyOptions, heuristicChoice } from './heuristic-policy.js';
export { createLlmPolicy, type LlmPolicyOptions, REPAIR_RESERVE_TOKENS } from './llm-policy.js';
export {
  type DecisionNote,
  findActionIndex,
  type NoteScope,
  type Policy,
  type PolicyDecision,
  type PolicyInput,
} from './policy.js';
