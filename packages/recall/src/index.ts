/**
 * The domain-free long-conversation recall evaluation: does the context assembled under a token budget hold
 * the turns each question needs? The `strata recall-eval` command (@strata-memory/cli) runs it.
 *
 * @module @strata-memory/recall
 */
export { buildHaystack } from './build-haystack.js';
export {
  type EvaluateRecallOptions,
  evaluateRecall,
  percentile,
  type RecallContextRecord,
  type RecallEvaluation,
  type RecallScore,
  type RecallStrategyResult,
} from './evaluate-recall.js';
export { formatRecallReport, type RecallReportStyle, recallReportJson } from './format-recall-report.js';
export {
  parseRecallDataset,
  type RecallConversation,
  type RecallDataset,
  type RecallProblem,
  type RecallQuestion,
  type RecallSession,
  readRecallDataset,
} from './recall-dataset.js';
export {
  createRecallMemory,
  parseRecallStrategies,
  RECALL_STRATEGIES,
  type RecallStrategyName,
} from './recall-strategies.js';
