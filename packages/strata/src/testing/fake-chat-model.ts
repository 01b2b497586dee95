import { StrataError } from '../errors/strata-error.js';
import type { ChatModel, GenerateRequest, GenerateResult, ToolCall, Usage } from '../model/chat-model.js';
import { abortedError } from '../model/retry-policy.js';
import { parseStructuredOutput } from '../model/structured-output.js';

/** One scripted answer: plain text, a structured object, tool calls, or an error to throw. */
export type FakeChatResponse =
  | string
  | Error
  | {
      text?: string;
      /** Sent as the JSON text; validated against the request's schema like a real answer. */
      object?: unknown;
      toolCalls?: Array<{ id?: string; name: string; arguments: unknown }>;
      usage?: Partial<Usage>;
      finishReason?: string;
    };

/** Options of `createFakeChatModel`: a script of answers or a function per call. */
export interface FakeChatModelOptions {
  /** Answers in call order. A call beyond them fails with MODEL_API_ERROR saying so. */
  responses?: FakeChatResponse[];
  /** Computes each answer; wins over `responses`. */
  respond?: (request: GenerateRequest, callIndex: number) => FakeChatResponse | Promise<FakeChatResponse>;
  modelId?: string;
  provider?: string;
  /** Delay before answering (aborts honoured), to test that callers do not block on extraction. */
  delayMs?: number;
}

/** A ChatModel that answers from a script and records every call (like the AI SDK's MockLanguageModel). */
export interface FakeChatModel extends ChatModel {
  /** Every request received, in order (the messages array is copied at call time). */
  readonly calls: GenerateRequest[];
}

/**
 * A scripted model for tests. With a `schema`, the answer's text goes through the same JSON parse
 * and validation as the real adapters, so garbage yields MODEL_OUTPUT_INVALID.
 *
 * @example const model = createFakeChatModel({ responses: [{ object: { lessons: [] } }] });
 */
export function createFakeChatModel(options: FakeChatModelOptions = {}): FakeChatModel {
  if (!options.responses && !options.respond) {
    throw new StrataError(
      'CONFIG_INVALID',
      "createFakeChatModel needs 'responses' (a list) or 'respond' (a function).",
    );
  }
  const calls: GenerateRequest[] = [];
  const modelId = options.modelId ?? 'fake-model';
  return {
    provider: options.provider ?? 'fake',
    modelId,
    calls,
    async generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const callIndex = calls.length;
      calls.push({
        ...request,
        messages: request.messages.map((message) => ({ ...message })),
      } as GenerateRequest);
      if (options.delayMs) await delay(options.delayMs, request.signal);
      if (request.signal?.aborted) throw abortedError();
      let response: FakeChatResponse | undefined;
      if (options.respond) response = await options.respond(request as GenerateRequest, callIndex);
      else response = options.responses?.[callIndex];
      if (response === undefined) {
        throw new StrataError(
          'MODEL_API_ERROR',
          `The fake model has no response for call #${callIndex + 1} (it was given ${options.responses?.length ?? 0}). Add responses or use 'respond'.`,
          { isRetryable: false, details: { callIndex } },
        );
      }
      if (response instanceof Error) throw response;
      const answer = typeof response === 'string' ? { text: response } : response;
      const text = answer.text ?? (answer.object !== undefined ? JSON.stringify(answer.object) : '');
      const toolCalls: ToolCall[] = (answer.toolCalls ?? []).map((call, index) => ({
        id: call.id ?? `call_fake_${callIndex}_${index}`,
        type: 'function' as const,
        function: {
          name: call.name,
          arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        },
      }));
      const inputCharacters = request.messages.reduce((sum, message) => sum + message.content.length, 0);
      const result: GenerateResult<T> = {
        text,
        toolCalls,
        usage: {
          input: answer.usage?.input ?? Math.ceil(inputCharacters / 4),
          cachedInput: answer.usage?.cachedInput ?? 0,
          output: answer.usage?.output ?? Math.ceil(text.length / 4),
        },
        model: modelId,
        finishReason: answer.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      };
      if (request.schema && toolCalls.length === 0) {
        result.object = parseStructuredOutput(text, request.schema, modelId);
      }
      return result;
    },
  };
}

function delay(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortedError());
      },
      { once: true },
    );
  });
}
