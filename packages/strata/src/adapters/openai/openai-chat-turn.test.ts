import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { MessagesLayer } from '../../layers/messages-layer.js';
import type { ObservationLayer } from '../../layers/observation-layer.js';
import { createMemory } from '../../memory/memory.js';
import { fakeReply } from '../../testing/fake-model-reply.js';
import { startFakeOpenAIServer } from '../../testing/fake-openai-server.js';
import { createTiktokenTokenizer } from '../../tokenizer/tiktoken-tokenizer.js';
import { runOpenAIChatTurn } from './openai-chat-turn.js';

const tokenizer = createTiktokenTokenizer('o200k_base');
const BUDGET = 200;
const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'track',
      description: 'Tracks a parcel',
      parameters: { type: 'object', properties: { parcel: { type: 'number' } } },
    },
  },
];

describe('the official openai SDK with toOpenAIMessages', () => {
  it('sends the bounded assembly and feeds the reply back, tool calls included, within the budget', async () => {
    const server = await startFakeOpenAIServer({
      tokenizer,
      handler: (request, index) => {
        const messages = (request.body as { messages: Array<{ role: string }> }).messages;
        if (index === 3)
          return fakeReply.toolCalls([{ id: 'call_7', name: 'track', arguments: { parcel: 7 } }]);
        return fakeReply.text(
          messages.some((message) => message.role === 'tool')
            ? 'Parcel 7 is in transit.'
            : `reply ${index} ${'and more '.repeat(8)}`,
        );
      },
    });
    try {
      const memory = createMemory({
        budget: BUDGET,
        tokenizer,
        system: 'You are a terse support agent.',
        layers: [{ kind: 'messages' }, { kind: 'observation', budget: 40 }],
      });
      memory.layer<ObservationLayer<string>>('observation').set('customer: Ana');
      const turns = memory.layer<MessagesLayer>('messages');
      const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key', maxRetries: 0 });
      const sent: number[] = [];
      for (let turn = 0; turn < 4; turn += 1) {
        const result = await runOpenAIChatTurn({
          client,
          memory,
          model: 'fake-model',
          input: `question ${turn}: ${'where is it '.repeat(5)}`,
          params: { tools },
        });
        sent.push(result.context.tokens);
        if (turn === 3) {
          expect(result.turn.toolCalls).toEqual([
            { id: 'call_7', type: 'function', function: { name: 'track', arguments: '{"parcel":7}' } },
          ]);
          for (const call of result.reply.tool_calls ?? [])
            turns.add({ role: 'tool', content: 'in transit', toolCallId: call.id });
          const answer = await runOpenAIChatTurn({ client, memory, model: 'fake-model', params: { tools } });
          sent.push(answer.context.tokens);
          expect(answer.reply.content).toBe('Parcel 7 is in transit.');
          expect(answer.usage.input).toBe(answer.context.tokens);
        }
      }
      expect(server.promptTokens).toEqual(sent);
      for (const tokens of server.promptTokens) expect(tokens).toBeLessThanOrEqual(BUDGET);
      const last = server.requests.at(-1)?.body as { messages: Array<Record<string, unknown>> };
      const assistant = last.messages.find((message) => Array.isArray(message.tool_calls));
      expect(assistant?.tool_calls).toEqual([
        { id: 'call_7', type: 'function', function: { name: 'track', arguments: '{"parcel":7}' } },
      ]);
      expect(last.messages.find((message) => message.role === 'tool')).toEqual({
        role: 'tool',
        content: 'in transit',
        tool_call_id: 'call_7',
      });
      expect(turns.turns.at(-1)).toMatchObject({ role: 'assistant', content: 'Parcel 7 is in transit.' });
    } finally {
      await server.close();
    }
  });
});
