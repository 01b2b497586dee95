import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toOpenAIMessages } from '../adapters/to-openai-messages.js';
import { StrataError } from '../errors/strata-error.js';
import { createMemory } from '../memory/memory.js';
import type { ToolCall } from '../model/chat-model.js';
import { countOpenAIRequestTokens } from '../testing/count-openai-request.js';
import { countChatTokens, countMessageTokens } from '../tokenizer/count-chat-tokens.js';
import { createMessagesLayer, type MessagesLayer } from './messages-layer.js';
import { fitRequest, testTokenizer } from './test-request.js';

const call = (id: string, args = '{}'): ToolCall => ({
  id,
  type: 'function',
  function: { name: 'search', arguments: args },
});

function exchange(layer: MessagesLayer, id: string, result: string, args = '{"q":"x"}'): void {
  layer.add({ role: 'assistant', content: '', toolCalls: [call(id, args)] });
  layer.add({ role: 'tool', content: result, toolCallId: id });
}

describe('messages layer: tool turns', () => {
  it('keeps an assistant turn with tool calls and its results together at every budget', () => {
    const layer = createMessagesLayer({ maxTurns: 100 });
    layer.add({ role: 'user', content: 'find the order' });
    layer.add({ role: 'assistant', content: 'Looking.', toolCalls: [call('a'), call('b')] });
    layer.add({ role: 'tool', content: 'order 1 '.repeat(20), toolCallId: 'b' });
    layer.add({ role: 'tool', content: 'order 2 '.repeat(20), toolCallId: 'a' });
    layer.add({ role: 'user', content: 'and now?' });
    exchange(layer, 'c', 'shipped');
    for (let allowance = 0; allowance <= 260; allowance += 3) {
      const fit = layer.fit(fitRequest(allowance));
      expect(fit.tokens).toBeLessThanOrEqual(allowance);
      expect(fit.tokens).toBe(
        fit.messages.reduce((sum, message) => sum + countMessageTokens(message, testTokenizer), 0),
      );
      // Every kept tool result follows the assistant turn that made its call (or another result of it).
      fit.messages.forEach((message, index) => {
        if (message.role !== 'tool') return;
        let back = index - 1;
        while (back >= 0 && fit.messages[back]?.role === 'tool') back -= 1;
        expect(fit.messages[back]?.toolCalls?.map((item) => item.id)).toContain(message.toolCallId);
      });
      expect(fit.kept.length + fit.dropped.length).toBe(7);
    }
  });

  it('rejects a tool result that answers no open call, and a turn before the results are in', () => {
    const layer = createMessagesLayer();
    expect(() => layer.add({ role: 'tool', content: 'x', toolCallId: 'nope' })).toThrow(
      /answers no open call/,
    );
    layer.add({ role: 'assistant', content: '', toolCalls: [call('a'), call('b')] });
    expect(layer.pendingToolCalls).toEqual(['a', 'b']);
    layer.add({ role: 'tool', content: 'ok', toolCallId: 'a' });
    expect(() => layer.add({ role: 'user', content: 'hi' })).toThrow(/b have no result yet/);
    expect(() => layer.add({ role: 'tool', content: 'again', toolCallId: 'a' })).toThrow(StrataError);
    layer.add({ role: 'tool', content: 'ok', toolCallId: 'b' });
    layer.add({ role: 'user', content: 'hi' });
    expect(layer.turns.map((turn) => turn.role)).toEqual(['assistant', 'tool', 'tool', 'user']);
    expect(() => layer.add({ role: 'user', content: 'x', toolCalls: [call('z')] })).toThrow(
      /only 'assistant' turns/,
    );
    expect(() =>
      layer.add({
        role: 'assistant',
        content: 'x',
        toolCalls: [{ id: 'z', name: 'old', arguments: '{}' } as never],
      }),
    ).toThrow(/OpenAI's shape/);
  });

  it('forgets the oldest exchange as a whole when over maxTurns', () => {
    const layer = createMessagesLayer({ maxTurns: 3 });
    exchange(layer, 'a', 'first');
    layer.add({ role: 'user', content: 'u1' });
    layer.add({ role: 'assistant', content: 'a1' });
    // 4 turns > 3: the whole first exchange goes, not just its assistant turn.
    expect(layer.turns.map((turn) => turn.content)).toEqual(['u1', 'a1']);
    exchange(layer, 'b', 'second');
    expect(layer.turns.map((turn) => turn.role)).toEqual(['assistant', 'assistant', 'tool']);
  });

  it('maxTurns 0 keeps and sends no turn', async () => {
    const memory = createMemory({ budget: 300, system: 'Hi.', layers: [{ kind: 'messages', maxTurns: 0 }] });
    const layer = memory.layer<MessagesLayer>('messages');
    layer.add({ role: 'user', content: 'one' });
    layer.add({ role: 'assistant', content: 'two' });
    const context = await memory.assemble();
    expect(context.messages.map((message) => message.role)).toEqual(['system']);
    expect(layer.turns).toEqual([]);
  });

  it('cuts the results of a newest exchange that alone is over the budget, keeping the call whole', () => {
    const layer = createMessagesLayer();
    layer.add({ role: 'user', content: 'read the log' });
    exchange(layer, 'a', 'log line with many words '.repeat(200));
    const fit = layer.fit(fitRequest(120));
    expect(fit.messages.map((message) => message.role)).toEqual(['assistant', 'tool']);
    expect(fit.messages[0]?.toolCalls).toEqual([call('a', '{"q":"x"}')]);
    expect(fit.messages[1]?.content).toMatch(/\[…truncated\]$/);
    expect(fit.truncated.map((item) => item.id)).toEqual([layer.turns[2]?.id]);
    expect(fit.tokens).toBeLessThanOrEqual(120);
  });

  it('round-trips tool turns through snapshot and restore', () => {
    const layer = createMessagesLayer();
    layer.add({ role: 'user', content: 'q' });
    exchange(layer, 'a', 'r');
    const copy = createMessagesLayer();
    copy.restore(JSON.parse(JSON.stringify(layer.snapshot())));
    expect(copy.turns).toEqual(layer.turns);
    copy.add({ role: 'user', content: 'next' });
    expect(copy.turns.at(-1)?.id).toBe('t4');
  });
});

describe('messages layer: names (OpenAI rejects empty or spaced names)', () => {
  it('rejects an empty name or one OpenAI would refuse, with a message that says what is allowed', () => {
    const layer = createMessagesLayer();
    for (const name of ['', 'two words', 'a/b', '<|im_start|>', 'x'.repeat(65)]) {
      expect(() => layer.add({ role: 'user', content: 'hi', name })).toThrow(
        /'name' must be 1-64 characters/,
      );
    }
    layer.add({ role: 'user', content: 'hi', name: 'ana_2' });
    expect(layer.turns[0]?.name).toBe('ana_2');
  });

  it('counts a name in the request exactly as sent', async () => {
    const memory = createMemory({ budget: 200, layers: [{ kind: 'messages' }] });
    memory.layer<MessagesLayer>('messages').add({ role: 'user', content: 'Hello', name: 'ana' });
    const context = await memory.assemble();
    const wire = { messages: toOpenAIMessages(context) };
    expect(context.tokens).toBe(countOpenAIRequestTokens(wire, testTokenizer));
    expect(countMessageTokens({ role: 'user', content: 'x', name: '' }, testTokenizer)).toBe(
      countMessageTokens({ role: 'user', content: 'x' }, testTokenizer) + 1,
    );
  });
});

describe('messages layer: the budget holds with tool traffic', () => {
  it('never exceeds the budget, counts the request as the wire counter does, and never orphans a result', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom('日本語', '👩‍👩‍👧', 'word '.repeat(300), '{"a":[1,2,3]}'),
    );
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('user' as const),
        content: text,
        name: fc.option(fc.constantFrom('ana', 'bo_b'), { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('assistant' as const), content: text }),
      fc.record({
        kind: fc.constant('tools' as const),
        content: text,
        args: text,
        count: fc.integer({ min: 1, max: 3 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 12 }),
        fc.integer({ min: 40, max: 900 }),
        fc.integer({ min: 0, max: 15 }),
        async (steps, budget, maxTurns) => {
          const memory = createMemory({
            budget,
            system: 'Agent.',
            tokenizer: testTokenizer,
            layers: [
              { kind: 'messages', maxTurns, budget: 2000 },
              { kind: 'summary', budget: 100 },
            ],
          });
          const layer = memory.layer<MessagesLayer>('messages');
          steps.forEach((item, index) => {
            if (item.kind === 'user')
              layer.add({ role: 'user', content: item.content, ...(item.name ? { name: item.name } : {}) });
            else if (item.kind === 'assistant') layer.add({ role: 'assistant', content: item.content });
            else {
              const calls = Array.from({ length: item.count }, (_, position) =>
                call(`call_${index}_${position}`, JSON.stringify({ q: item.args })),
              );
              layer.add({ role: 'assistant', content: '', toolCalls: calls });
              for (const made of calls)
                layer.add({ role: 'tool', content: item.content, toolCallId: made.id });
            }
          });
          const context = await memory.assemble();
          const wire = { messages: toOpenAIMessages(context) };
          expect(context.tokens).toBe(countOpenAIRequestTokens(wire, testTokenizer));
          expect(context.tokens).toBe(countChatTokens(context.messages, testTokenizer));
          expect(context.tokens).toBeLessThanOrEqual(budget);
          const open = new Set<string>();
          for (const message of context.messages) {
            if (message.role === 'tool') {
              expect(open.has(message.toolCallId as string)).toBe(true);
              open.delete(message.toolCallId as string);
            } else {
              expect(open.size).toBe(0);
              for (const made of message.toolCalls ?? []) open.add(made.id);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
