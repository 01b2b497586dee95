import { afterEach, describe, expect, it } from 'vitest';
import { fakeReply } from '../testing/fake-model-reply.js';
import type { FakeModelServer } from '../testing/fake-model-server.js';
import { startFakeOpenAIServer } from '../testing/fake-openai-server.js';
import { createOpenAIChatModel } from './openai-chat-model.js';

describe('createOpenAIChatModel request shape', () => {
  let server: FakeModelServer | undefined;
  afterEach(async () => server?.close());

  it('sends json_schema response_format, tools, tool turns and max_tokens for a compatible server', async () => {
    server = await startFakeOpenAIServer({ script: [fakeReply.json({ ok: true })] });
    const model = createOpenAIChatModel({
      model: 'local-model',
      baseURL: server.baseURL,
      apiKey: 'k-123456',
    });
    await model.generate({
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hi', name: 'ana' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
        },
        { role: 'tool', content: 'seen', toolCallId: 'c1' },
      ],
      schema: { name: 'answer', jsonSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      maxOutputTokens: 50,
      temperature: 0,
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.model).toBe('local-model');
    expect(body.max_tokens).toBe(50);
    expect(body.temperature).toBe(0);
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'answer',
        schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        strict: true,
      },
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'hi', name: 'ana' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
      },
      { role: 'tool', content: 'seen', tool_call_id: 'c1' },
    ]);
  });

  it('uses max_completion_tokens when asked', async () => {
    server = await startFakeOpenAIServer({ script: [fakeReply.text('x')] });
    const model = createOpenAIChatModel({
      model: 'm',
      baseURL: server.baseURL,
      apiKey: 'k-123456',
      maxTokensParameter: 'max_completion_tokens',
    });
    await model.generate({ messages: [{ role: 'user', content: 'x' }], maxOutputTokens: 9 });
    expect(server.requests[0]?.body).toMatchObject({ max_completion_tokens: 9 });
  });

  it('rejects a tool message without toolCallId before sending', async () => {
    server = await startFakeOpenAIServer({ script: [] });
    const model = createOpenAIChatModel({ model: 'm', baseURL: server.baseURL, apiKey: 'k-123456' });
    await expect(model.generate({ messages: [{ role: 'tool', content: 'x' }] })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
    });
    expect(server.requests).toHaveLength(0);
  });
});
