import { parseToolArguments } from '../core/parse-tool-arguments.js';
import { StrataError } from '../errors/strata-error.js';
import type { AssembledContext } from '../memory/assembled-context.js';

/** A text block of an Anthropic Messages API message. */
export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: { type: 'ephemeral' };
}

/** A `tool_use` block: a tool call in an Anthropic assistant message. */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
  cache_control?: { type: 'ephemeral' };
}

/** A `tool_result` block: a tool's answer in an Anthropic user message. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  cache_control?: { type: 'ephemeral' };
}

/** Any content block `toAnthropic` emits. */
export type AnthropicContentBlock = AnthropicTextBlock | AnthropicToolUseBlock | AnthropicToolResultBlock;

/** A message of the Anthropic Messages API (`messages[]`). */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

/** Parameters for `anthropic.messages.create` (add `model` and `max_tokens`). */
export interface AnthropicRequest {
  system: AnthropicTextBlock[];
  messages: AnthropicMessage[];
}

/**
 * Opens the messages when the kept turns start with the assistant (older turns were dropped): the
 * Messages API needs a user message first.
 */
export const ANTHROPIC_CONTINUATION_TEXT = '(earlier turns omitted)';

/**
 * The context as Anthropic `{ system, messages }`, with a `cache_control: { type: 'ephemeral' }`
 * breakpoint on the last block of the stable prefix. Consecutive messages of one role are merged
 * into one message with several blocks, as the Messages API expects alternation; tool calls become
 * `tool_use` blocks and tool results `tool_result` blocks in the next user message. The messages
 * never start with the assistant (a short user text opens them then), and a context with nothing
 * but system text is refused (INPUT_INVALID), since the API needs at least one message.
 */
export function toAnthropic(
  context: Pick<AssembledContext, 'messages' | 'stableMessageCount'>,
): AnthropicRequest {
  const system: AnthropicTextBlock[] = [];
  const messages: AnthropicMessage[] = [];
  const push = (role: 'user' | 'assistant', blocks: AnthropicContentBlock[]): void => {
    if (blocks.length === 0) return;
    const last = messages[messages.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  context.messages.forEach((message, index) => {
    const blocks: AnthropicContentBlock[] = [];
    if (message.role === 'tool') {
      blocks.push({ type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: message.content });
    } else if (message.content !== '') {
      blocks.push({ type: 'text', text: message.content });
    }
    for (const call of message.role === 'assistant' ? (message.toolCalls ?? []) : []) {
      blocks.push({
        type: 'tool_use',
        id: call.id,
        name: call.function.name,
        input: parseToolArguments(call.function.arguments),
      });
    }
    const lastBlock = blocks[blocks.length - 1];
    if (lastBlock && index === context.stableMessageCount - 1)
      lastBlock.cache_control = { type: 'ephemeral' };
    if (message.role === 'system') system.push(...(blocks as AnthropicTextBlock[]));
    else push(message.role === 'assistant' ? 'assistant' : 'user', blocks);
  });
  if (messages.length === 0) {
    throw new StrataError(
      'INPUT_INVALID',
      'toAnthropic: the context has only system text, and the Messages API needs at least one message. Add a user turn or a dynamic layer (an observation, a query).',
    );
  }
  if (messages[0]?.role === 'assistant') {
    messages.unshift({ role: 'user', content: [{ type: 'text', text: ANTHROPIC_CONTINUATION_TEXT }] });
  }
  return { system, messages };
}
