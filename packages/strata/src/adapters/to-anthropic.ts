import type { AssembledContext } from '../memory/assembled-context.js';

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: { type: 'ephemeral' };
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicTextBlock[];
}

/** Parameters for `anthropic.messages.create` (add `model` and `max_tokens`). */
export interface AnthropicRequest {
  system: AnthropicTextBlock[];
  messages: AnthropicMessage[];
}

/**
 * The context as Anthropic `{ system, messages }`, with a `cache_control: { type: 'ephemeral' }`
 * breakpoint on the last block of the stable prefix (the system part). Consecutive messages of one
 * role are merged into one message with several blocks, as the Messages API expects alternation.
 */
export function toAnthropic(context: AssembledContext): AnthropicRequest {
  const system: AnthropicTextBlock[] = [];
  const messages: AnthropicMessage[] = [];
  context.messages.forEach((message, index) => {
    if (message.content === '') return;
    const block: AnthropicTextBlock = { type: 'text', text: message.content };
    if (index === context.stableMessageCount - 1) block.cache_control = { type: 'ephemeral' };
    if (message.role === 'system') {
      system.push(block);
      return;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const last = messages[messages.length - 1];
    if (last && last.role === role) last.content.push(block);
    else messages.push({ role, content: [block] });
  });
  return { system, messages };
}
