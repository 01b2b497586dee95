export {
  StrataChatMessageHistory,
  type StrataChatMessageHistoryOptions,
} from './strata-chat-message-history.js';
export {
  countLangChainTokens,
  createStrataTrim,
  createStrataTrimmer,
  type StrataTrimmerOptions,
  type StrataTrimResult,
  toChatMessage,
} from './strata-trimmer.js';
