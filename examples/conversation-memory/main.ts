// createConversationMemory: a chat agent's memory of one long conversation. Every turn is kept; for each
// question the turns most likely to hold the answer are packed under the budget, with session date headers.
// It compares with the window baseline and restores from a store after a "restart".
// Run: `node --import tsx examples/conversation-memory/main.ts`.
import {
  type ConversationTurn,
  createConversationMemory,
  createInMemoryDatabase,
  createInMemoryStore,
  createWindowConversationMemory,
} from '@strata-memory/strata';

const smallTalk = [
  'Morning! How was your weekend, anything fun going on?',
  'Pretty quiet, mostly cleaning the flat and catching up on sleep.',
  'Nice, sometimes a slow weekend is exactly what you need honestly.',
  'Totally. Work has been hectic lately so I welcomed the break.',
];

// Twenty sessions of small talk between Ana and Ben; one fact is said once, in session 3.
const turns: ConversationTurn[] = [];
for (let session = 1; session <= 20; session += 1) {
  const lines = [...smallTalk];
  if (session === 3) lines.splice(2, 0, 'Guess what, I adopted a greyhound called Biscuit from the shelter!');
  lines.forEach((text, position) => {
    turns.push({
      id: `D${session}:${position + 1}`,
      speaker: position % 2 === 0 ? 'Ana' : 'Ben',
      text,
      sessionId: `S${session}`,
      time: `10:00 am on ${session} March, 2024`,
    });
  });
}

const database = createInMemoryDatabase(); // stands in for SQLite or Postgres here
const memory = createConversationMemory({
  budget: 200, // tokens of the whole context, the question included
  persistence: { store: createInMemoryStore({ database }), namespace: 'chat/ana-ben' },
});
const window = createWindowConversationMemory({ budget: 200 });
for (const turn of turns) {
  memory.addTurn(turn);
  window.addTurn(turn);
}

const query = 'What is the name of the dog Ana adopted?';
const context = await memory.assemble({ query });
console.log(`${memory.turnCount} turns; layered context: ${context.tokens} / ${context.budget} tokens`);
console.log(`turns included: ${context.turnIds.join(', ')}`);
console.log('--- context text ---');
console.log(context.text);
console.log('--- end ---');
const baseline = await window.assemble({ query });
console.log(
  `window baseline: ${baseline.tokens} tokens, turns ${baseline.turnIds[0]}..${baseline.turnIds.at(-1)}, has the fact: ${baseline.text.includes('Biscuit')}`,
);

// After a restart: a new memory on the same store replays the saved turns.
await memory.flush();
const restarted = createConversationMemory({
  budget: 200,
  persistence: { store: createInMemoryStore({ database }), namespace: 'chat/ana-ben' },
});
const restored = await restarted.restore();
const again = await restarted.assemble({ query });
console.log(`restored ${restored} turns; same context: ${again.text === context.text}`);
