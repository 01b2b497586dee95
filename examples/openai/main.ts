// `@strata-memory/strata/openai`: (1) `runOpenAIChatTurn` with the official `openai` SDK client: it sends
// toOpenAIMessages(context) and records the reply, tool calls included; (2) `createOpenAIChatModel`, Strata's
// ChatModel over the same SDK. Needs `npm install openai` (6 or 7).
// Runnable without a key: it talks to the fake OpenAI server of `/testing`. Against the real API, drop the
// server and `baseURL`, and set OPENAI_API_KEY.
// Run: `node --import tsx examples/openai/main.ts`.
import { createMemory, createTiktokenTokenizer, type MessagesLayer } from '@strata-memory/strata';
import { createOpenAIChatModel, runOpenAIChatTurn } from '@strata-memory/strata/openai';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import OpenAI from 'openai';

const tokenizer = createTiktokenTokenizer('o200k_base');
const server = await startFakeOpenAIServer({
  tokenizer, // the server counts every prompt it receives, independently of Strata
  script: [
    fakeReply.toolCalls([{ id: 'call_1', name: 'track_parcel', arguments: { parcel: 7 } }]),
    fakeReply.text('Parcel 7 is in Lyon and arrives tomorrow.'),
    fakeReply.text('You are welcome!'),
  ],
});
const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'track_parcel',
      description: 'Where a parcel is',
      parameters: { type: 'object', properties: { parcel: { type: 'number' } }, required: ['parcel'] },
    },
  },
];

try {
  const memory = createMemory({
    budget: 250,
    tokenizer,
    system: 'You are a parcel-tracking assistant.',
    layers: [{ kind: 'messages', budget: 200 }],
  });
  const turns = memory.layer<MessagesLayer>('messages');
  const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-example' });

  // 1. The official SDK. The reply asks for a tool: run it, add its result, call again without input.
  const first = await runOpenAIChatTurn({
    client,
    memory,
    model: 'gpt-4o-mini',
    input: 'Where is parcel 7?',
    params: { tools },
  });
  for (const call of first.reply.tool_calls ?? []) {
    console.log(`model called ${call.function?.name}(${call.function?.arguments})`);
    turns.add({ role: 'tool', content: '{"city":"Lyon","eta":"tomorrow"}', toolCallId: call.id });
  }
  const answer = await runOpenAIChatTurn({ client, memory, model: 'gpt-4o-mini', params: { tools } });
  console.log(`assistant: ${answer.reply.content}`);
  console.log(
    `sent ${first.context.tokens} and ${answer.context.tokens} tokens (budget 250); usage.input reported ${answer.usage.input}`,
  );
  console.log(`turns kept: ${turns.turns.map((turn) => turn.role).join(', ')}`);

  // 2. Strata's ChatModel over the same SDK (retries, timeouts, structured output).
  turns.add({ role: 'user', content: 'Thanks!' });
  const model = createOpenAIChatModel({
    model: 'gpt-4o-mini',
    baseURL: server.baseURL,
    apiKey: 'sk-example',
  });
  const result = await model.generate({ messages: (await memory.assemble({})).messages });
  console.log(
    `ChatModel: "${result.text}" (finish ${result.finishReason}, input ${result.usage.input} tokens)`,
  );
  console.log(`the server's count of each prompt: ${server.promptTokens.join(', ')}`);
} finally {
  await server.close();
}
