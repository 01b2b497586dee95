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
