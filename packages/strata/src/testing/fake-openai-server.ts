import { countOpenAIRequestTokens } from './count-openai-request.js';
import type { FakeModelServer, FakeModelServerOptions, FakeProviderFormat } from './fake-model-server.js';
import { argumentsText, fakeUsage, startFakeModelServer } from './fake-model-server.js';

type Completion = {
  id: string;
  created: number;
  model: string;
  choices: Array<{
    message: {
      content: string | null;
      tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
    };
    finish_reason: string;
  }>;
  usage: unknown;
};

/**
 * The same answer as Chat Completions chunks, as OpenAI streams them: a role chunk, the content word by
 * word, each tool call (id and name, then its arguments in two halves), the finish reason, the usage
 * chunk when `stream_options.include_usage` asks for it, then `[DONE]`.
 */
function streamChunks(completion: Completion, request: { body: unknown }): string[] {
  const base = {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
  };
  const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
  const delta = (value: unknown, finishReason: string | null = null) =>
    event({ ...base, choices: [{ index: 0, delta: value, finish_reason: finishReason, logprobs: null }] });
  const choice = completion.choices[0];
  const events = [delta({ role: 'assistant', content: '', refusal: null })];
  for (const piece of (choice?.message.content ?? '').split(/(?<= )/)) {
    if (piece !== '') events.push(delta({ content: piece }));
  }
  (choice?.message.tool_calls ?? []).forEach((call, index) => {
    events.push(
      delta({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      }),
    );
    const half = Math.ceil(call.function.arguments.length / 2);
    for (const part of [call.function.arguments.slice(0, half), call.function.arguments.slice(half)]) {
      if (part !== '') events.push(delta({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  events.push(delta({}, choice?.finish_reason ?? 'stop'));
  const options = (request.body as { stream_options?: { include_usage?: unknown } }).stream_options;
  if (options?.include_usage === true) events.push(event({ ...base, choices: [], usage: completion.usage }));
  events.push('data: [DONE]\n\n');
  return events;
}

const openAIFormat: FakeProviderFormat = {
  routes: {
    'GET /v1/models': () => ({
      object: 'list',
      data: [{ id: 'fake-model', object: 'model', created: 1_700_000_000, owned_by: 'strata-fake' }],
    }),
  },
  stream(reply, request) {
    return streamChunks(openAIFormat.success(reply, request) as Completion, request);
  },
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
