// `@strata-memory/strata/ai-sdk`: a language-model middleware for the Vercel AI SDK's `wrapLanguageModel`.
// Each call's prompt is replaced by Strata's bounded assembly (the user's message becomes a turn of the
// memory's messages layer), and the reply and its usage are recorded. Also `toAiSdkMessages(context)` for
// calling generateText yourself. Needs `npm install ai` (7, Node 22+) and a provider package.
// Runnable without a key: the OpenAI-compatible provider talks to the fake OpenAI server of `/testing`.
// Run (Node 22 or 24): `node --import tsx examples/ai-sdk/main.ts`.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createMemory, createTiktokenTokenizer } from '@strata-memory/strata';
import { createStrataMiddleware, toAiSdkMessages } from '@strata-memory/strata/ai-sdk';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import { generateText, wrapLanguageModel } from 'ai';

const tokenizer = createTiktokenTokenizer('o200k_base');
const server = await startFakeOpenAIServer({
  tokenizer,
  handler: (_request, index) => fakeReply.text(`Answer ${index}: ${'try the rear door '.repeat(6)}`),
});

try {
  const budget = 220;
  const memory = createMemory({
    budget,
    tokenizer,
    system: 'You are a terse support agent.',
    layers: [{ kind: 'messages', budget: 2000 }],
  });
  const middleware = createStrataMiddleware({ memory });
  const provider = createOpenAICompatible({ name: 'example', baseURL: server.baseURL, apiKey: 'sk-example' });
  const model = wrapLanguageModel({ model: provider.chatModel('gpt-4o-mini'), middleware });

  for (let turn = 0; turn < 8; turn += 1) {
    await generateText({ model, prompt: `Question ${turn}: why does my printer jam on thick paper?` });
  }
  console.log(
    `8 calls; tokens Strata sent: ${middleware.calls.map((call) => call.tokens).join(', ')} (budget ${budget})`,
  );
  console.log(`the server's count of each: ${server.promptTokens.join(', ')}`);
  console.log(`usage recorded (input): ${middleware.calls.map((call) => call.usage.input).join(', ')}`);

  // Without the middleware: the assembled context as the SDK's prompt, system text in `instructions`.
  const context = await memory.assemble({ query: 'printer jam' });
  const { instructions, messages } = toAiSdkMessages(context);
  console.log(
    `toAiSdkMessages: ${instructions.length} instruction, ${messages.length} messages (${[...new Set(messages.map((message) => message.role))].join('/')})`,
  );
  const direct = await generateText({ model: provider.chatModel('gpt-4o-mini'), instructions, messages });
  console.log(
    `generateText with them: "${direct.text.slice(0, 24)}...", the server counted ${server.promptTokens.at(-1)} = context.tokens ${context.tokens}`,
  );
} finally {
  await server.close();
}
