export {
  type ChatContext,
  type ChatContextOptions,
  type ChatContextSnapshot,
  type ChatExtractionFailure,
  type ChatFitOptions,
  createChatContext,
  type StateToolResult,
  type TurnExtras,
} from './chat-context.js';
export {
  CHAT_TRUNCATION_MARKER,
  type ChatFit,
  countChatMessage,
  type FitChatMessagesInput,
  fitChatMessages,
} from './fit-chat-messages.js';
export { createUpdateStateTool, UPDATE_STATE_TOOL_NAME } from './update-state-tool.js';
