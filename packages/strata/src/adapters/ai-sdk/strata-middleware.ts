import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { LanguageModelMiddleware } from 'ai';
import { StrataError } from '../../errors/strata-error.js';
import type { MessagesLayer } from '../../layers/messages-layer.js';
import type { AssembledContext } from '../../memory/assembled-context.js';
import type { AssembleRequest } from '../../memory/context-assembler.js';
import type { Memory } from '../../memory/memory.js';
import type { ChatMessage, ToolCall } from '../../model/chat-model.js';
import { messagesLayerOf } from '../messages-layer-of.js';

/** One model call made through the middleware: what Strata sent and what the provider reported. */
export interface StrataModelCall {
  /** Tokens of the prompt Strata assembled (exact by its framing rule), and its budget. */
  tokens: number;
  budget: number;
  stablePrefixTokens: number;
  /** Usage as the provider reported it (undefined fields when it did not say). */
  usage: { input: number | undefined; cachedInput: number | undefined; output: number | undefined };
  /** The assistant turn recorded from the reply. */
  reply: { content: string; toolCalls: ToolCall[] };
}

/** Options of `createStrataMiddleware`. */
export interface StrataMiddlewareOptions {
  /** The memory whose bounded assembly replaces each call's prompt. It needs a messages layer. */
  memory: Memory;
  /** Name of the messages layer that keeps the turns (default: the first layer of kind 'messages'). */
  messagesLayer?: string;
  /** What to assemble with (query, keys); default: the text of the newest user turn as the query. */
  request?: (newest: string | undefined) => AssembleRequest;
  /** Called after every model call with what was sent and received. */
  onCall?: (call: StrataModelCall, context: AssembledContext) => void;
}

/** The middleware, plus the calls it has seen (oldest first). */
export interface StrataMiddleware extends LanguageModelMiddleware {
  readonly calls: readonly StrataModelCall[];
}

/**
 * A Vercel AI SDK language-model middleware: `wrapLanguageModel({ model, middleware })`.
 *
 * Every call (generate or stream) records the new turns at the end of the caller's prompt (the
 * trailing user messages, or the tool results of a tool loop's next step) into the memory's
 * messages layer, replaces the prompt with `memory.assemble()` (system text, stable layers, the
 * newest turns that fit, dynamic layers: never above the memory's budget), and records the reply
 * (text and tool calls) as the assistant's turn, with the provider's usage.
 *
 * Put the system prompt in `createMemory({ system })`: a different system message in the call is
 * refused (CONFIG_INVALID), since the middleware could not count it. Tool definitions sent with
 * the call are outside the budget (they are not messages).
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: createStrataMiddleware({ memory }) });
 * await generateText({ model, prompt: 'Where is my order?' });
 */
export function createStrataMiddleware(options: StrataMiddlewareOptions): StrataMiddleware {
  const { memory } = options;
  const layer = messagesLayerOf(memory, options.messagesLayer, 'createStrataMiddleware');
  const calls: StrataModelCall[] = [];
  // The assembly each transformed call was given, by its params object.
  const assembled = new WeakMap<LanguageModelV4CallOptions, AssembledContext>();

  const record = (
    params: LanguageModelV4CallOptions,
    content: string,
    toolCalls: ToolCall[],
    usage: LanguageModelV4Usage | undefined,
  ): void => {
    layer.add({ role: 'assistant', content, ...(toolCalls.length > 0 ? { toolCalls } : {}) });
    const context = assembled.get(params);
    if (!context) return;
    const call: StrataModelCall = {
      tokens: context.tokens,
      budget: context.budget,
      stablePrefixTokens: context.stablePrefixTokens,
      usage: {
        input: usage?.inputTokens.total,
        cachedInput: usage?.inputTokens.cacheRead,
        output: usage?.outputTokens.total,
      },
      reply: { content, toolCalls },
    };
    calls.push(call);
    options.onCall?.(call, context);
  };

  return {
    specificationVersion: 'v4',
    get calls() {
      return calls;
    },
    async transformParams({ params }) {
      checkSystem(params.prompt, memory);
      const newest = recordNewTurns(params.prompt, layer);
      const context = await memory.assemble(
        options.request?.(newest) ?? (newest === undefined ? {} : { query: newest }),
      );
      const transformed: LanguageModelV4CallOptions = {
        ...params,
        prompt: toLanguageModelPrompt(context.messages),
      };
      assembled.set(transformed, context);
      return transformed;
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const { content, toolCalls } = replyOf(result.content);
      record(params, content, toolCalls, result.usage);
      return result;
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      let content = '';
      const toolCalls: ToolCall[] = [];
      let usage: LanguageModelV4Usage | undefined;
      const watch = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-delta') content += part.delta;
          else if (part.type === 'tool-call' && part.providerExecuted !== true)
            toolCalls.push(toToolCall(part));
          else if (part.type === 'finish') usage = part.usage;
          controller.enqueue(part);
        },
        flush() {
          record(params, content, toolCalls, usage);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(watch) };
    },
  };
}

function checkSystem(prompt: LanguageModelV4Prompt, memory: Memory): void {
  const system = prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  if (system === '' || system.trim() === (memory.system ?? '').trim()) return;
  throw new StrataError(
    'CONFIG_INVALID',
    "The call has system instructions, but the Strata middleware replaces the prompt with the memory's bounded assembly and could not count them. Move them to createMemory({ system }) and drop 'instructions'/'system' from the call.",
  );
}

/** Records the trailing user messages or tool results of the caller's prompt; returns the newest user text. */
function recordNewTurns(prompt: LanguageModelV4Prompt, layer: MessagesLayer): string | undefined {
  let start = prompt.length;
  while (start > 0) {
    const role = (prompt[start - 1] as LanguageModelV4Message).role;
    if (role !== 'user' && role !== 'tool') break;
    start -= 1;
  }
  let newest: string | undefined;
  const last = layer.turns.at(-1);
  for (const message of prompt.slice(start)) {
    if (message.role === 'user') {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      newest = text;
      // A retried call sends the same newest turn again: keep it once.
      if (
        last?.role === 'user' &&
        last.content === text &&
        message === prompt.at(-1) &&
        prompt.length - start === 1
      )
        continue;
      layer.add({ role: 'user', content: text });
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        if (!layer.pendingToolCalls.includes(part.toolCallId)) continue;
        layer.add({ role: 'tool', content: toolOutputText(part.output), toolCallId: part.toolCallId });
      }
    }
  }
  return newest;
}

function toolOutputText(output: { type: string; value?: unknown; reason?: string }): string {
  if (output.type === 'text' || output.type === 'error-text') return String(output.value ?? '');
  if (output.type === 'json' || output.type === 'error-json') return JSON.stringify(output.value ?? null);
  if (output.type === 'execution-denied')
    return `Execution denied${output.reason ? `: ${output.reason}` : '.'}`;
  return JSON.stringify(output.value ?? null);
}

function replyOf(parts: readonly LanguageModelV4Content[]): { content: string; toolCalls: ToolCall[] } {
  let content = '';
  const toolCalls: ToolCall[] = [];
  for (const part of parts) {
    if (part.type === 'text') content += part.text;
    else if (part.type === 'tool-call' && part.providerExecuted !== true) toolCalls.push(toToolCall(part));
  }
  return { content, toolCalls };
}

function toToolCall(part: { toolCallId: string; toolName: string; input: string }): ToolCall {
  return { id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: part.input } };
}

/** Strata's messages as the AI SDK's provider-level prompt (system messages allowed there). */
export function toLanguageModelPrompt(messages: readonly ChatMessage[]): LanguageModelV4Prompt {
  const names = new Map<string, string>();
  return messages.map((message): LanguageModelV4Message => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'assistant': {
        const content: Array<
          | { type: 'text'; text: string }
          | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
        > = [];
        if (message.content !== '' || !message.toolCalls?.length)
          content.push({ type: 'text', text: message.content });
        for (const call of message.toolCalls ?? []) {
          names.set(call.id, call.function.name);
          content.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: parseInput(call.function.arguments),
          });
        }
        return { role: 'assistant', content };
      }
      case 'tool':
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.toolCallId ?? '',
              toolName: names.get(message.toolCallId ?? '') ?? '',
              output: { type: 'text', value: message.content },
            },
          ],
        };
      default:
        return { role: 'user', content: [{ type: 'text', text: message.content }] };
    }
  });
}

function parseInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
