import { createInMemoryStore, type MemoryStore } from '@strata-memory/strata';
import { describe, expect, it } from 'vitest';
import { createGatewaySessions } from './gateway-sessions.js';
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
