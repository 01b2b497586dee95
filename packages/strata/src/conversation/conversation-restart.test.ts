import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInMemoryStore } from '../store/in-memory/in-memory-store.js';
import type { KnowledgeRecord, MemoryStore } from '../store/memory-store.js';
import { createSqliteStore } from '../store/sqlite/sqlite-store.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import type { Tokenizer } from '../tokenizer/tokenizer.js';
import { createConversationMemory } from './layered-conversation-memory.js';

const scratch = mkdtempSync(join(tmpdir(), 'strata-conversation-restart-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Our own deterministic chat: 20 turns a session, a few planted facts with rare words. */
function* chat(turns: number) {
  const topics = ['weather', 'work', 'dinner', 'music', 'garden', 'travel', 'books', 'sport'];
  for (let index = 0; index < turns; index += 1) {
    const session = Math.floor(index / 20);
    const topic = topics[(index * 7 + session) % topics.length];
    let text = `Turn ${index} about ${topic}: we talked about ${topic} again and the ${topics[index % 8]} plans.`;
    if (index === 1234) text = 'My sister adopted a tortoise called Quillon last week.';
    if (index === 8765) text = 'I finally booked the ferry to Svalbard for the spring.';
    yield {
      id: `t${index}`,
      speaker: index % 2 === 0 ? 'Ana' : 'Ben',
      text,
      sessionId: `s${session}`,
      ...(index % 20 === 0 ? { time: `${1 + (session % 28)} March ${2000 + Math.floor(session / 28)}` } : {}),
    };
  }
}

/** Counts the turn records a store hands out and every other record, by namespace kind. */
function countingStore(store: MemoryStore) {
  const read = { turns: 0, index: 0, calls: [] as string[] };
  const wrapped = Object.create(store) as MemoryStore;
  wrapped.listKnowledge = async (namespace: string): Promise<KnowledgeRecord[]> => {
    const records = await store.listKnowledge(namespace);
    read.calls.push(namespace);
    if (namespace.endsWith('/index')) read.index += records.length;
    else read.turns += records.length;
    return records;
  };
  return { store: wrapped, read };
}

function countingTokenizer(inner: Tokenizer) {
  const counted = { calls: 0 };
  const tokenizer: Tokenizer = {
    ...inner,
    name: inner.name,
    count: (text: string) => {
      counted.calls += 1;
      return inner.count(text);
    },
    truncate: (text: string, max: number) => inner.truncate(text, max),
  };
  return { tokenizer, counted };
}

describe('a store-backed conversation memory after a restart', () => {
  it('answers its first question after 10,000 turns without re-reading or re-analysing a turn', async () => {
    const path = join(scratch, 'restart.db');
    const namespace = 'chat/restart';
    const first = createSqliteStore({ path });
    await first.open();
    const before = createConversationMemory({ budget: 800, persistence: { store: first, namespace } });
    for (const turn of chat(10_000)) before.addTurn(turn);
    await before.flush();
    const question = 'What is the name of the tortoise my sister adopted?';
    const expected = await before.assemble({ query: question });
    await first.close();

    // A new process: a fresh store handle and a fresh memory on the same file.
    const reopened = createSqliteStore({ path });
    await reopened.open();
    const { store, read } = countingStore(reopened);
    const { tokenizer, counted } = countingTokenizer(createTiktokenTokenizer());
    const after = createConversationMemory({ budget: 800, tokenizer, persistence: { store, namespace } });
    expect(await after.restore()).toBe(10_000);
    // Ten index records were read, no turn record, and no turn line was counted again.
    expect(read.index).toBe(10);
    expect(read.turns).toBe(0);
    expect(counted.calls).toBe(0);
    const answer = await after.assemble({ query: question });
    expect(answer.text).toBe(expected.text);
    expect(answer.turnIds).toContain('t1234');
    // The next turn continues the numbering and lands in the next segment's namespace.
    after.addTurn({ id: 't10000', speaker: 'Ana', text: 'Back again.', sessionId: 's500' });
    await after.flush();
    expect((await reopened.listKnowledge(`${namespace}/turns-000010`)).map((record) => record.key)).toEqual([
      'turn-0000010000',
    ]);
    await reopened.close();
  }, 120_000);

  it('re-analyses only the turns after the last full segment, and writes a segment a crash left out', async () => {
    const inner = createInMemoryStore();
    await inner.open();
    const namespace = 'chat/tail';
    const before = createConversationMemory({
      budget: 400,
      persistence: { store: inner, namespace, segmentTurns: 4 },
    });
    for (const turn of chat(10)) before.addTurn(turn);
    await before.flush();
    const { store, read } = countingStore(inner);
    const after = createConversationMemory({
      budget: 400,
      persistence: { store, namespace, segmentTurns: 4 },
    });
    expect(await after.restore()).toBe(10);
    expect(read).toMatchObject({ index: 2, turns: 2 });
    const query = 'What did we say about the garden plans?';
    expect((await after.assemble({ query })).text).toBe((await before.assemble({ query })).text);

    // A crash between the 12th turn and its segment: the next restore rebuilds and writes segment 2.
    for (const turn of chat(12)) if (Number(turn.id.slice(1)) >= 10) after.addTurn(turn);
    await after.flush();
    const segments = await inner.listKnowledge(`${namespace}/index`);
    expect(segments.map((record) => record.key)).toEqual([
      'segment-000000',
      'segment-000001',
      'segment-000002',
    ]);
    const crashed = createInMemoryStore();
    await crashed.open();
    for (const record of segments.slice(0, 2)) await crashed.putKnowledge(record, 0);
    for (let segment = 0; segment < 3; segment += 1) {
      const turnsNamespace = `${namespace}/turns-${String(segment).padStart(6, '0')}`;
      for (const record of await inner.listKnowledge(turnsNamespace)) await crashed.putKnowledge(record, 0);
    }
    const recovered = createConversationMemory({
      budget: 400,
      persistence: { store: crashed, namespace, segmentTurns: 4 },
    });
    expect(await recovered.restore()).toBe(12);
    await recovered.flush();
    expect((await crashed.listKnowledge(`${namespace}/index`)).length).toBe(3);
    expect((await recovered.assemble({ query })).text).toBe((await after.assemble({ query })).text);
  });

  it('recounts the lines when the index was written with another tokenizer', async () => {
    const store = createInMemoryStore();
    await store.open();
    const persistence = { store, namespace: 'chat/recount', segmentTurns: 5 };
    const before = createConversationMemory({
      budget: 400,
      tokenizer: createTiktokenTokenizer('cl100k_base'),
      persistence,
    });
    for (const turn of chat(10)) before.addTurn(turn);
    await before.flush();
    const { tokenizer, counted } = countingTokenizer(createTiktokenTokenizer('o200k_base'));
    const after = createConversationMemory({ budget: 400, tokenizer, persistence });
    expect(await after.restore()).toBe(10);
    expect(counted.calls).toBe(10);
  });
});
