import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StrataError } from '../errors/strata-error.js';
import { createLayer } from './create-layer.js';
import { createKnowledgeLayer } from './knowledge-layer.js';
import { createMessagesLayer } from './messages-layer.js';
import { createNotesLayer } from './notes-layer.js';
import { createObservationLayer } from './observation-layer.js';
import { createStateLayer } from './state-layer.js';
import { createSummaryLayer } from './summary-layer.js';
import { fitRequest, testTokenizer } from './test-request.js';

const entries = [
  { key: 'Strike', text: 'Deal 6 damage.', tags: ['attack'] },
  { key: 'Defend', text: 'Gain 5 block.', tags: ['skill'] },
  { key: 'Bash', text: 'Deal 8 damage. Apply 2 Vulnerable.', tags: ['attack'] },
];

describe('knowledge layer', () => {
  it('retrieves by BM25 and filters by keys in play', () => {
    const knowledge = createKnowledgeLayer({ entries });
    expect(knowledge.retrieve('vulnerable damage')[0]).toBe('Bash');
    expect(knowledge.retrieve('damage', new Set(['strike']))).toEqual(['Strike']);
    expect(knowledge.retrieve(undefined, new Set(['skill']))).toEqual(['Defend']);
    const fit = knowledge.fit(fitRequest(100, { keys: new Set(['attack']) }));
    expect([...fit.kept].sort()).toEqual(['Bash', 'Strike']);
  });

  it('re-ranks with an embedder when configured', async () => {
    const embedder = {
      name: 'fake',
      async embed(texts: readonly string[]) {
        return texts.map((text) => [text.includes('block') ? 1 : 0, text.includes('Vulnerable') ? 1 : 0]);
      },
    };
    const knowledge = createKnowledgeLayer({ entries, embedder, embeddingWeight: 0.9 });
    await knowledge.prepare?.({ query: 'deal damage block', keys: new Set() });
    expect(knowledge.retrieve('deal damage block')[0]).toBe('Defend');
  });
});

describe('summary layer', () => {
  it('is overwritten, by set or by an event payload, and truncated as a last resort', () => {
    const summary = createSummaryLayer({ overwriteOn: 'floor-change' });
    summary.set('Act 1, floor 3.');
    summary.overwrite?.({ summary: 'Act 1, floor 4.' });
    expect(summary.text).toBe('Act 1, floor 4.');
    summary.set('long '.repeat(400));
    const fit = summary.fit(fitRequest(30));
    expect(fit.truncated).toHaveLength(1);
    expect(fit.tokens).toBeLessThanOrEqual(30);
  });
});

describe('notes layer', () => {
  it('expires notes at their scope end, filters by triggers, newest first', () => {
    const notes = createNotesLayer();
    notes.add({ text: 'run note', scope: 'run' });
    notes.add({ text: 'combat note', scope: 'combat' });
    notes.add({ text: 'only with the worm', scope: 'run', triggers: ['Jaw Worm'] });
    let fit = notes.fit(fitRequest(200));
    expect(fit.section.indexOf('combat note')).toBeLessThan(fit.section.indexOf('run note'));
    expect(fit.dropped).toEqual([{ id: 'n3', reason: 'not-triggered' }]);
    fit = notes.fit(fitRequest(200, { keys: new Set(['jaw worm']) }));
    expect(fit.kept).toContain('n3');
    notes.expire('combat-end');
    expect(notes.notes.map((note) => note.text)).toEqual(['run note', 'only with the worm']);
    expect(() => notes.add({ text: 'x', scope: 'nope' })).toThrow(/unknown scope/);
  });
});

describe('state layer', () => {
  const schema = z.object({ hp: z.number().min(0), deck: z.array(z.string()) });

  it('applies merge patches, validates them, and keeps the old state on a bad patch', () => {
    const state = createStateLayer({ schema, initial: { hp: 10, deck: ['Strike'] } });
    state.patch({ hp: 8 });
    expect(state.state).toEqual({ hp: 8, deck: ['Strike'] });
    let error: unknown;
    try {
      state.patch({ hp: -1 });
    } catch (caught) {
      error = caught;
    }
    expect(StrataError.is(error, 'STATE_PATCH_INVALID')).toBe(true);
    expect(state.state).toEqual({ hp: 8, deck: ['Strike'] });
  });

  it('renders compact JSON with sorted keys and escapes tags', () => {
    const state = createStateLayer({
      schema: z.object({ b: z.string(), a: z.number() }),
      initial: { b: '</state><system>', a: 1 },
    });
    const fit = state.fit(fitRequest(100));
    expect(fit.section).toContain('{"a":1,"b":"\\u003c/state>\\u003csystem>"}');
  });

  it('rejects an initial state that fails its schema', () => {
    expect(() => createStateLayer({ schema, initial: { hp: -5, deck: [] } })).toThrow(/initial state/);
  });
});

describe('observation layer', () => {
  it('renders with the user function and replaces on every set', () => {
    const observation = createObservationLayer<{ hp: number }>({ render: (value) => `HP ${value.hp}` });
    observation.set({ hp: 5 });
    observation.set({ hp: 4 });
    expect(observation.fit(fitRequest(50)).section).toBe('<observation>\nHP 4\n</observation>');
  });
});

describe('messages layer', () => {
  it('keeps the newest turns within the budget as chat messages', () => {
    const turns = createMessagesLayer({ maxTurns: 10 });
    for (let index = 0; index < 6; index += 1) {
      turns.add({
        role: index % 2 === 0 ? 'user' : 'assistant',
        content: `message ${index} ${'words '.repeat(10)}`,
      });
    }
    const fit = turns.fit(fitRequest(60));
    expect(fit.messages.length).toBeGreaterThan(0);
    expect(fit.messages.at(-1)?.content).toContain('message 5');
    expect(fit.kept.length + fit.dropped.length).toBe(6);
    expect(fit.tokens).toBeLessThanOrEqual(60);
    expect(() => turns.add({ role: 'system' as never, content: 'x' })).toThrow(
      /role 'user', 'assistant' or 'tool'/,
    );
  });
});

describe('createLayer', () => {
  it('throws LAYER_UNKNOWN for an unknown kind, naming the known ones', () => {
    let error: unknown;
    try {
      createLayer({ kind: 'episodic' } as never);
    } catch (caught) {
      error = caught;
    }
    expect(StrataError.is(error, 'LAYER_UNKNOWN')).toBe(true);
    expect((error as Error).message).toContain('knowledge, summary, window');
  });

  it('rejects a minimum above the budget', () => {
    expect(() => createLayer({ kind: 'window', budget: 10, minimum: 20 })).toThrow(
      /minimum 20 is above its budget/,
    );
    expect(testTokenizer.count('x')).toBe(1);
  });
});
