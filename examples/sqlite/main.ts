// `@strata-memory/strata/sqlite`: a memory that commits every step to one SQLite file and resumes after a
// restart, lessons included. Needs `npm install better-sqlite3`.
// Run: `node --import tsx examples/sqlite/main.ts` (it writes to a temporary folder and removes it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemory, type LessonsLayer, type Memory, type WindowLayer } from '@strata-memory/strata';
import { createSqliteStore, latestSqliteSchemaVersion } from '@strata-memory/strata/sqlite';

const folder = mkdtempSync(join(tmpdir(), 'strata-sqlite-example-'));
const path = join(folder, 'strata.db');

function agentMemory(store: ReturnType<typeof createSqliteStore>): Memory {
  return createMemory({
    budget: 400,
    system: 'You are a support agent.',
    store,
    namespace: 'support/acme', // lessons are shared by every session of the namespace
    sessionId: 'ticket-1001', // the session this process resumes and commits
    layers: [
      { kind: 'lessons', budget: 100 },
      { kind: 'window', budget: 200, maxEvents: 10 },
    ],
  });
}

try {
  // First process: two steps, each committed atomically (compare-and-swap on the session version).
  const store = createSqliteStore({ path });
  const memory = agentMemory(store);
  await memory.open();
  await memory.layer<LessonsLayer>('lessons').addLesson({ text: 'Ask for the printer model first.' });
  // Each step: record what happened, assemble the prompt (the step counter advances), call the model, commit.
  memory.layer<WindowLayer>('window').append('Ana: my printer jams');
  await memory.assemble({ query: 'printer jams' });
  const first = await memory.commit({ note: 'first reply sent' });
  memory.layer<WindowLayer>('window').append('Ana: it is an Inkline 300');
  await memory.assemble({ query: 'Inkline 300' });
  const second = await memory.commit();
  console.log(`committed steps ${first.step} and ${second.step} (session version ${second.version})`);
  await store.close();

  // Second process: the same file; open() loads the namespace's lessons and the session's last commit.
  const reopened = createSqliteStore({ path });
  const resumed = agentMemory(reopened);
  const context = await resumed.assemble({ query: 'printer jams' });
  console.log(
    `resumed at step ${resumed.step}: window ${resumed.layer<WindowLayer>('window').events.length} events, ${resumed.layer<LessonsLayer>('lessons').lessons.length} lesson`,
  );
  console.log(`context ${context.tokens} / ${context.budget} tokens:`);
  for (const message of context.messages) console.log(`[${message.role}] ${message.content.trimEnd()}`);
  console.log(
    `sessions in the file: ${(await reopened.listSessions()).map((session) => session.sessionId).join(', ')}; schema version ${latestSqliteSchemaVersion}`,
  );
  await reopened.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
