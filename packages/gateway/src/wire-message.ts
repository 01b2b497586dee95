import { hash } from 'node:crypto';
import type { ChatMessage, ToolCall } from '@strata-memory/strata';
import { z } from 'zod';
import { parseRequestBody } from './parse-request-body.js';

// The parts of a Chat Completions request the gateway reads. Everything else (temperature, tools,
// response_format, ...) travels upstream untouched, so `.loose()` keeps unknown fields.
const textPart = z.object({ type: z.literal('text'), text: z.string() }).loose();
const content = z.union([z.string(), z.array(z.union([textPart, z.object({ type: z.string() }).loose()]))]);
const wireToolCall = z
  .object({
    id: z.string().min(1),
    type: z.literal('function').optional(),
    function: z.object({ name: z.string().min(1), arguments: z.string() }).loose(),
  })
  .loose();
const wireMessage = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
    content: content.nullable().optional(),
    name: z.string().optional(),
    tool_calls: z.array(wireToolCall).nullable().optional(),
    tool_call_id: z.string().optional(),
  })
  .loose();
export const chatCompletionRequestSchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(wireMessage).min(1),
    stream: z.boolean().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
    user: z.string().optional(),
    tools: z
      .array(z.object({ type: z.string(), function: z.object({ name: z.string() }).loose() }).loose())
      .optional(),
  })
  .loose();

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
export type WireMessage = z.infer<typeof wireMessage>;

/** The request body, validated; INPUT_INVALID (400) naming the first wrong fields otherwise. */
export function parseChatCompletionRequest(body: unknown): ChatCompletionRequest {
  return parseRequestBody(
    chatCompletionRequestSchema,
    body,
    'chat completion request',
    '{ model, messages: [{ role, content }] } as the OpenAI API documents',
  );
}

function textOf(value: WireMessage['content']): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return value
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** The client's system prompt: its system and developer messages, in order, joined. */
export function systemTextOf(messages: readonly WireMessage[]): string | undefined {
  const parts = messages.filter((message) => message.role === 'system' || message.role === 'developer');
  return parts.length === 0 ? undefined : parts.map((message) => textOf(message.content)).join('\n\n');
}

/** The non-system messages as Strata chat turns (text parts joined, tool calls in OpenAI's shape). */
export function turnsOf(messages: readonly WireMessage[]): ChatMessage[] {
  const turns: ChatMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    const turn: ChatMessage = { role: message.role, content: textOf(message.content) };
    if (message.name !== undefined && message.role === 'user') turn.name = message.name;
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      turn.toolCalls = message.tool_calls.map(
        (call): ToolCall => ({
          id: call.id,
          type: 'function',
          function: { name: call.function.name, arguments: call.function.arguments },
        }),
      );
    }
    if (message.role === 'tool') turn.toolCallId = message.tool_call_id ?? '';
    turns.push(turn);
  }
  return turns;
}

/**
 * A turn's identity for idempotent storing: role, text, name, tool calls and the call answered.
 * An assistant reply the client echoes back (`content: null`, extra fields like `refusal`) hashes
 * the same as the reply the gateway recorded.
 */
export function turnHash(turn: ChatMessage): string {
  const canonical = JSON.stringify([
    turn.role,
    turn.content,
    turn.name ?? null,
    (turn.toolCalls ?? []).map((call) => [call.id, call.function.name, call.function.arguments]),
    turn.toolCallId ?? null,
  ]);
  // One-shot hash: a Hash object per turn cost ~3x as much (no stream state to set up).
  return hash('sha256', canonical, 'base64url').slice(0, 22);
}
