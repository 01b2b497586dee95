import type { AssembledContext } from '../memory/assembled-context.js';

/** An OpenAI Chat Completions message (the subset Strata produces). */
export type OpenAIChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; name?: string }
  | { role: 'assistant'; content: string; name?: string };

/** The context as OpenAI chat messages, exactly the request `context.tokens` counts. */
export function toOpenAIMessages(context: AssembledContext): OpenAIChatMessage[] {
  return context.messages.map((message): OpenAIChatMessage => {
    if (message.role === 'system') return { role: 'system', content: message.content };
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    return message.name === undefined
      ? { role, content: message.content }
      : { role, content: message.content, name: message.name };
  });
}
