import type { AssembledContext } from '../memory/assembled-context.js';
import type { ChatMessage, ToolCall } from '../model/chat-model.js';

/** An OpenAI Chat Completions message (the subset Strata produces), tool calls in OpenAI's own shape. */
export type OpenAIChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; name?: string }
  | { role: 'assistant'; content: string; name?: string }
  | { role: 'assistant'; content: string | null; name?: string; tool_calls: ToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string };

/** The context as OpenAI chat messages, exactly the request `context.tokens` counts. */
export function toOpenAIMessages(context: Pick<AssembledContext, 'messages'>): OpenAIChatMessage[] {
  return context.messages.map(toOpenAIMessage);
}

/** One Strata message in OpenAI's wire shape (`tool_calls`, `tool_call_id`). */
export function toOpenAIMessage(message: ChatMessage): OpenAIChatMessage {
  const name = message.name === undefined ? {} : { name: message.name };
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'tool':
      return { role: 'tool', content: message.content, tool_call_id: message.toolCallId ?? '' };
    case 'assistant':
      if (message.toolCalls && message.toolCalls.length > 0) {
        return {
          role: 'assistant',
          // OpenAI's own replies carry null content next to tool calls; '' and null count the same.
          content: message.content === '' ? null : message.content,
          ...name,
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.function.name, arguments: call.function.arguments },
          })),
        };
      }
      return { role: 'assistant', content: message.content, ...name };
    default:
      return { role: 'user', content: message.content, ...name };
  }
}
