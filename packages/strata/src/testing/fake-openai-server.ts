import { countOpenAIRequestTokens } from './count-openai-request.js';
import type { FakeModelServer, FakeModelServerOptions, FakeProviderFormat } from './fake-model-server.js';
import { argumentsText, fakeUsage, startFakeModelServer } from './fake-model-server.js';

const openAIFormat: FakeProviderFormat = {
  label: 'OpenAI',
  endpoint: '/v1/chat/completions',
  baseURLPath: '/v1',
  countPrompt: countOpenAIRequestTokens,
  error: (status, message) => ({
    error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'fake_error', code: null, param: null },
  }),
  success(reply, request) {
    const model = (request.body as { model?: string } | undefined)?.model ?? 'fake-model';
    let content: string | null;
    let toolCalls: unknown[] | undefined;
    let finishReason = 'stop';
    if (reply.type === 'text') {
      content = reply.text;
      finishReason = reply.finishReason ?? 'stop';
    } else if (reply.type === 'json') {
      content = JSON.stringify(reply.value);
    } else {
      content = reply.text ?? null;
      finishReason = 'tool_calls';
      toolCalls = reply.toolCalls.map((call, index) => ({
        id: call.id ?? `call_fake_${request.index}_${index}`,
        type: 'function',
        function: { name: call.name, arguments: argumentsText(call.arguments) },
      }));
    }
    const usage = fakeUsage(reply.usage, request, `${content ?? ''}${JSON.stringify(toolCalls ?? '')}`);
    return {
      id: `chatcmpl-fake-${request.index}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content,
            refusal: null,
            ...(toolCalls ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: finishReason,
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        prompt_tokens_details: { cached_tokens: usage.cachedInput },
      },
    };
  },
};

/**
 * A fake OpenAI-compatible server (`POST /v1/chat/completions`) on 127.0.0.1, an ephemeral port.
 * Pass `server.baseURL` to `createOpenAIChatModel`. Records every request body.
 *
 * @example
 * const server = await startFakeOpenAIServer({ script: [fakeReply.rateLimited(0.05), fakeReply.text('hi')] });
 */
export function startFakeOpenAIServer(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
  return startFakeModelServer(openAIFormat, options);
}
