import { describe, expect, it } from 'vitest';
import { createInMemoryStore } from '../store/in-memory/in-memory-store.js';
import type { MemoryStore } from '../store/memory-store.js';
import { turnRecord } from './conversation-persistence.js';
import { createConversationMemory } from './layered-conversation-memory.js';

const turns = [
  {
    id: 'a1',
    speaker: 'Ana',
    text: 'I started pottery classes on Mondays.',
    sessionId: 'S1',
    time: '3 May 2024',
  },
  { id: 'a2', speaker: 'Ben', text: 'Nice! What did you make first?', sessionId: 'S1' },
  { id: 'a3', speaker: 'Ana', text: 'A lopsided blue mug.', sessionId: 'S1' },
  {
    id: 'b1',
    speaker: 'Ben',
    text: 'My cousin visits from Quito next week.',
    sessionId: 'S2',
    time: '9 May 2024',
  },
];

describe('conversation persistence', () => {
  it('restores the turns, sessions and dates from the store, giving the same context', async () => {
    const store = createInMemoryStore();
    await store.open();
    const persistence = { store, namespace: 'chat/ana-ben' };
    const first = createConversationMemory({ budget: 300, persistence });
    for (const turn of turns) first.addTurn(turn);
    await first.flush();

    const second = createConversationMemory({ budget: 300, persistence });
    expect(await second.restore()).toBe(4);
    const query = 'What did Ana make in pottery?';
    const [before, after] = [await first.assemble({ query }), await second.assemble({ query })];
    expect(after.text).toBe(before.text);
    expect(after.text).toContain('=== Session S2 · 9 May 2024 ===');
    // New turns continue after the restored ones.
    second.addTurn({ id: 'b2', speaker: 'Ana', text: 'Say hi to your cousin!', sessionId: 'S2' });
    await second.flush();
    expect((await store.listKnowledge('chat/ana-ben/turns-000000')).length).toBe(5);
  });

  it('restores turns kept in the 0.1.0 layout (records in the namespace itself) and rewrites them in the segmented one', async () => {
    const store = createInMemoryStore();
    await store.open();
    for (const [sequence, turn] of turns.entries()) {
      await store.putKnowledge(turnRecord('chat/old', sequence, turn, turn.time), 0);
    }
    const memory = createConversationMemory({ budget: 300, persistence: { store, namespace: 'chat/old' } });
    expect(await memory.restore()).toBe(4);
    const context = await memory.assemble({ query: 'What did Ana make in pottery?' });
    expect(context.turnIds).toContain('a3');
    expect((await store.listKnowledge('chat/old/turns-000000')).map((record) => record.text)).toEqual(
      turns.map((turn) => turn.text),
    );
    // A second restart reads the new layout and finds the same turns once.
    const again = createConversationMemory({ budget: 300, persistence: { store, namespace: 'chat/old' } });
    expect(await again.restore()).toBe(4);
    expect((await again.assemble({ query: 'What did Ana make in pottery?' })).text).toBe(context.text);
  });

  it('surfaces a failed store write at the next assemble instead of losing it', async () => {
    const failing = {
      ...createInMemoryStore(),
      name: 'broken',
      putKnowledge: async () => {
        throw new Error('disk full');
      },
    } as unknown as MemoryStore;
    const memory = createConversationMemory({ budget: 300, persistence: { store: failing, namespace: 'x' } });
    memory.addTurn({ id: 't1', speaker: 'Ana', text: 'hello' });
    await expect(memory.assemble({ query: 'hello' })).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: expect.stringMatching(/disk full/),
    });
  });

  it('refuses to restore into a memory that already has turns', async () => {
    const memory = createConversationMemory({
      budget: 300,
      persistence: { store: createInMemoryStore(), namespace: 'x' },
    });
    memory.addTurn({ id: 't1', speaker: 'Ana', text: 'hello' });
    await expect(memory.restore()).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});
