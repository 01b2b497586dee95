import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInMemoryStore, type MemoryStore } from '@strata-memory/strata';
import { createSqliteStore } from '@strata-memory/strata/sqlite';
import { describe, expect, it } from 'vitest';
import { createGatewaySessions, type GatewaySessions } from './gateway-sessions.js';
import { tokenizer } from './testing/start-test-gateway.js';

const settings = { budget: 5000, maxTurns: 200, defaultSystem: '' };

/** A store that counts the calls the gateway makes (each one is a database round trip on Postgres). */
function countingStore(store: MemoryStore) {
  const calls = { loadSession: 0, commitSession: 0 };
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'loadSession' || property === 'commitSession') {
        return (...args: unknown[]) => {
          calls[property] += 1;
          return (value as (...parameters: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counted, calls };
}

const user = (content: string) => ({ role: 'user' as const, content });
const reply = (content: string) => ({ content, stateCalls: [], clientCalls: [] });
const stateReply = (id: string, patch: Record<string, unknown>) => ({
  content: '',
  stateCalls: [
    { id, type: 'function' as const, function: { name: 'update_state', arguments: JSON.stringify(patch) } },
  ],
  clientCalls: [],
});
const contents = (turns: ReadonlyArray<{ content: string | null }>) => turns.map((turn) => turn.content);

describe('gateway sessions', () => {
  it('changes a session it committed last with one commit and no read', async () => {
    const { store, calls } = countingStore(createInMemoryStore());
    const sessions = createGatewaySessions({ store, tokenizer });
    await sessions.ingest('acme', 's', settings, { system: 'sys', turns: [user('one')] });
    expect(calls).toEqual({ loadSession: 1, commitSession: 1 });
    await sessions.recordReply('acme', 's', settings, reply('answer one'));
    await sessions.ingest('acme', 's', settings, { system: 'sys', turns: [user('two')] });
    const last = await sessions.recordReply('acme', 's', settings, reply('answer two'));
    expect(calls).toEqual({ loadSession: 1, commitSession: 4 });
    expect(last.session.snapshot.turns.map((turn) => turn.content)).toEqual([
      'one',
      'answer one',
      'two',
      'answer two',
    ]);
    expect(last.session.messages.at(-1)).toEqual({ role: 'assistant', content: 'answer two' });
  });

  it("assembles with the client's system prompt from the request that sent it on, and a changed one at once", async () => {
    const sessions = createGatewaySessions({ store: createInMemoryStore(), tokenizer });
    const first = await sessions.ingest('acme', 's', settings, { system: 'Be brief.', turns: [user('hi')] });
    expect(first.session.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const replied = await sessions.recordReply('acme', 's', settings, reply('hello'));
    expect(replied.session.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const changed = await sessions.ingest('acme', 's', settings, {
      system: 'Be kind.',
      turns: [user('again')],
    });
    expect(changed.session.messages[0]).toEqual({ role: 'system', content: 'Be kind.' });
    expect(changed.session.messages.slice(2).map((message) => message.content)).toEqual([
      'hi',
      'hello',
      'again',
    ]);
  });

  it('recovers from a copy another process made stale: the turn lands once, nothing is lost', async () => {
    const shared = createInMemoryStore();
    const { store, calls } = countingStore(shared);
    let conflicts = 0;
    const here = createGatewaySessions({ store, tokenizer, onConflict: () => (conflicts += 1) });
    const there = createGatewaySessions({ store: shared, tokenizer });
    await here.ingest('acme', 's', settings, { system: undefined, turns: [user('from here 1')] });
    await there.ingest('acme', 's', settings, { system: undefined, turns: [user('from there')] });
    const after = await here.ingest('acme', 's', settings, {
      system: undefined,
      turns: [user('from here 2')],
    });
    expect(conflicts).toBe(1);
    // First turn: read + commit; second: commit (stale), read, commit.
    expect(calls).toEqual({ loadSession: 2, commitSession: 3 });
    const stored = (await here.load('acme', 's', settings)).snapshot.turns.map((turn) => turn.content);
    expect(stored).toEqual(['from here 1', 'from there', 'from here 2']);
    expect(after.session.snapshot.turns.map((turn) => turn.content)).toEqual(stored);
  });

  it('runs concurrent changes of one session in one process one at a time (no conflict, no lost turn)', async () => {
    let conflicts = 0;
    const sessions = createGatewaySessions({
      store: createInMemoryStore(),
      tokenizer,
      onConflict: () => (conflicts += 1),
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sessions.ingest('acme', 'race', settings, { system: undefined, turns: [user(`turn ${index}`)] }),
      ),
    );
    const stored = (await sessions.load('acme', 'race', settings)).snapshot.turns.map((turn) => turn.content);
    expect(stored.sort()).toEqual(Array.from({ length: 20 }, (_, index) => `turn ${index}`).sort());
    expect(conflicts).toBe(0);
  });

  it('reads every change from the store when the cache is off', async () => {
    const { store, calls } = countingStore(createInMemoryStore());
    const sessions = createGatewaySessions({ store, tokenizer, cachedSessions: 0 });
    await sessions.ingest('acme', 's', settings, { system: undefined, turns: [user('one')] });
    await sessions.recordReply('acme', 's', settings, reply('answer'));
    expect(calls).toEqual({ loadSession: 2, commitSession: 2 });
  });

  it('keeps a returned view unchanged by later changes of the session', async () => {
    const sessions = createGatewaySessions({ store: createInMemoryStore(), tokenizer });
    const first = await sessions.ingest('acme', 's', settings, { system: undefined, turns: [user('one')] });
    const messages = JSON.stringify(first.session.messages);
    await sessions.recordReply('acme', 's', settings, {
      content: '',
      stateCalls: [
        { id: 'c1', type: 'function', function: { name: 'update_state', arguments: '{"mood":"good"}' } },
      ],
      clientCalls: [],
    });
    expect(JSON.stringify(first.session.messages)).toBe(messages);
    expect(first.session.state).toEqual({});
    expect((await sessions.load('acme', 's', settings)).state).toEqual({ mood: 'good' });
  });
});

describe('gateway session turns (one durable write per request)', () => {
  it('writes nothing before commit, then the whole turn with one commit whatever its rounds', async () => {
    const inner = createInMemoryStore();
    const { store, calls } = countingStore(inner);
    const sessions = createGatewaySessions({ store, tokenizer });
    const turn = await sessions.beginTurn('acme', 's', settings, { system: 'sys', turns: [user('one')] });
    expect(turn.stored).toBe(1);
    expect(contents(turn.session.snapshot.turns)).toEqual(['one']);
    await turn.recordReply(stateReply('c1', { mood: 'good' }));
    const staged = await turn.recordReply(reply('answer one'));
    expect(staged.session.state).toEqual({ mood: 'good' });
    // Nothing is in the store yet: no write can be lost and its version reused.
    expect(calls).toEqual({ loadSession: 1, commitSession: 0 });
    expect(await inner.loadSession('tenant/acme/session/s')).toBeUndefined();
    const committed = await turn.commit();
    expect(calls).toEqual({ loadSession: 1, commitSession: 1 });
    expect(committed).toMatchObject({ call: 1, stored: 1 });
    expect(committed.session.version).toBe(1);
    // The next turn: the kept copy, no read, one commit.
    const next = await sessions.beginTurn('acme', 's', settings, { system: 'sys', turns: [user('two')] });
    await next.recordReply(reply('answer two'));
    expect((await next.commit()).call).toBe(2);
    expect(calls).toEqual({ loadSession: 1, commitSession: 2 });
    const stored = await sessions.load('acme', 's', settings);
    expect(contents(stored.snapshot.turns)).toEqual([
      'one',
      '',
      '{"ok":true}',
      'answer one',
      'two',
      'answer two',
    ]);
    expect(stored.state).toEqual({ mood: 'good' });
  });

  it("re-makes a turn on the newest session when another replica committed first: never overwrites the other's acknowledged turn", async () => {
    const shared = createInMemoryStore();
    const { store, calls } = countingStore(shared);
    let conflicts = 0;
    const here = createGatewaySessions({ store, tokenizer, onConflict: () => (conflicts += 1) });
    const there = createGatewaySessions({ store: shared, tokenizer });
    const first = await here.beginTurn('acme', 's', settings, { system: undefined, turns: [user('zero')] });
    await first.recordReply(reply('answer zero'));
    await first.commit();
    // Both replicas begin from version 1; `there` commits (and acknowledges) first.
    const slow = await here.beginTurn('acme', 's', settings, { system: undefined, turns: [user('here')] });
    const fast = await there.beginTurn('acme', 's', settings, { system: undefined, turns: [user('there')] });
    await fast.recordReply(stateReply('t1', { there: true }));
    await fast.recordReply(reply('answer there'));
    const acknowledged = await fast.commit();
    expect(acknowledged.session.version).toBe(2);
    await slow.recordReply(stateReply('h1', { here: true }));
    await slow.recordReply(reply('answer here'));
    const committed = await slow.commit();
    expect(conflicts).toBe(1);
    // Turn 0: read + commit; the slow turn: commit (stale), read, commit.
    expect(calls).toEqual({ loadSession: 2, commitSession: 3 });
    expect(committed.session.version).toBe(3);
    // Each request got its own call number, and both turns and both state updates are stored once.
    expect([acknowledged.call, committed.call]).toEqual([2, 3]);
    const stored = await here.load('acme', 's', settings);
    expect(stored.state).toEqual({ there: true, here: true });
    expect(contents(stored.snapshot.turns.filter((turn) => turn.role !== 'tool'))).toEqual([
      'zero',
      'answer zero',
      'there',
      '',
      'answer there',
      'here',
      '',
      'answer here',
    ]);
  });

  it('runs turns of one session in one process side by side: a later one sees the earlier user turn at once, and one commit may write both', async () => {
    const { store, calls } = countingStore(createInMemoryStore());
    let conflicts = 0;
    const sessions = createGatewaySessions({ store, tokenizer, onConflict: () => (conflicts += 1) });
    const first = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('one')],
    });
    const second = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('two')],
    });
    expect(contents(second.session.snapshot.turns)).toEqual(['one', 'two']);
    // The second request sent again while it is out: already stored (by content), not again.
    const resent = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('two')],
    });
    expect(resent.stored).toBe(0);
    await first.recordReply(reply('answer one'));
    const firstCommitted = await first.commit();
    expect(calls.commitSession).toBe(1);
    // The first commit wrote the second turn's user message too; the second's reply is the next write.
    await second.recordReply(reply('answer two'));
    const secondCommitted = await second.commit();
    expect(calls.commitSession).toBe(2);
    expect([firstCommitted.call, secondCommitted.call]).toEqual([1, 2]);
    await resent.recordReply(reply('answer two again'));
    expect((await resent.commit()).call).toBe(3);
    expect(calls.commitSession).toBe(3);
    await expect(resent.commit()).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    expect(conflicts).toBe(0);
    expect(contents((await sessions.load('acme', 's', settings)).snapshot.turns)).toEqual([
      'one',
      'two',
      'answer one',
      'answer two',
      'answer two again',
    ]);
  });

  it("finds a turn already written by another request's commit and writes nothing more", async () => {
    const { store, calls } = countingStore(createInMemoryStore());
    const sessions = createGatewaySessions({ store, tokenizer });
    const early = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('early')],
    });
    const late = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('late')],
    });
    await late.recordReply(reply('answer late'));
    await early.recordReply(reply('answer early'));
    // The late commit holds both turns' changes; the early one finds its own already in the store.
    await late.commit();
    const committed = await early.commit();
    expect(calls.commitSession).toBe(1);
    expect(contents(committed.session.snapshot.turns)).toEqual([
      'early',
      'late',
      'answer late',
      'answer early',
    ]);
  });

  it("abandons a failed request's turn keeping its user turns, and releases the session", async () => {
    const { store, calls } = countingStore(createInMemoryStore());
    const sessions = createGatewaySessions({ store, tokenizer });
    const failed = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('lost?')],
    });
    const kept = await failed.abandon();
    expect(kept?.call).toBe(1);
    expect(await failed.abandon()).toBeUndefined();
    expect(calls.commitSession).toBe(1);
    const next = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('again')],
    });
    await next.recordReply(reply('answer'));
    await next.commit();
    // A committed turn's abandon is a no-op (the gateway calls it in a finally).
    expect(await next.abandon()).toBeUndefined();
    expect(calls.commitSession).toBe(2);
    expect(contents((await sessions.load('acme', 's', settings)).snapshot.turns)).toEqual([
      'lost?',
      'again',
      'answer',
    ]);
  });

  it("takes a failed commit's reply back and keeps its user turn for the session's next commit", async () => {
    const inner = createInMemoryStore();
    let failNext = false;
    const store = new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === 'commitSession')
          return async (...args: unknown[]) => {
            if (failNext) {
              failNext = false;
              throw Object.assign(new Error('disk gone'), { code: 'EIO' });
            }
            return (value as (...parameters: unknown[]) => unknown).apply(target, args);
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const sessions = createGatewaySessions({ store, tokenizer });
    const first = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('one')],
    });
    await first.recordReply(reply('answer one'));
    await first.commit();
    const broken = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('two')],
    });
    await broken.recordReply(reply('answer two'));
    failNext = true;
    await expect(broken.commit()).rejects.toThrow('disk gone');
    // Its client got an error, so it may send 'two' again: stored once, and answered afresh.
    const retry = await sessions.beginTurn('acme', 's', settings, {
      system: undefined,
      turns: [user('two')],
    });
    expect(retry.stored).toBe(0);
    expect(contents(retry.session.snapshot.turns)).toEqual(['one', 'answer one', 'two']);
    await retry.recordReply(reply('answer two, again'));
    await retry.commit();
    expect(contents((await sessions.load('acme', 's', settings)).snapshot.turns)).toEqual([
      'one',
      'answer one',
      'two',
      'answer two, again',
    ]);
  });

  const replicas = async (make: () => MemoryStore, close: (stores: MemoryStore[]) => Promise<void>) => {
    const stores = [make(), make()];
    try {
      let conflicts = 0;
      const gateways: GatewaySessions[] = stores.map((store) =>
        createGatewaySessions({ store, tokenizer, onConflict: () => (conflicts += 1) }),
      );
      // 24 requests on one session, alternating replicas, all at once; each "upstream call" takes a
      // few event-loop turns so that the replicas' turns overlap and their commits race.
      await Promise.all(
        Array.from({ length: 24 }, async (_, index) => {
          const sessions = gateways[index % 2] as GatewaySessions;
          const turn = await sessions.beginTurn('acme', 'hot', settings, {
            system: undefined,
            turns: [user(`turn ${index}`)],
          });
          try {
            for (let wait = 0; wait < 1 + (index % 3); wait += 1)
              await new Promise((resolve) => setImmediate(resolve));
            await turn.recordReply(stateReply(`c${index}`, { [`t${index}`]: index }));
            await turn.recordReply(reply(`answer ${index}`));
            await turn.commit();
          } finally {
            await turn.abandon();
          }
        }),
      );
      const stored = await (gateways[0] as GatewaySessions).load('acme', 'hot', settings);
      const users = stored.snapshot.turns.filter((turn) => turn.role === 'user').map((turn) => turn.content);
      expect(users.sort()).toEqual(Array.from({ length: 24 }, (_, index) => `turn ${index}`).sort());
      const answers = stored.snapshot.turns
        .filter((turn) => turn.role === 'assistant' && turn.content !== '')
        .map((turn) => turn.content);
      expect(answers.sort()).toEqual(Array.from({ length: 24 }, (_, index) => `answer ${index}`).sort());
      expect(stored.state).toEqual(
        Object.fromEntries(Array.from({ length: 24 }, (_, index) => [`t${index}`, index])),
      );
      expect(stored.calls).toBe(24);
      // The overlap really happened: some commits lost their compare-and-swap and were re-made.
      expect(conflicts).toBeGreaterThan(0);
    } finally {
      await close(stores);
    }
  };

  it('never loses a turn or a state update when two replicas on one in-memory store race on a session', async () => {
    const shared = createInMemoryStore();
    await replicas(
      () => shared,
      async () => undefined,
    );
  });

  it('never loses a turn or a state update when two replicas on one SQLite file race on a session', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'strata-gateway-turns-'));
    try {
      await replicas(
        () => createSqliteStore({ path: join(folder, 'sessions.db') }),
        async (stores) => {
          for (const store of stores) await store.close();
        },
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
