export {
  type EvaluateRecallOptions,
  evaluateRecall,
  type RecallContextRecord,
  type RecallEvaluation,
  type RecallScore,
  type RecallStrategyResult,
} from './evaluate-recall.js';
export { formatRecallReport, recallReportJson } from './format-recall-report.js';
export { type RecallEvalCommandOptions, registerRecallEvalCommand, runRecallEval } from './recall-command.js';
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
