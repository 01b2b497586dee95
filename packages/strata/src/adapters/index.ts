export {
  type AiSdkMessagesOptions,
  type AiSdkModelMessage,
  toAiSdkMessages,
} from './to-ai-sdk-messages.js';
export {
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicTextBlock,
  toAnthropic,
} from './to-anthropic.js';
export { type OpenAIChatMessage, toOpenAIMessages } from './to-openai-messages.js';
export { toText } from './to-text.js';
