import type OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { StrataError } from '../errors/strata-error.js';
import type { ChatMessage, ChatModel, GenerateRequest, GenerateResult, ToolCall } from './chat-model.js';
import { openAIResponseFormat } from './openai-response-format.js';
import type { ProviderErrorClasses } from './provider-call.js';
import { callProvider, describeURL } from './provider-call.js';
import { lazySdkClient, resolveProviderSettings } from './provider-settings.js';
import type { RetryOptions } from './retry-policy.js';
import { parseStructuredOutput } from './structured-output.js';

export interface OpenAIChatModelOptions extends RetryOptions {
  /** Model name as the server knows it, e.g. 'gpt-4.1-mini', 'qwen2.5:7b'. */
  model: string;
  /** Any OpenAI-compatible server (vLLM, Ollama, llama.cpp, LM Studio), e.g. 'http://127.0.0.1:11434/v1'. */
  baseURL?: string;
  /** Defaults to OPENAI_API_KEY; local base URLs may go without. Never appears in errors. */
  apiKey?: string;
  /** Per attempt (default 60,000). A timed-out attempt is retried like a 5xx. */
  timeoutMs?: number;
  /**
   * Name of the output-length field. OpenAI wants 'max_completion_tokens'; many compatible servers
   * only know 'max_tokens'. Default: the former for api.openai.com, the latter elsewhere.
   */
  maxTokensParameter?: 'max_tokens' | 'max_completion_tokens';
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Custom fetch (proxies, tests). */
  fetch?: typeof globalThis.fetch;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * A ChatModel over the official `openai` SDK, for OpenAI or any OpenAI-compatible server.
 * Retries are ours (the SDK's are off): backoff with jitter on 408/409/429/5xx, timeouts and
 * connection errors, honouring `Retry-After` / `retry-after-ms`.
 *
 * @example createOpenAIChatModel({ model: 'qwen2.5:7b', baseURL: 'http://127.0.0.1:11434/v1' })
 */
export function createOpenAIChatModel(options: OpenAIChatModelOptions): ChatModel {
  // Filled with the SDK's error classes when it loads, before the first call classifies an error.
  const errors = {} as ProviderErrorClasses;
  const settings = resolveProviderSettings(options, {
    factoryName: 'createOpenAIChatModel',
    exampleModel: 'gpt-4.1-mini',
    defaultBaseURL: DEFAULT_BASE_URL,
    baseURLVariable: 'OPENAI_BASE_URL',
    apiKeyVariable: 'OPENAI_API_KEY',
    apiKeyDescription: 'OpenAI',
    providerLabel: 'OpenAI-compatible',
    errors,
  });
  const { modelId, baseURL } = settings;
  const loadClient = lazySdkClient({
    load: () => import('openai'),
    packageName: 'openai',
    feature: 'createOpenAIChatModel (@strata-memory/strata/openai)',
    errors,
    create: (sdk): OpenAI => new sdk.default(settings.clientOptions),
  });
  const maxTokensParameter =
    options.maxTokensParameter ??
    (new URL(baseURL).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens');

  return {
    provider: 'openai-compatible',
    modelId,
    async generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const body: ChatCompletionCreateParamsNonStreaming = {
        model: modelId,
        messages: request.messages.map(toOpenAIMessage),
      };
      if (request.tools && request.tools.length > 0) body.tools = request.tools;
      if (request.maxOutputTokens !== undefined) body[maxTokensParameter] = request.maxOutputTokens;
      if (request.temperature !== undefined) body.temperature = request.temperature;
      if (request.schema) {
        body.response_format = openAIResponseFormat(request.schema);
      }
      const sdkClient = await loadClient();
      const completion = await callProvider(settings.callOptions(request.signal), (signal) =>
        sdkClient.chat.completions.create(body, { signal }),
      );
      return toResult(completion, request, modelId, baseURL);
    },
  };
}

function toResult<T>(
  completion: ChatCompletion,
  request: GenerateRequest<T>,
  modelId: string,
  baseURL: string,
): GenerateResult<T> {
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  if (!choice?.message) {
    throw new StrataError(
      'MODEL_API_ERROR',
      `The OpenAI-compatible server at ${describeURL(baseURL)} answered without a message (no 'choices[0].message'). Check that it implements /chat/completions.`,
      { details: { provider: 'OpenAI-compatible', reason: 'unexpected-response' }, isRetryable: false },
    );
  }
  const message = choice.message;
  const text = message.content ?? '';
  const toolCalls: ToolCall[] = [];
  for (const call of message.tool_calls ?? []) {
    if (call.type === 'function') {
      toolCalls.push({
        id: call.id,
        type: 'function',
        function: { name: call.function.name, arguments: call.function.arguments },
      });
    }
  }
  const usage = completion.usage;
  const result: GenerateResult<T> = {
    text,
    toolCalls,
    usage: {
      input: usage?.prompt_tokens ?? 0,
      cachedInput: usage?.prompt_tokens_details?.cached_tokens ?? 0,
      output: usage?.completion_tokens ?? 0,
    },
    model: completion.model ?? modelId,
  };
  if (choice.finish_reason) result.finishReason = choice.finish_reason;
  if (request.schema && toolCalls.length === 0) {
    if (message.refusal) {
      throw new StrataError(
        'MODEL_OUTPUT_INVALID',
        `Model '${modelId}' refused to produce '${request.schema.name}': ${message.refusal}`,
        { details: { schema: request.schema.name, problem: 'refusal' } },
      );
    }
    result.object = parseStructuredOutput(text, request.schema, modelId);
  }
  return result;
}

function toOpenAIMessage(message: ChatMessage, index: number): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return message.name === undefined
        ? { role: 'user', content: message.content }
        : { role: 'user', content: message.content, name: message.name };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function' as const,
          function: { name: call.function.name, arguments: call.function.arguments },
        })),
      };
    }
    case 'tool':
      if (!message.toolCallId) {
        throw new StrataError(
          'INPUT_INVALID',
          `messages[${index}] has role 'tool' but no 'toolCallId'; set it to the id of the call it answers.`,
        );
      }
      return { role: 'tool', content: message.content, tool_call_id: message.toolCallId };
    default:
      throw new StrataError(
        'INPUT_INVALID',
        `messages[${index}] has unknown role '${String((message as ChatMessage).role)}'; use system, user, assistant or tool.`,
      );
  }
}
