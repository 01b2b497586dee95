import {
  type ChatModel,
  type GenerateRequest,
  type GenerateResult,
  openAIResponseFormat,
  parseStructuredOutput,
} from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import type { Upstream } from './upstream-client.js';

/** Options of `createUpstreamChatModel`. */
export interface UpstreamChatModelOptions {
  upstream: Upstream;
  /** The upstream's base URL (only to pick the output-length field's name). */
  baseURL: string;
  model: string;
  /** The tenant's upstream key; never logged or put in an error. */
  apiKey: string | undefined;
}

type Completion = {
  model?: string;
  choices?: Array<{ message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number };
  };
};

/**
 * The core's ChatModel over the gateway's own upstream client, so extraction calls get the same
 * retries, timeouts and key handling (per tenant, redacted from errors) as the relayed requests.
 * Extractors send plain system and user messages and ask for JSON; that is all this carries.
 */
export function createUpstreamChatModel(options: UpstreamChatModelOptions): ChatModel {
  const lengthField =
    new URL(options.baseURL).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';
  return {
    provider: 'strata-gateway-upstream',
    modelId: options.model,
    async generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const body: Record<string, unknown> = {
        model: options.model,
        messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
      };
      if (request.maxOutputTokens !== undefined) body[lengthField] = request.maxOutputTokens;
      if (request.temperature !== undefined) body.temperature = request.temperature;
      if (request.schema) body.response_format = openAIResponseFormat(request.schema);
      const response = await options.upstream.chatCompletions(body, {
        apiKey: options.apiKey,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      let completion: Completion;
      try {
        completion = (await response.json()) as Completion;
      } catch (error) {
        throw new StrataError(
          'MODEL_OUTPUT_INVALID',
          `The upstream answered the extraction call with a body that is not JSON (${(error as Error).message}).`,
          { details: { problem: 'not-json' } },
        );
      }
      const choice = completion.choices?.[0];
      if (!choice?.message) {
        throw new StrataError(
          'MODEL_OUTPUT_INVALID',
          `Model '${options.model}' answered the extraction call without a message.`,
          { details: { problem: 'no-choice' } },
        );
      }
      const text = typeof choice.message.content === 'string' ? choice.message.content : '';
      const result: GenerateResult<T> = {
        text,
        toolCalls: [],
        usage: {
          input: completion.usage?.prompt_tokens ?? 0,
          cachedInput: completion.usage?.prompt_tokens_details?.cached_tokens ?? 0,
          output: completion.usage?.completion_tokens ?? 0,
        },
        model: completion.model ?? options.model,
      };
      if (choice.finish_reason) result.finishReason = choice.finish_reason;
      if (request.schema) {
        if (choice.message.refusal)
          throw new StrataError(
            'MODEL_OUTPUT_INVALID',
            `Model '${options.model}' refused the extraction '${request.schema.name}'.`,
            { details: { schema: request.schema.name, problem: 'refusal' } },
          );
        result.object = parseStructuredOutput(text, request.schema, options.model);
      }
      return result;
    },
  };
}
