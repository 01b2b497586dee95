export type {
  ChatMessage,
  ChatModel,
  ChatRole,
  GenerateRequest,
  GenerateResult,
  OutputSchema,
  ToolCall,
  ToolDefinition,
  Usage,
} from './chat-model.js';
export { isLocalURL, LOCAL_PLACEHOLDER_API_KEY, loadApiKey } from './load-api-key.js';
export { type OpenAIResponseFormat, openAIResponseFormat } from './openai-response-format.js';
export {
  type AttemptFailure,
  isRetryableStatus,
  parseRetryAfter,
  type RetryLoopOptions,
  type RetryOptions,
  runWithRetries,
} from './retry-policy.js';
export { isStrictCompatible, outputSchemaFromStandard, parseStructuredOutput } from './structured-output.js';
