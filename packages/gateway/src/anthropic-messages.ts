import { z } from 'zod';
import { toOpenAIError } from './openai-error.js';
import { parseRequestBody } from './parse-request-body.js';
import { type ChatCompletionRequest, parseChatCompletionRequest } from './wire-message.js';

// The parts of an Anthropic Messages request the gateway translates; other fields are refused by
// nothing and ignored (the upstream speaks Chat Completions).
const textBlock = z.object({ type: z.literal('text'), text: z.string() }).loose();
const toolUseBlock = z
  .object({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string().min(1), input: z.unknown() })
  .loose();
const toolResultBlock = z
  .object({
    type: z.literal('tool_result'),
    tool_use_id: z.string().min(1),
    content: z.union([z.string(), z.array(z.object({ type: z.string() }).loose())]).optional(),
    is_error: z.boolean().optional(),
  })
  .loose();
const otherBlock = z.object({ type: z.string() }).loose();
const block = z.union([textBlock, toolUseBlock, toolResultBlock, otherBlock]);
const anthropicRequestSchema = z
  .object({
    model: z.string().min(1),
    max_tokens: z.number().int().positive(),
    system: z.union([z.string(), z.array(textBlock)]).optional(),
    messages: z
      .array(
        z.object({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(block)]) }),
      )
      .min(1),
    tools: z
      .array(
        z
          .object({
            name: z.string().min(1),
            description: z.string().optional(),
            input_schema: z.record(z.string(), z.unknown()),
          })
          .loose(),
      )
      .optional(),
    tool_choice: z
      .object({ type: z.enum(['auto', 'any', 'tool', 'none']), name: z.string().optional() })
      .loose()
      .optional(),
    stream: z.boolean().optional(),
    temperature: z.number().optional(),
    top_p: z.number().optional(),
    stop_sequences: z.array(z.string()).optional(),
    metadata: z.object({ user_id: z.string().optional() }).loose().optional(),
  })
  .loose();

/** An Anthropic Messages request, validated. */
export type AnthropicRequest = z.infer<typeof anthropicRequestSchema>;

/** The request body, validated; INPUT_INVALID (400) naming the first wrong fields otherwise. */
export function parseAnthropicRequest(body: unknown): AnthropicRequest {
  return parseRequestBody(
    anthropicRequestSchema,
    body,
    'messages request',
    '{ model, max_tokens, messages: [{ role, content }] } as the Anthropic API documents',
  );
}

const textOfBlocks = (blocks: ReadonlyArray<{ type: string; text?: unknown }>) =>
  blocks
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('');

/**
 * The same request as Chat Completions, so it gets the same memory: the system prompt, text turns,
 * `tool_use` blocks as tool calls (input as JSON arguments), `tool_result` blocks as tool messages
 * (before the user's text, which follows them), tools as functions.
 */
export function toChatCompletionRequest(request: AnthropicRequest): ChatCompletionRequest {
  const messages: Array<Record<string, unknown>> = [];
  if (request.system !== undefined) {
    messages.push({
      role: 'system',
      content: typeof request.system === 'string' ? request.system : textOfBlocks(request.system),
    });
  }
  for (const message of request.messages) {
    if (typeof message.content === 'string') {
      messages.push({ role: message.role, content: message.content });
      continue;
    }
    const blocks = message.content as Array<{ type: string; [key: string]: unknown }>;
    if (message.role === 'assistant') {
      const calls = blocks
        .filter((part) => part.type === 'tool_use')
        .map((part) => ({
          id: String(part.id),
          type: 'function',
          function: { name: String(part.name), arguments: JSON.stringify(part.input ?? {}) },
        }));
      messages.push({
        role: 'assistant',
        content: textOfBlocks(blocks),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
      continue;
    }
    for (const part of blocks) {
      if (part.type !== 'tool_result') continue;
      const content = part.content;
      const text =
        typeof content === 'string'
          ? content
          : Array.isArray(content)
            ? textOfBlocks(content as Array<{ type: string; text?: unknown }>)
            : '';
      messages.push({
        role: 'tool',
        tool_call_id: String(part.tool_use_id),
        content: part.is_error === true ? `[error] ${text}` : text,
      });
    }
    const text = textOfBlocks(blocks);
    if (text !== '' || !blocks.some((part) => part.type === 'tool_result'))
      messages.push({ role: 'user', content: text });
  }
  const body: Record<string, unknown> = { model: request.model, messages, max_tokens: request.max_tokens };
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.top_p !== undefined) body.top_p = request.top_p;
  if (request.stop_sequences !== undefined) body.stop = request.stop_sequences;
  if (request.metadata?.user_id !== undefined) body.user = request.metadata.user_id;
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.input_schema,
      },
    }));
  }
  const choice = request.tool_choice;
  if (choice) {
    body.tool_choice =
      choice.type === 'any'
        ? 'required'
        : choice.type === 'tool' && choice.name
          ? { type: 'function', function: { name: choice.name } }
          : choice.type;
  }
  if (request.stream === true) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return parseChatCompletionRequest(body);
}

const stopReason = (finish: string | null | undefined) =>
  finish === 'length' ? 'max_tokens' : finish === 'tool_calls' ? 'tool_use' : 'end_turn';

const parsedInput = (text: string): unknown => {
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    // Anthropic's clients expect an object; a model's malformed arguments stay readable.
    return { _raw: text };
  }
};

type Usage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
};

const usageOf = (usage: Usage | null | undefined) => ({
  input_tokens: usage?.prompt_tokens ?? 0,
  output_tokens: usage?.completion_tokens ?? 0,
  ...(usage?.prompt_tokens_details?.cached_tokens !== undefined
    ? { cache_read_input_tokens: usage.prompt_tokens_details.cached_tokens }
    : {}),
});

/** A Chat Completions answer as an Anthropic message (text block, then tool_use blocks). */
export function toAnthropicMessage(completion: Record<string, unknown>, model: string) {
  const choices = (completion.choices as Array<Record<string, unknown>> | undefined) ?? [];
  const choice = choices[0] ?? {};
  const message = (choice.message as Record<string, unknown> | undefined) ?? {};
  const content: Array<Record<string, unknown>> = [];
  if (typeof message.content === 'string' && message.content !== '')
    content.push({ type: 'text', text: message.content });
  for (const call of (message.tool_calls as Array<{
    id: string;
    function: { name: string; arguments: string };
  }>) ?? []) {
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: parsedInput(call.function.arguments),
    });
  }
  return {
    id: `msg_${String(completion.id ?? 'strata')}`,
    type: 'message',
    role: 'assistant',
    model: typeof completion.model === 'string' ? completion.model : model,
    content,
    stop_reason: stopReason(choice.finish_reason as string | null | undefined),
    stop_sequence: null,
    usage: usageOf(completion.usage as Usage | undefined),
  };
}

/**
 * Translates the relayed Chat Completions chunks into Anthropic's stream events as they arrive:
 * message_start, a content block per text run and per tool call (text_delta, input_json_delta),
 * then message_delta (stop reason, usage) and message_stop.
 */
export function createAnthropicStreamTranslator(model: string, emit: (event: string, data: unknown) => void) {
  let started = false;
  let open: { index: number; kind: 'text' | 'tool'; toolIndex?: number } | undefined;
  let nextIndex = 0;
  let finish: string | null = null;
  let usage: Usage | undefined;

  const start = (chunk: Record<string, unknown>) => {
    if (started) return;
    started = true;
    emit('message_start', {
      type: 'message_start',
      message: {
        id: `msg_${String(chunk.id ?? 'strata')}`,
        type: 'message',
        role: 'assistant',
        model: typeof chunk.model === 'string' ? chunk.model : model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    });
  };
  const close = () => {
    if (!open) return;
    emit('content_block_stop', { type: 'content_block_stop', index: open.index });
    open = undefined;
  };

  return {
    chunk(chunk: Record<string, unknown>) {
      start(chunk);
      if (chunk.usage) usage = chunk.usage as Usage;
      for (const choice of (chunk.choices as Array<Record<string, unknown>> | undefined) ?? []) {
        const delta = (choice.delta as Record<string, unknown> | undefined) ?? {};
        if (typeof delta.content === 'string' && delta.content !== '') {
          if (open?.kind !== 'text') {
            close();
            open = { index: nextIndex++, kind: 'text' };
            emit('content_block_start', {
              type: 'content_block_start',
              index: open.index,
              content_block: { type: 'text', text: '' },
            });
          }
          emit('content_block_delta', {
            type: 'content_block_delta',
            index: open.index,
            delta: { type: 'text_delta', text: delta.content },
          });
        }
        for (const call of (delta.tool_calls as Array<Record<string, unknown>> | undefined) ?? []) {
          const toolIndex = typeof call.index === 'number' ? call.index : 0;
          const fn = (call.function as { name?: string; arguments?: string } | undefined) ?? {};
          if (open?.kind !== 'tool' || open.toolIndex !== toolIndex) {
            close();
            open = { index: nextIndex++, kind: 'tool', toolIndex };
            emit('content_block_start', {
              type: 'content_block_start',
              index: open.index,
              content_block: { type: 'tool_use', id: String(call.id ?? ''), name: fn.name ?? '', input: {} },
            });
          }
          if (fn.arguments)
            emit('content_block_delta', {
              type: 'content_block_delta',
              index: open.index,
              delta: { type: 'input_json_delta', partial_json: fn.arguments },
            });
        }
        if (typeof choice.finish_reason === 'string') finish = choice.finish_reason;
      }
    },
    end() {
      start({});
      close();
      const counted = usageOf(usage);
      emit('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: stopReason(finish), stop_sequence: null },
        usage: { output_tokens: counted.output_tokens, input_tokens: counted.input_tokens },
      });
      emit('message_stop', { type: 'message_stop' });
    },
  };
}

const anthropicTypeByStatus: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** The status and Anthropic-shaped body (`{ type: 'error', error: { type, message } }`) for an error. */
export function toAnthropicError(error: unknown) {
  const { status, body, retryAfterSeconds } = toOpenAIError(error);
  return {
    status,
    body: {
      type: 'error',
      error: {
        type: anthropicTypeByStatus[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'),
        message: body.error.message,
        code: body.error.code,
      },
    },
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
}
