import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer } from '../testing/fake-anthropic-server.js';
import { fakeReply } from '../testing/fake-model-reply.js';
import type { FakeModelServer } from '../testing/fake-model-server.js';
import { createAnthropicChatModel } from './anthropic-chat-model.js';

describe('createAnthropicChatModel request shape', () => {
  let server: FakeModelServer | undefined;
  afterEach(async () => server?.close());

  it('moves system messages to `system`, merges tool results into user turns and forces the schema tool', async () => {
    server = await startFakeAnthropicServer({ script: [fakeReply.json({ ok: true })] });
    const model = createAnthropicChatModel({
      model: 'claude-x',
      baseURL: server.baseURL,
      apiKey: 'k-123456',
    });
    const result = await model.generate({
      messages: [
        { role: 'system', content: 'rules' },
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: 'checking',
          toolCalls: [{ id: 't1', type: 'function', function: { name: 'look', arguments: '{"at":1}' } }],
        },
        { role: 'tool', content: 'seen', toolCallId: 't1' },
        { role: 'user', content: 'so?' },
      ],
      schema: { name: 'answer', jsonSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      maxOutputTokens: 64,
    });
    expect(result.object).toEqual({ ok: true });
    expect(result.text).toBe('{"ok":true}');
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.system).toBe('rules');
    expect(body.max_tokens).toBe(64);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'answer' });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'checking' },
          { type: 'tool_use', id: 't1', name: 'look', input: { at: 1 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'seen' },
          { type: 'text', text: 'so?' },
        ],
      },
    ]);
  });

  it('wraps a non-object root schema in the forced tool and unwraps the answer', async () => {
    server = await startFakeAnthropicServer({ script: [fakeReply.json(['a', 'b'])] });
    const model = createAnthropicChatModel({ model: 'c', baseURL: server.baseURL, apiKey: 'k-123456' });
    const result = await model.generate({
      messages: [{ role: 'user', content: 'list' }],
      schema: { name: 'list', jsonSchema: { type: 'array', items: { type: 'string' } } },
    });
    expect(result.object).toEqual(['a', 'b']);
  });

  it('asks for JSON in the system prompt when tools are also given, keeping the model free to call them', async () => {
    server = await startFakeAnthropicServer({ script: [fakeReply.text('{"ok":false}')] });
    const model = createAnthropicChatModel({ model: 'c', baseURL: server.baseURL, apiKey: 'k-123456' });
    const result = await model.generate({
      messages: [{ role: 'user', content: 'x' }],
      schema: { name: 'answer', jsonSchema: { type: 'object' } },
      tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object' } } }],
    });
    expect(result.object).toEqual({ ok: false });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.tool_choice).toBeUndefined();
    expect(String(body.system)).toContain("JSON schema named 'answer'");
  });
});

describe('createAnthropicChatModel cache breakpoints', () => {
  let server: FakeModelServer | undefined;
  afterEach(async () => server?.close());

  it('puts cache_control on the blocks of messages marked as the end of a stable prefix', async () => {
    server = await startFakeAnthropicServer({
      script: [fakeReply.text('ok', { usage: { input: 900, cachedInput: 800, output: 1 } })],
    });
    const model = createAnthropicChatModel({ model: 'c', baseURL: server.baseURL, apiKey: 'k-123456' });
    const result = await model.generate({
      messages: [
        { role: 'system', content: 'stable rules', cacheBreakpoint: true },
        { role: 'system', content: 'changing state' },
        { role: 'user', content: 'old turn', cacheBreakpoint: true },
        { role: 'assistant', content: 'reply' },
        { role: 'user', content: 'new turn' },
      ],
    });
    expect(result.usage).toEqual({ input: 900, cachedInput: 800, output: 1 });
    const body = server.requests[0]?.body as { system: unknown; messages: Array<{ content: unknown[] }> };
    expect(body.system).toEqual([
      { type: 'text', text: 'stable rules', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'changing state' },
    ]);
    expect(body.messages[0]?.content).toEqual([
      { type: 'text', text: 'old turn', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body.messages[2]?.content).toEqual([{ type: 'text', text: 'new turn' }]);
  });
});
