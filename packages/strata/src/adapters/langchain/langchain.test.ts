import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryDatabase, createInMemoryStore } from '../../store/in-memory/in-memory-store.js';
import { createSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { fakeReply } from '../../testing/fake-model-reply.js';
import { startFakeOpenAIServer } from '../../testing/fake-openai-server.js';
import { createTiktokenTokenizer } from '../../tokenizer/tiktoken-tokenizer.js';
import { StrataChatMessageHistory } from './strata-chat-message-history.js';
import { countLangChainTokens, createStrataTrim, createStrataTrimmer } from './strata-trimmer.js';

const tokenizer = createTiktokenTokenizer('o200k_base');

function history(turns: number): BaseMessage[] {
  const messages: BaseMessage[] = [new SystemMessage('You are a terse support agent.')];
  for (let index = 0; index < turns; index += 1) {
    messages.push(new HumanMessage(`question ${index}: ${'why is the parcel late '.repeat(index % 5)}`));
    if (index % 3 === 2) {
      const id = `call_${index}`;
      messages.push(
        new AIMessage({ content: '', tool_calls: [{ id, name: 'track', args: { parcel: index } }] }),
      );
      messages.push(new ToolMessage({ content: `parcel ${index}: in transit`, tool_call_id: id }));
    }
    messages.push(new AIMessage(`answer ${index}`));
  }
  return messages;
}

describe('LangChain.js: createStrataTrimmer in place of trimMessages', () => {
  it('in a chain with ChatOpenAI: every request the server got is within the budget by its own count', async () => {
    const server = await startFakeOpenAIServer({ tokenizer, handler: () => fakeReply.text('noted') });
    try {
      const budget = 160;
      const trim = createStrataTrim({ budget, tokenizer });
      const model = new ChatOpenAI({
        model: 'fake-model',
        apiKey: 'test-key',
        configuration: { baseURL: server.baseURL },
        maxRetries: 0,
      });
      const chain = createStrataTrimmer({ budget, tokenizer }).pipe(model);
      const expected: number[] = [];
      for (const turns of [1, 4, 9, 20, 40]) {
        const messages = history(turns);
        const reply = await chain.invoke(messages);
        expect(reply.content).toBe('noted');
        expected.push(trim(messages).tokens);
      }
      expect(server.promptTokens).toHaveLength(5);
      for (const tokens of server.promptTokens) expect(tokens).toBeLessThanOrEqual(budget);
      // What LangChain put on the wire is exactly what Strata counted.
      expect(server.promptTokens).toEqual(expected);
      const last = server.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
      expect(last.messages[0]).toEqual({ role: 'system', content: 'You are a terse support agent.' });
      expect(last.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'answer 39' });
    } finally {
      await server.close();
    }
  });

  it('keeps the system message and a suffix of whole exchanges, exactly counted, at any budget', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 20, max: 600 }), (turns, budget) => {
        const messages = history(turns);
        const result = createStrataTrim({ budget, tokenizer })(messages);
        expect(result.tokens).toBe(countLangChainTokens(result.messages, tokenizer));
        expect(result.tokens).toBeLessThanOrEqual(budget);
        expect(result.messages[0]).toBe(messages[0]);
        const kept = result.messages.slice(1);
        expect(kept[0]?.getType()).not.toBe('tool');
        // A suffix: kept messages are the same objects as the newest ones (only a cut one is new).
        const tail = messages.slice(messages.length - kept.length);
        kept.forEach((message, index) => {
          if (result.truncated === 0) expect(message).toBe(tail[index]);
        });
        expect(kept.length + result.dropped).toBe(messages.length - 1);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses content it cannot count and a budget below the system messages', () => {
    const trim = createStrataTrim({ budget: 100, tokenizer });
    const image = new HumanMessage({ content: [{ type: 'image_url', image_url: { url: 'data:,' } }] });
    expect(() => trim([image])).toThrow(/only text can be counted/);
    expect(() =>
      createStrataTrim({ budget: 5, tokenizer })([new SystemMessage('a long system prompt here')]),
    ).toThrow(/above the budget of 5/);
  });
});

describe('LangChain.js: StrataChatMessageHistory', () => {
  it('keeps messages (tool calls included) in a Strata store across instances', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'strata-langchain-'));
    try {
      const path = join(directory, 'history.db');
      const first = new StrataChatMessageHistory({ store: createSqliteStore({ path }), sessionId: 'chat-1' });
      await first.addUserMessage('Where is parcel 7?');
      await first.addMessages([
        new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'track', args: { parcel: 7 } }] }),
        new ToolMessage({ content: 'in transit', tool_call_id: 'c1' }),
        new AIMessage('It is in transit.'),
      ]);
      const again = new StrataChatMessageHistory({ store: createSqliteStore({ path }), sessionId: 'chat-1' });
      const messages = await again.getMessages();
      expect(messages.map((message) => message.getType())).toEqual(['human', 'ai', 'tool', 'ai']);
      expect((messages[1] as AIMessage).tool_calls?.[0]).toMatchObject({
        id: 'c1',
        name: 'track',
        args: { parcel: 7 },
      });
      expect((messages[2] as ToolMessage).tool_call_id).toBe('c1');
      await again.clear();
      expect(await first.getMessages()).toEqual([]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('loses no message when two writers add at once (compare-and-swap, retried)', async () => {
    const database = createInMemoryDatabase();
    const writers = [0, 1, 2].map(
      () => new StrataChatMessageHistory({ store: createInMemoryStore({ database }), sessionId: 'shared' }),
    );
    await Promise.all(
      writers.flatMap((writer, index) =>
        [0, 1, 2, 3].map((position) => writer.addUserMessage(`writer ${index} message ${position}`)),
      ),
    );
    const messages = await writers[0]?.getMessages();
    expect(messages).toHaveLength(12);
  });
});
