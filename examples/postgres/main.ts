// `@strata-memory/strata/postgres`: many workers on one Postgres database. Two workers resume the same
// session; the second one's commit loses the compare-and-swap (STORE_CONFLICT), reopens and retries.
// Needs `npm install pg` and a database: `STRATA_DATABASE_URL=postgres://user@host:5432/db node --import tsx examples/postgres/main.ts`
// (the tables are created by the store's migrations on first use).
import { createMemory, type Memory, StrataError, type WindowLayer } from '@strata-memory/strata';
import { createPostgresStore, latestPostgresSchemaVersion } from '@strata-memory/strata/postgres';

if (!process.env.STRATA_DATABASE_URL) {
  console.error(
    'Set STRATA_DATABASE_URL to a Postgres database, e.g. postgres://postgres@127.0.0.1:5432/strata',
  );
  process.exit(1);
}

// One pool per process; the connection string defaults to STRATA_DATABASE_URL.
const store = createPostgresStore();

function worker(): Memory {
  return createMemory({
    budget: 300,
    store,
    namespace: 'support/acme',
    sessionId: 'ticket-2002',
    layers: [{ kind: 'window', budget: 200, maxEvents: 10 }],
  });
}

try {
  const a = worker();
  const b = worker();
  await a.open();
  await b.open(); // both have read the session at the same version

  a.layer<WindowLayer>('window').append('worker A: refund approved');
  await a.assemble({});
  const committed = await a.commit();
  console.log(`worker A committed step ${committed.step} (version ${committed.version})`);

  b.layer<WindowLayer>('window').append('worker B: refund approved');
  await b.assemble({});
  try {
    await b.commit();
  } catch (error) {
    if (!StrataError.is(error, 'STORE_CONFLICT')) throw error;
    console.log(`worker B: ${error.code} (retryable: ${error.isRetryable})`);
    // The fix: load what won, redo the step on top of it, commit again.
    const retry = worker();
    await retry.open();
    console.log(
      `worker B reloaded: ${retry
        .layer<WindowLayer>('window')
        .events.map((event) => event.text)
        .join(' | ')}`,
    );
    retry.layer<WindowLayer>('window').append('worker B: customer notified');
    await retry.assemble({});
    const second = await retry.commit();
    console.log(`worker B committed step ${second.step} (version ${second.version})`);
  }
  const sessions = await store.listSessions('support/acme');
  console.log(
    `sessions: ${sessions.map((session) => `${session.sessionId} at step ${session.step}`).join(', ')}; schema version ${latestPostgresSchemaVersion}`,
  );
  await store.deleteSession('ticket-2002');
} finally {
  await store.close();
}
