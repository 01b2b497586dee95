import type { FakeModelReply, FakeServerRequest } from '@strata-memory/strata/testing';
import { fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

const BUDGET = 600;
const TURNS = 300;
const lookupTool: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'lookup',
    description: 'Looks up an order',
    parameters: { type: 'object', properties: { order: { type: 'number' } } },
  },
};

type WireMessage = {
  role: string;
  content?: string | null;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string } }>;
};

// The upstream model: every 10th turn (3, 13, ...) it records state with update_state; every 10th turn
// (5, 15, ...) it calls the client's own `lookup` tool; otherwise it answers in words numbered in order.
function answerText(turn: number): string {
  return `answer ${turn}: ${Array.from({ length: 12 }, (_, index) => `w${index}`).join(' ')}`;
}
function upstreamModel(request: FakeServerRequest): FakeModelReply {
  const messages = (request.body as { messages: WireMessage[] }).messages;
  const last = messages.at(-1);
  const userTurn = [...messages].reverse().find((message) => message.role === 'user');
  const turn = Number(/turn (\d+)/.exec(String(userTurn?.content ?? ''))?.[1] ?? -1);
  if (last?.role === 'tool') {
    const answered = messages.find((message) =>
      message.tool_calls?.some((call) => call.id === last.tool_call_id),
    );
    const name = answered?.tool_calls?.find((call) => call.id === last.tool_call_id)?.function.name;
    return fakeReply.text(name === 'lookup' ? `order ${turn} looked up: ${last.content}` : answerText(turn));
  }
  if (turn % 10 === 3) {
    return fakeReply.toolCalls([
      {
        id: `state_${turn}`,
        name: 'update_state',
        arguments: { lastNoted: turn, [`slot${turn % 7}`]: turn },
      },
    ]);
  }
  if (turn % 10 === 5)
    return fakeReply.toolCalls([{ id: `call_${turn}`, name: 'lookup', arguments: { order: turn } }]);
  return fakeReply.text(answerText(turn));
}

function expectedState(turns: number) {
  const state: Record<string, number> = {};
  for (let turn = 0; turn < turns; turn += 1) {
    if (turn % 10 !== 3) continue;
    state.lastNoted = turn;
    state[`slot${turn % 7}`] = turn;
  }
  return state;
}

function userText(turn: number) {
  return `turn ${turn}: please keep track of order ${turn}, it ships ${turn % 3 === 0 ? 'today' : 'tomorrow'} and the customer asked twice about it`;
}

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function checkUpstream(gateway: TestGateway) {
  const { upstream } = gateway;
  expect(upstream.promptTokens.length).toBe(
    upstream.requests.filter((request) => request.path === '/v1/chat/completions').length,
  );
  for (const tokens of upstream.promptTokens) expect(tokens).toBeLessThanOrEqual(BUDGET);
  for (const request of upstream.requests) {
    const body = request.body as { messages: WireMessage[]; tools: Array<{ function: { name: string } }> };
    // The bounded assembly, never the raw history: the first turn is long gone by turn 30.
    if (request.index > 60)
      expect(body.messages.some((message) => String(message.content).includes('turn 0:'))).toBe(false);
    expect(body.tools.map((tool) => tool.function.name)).toEqual(['lookup', 'update_state']);
  }
}

describe('the official openai SDK against strata serve', () => {
  it('keeps a 300-turn conversation (whole history sent every turn) within the budget, with tool calls and state updates', async () => {
    running = await startTestGateway({ handler: upstreamModel }, { budget: BUDGET });
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'unused-no-auth', maxRetries: 0 });
    const history: ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You are a terse order assistant.' },
    ];
    let clientToolCalls = 0;
    for (let turn = 0; turn < TURNS; turn += 1) {
      history.push({ role: 'user', content: userText(turn) });
      let reply = await client.chat.completions.create(
        { model: 'fake-model', messages: history, tools: [lookupTool] },
        { headers: { 'x-strata-session': 'conversation-1' } },
      );
      let message = reply.choices[0]?.message;
      expect(
        message?.tool_calls?.some(
          (call) => call.type === 'function' && call.function.name === 'update_state',
        ),
      ).not.toBe(true);
      if (message?.tool_calls?.length) {
        clientToolCalls += 1;
        const call = message.tool_calls[0];
        expect(call).toMatchObject({
          id: `call_${turn}`,
          type: 'function',
          function: { name: 'lookup', arguments: `{"order":${turn}}` },
        });
        expect(reply.choices[0]?.finish_reason).toBe('tool_calls');
        history.push(message);
        history.push({ role: 'tool', tool_call_id: call?.id ?? '', content: `order ${turn} is in transit` });
        reply = await client.chat.completions.create(
          { model: 'fake-model', messages: history, tools: [lookupTool] },
          { headers: { 'x-strata-session': 'conversation-1' } },
        );
        message = reply.choices[0]?.message;
        expect(message?.content).toBe(`order ${turn} looked up: order ${turn} is in transit`);
      } else {
        expect(message?.content).toBe(answerText(turn));
      }
      if (message) history.push(message);
    }
    expect(clientToolCalls).toBe(30);
    checkUpstream(running);
    const session = await running.gateway.sessions.load('default', 'conversation-1', {
      budget: BUDGET,
      maxTurns: 200,
      defaultSystem: '',
    });
    expect(session.state).toEqual(expectedState(TURNS));
    // Every turn stored once: 300 user + 300 final replies + 30 x (tool call + client tool result)
    // + 30 x (state call + its result), though the client resent its whole history every time.
    expect(session.snapshot.turnCount).toBe(300 + 300 + 60 + 60);
    expect(session.system).toBe('You are a terse order assistant.');
    // The tool exchange reached upstream intact (the client's call id and result).
    const toolRequest = running.upstream.requests.find((request) =>
      (request.body as { messages: WireMessage[] }).messages.some(
        (message) => message.tool_call_id === 'call_5',
      ),
    );
    expect((toolRequest?.body as { messages: WireMessage[] } | undefined)?.messages.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_5', type: 'function', function: { name: 'lookup', arguments: '{"order":5}' } },
        ],
      },
      { role: 'tool', content: 'order 5 is in transit', tool_call_id: 'call_5' },
    ]);
  });

  it('streams a 300-turn conversation (only the new turn sent) with chunks in order, the usage chunk, tool calls and state updates', async () => {
    running = await startTestGateway({ handler: upstreamModel }, { budget: BUDGET });
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'unused-no-auth', maxRetries: 0 });
    const headers = { 'x-strata-session': 'stream-1' };
    const ask = async (messages: ChatCompletionMessageParam[]) => {
      const before = running?.upstream.promptTokens.length ?? 0;
      const stream = await client.chat.completions.create(
        {
          model: 'fake-model',
          messages,
          tools: [lookupTool],
          stream: true,
          stream_options: { include_usage: true },
        },
        { headers },
      );
      let content = '';
      const calls: Array<{ id?: string; name?: string; arguments: string }> = [];
      let finish: string | null = null;
      let usage: { prompt_tokens: number } | undefined;
      let chunks = 0;
      for await (const chunk of stream) {
        chunks += 1;
        expect(usage).toBeUndefined(); // the usage chunk comes last
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices[0];
        content += choice?.delta.content ?? '';
        for (const part of choice?.delta.tool_calls ?? []) {
          const call = calls[part.index] ?? { arguments: '' };
          calls[part.index] = call;
          if (part.id) call.id = part.id;
          if (part.function?.name) call.name = part.function.name;
          call.arguments += part.function?.arguments ?? '';
        }
        if (choice?.finish_reason) finish = choice.finish_reason;
      }
      const rounds = running?.upstream.promptTokens.slice(before) ?? [];
      expect(usage?.prompt_tokens).toBe(rounds.reduce((sum, tokens) => sum + tokens, 0));
      return { content, calls, finish, chunks };
    };
    for (let turn = 0; turn < TURNS; turn += 1) {
      let answer = await ask([{ role: 'user', content: userText(turn) }]);
      if (turn % 10 === 5) {
        expect(answer.calls).toEqual([
          { id: `call_${turn}`, name: 'lookup', arguments: `{"order":${turn}}` },
        ]);
        expect(answer.finish).toBe('tool_calls');
        answer = await ask([
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: `call_${turn}`,
                type: 'function',
                function: { name: 'lookup', arguments: `{"order":${turn}}` },
              },
            ],
          },
          { role: 'tool', tool_call_id: `call_${turn}`, content: `order ${turn} is in transit` },
        ]);
        expect(answer.content).toBe(`order ${turn} looked up: order ${turn} is in transit`);
      } else {
        // Word by word, in order: the concatenation is the upstream's text exactly.
        expect(answer.content).toBe(answerText(turn));
        expect(answer.calls).toEqual([]);
        expect(answer.chunks).toBeGreaterThan(12);
      }
      expect(answer.finish).toBe('stop');
    }
    checkUpstream(running);
    const session = await running.gateway.sessions.load('default', 'stream-1', {
      budget: BUDGET,
      maxTurns: 200,
      defaultSystem: '',
    });
    expect(session.state).toEqual(expectedState(TURNS));
    expect(session.snapshot.turnCount).toBe(300 + 300 + 60 + 60);
  });
});
