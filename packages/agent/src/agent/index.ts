export { decodeAction, encodeAction } from './action-codec.js';
export {
  AGENT_KINDS,
  type AgentContext,
  type AgentKind,
  type DecisionInput,
  type DecisionPrompt,
  decisionText,
  type StepInput,
} from './agent-context.js';
export {
  type CombatEvent,
  type CombatLog,
  finishCombatLog,
  recentCombatEvents,
  recordCombatAction,
  startCombatLog,
} from './combat-log.js';
export { defaultBot } from './default-bot.js';
export { actOf, detectGameEvents, floorOf, type GameEvent, inCombat } from './game-events.js';
export {
  createGameKnowledgeLayer,
  type GameKnowledgeLayer,
  type GameKnowledgeLayerOptions,
} from './game-knowledge-layer.js';
export { type PlayProgress, type PlayRunOptions, playRun } from './play-run.js';
export { type ModelSettings, resolveChatModel } from './resolve-chat-model.js';
export { resolveStore, type StoreSettings } from './resolve-store.js';
export {
  type CombatEndPayload,
  createRuleBasedLessonExtractor,
  type ExtractedLesson,
  type LessonExtractor,
  RULE_BASED_LABEL,
  type RunEndPayload,
  ruleBasedCombatLessons,
  ruleBasedRunLessons,
} from './rule-based-lessons.js';
export {
  checkRunLimits,
  DEFAULT_MAX_CONSECUTIVE_FALLBACKS,
  RUN_LIMITS,
  type RunLimit,
  type RunLimitName,
  runLimitProblem,
} from './run-limits.js';
export { type RunMeta, readRunMeta } from './run-session.js';
export { deckArchetype, renderRunSummary } from './run-summary.js';
export { cardKey, knowledgeFromState, knowledgeKeys, monsterKey, powerKey } from './state-knowledge.js';
export {
  createStructuredContext,
  STRUCTURED_LAYER_BUDGETS,
  type StructuredContext,
  type StructuredContextOptions,
} from './structured-context.js';
export {
  type AgentRunsSummary,
  formatRunsSummary,
  type RunsSummary,
  summarizeRuns,
} from './summarize-runs.js';
export { SYSTEM_PROMPT } from './system-prompt.js';
