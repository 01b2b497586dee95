export {
  fromOpenAIReply,
  type OpenAIAssistantReply,
  type OpenAIChatClient,
  type OpenAIChatTurnOptions,
  type OpenAIChatTurnResult,
  runOpenAIChatTurn,
} from './openai-chat-turn.js';
