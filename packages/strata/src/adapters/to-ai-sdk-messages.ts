import type { AssembledContext } from '../memory/assembled-context.js';

/** The Vercel AI SDK `ModelMessage` shapes Strata produces (plain objects; no dependency on `ai`). */
export type AiSdkModelMessage =
  | { role: 'system'; content: string; providerOptions?: Record<string, Record<string, unknown>> }
  | { role: 'user'; content: Array<{ type: 'text'; text: string }> }
  | { role: 'assistant'; content: Array<{ type: 'text'; text: string }> };

export interface AiSdkMessagesOptions {
  /** Marks the end of the stable prefix for Anthropic prompt caching via providerOptions (default true). */
  cacheControl?: boolean;
}

/** The context as AI SDK messages for `generateText({ messages })`. */
export function toAiSdkMessages(
  context: AssembledContext,
  options: AiSdkMessagesOptions = {},
): AiSdkModelMessage[] {
  const cacheControl = options.cacheControl ?? true;
  return context.messages.map((message, index): AiSdkModelMessage => {
    if (message.role === 'system') {
      const system: AiSdkModelMessage = { role: 'system', content: message.content };
      if (cacheControl && index === context.stableMessageCount - 1) {
        system.providerOptions = { anthropic: { cacheControl: { type: 'ephemeral' } } };
      }
      return system;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    return { role, content: [{ type: 'text', text: message.content }] };
  });
}
