import type { FakeModelServer, FakeModelServerOptions, FakeProviderFormat } from './fake-model-server.js';
import { fakeUsage, startFakeModelServer } from './fake-model-server.js';

interface AnthropicRequestBody {
  model?: string;
  tool_choice?: { type?: string; name?: string };
}

const anthropicFormat: FakeProviderFormat = {
  label: 'Anthropic',
  endpoint: '/v1/messages',
  baseURLPath: '',
  error: (status, message) => ({
    type: 'error',
    error: {
      type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
      message,
    },
  }),
  success(reply, request) {
    const body = (request.body ?? {}) as AnthropicRequestBody;
    const content: unknown[] = [];
    let stopReason = 'end_turn';
    if (reply.type === 'text') {
      content.push({ type: 'text', text: reply.text });
      if (reply.finishReason) stopReason = reply.finishReason;
    } else if (reply.type === 'json') {
      const forced = body.tool_choice?.type === 'tool' ? body.tool_choice.name : undefined;
      if (forced) {
        // A forced tool's input must be an object; other values travel wrapped, as the adapter expects.
        const isObject =
          typeof reply.value === 'object' && reply.value !== null && !Array.isArray(reply.value);
        content.push({
          type: 'tool_use',
          id: `toolu_fake_${request.index}`,
          name: forced,
          input: isObject ? reply.value : { value: reply.value },
        });
        stopReason = 'tool_use';
      } else {
        content.push({ type: 'text', text: JSON.stringify(reply.value) });
      }
    } else {
      if (reply.text) content.push({ type: 'text', text: reply.text });
      reply.toolCalls.forEach((call, index) => {
        const input = typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments;
        content.push({
          type: 'tool_use',
          id: call.id ?? `toolu_fake_${request.index}_${index}`,
          name: call.name,
          input,
        });
      });
      stopReason = 'tool_use';
    }
    const usage = fakeUsage(reply.usage, request, JSON.stringify(content));
    return {
      id: `msg_fake_${request.index}`,
      type: 'message',
      role: 'assistant',
      model: body.model ?? 'fake-model',
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: {
        input_tokens: Math.max(0, usage.input - usage.cachedInput),
        output_tokens: usage.output,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: usage.cachedInput,
      },
    };
  },
};

/**
 * A fake Anthropic Messages server (`POST /v1/messages`) on 127.0.0.1, an ephemeral port.
 * Pass `server.baseURL` to `createAnthropicChatModel`. Records every request body.
 * A `fakeReply.json(value)` answers a forced-tool (structured output) request with a `tool_use`.
 */
export function startFakeAnthropicServer(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
  return startFakeModelServer(anthropicFormat, options);
}
