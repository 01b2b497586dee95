// `@strata-memory/strata/langchain`: (1) `createStrataTrimmer`, a Runnable in place of LangChain's
// `trimMessages` in a chain: messages in, the system message and the newest whole exchanges out, exactly
// counted under the budget (tool calls kept with their results); (2) `StrataChatMessageHistory`, a chat
// message history on any Strata store. Needs `npm install @langchain/core` (here with @langchain/openai).
// Runnable without a key: ChatOpenAI talks to the fake OpenAI server of `/testing`.
// Run: `node --import tsx examples/langchain/main.ts`.
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { createInMemoryStore, createTiktokenTokenizer } from '@strata-memory/strata';
import {
  createStrataTrim,
  createStrataTrimmer,
  StrataChatMessageHistory,
} from '@strata-memory/strata/langchain';
import { fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';

const tokenizer = createTiktokenTokenizer('o200k_base');
const server = await startFakeOpenAIServer({ tokenizer, handler: () => fakeReply.text('Noted.') });

try {
  // A long history: 30 exchanges, every third one with a tool call and its result.
  const history: BaseMessage[] = [new SystemMessage('You are a terse support agent.')];
  for (let index = 0; index < 30; index += 1) {
    history.push(new HumanMessage(`question ${index}: why is parcel ${index} late?`));
    if (index % 3 === 2) {
      history.push(
        new AIMessage({
          content: '',
          tool_calls: [{ id: `call_${index}`, name: 'track', args: { parcel: index } }],
        }),
      );
      history.push(
        new ToolMessage({ content: `parcel ${index}: in transit`, tool_call_id: `call_${index}` }),
      );
    }
    history.push(new AIMessage(`answer ${index}`));
  }

  // 1. In a chain: trimmer, then the model. The server counts what it received.
  const budget = 200;
  const model = new ChatOpenAI({
    model: 'gpt-4o-mini',
    apiKey: 'sk-example',
    configuration: { baseURL: server.baseURL },
  });
  const chain = createStrataTrimmer({ budget, tokenizer }).pipe(model);
  const reply = await chain.invoke(history);
  const trimmed = createStrataTrim({ budget, tokenizer })(history); // the same trim, with its accounting
  console.log(
    `history: ${history.length} messages; sent ${trimmed.messages.length}, ${trimmed.tokens} tokens (budget ${budget})`,
  );
  console.log(`first kept after the system message: "${trimmed.messages[1]?.content}"`);
  console.log(`the server counted ${server.promptTokens[0]} tokens; reply "${reply.content}"`);

  // 2. A chat message history kept in a Strata store (here in memory; SQLite or Postgres the same way).
  const store = createInMemoryStore();
  const chat = new StrataChatMessageHistory({ store, sessionId: 'chat-1' });
  await chat.addUserMessage('Where is parcel 7?');
  await chat.addMessages([
    new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'track', args: { parcel: 7 } }] }),
    new ToolMessage({ content: 'in transit', tool_call_id: 'c1' }),
    new AIMessage('It is in transit.'),
  ]);
  const reloaded = await new StrataChatMessageHistory({ store, sessionId: 'chat-1' }).getMessages();
  console.log(`history reloaded from the store: ${reloaded.map((message) => message.getType()).join(', ')}`);
} finally {
  await server.close();
}
