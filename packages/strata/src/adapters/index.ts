export {
  type AiSdkCacheControl,
  type AiSdkJsonValue,
  type AiSdkMessagesOptions,
  type AiSdkModelMessage,
  type AiSdkPrompt,
  type AiSdkSystemMessage,
  type AiSdkTextPart,
  type AiSdkToolCallPart,
  type AiSdkToolResultPart,
  toAiSdkMessages,
} from './to-ai-sdk-messages.js';
export {
  ANTHROPIC_CONTINUATION_TEXT,
  type AnthropicContentBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicTextBlock,
  type AnthropicToolResultBlock,
  type AnthropicToolUseBlock,
  toAnthropic,
} from './to-anthropic.js';
export { type OpenAIChatMessage, toOpenAIMessage, toOpenAIMessages } from './to-openai-messages.js';
export { toText } from './to-text.js';
