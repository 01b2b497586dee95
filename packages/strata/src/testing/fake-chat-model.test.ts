import { describe, expect, it } from 'vitest';
import { StrataError } from '../errors/strata-error.js';
import { createFakeChatModel } from './fake-chat-model.js';

const schema = {
  name: 'count',
  jsonSchema: { type: 'object' },
  validate: (value: unknown) =>
    typeof (value as { n?: unknown })?.n === 'number'
      ? { ok: true as const, value: value as { n: number } }
      : { ok: false as const, issues: ['n: expected a number'] },
};

describe('createFakeChatModel', () => {
  it('answers in order and records every call', async () => {
    const model = createFakeChatModel({
      responses: ['one', { text: 'two', usage: { input: 5, output: 1 } }],
    });
    const first = await model.generate({ messages: [{ role: 'user', content: 'a' }] });
    const second = await model.generate({ messages: [{ role: 'user', content: 'b' }] });
    expect([first.text, second.text]).toEqual(['one', 'two']);
    expect(second.usage).toEqual({ input: 5, cachedInput: 0, output: 1 });
    expect(model.calls.map((call) => call.messages[0]?.content)).toEqual(['a', 'b']);
  });

  it('fails clearly when the script runs out', async () => {
    const model = createFakeChatModel({ responses: ['only'] });
    await model.generate({ messages: [] });
    await expect(model.generate({ messages: [] })).rejects.toThrow(/no response for call #2/);
  });

  it('validates structured answers like a real adapter', async () => {
    const model = createFakeChatModel({
      responses: [{ object: { n: 3 } }, { object: { n: 'x' } }, 'garbage'],
    });
    expect((await model.generate({ messages: [], schema })).object).toEqual({ n: 3 });
    await expect(model.generate({ messages: [], schema })).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
    });
    await expect(model.generate({ messages: [], schema })).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
      details: { problem: 'not-json' },
    });
  });

  it('computes answers with respond and throws scripted errors', async () => {
    const failure = new StrataError('MODEL_API_ERROR', 'scripted', { isRetryable: true });
    const model = createFakeChatModel({
      respond: (request, index) =>
        index === 0 ? failure : { toolCalls: [{ name: 'echo', arguments: { n: request.messages.length } }] },
    });
    await expect(model.generate({ messages: [] })).rejects.toBe(failure);
    const result = await model.generate({ messages: [{ role: 'user', content: 'x' }] });
    expect(result.toolCalls).toEqual([
      { id: 'call_fake_1_0', type: 'function', function: { name: 'echo', arguments: '{"n":1}' } },
    ]);
  });

  it('needs responses or respond', () => {
    expect(() => createFakeChatModel({})).toThrow(/responses/);
  });
});
