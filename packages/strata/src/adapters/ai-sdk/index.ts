export {
  type AiSdkMessagesOptions,
  type AiSdkModelMessage,
  type AiSdkPrompt,
  toAiSdkMessages,
} from '../to-ai-sdk-messages.js';
export {
  createStrataMiddleware,
  type StrataMiddleware,
  type StrataMiddlewareOptions,
  type StrataModelCall,
  toLanguageModelPrompt,
} from './strata-middleware.js';
