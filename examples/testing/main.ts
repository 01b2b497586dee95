// The test doubles of `@strata-memory/strata/testing`, each used once: a fake OpenAI-compatible server
// driven by a script and by a handler, the fake chat model, the request counter and the seeded random
// source. Run: `node --import tsx examples/testing/main.ts` (no network, no API key).
import {
  createMemory,
  createTiktokenTokenizer,
  type MessagesLayer,
  outputSchemaFromStandard,
  StrataError,
} from '@strata-memory/strata';
import { createOpenAIChatModel } from '@strata-memory/strata/openai';
import {
  countOpenAIRequestTokens,
  createFakeChatModel,
  createSeededRandom,
  fakeReply,
  startFakeOpenAIServer,
} from '@strata-memory/strata/testing';
import { z } from 'zod';

const tokenizer = createTiktokenTokenizer('o200k_base');

// 1. A script: one reply per request, in order. Here a 429 first, which the adapter retries.
const scripted = await startFakeOpenAIServer({
  script: [fakeReply.rateLimited(0.01), fakeReply.text('Hello from the script.')],
});
try {
  const model = createOpenAIChatModel({ model: 'fake-model', baseURL: scripted.baseURL, apiKey: 'test-key' });
  const result = await model.generate({ messages: [{ role: 'user', content: 'Hi' }] });
  console.log(`script: "${result.text}" after ${scripted.requests.length} requests (the 429 was retried)`);
  // A request beyond the script gets a 400 that says so: the adapter reports it as MODEL_API_ERROR.
  await model.generate({ messages: [{ role: 'user', content: 'Again' }] }).catch((error: unknown) => {
    if (StrataError.is(error)) console.log(`script exhausted: ${error.code}`);
  });
} finally {
  await scripted.close();
}

// 2. A handler: computes each reply from the request; with `tokenizer`, the server counts every prompt.
const handled = await startFakeOpenAIServer({
  tokenizer,
  handler: (request, index) => {
    const body = request.body as { messages: Array<{ role: string; content: string }> };
    const last = body.messages.at(-1)?.content ?? '';
    if (index === 0) return fakeReply.toolCalls([{ id: 'call_1', name: 'lookup', arguments: { order: 42 } }]);
    return fakeReply.text(`Answer ${index} to: ${last.slice(0, 30)}`, { usage: { output: 7 } });
  },
});
try {
  const model = createOpenAIChatModel({ model: 'fake-model', baseURL: handled.baseURL, apiKey: 'test-key' });
  const memory = createMemory({
    budget: 300,
    tokenizer,
    system: 'You are a terse assistant.',
    layers: [{ kind: 'messages', budget: 250 }],
  });
  const turns = memory.layer<MessagesLayer>('messages');
  turns.add({ role: 'user', content: 'Where is order 42?' });
  let context = await memory.assemble({ query: 'order 42' });
  const first = await model.generate({ messages: context.messages });
  console.log(
    `handler #0: tool call ${first.toolCalls[0]?.function.name}(${first.toolCalls[0]?.function.arguments})`,
  );
  turns.add({ role: 'assistant', content: first.text, toolCalls: first.toolCalls });
  turns.add({ role: 'tool', content: 'Order 42 shipped on Monday.', toolCallId: 'call_1' });
  context = await memory.assemble({ query: 'order 42' });
  const second = await model.generate({ messages: context.messages });
  console.log(`handler #1: "${second.text}"`);
  console.log(`Strata counted ${context.tokens} tokens; the server counted ${handled.promptTokens.at(-1)}`);
  console.log(`server's count of every prompt: ${handled.promptTokens.join(', ')} (budget 300)`);
  const recount = countOpenAIRequestTokens(handled.requests.at(-1)?.body, tokenizer);
  console.log(`countOpenAIRequestTokens on the last request body: ${recount}`);
  console.log(`usage reported: input ${second.usage.input}, output ${second.usage.output}`);
} finally {
  await handled.close();
}

// 3. The fake chat model: no server at all; answers from a script and records every call.
const fake = createFakeChatModel({
  responses: [{ object: { mood: 'happy' } }, 'plain text', new Error('boom')],
});
const mood = await fake.generate({
  messages: [{ role: 'user', content: 'How do you feel?' }],
  schema: outputSchemaFromStandard('mood', z.object({ mood: z.string() })),
});
console.log(
  `fake model: object ${JSON.stringify(mood.object)}, then "${(await fake.generate({ messages: [] })).text}"`,
);
await fake
  .generate({ messages: [] })
  .catch((error: Error) => console.log(`fake model: third call threw "${error.message}"`));
console.log(
  `fake model recorded ${fake.calls.length} calls; the first asked "${fake.calls[0]?.messages[0]?.content}"`,
);

// 4. The seeded random source: the same seed gives the same sequence.
const random = createSeededRandom(7);
const again = createSeededRandom(7);
const draws = [random(), random(), random()].map((value) => value.toFixed(4));
console.log(
  `seeded random (seed 7): ${draws.join(' ')}; replayed: ${[again(), again(), again()].map((value) => value.toFixed(4)).join(' ')}`,
);
