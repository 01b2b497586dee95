import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import { parseToolArguments } from '../core/parse-tool-arguments.js';
import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type {
  ChatMessage,
  ChatModel,
  GenerateRequest,
  GenerateResult,
  OutputSchema,
  ToolCall,
} from './chat-model.js';
import type { ProviderErrorClasses } from './provider-call.js';
import { callProvider, describeURL } from './provider-call.js';
import { lazySdkClient, resolveProviderSettings } from './provider-settings.js';
import type { RetryOptions } from './retry-policy.js';
import { parseStructuredOutput, validateParsedOutput } from './structured-output.js';

export interface AnthropicChatModelOptions extends RetryOptions {
  /** e.g. 'claude-sonnet-4-5' */
  model: string;
  /** Default https://api.anthropic.com (or ANTHROPIC_BASE_URL). */
  baseURL?: string;
  /** Defaults to ANTHROPIC_API_KEY; local base URLs may go without. Never appears in errors. */
  apiKey?: string;
  /** Per attempt (default 60,000). */
  timeoutMs?: number;
  /** Anthropic requires an output cap on every call; used when the request sets none (default 4,096). */
  defaultMaxOutputTokens?: number;
  /**
   * How a `schema` request gets JSON: 'tool' forces a tool whose input is the schema (default;
   * exact); 'instruction' asks for JSON in the system prompt (servers without tool support).
   * Requests that also pass `tools` use 'instruction' so the model stays free to call them.
   */
  structuredOutput?: 'tool' | 'instruction';
  headers?: Record<string, string>;
  /** The fetch the SDK uses (tests, proxies); defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
}

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** Root schemas that are not objects are wrapped, since a tool input must be an object. */
const WRAPPED_KEY = 'value';

/**
 * A ChatModel over the official `@anthropic-ai/sdk`. Same retry policy as the OpenAI adapter.
 * Usage: `input` counts all input tokens (uncached + cache writes + cache reads), `cachedInput`
 * the cache reads.
 */
export function createAnthropicChatModel(options: AnthropicChatModelOptions): ChatModel {
  // Filled with the SDK's error classes when it loads, before the first call classifies an error.
  const errors = {} as ProviderErrorClasses;
  const settings = resolveProviderSettings(options, {
    factoryName: 'createAnthropicChatModel',
    exampleModel: 'claude-sonnet-4-5',
    defaultBaseURL: DEFAULT_BASE_URL,
    baseURLVariable: 'ANTHROPIC_BASE_URL',
    apiKeyVariable: 'ANTHROPIC_API_KEY',
    apiKeyDescription: 'Anthropic',
    providerLabel: 'Anthropic',
    errors,
  });
  const { modelId, baseURL } = settings;
  const loadClient = lazySdkClient({
    load: () => import('@anthropic-ai/sdk'),
    packageName: '@anthropic-ai/sdk',
    feature: 'createAnthropicChatModel (@strata-memory/strata/anthropic)',
    errors,
    create: (sdk): Anthropic => new sdk.default(settings.clientOptions),
  });

  return {
    provider: 'anthropic',
    modelId,
    async generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const { system, messages } = toAnthropicMessages(request.messages);
      const body: MessageCreateParamsNonStreaming = {
        model: modelId,
        max_tokens: request.maxOutputTokens ?? options.defaultMaxOutputTokens ?? 4096,
        messages,
      };
      const tools: Tool[] = (request.tools ?? []).map((tool) => ({
        name: tool.function.name,
        ...(tool.function.description !== undefined ? { description: tool.function.description } : {}),
        input_schema: asObjectSchema(tool.function.parameters),
      }));
      const schema = request.schema;
      const mode = schema
        ? tools.length > 0
          ? 'instruction'
          : (options.structuredOutput ?? 'tool')
        : undefined;
      const systemBlocks = [...system];
      let wrapped = false;
      if (schema && mode === 'tool') {
        wrapped = schema.jsonSchema.type !== 'object';
        tools.push({
          name: schema.name,
          description: `Return the answer as the input of this tool, matching the '${schema.name}' schema.`,
          input_schema: wrapped
            ? { type: 'object', properties: { [WRAPPED_KEY]: schema.jsonSchema }, required: [WRAPPED_KEY] }
            : asObjectSchema(schema.jsonSchema),
        });
        body.tool_choice = { type: 'tool', name: schema.name };
      } else if (schema) {
        // Appended after any cache breakpoint, so the cached prefix stays the same.
        systemBlocks.push({ type: 'text', text: jsonInstruction(schema) });
      }
      if (systemBlocks.length > 0) {
        body.system = systemBlocks.some((block) => block.cache_control)
          ? systemBlocks
          : systemBlocks.map((block) => block.text).join('\n\n');
      }
      if (tools.length > 0) body.tools = tools;
      // `temperature` is not sent: this SDK version's Messages API no longer has it.

      const sdkClient = await loadClient();

      const message = await callProvider(settings.callOptions(request.signal), (signal) =>
        sdkClient.messages.create(body, { signal }),
      );
      return toResult(message, request, modelId, baseURL, mode === 'tool' ? { wrapped } : undefined);
    },
  };
}

function toResult<T>(
  message: Message,
  request: GenerateRequest<T>,
  modelId: string,
  baseURL: string,
  forcedTool: { wrapped: boolean } | undefined,
): GenerateResult<T> {
  if (!message || !Array.isArray(message.content)) {
    throw new StrataError(
      'MODEL_API_ERROR',
      `The Anthropic server at ${describeURL(baseURL)} answered without 'content'. Check that it implements /v1/messages.`,
      { details: { provider: 'Anthropic', reason: 'unexpected-response' }, isRetryable: false },
    );
  }
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  let schemaInput: { found: boolean; value: unknown } = { found: false, value: undefined };
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      if (forcedTool && request.schema && block.name === request.schema.name && !schemaInput.found) {
        schemaInput = { found: true, value: block.input };
      } else {
        toolCalls.push({
          id: block.id,
          type: 'function',
          function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
        });
      }
    }
  }
  const usage = message.usage;
  const cacheRead = usage?.cache_read_input_tokens ?? 0;
  const result: GenerateResult<T> = {
    text: texts.join(''),
    toolCalls,
    usage: {
      input: (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + cacheRead,
      cachedInput: cacheRead,
      output: usage?.output_tokens ?? 0,
    },
    model: message.model ?? modelId,
  };
  if (message.stop_reason) result.finishReason = message.stop_reason;
  const schema = request.schema;
  if (schema && forcedTool) {
    if (!schemaInput.found) {
      // The model ignored the forced tool and wrote text: judge that text as the answer.
      result.object = parseStructuredOutput(result.text, schema, modelId);
    } else {
      let value = schemaInput.value;
      if (forcedTool.wrapped) value = (value as Record<string, unknown> | null)?.[WRAPPED_KEY];
      result.text = JSON.stringify(value ?? null);
      result.object = validateParsedOutput(value, result.text, schema, modelId);
    }
  } else if (schema && toolCalls.length === 0) {
    result.object = parseStructuredOutput(result.text, schema, modelId);
  }
  return result;
}

function jsonInstruction(schema: OutputSchema<unknown>): string {
  return `Answer with one JSON value only (no prose, no code fence) that matches this JSON schema named '${schema.name}':\n${JSON.stringify(schema.jsonSchema)}`;
}

function asObjectSchema(schema: { [key: string]: JsonValue }): Tool.InputSchema {
  return { ...schema, type: 'object' } as Tool.InputSchema;
}

/**
 * System messages become the `system` field; tool results become user `tool_result` blocks;
 * consecutive messages of one role merge, since Anthropic alternates user and assistant.
 */
function toAnthropicMessages(messages: ChatMessage[]): {
  system: TextBlockParam[];
  messages: MessageParam[];
} {
  const system: TextBlockParam[] = [];
  const out: Array<{ role: 'user' | 'assistant'; content: ContentBlockParam[] }> = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        system.push({ type: 'text', text: message.content });
        break;
      case 'user':
        push('user', [{ type: 'text', text: message.content }]);
        break;
      case 'assistant': {
        const blocks: ContentBlockParam[] = [];
        if (message.content !== '') blocks.push({ type: 'text', text: message.content });
        for (const call of message.toolCalls ?? []) {
          blocks.push({
            type: 'tool_use',
            id: call.id,
            name: call.function.name,
            input: parseToolArguments(call.function.arguments),
          });
        }
        if (blocks.length > 0) push('assistant', blocks);
        break;
      }
      case 'tool':
        if (!message.toolCallId) {
          throw new StrataError(
            'INPUT_INVALID',
            `messages[${index}] has role 'tool' but no 'toolCallId'; set it to the id of the call it answers.`,
          );
        }
        push('user', [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }]);
        break;
      default:
        throw new StrataError(
          'INPUT_INVALID',
          `messages[${index}] has unknown role '${String((message as ChatMessage).role)}'; use system, user, assistant or tool.`,
        );
    }
    if (message.cacheBreakpoint)
      markCacheBreakpoint(message.role === 'system' ? system.at(-1) : out.at(-1)?.content.at(-1));
  });
  // Empty text blocks are rejected by the API; an empty user turn becomes a single space.
  for (const message of out) {
    for (const block of message.content) if (block.type === 'text' && block.text === '') block.text = ' ';
  }
  return { system: system.filter((block) => block.text !== ''), messages: out };
}

// Anthropic caches the prefix up to and including a block that carries cache_control.
function markCacheBreakpoint(block: ContentBlockParam | TextBlockParam | undefined): void {
  if (block && (block.type === 'text' || block.type === 'tool_result' || block.type === 'tool_use')) {
    block.cache_control = { type: 'ephemeral' };
  }
}
