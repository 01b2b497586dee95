import { StrataError } from '../../errors/strata-error.js';
import type { TurnInput } from '../../layers/chat-turn.js';
import type { AssembledContext } from '../../memory/assembled-context.js';
import type { AssembleRequest } from '../../memory/context-assembler.js';
import type { Memory } from '../../memory/memory.js';
import { messagesLayerOf } from '../messages-layer-of.js';
import { type OpenAIChatMessage, toOpenAIMessages } from '../to-openai-messages.js';

/** The assistant message of a Chat Completions reply (the fields Strata keeps). */
export interface OpenAIAssistantReply {
  content: string | null;
  tool_calls?: ReadonlyArray<{
    id: string;
    type: string;
    function?: { name: string; arguments: string };
  }> | null;
}

/**
 * The part of the official `openai` client this helper calls (`new OpenAI({ baseURL, apiKey })`
 * fits; so does any OpenAI-compatible client): no dependency on the SDK itself.
 */
export interface OpenAIChatClient {
  chat: {
    completions: {
      /** Sends one chat completion request (the official SDK's `chat.completions.create`). */
      create(body: { model: string; messages: OpenAIChatMessage[]; [option: string]: unknown }): Promise<{
        choices: Array<{ message: OpenAIAssistantReply; finish_reason?: string | null }>;
        usage?: {
          prompt_tokens?: number;
          completion_tokens?: number;
          prompt_tokens_details?: { cached_tokens?: number } | null;
        } | null;
      }>;
    };
  };
}

/** Options of `runOpenAIChatTurn`. */
export interface OpenAIChatTurnOptions {
  client: OpenAIChatClient;
  memory: Memory;
  model: string;
  /** The user's message for this turn (omit when answering tool calls: add their results first). */
  input?: string;
  /** Other request fields (`tools`, `temperature`, ...), sent as they are. */
  params?: Record<string, unknown>;
  /** Query and keys for the assembly (default: the input as the query). */
  request?: AssembleRequest;
  /** The messages layer (default: the memory's first layer of kind 'messages'). */
  messagesLayer?: string;
}

/** What one chat turn sent and got back. */
export interface OpenAIChatTurnResult {
  /** The reply as the API sent it. */
  reply: OpenAIAssistantReply;
  /** The assistant turn recorded in memory (tool calls in Strata's = OpenAI's shape). */
  turn: TurnInput;
  /** What was sent: `context.tokens` is its exact count, never above the budget. */
  context: AssembledContext;
  usage: { input: number | undefined; cachedInput: number | undefined; output: number | undefined };
}

/**
 * One chat turn through the official OpenAI SDK with Strata memory: records `input` as a user
 * turn, sends `toOpenAIMessages(await memory.assemble())`, and records the reply (text and tool
 * calls) as the assistant's turn. When the reply has tool calls, run them, add each result with
 * `layer.add({ role: 'tool', content, toolCallId })`, then call again without `input`.
 *
 * @example
 * const client = new OpenAI();
 * let { reply } = await runOpenAIChatTurn({ client, memory, model: 'gpt-4o-mini', input: 'Where is order 42?', params: { tools } });
 * for (const call of reply.tool_calls ?? []) turns.add({ role: 'tool', content: await run(call), toolCallId: call.id });
 */
export async function runOpenAIChatTurn(options: OpenAIChatTurnOptions): Promise<OpenAIChatTurnResult> {
  const layer = messagesLayerOf(options.memory, options.messagesLayer, 'runOpenAIChatTurn');
  if (options.input !== undefined) layer.add({ role: 'user', content: options.input });
  const context = await options.memory.assemble(
    options.request ?? (options.input === undefined ? {} : { query: options.input }),
  );
  const response = await options.client.chat.completions.create({
    ...options.params,
    model: options.model,
    messages: toOpenAIMessages(context),
  });
  const reply = response.choices[0]?.message;
  if (!reply) {
    throw new StrataError(
      'MODEL_OUTPUT_INVALID',
      `Model '${options.model}' answered with no choice; nothing was recorded.`,
    );
  }
  const turn = fromOpenAIReply(reply);
  layer.add(turn);
  return {
    reply,
    turn,
    context,
    usage: {
      input: response.usage?.prompt_tokens,
      cachedInput: response.usage?.prompt_tokens_details?.cached_tokens,
      output: response.usage?.completion_tokens,
    },
  };
}

/** An OpenAI assistant reply as a Strata turn (its tool calls are already in Strata's shape). */
export function fromOpenAIReply(reply: OpenAIAssistantReply): TurnInput {
  const toolCalls = (reply.tool_calls ?? [])
    .filter((call) => call.type === 'function' && call.function)
    .map((call) => ({
      id: call.id,
      type: 'function' as const,
      function: { name: call.function?.name ?? '', arguments: call.function?.arguments ?? '' },
    }));
  return { role: 'assistant', content: reply.content ?? '', ...(toolCalls.length > 0 ? { toolCalls } : {}) };
}
