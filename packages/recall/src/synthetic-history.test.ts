import { createConversationMemory } from '@strata-memory/strata';
import { describe, expect, it } from 'vitest';
import { syntheticHistory } from './synthetic-history.js';

describe('syntheticHistory', () => {
  it('is the same for the same seed, with the asked number of turns and one fact per factEvery turns', () => {
    const first = syntheticHistory({ turns: 5000, factEvery: 500, seed: 7 });
    expect(syntheticHistory({ turns: 5000, factEvery: 500, seed: 7 })).toEqual(first);
    expect(syntheticHistory({ turns: 5000, factEvery: 500, seed: 8 })).not.toEqual(first);
    expect(first.turnCount).toBe(5000);
    expect(first.sessions.reduce((sum, session) => sum + session.turns.length, 0)).toBe(5000);
    expect(first.questions).toHaveLength(10);
    const ids = first.sessions.flatMap((session) => session.turns.map((turn) => turn.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  // The small real version of the scale bench (bench/recall-scale.bench.ts): behaviour, not time.
  it('lets the layered memory find every planted fact in a 20,000-turn history', async () => {
    const history = syntheticHistory({ turns: 20_000, factEvery: 1000 });
    const memory = createConversationMemory({ budget: 2000 });
    for (const session of history.sessions) {
      memory.startSession({ id: session.id, time: session.time });
      for (const turn of session.turns) memory.addTurn({ ...turn, sessionId: session.id });
    }
    let found = 0;
    for (const question of history.questions) {
      const context = await memory.assemble({ query: question.question });
      expect(context.tokens).toBeLessThanOrEqual(2000);
      if (question.evidence.every((id) => context.turnIds.includes(id))) found += 1;
    }
    expect(history.questions).toHaveLength(20);
    expect(found).toBe(20);
  }, 60_000);
});
