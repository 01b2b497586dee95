import Anthropic from '@anthropic-ai/sdk';
import { fakeReply } from '@strata-memory/strata/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

type WireBody = {
  messages: Array<{ role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
  tools?: Array<{ function: { name: string } }>;
  stream?: boolean;
};

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const lookupTool = {
  name: 'lookup_order',
  description: 'Finds an order.',
  input_schema: { type: 'object' as const, properties: { id: { type: 'string' } }, required: ['id'] },
};

describe('strata serve: Anthropic POST /v1/messages with the same memory', () => {
  it('answers the official Anthropic SDK, JSON and streaming, with tool use, state updates and the budget', async () => {
    const BUDGET = 400;
    const script = [
      // 1: the model records state (the gateway answers it), 2: then replies.
      fakeReply.toolCalls([{ name: 'update_state', arguments: { name: 'Ana' } }]),
      fakeReply.text('Hello Ana.'),
      // 3: the client's own tool.
      fakeReply.toolCalls([{ id: 'call_1', name: 'lookup_order', arguments: { id: 'A-7' } }]),
      // 4: after the tool result, a streamed reply.
      fakeReply.text('Order A-7 ships tomorrow.'),
      // 5: a streamed tool call.
      fakeReply.toolCalls([{ id: 'call_2', name: 'lookup_order', arguments: { id: 'B-9' } }]),
    ];
    running = await startTestGateway({ script }, { budget: BUDGET, auth: true });
    const { key } = await running.gateway.keys.create('acme');
    const client = new Anthropic({
      baseURL: running.url,
      apiKey: key,
      maxRetries: 0,
      defaultHeaders: { 'x-strata-session': 'anthropic-1' },
    });
    const system = 'You are a support agent.';
    const first = await client.messages.create({
      model: 'fake-model',
      max_tokens: 100,
      system,
      messages: [{ role: 'user', content: 'Hi, I am Ana.' }],
    });
    expect(first.content).toEqual([{ type: 'text', text: 'Hello Ana.' }]);
    expect(first.stop_reason).toBe('end_turn');

    const second = await client.messages.create({
      model: 'fake-model',
      max_tokens: 100,
      system,
      tools: [lookupTool],
      messages: [{ role: 'user', content: 'Where is order A-7?' }],
    });
    expect(second.stop_reason).toBe('tool_use');
    expect(second.content).toEqual([
      { type: 'tool_use', id: 'call_1', name: 'lookup_order', input: { id: 'A-7' } },
    ]);

    // The client sends its whole history; the gateway stores only what is new.
    const stream = client.messages.stream({
      model: 'fake-model',
      max_tokens: 100,
      system,
      tools: [lookupTool],
      messages: [
        { role: 'user', content: 'Hi, I am Ana.' },
        { role: 'assistant', content: 'Hello Ana.' },
        { role: 'user', content: 'Where is order A-7?' },
        { role: 'assistant', content: second.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'shipping 2026-12-02' }],
        },
      ],
    });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const streamed = await stream.finalMessage();
    expect(texts.join('')).toBe('Order A-7 ships tomorrow.');
    expect(texts.length).toBeGreaterThan(1);
    expect(streamed.content).toEqual([{ type: 'text', text: 'Order A-7 ships tomorrow.' }]);
    expect(streamed.stop_reason).toBe('end_turn');

    const toolStream = await client.messages
      .stream({
        model: 'fake-model',
        max_tokens: 100,
        tools: [lookupTool],
        messages: [{ role: 'user', content: 'And B-9?' }],
      })
      .finalMessage();
    expect(toolStream.content).toEqual([
      { type: 'tool_use', id: 'call_2', name: 'lookup_order', input: { id: 'B-9' } },
    ]);
    expect(toolStream.stop_reason).toBe('tool_use');

    const bodies = running.upstream.requests.map((request) => request.body as WireBody);
    expect(bodies).toHaveLength(5);
    for (const tokens of running.upstream.promptTokens) expect(tokens).toBeLessThanOrEqual(BUDGET);
    // The state the model recorded on the first request is in every later one, after the system prompt.
    for (const body of bodies.slice(1)) {
      expect(body.messages[0]).toEqual({ role: 'system', content: system });
      expect(body.messages[1]?.content).toContain('"name":"Ana"');
    }
    // The tool result reached the upstream as a tool message answering the call, once.
    const fourth = bodies[3]?.messages ?? [];
    expect(
      fourth.filter((message) => message.role === 'tool' && message.tool_call_id === 'call_1'),
    ).toHaveLength(1);
    expect(fourth.filter((message) => message.content === 'Hi, I am Ana.')).toHaveLength(1);
    expect(bodies[3]?.stream).toBe(true);
    expect(bodies[2]?.tools?.map((tool) => tool.function.name)).toEqual(['lookup_order', 'update_state']);
  });

  it("answers bad input and a bad key in Anthropic's error shape", async () => {
    running = await startTestGateway({ script: [] }, { auth: true });
    const { key } = await running.gateway.keys.create('acme');
    const wrong = new Anthropic({ baseURL: running.url, apiKey: `${key}x`, maxRetries: 0 });
    await expect(
      wrong.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const response = await fetch(`${running.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'no max_tokens' }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('max_tokens'),
        code: 'INPUT_INVALID',
      },
    });
  });
});
