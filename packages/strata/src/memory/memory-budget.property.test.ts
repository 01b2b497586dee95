import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TRUNCATION_MARKER } from '../layers/escape-untrusted.js';
import type { LessonsLayer } from '../layers/lessons-layer.js';
import type { MessagesLayer } from '../layers/messages-layer.js';
import type { NotesLayer } from '../layers/notes-layer.js';
import type { ObservationLayer } from '../layers/observation-layer.js';
import type { SummaryLayer } from '../layers/summary-layer.js';
import type { WindowLayer } from '../layers/window-layer.js';
import { createMemory } from './memory.js';

const plain = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

/** The library's own count of the request, independent of Strata's tokenizer and caches. */
function recount(messages: ReadonlyArray<{ role: string; content: string; name?: string }>): number {
  let tokens = 3;
  for (const message of messages) {
    tokens += 3 + countTokens(message.role, plain) + countTokens(message.content, plain);
    if (message.name) tokens += countTokens(message.name, plain) + 1;
  }
  return tokens;
}

const pieces = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('战', '斗', '結', '束', '한', '글', 'ア'), maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', 'e\u0301', '\u0000', '\u0007', '\n', '\r\n', '\t', ' '),
    maxLength: 30,
  }),
  // Slashes after punctuation + newline: o200k_base glues them across lines.
  fc.string({ unit: fc.constantFrom('/', '>', '.', '\n', 'y', '!', ' '), maxLength: 30 }),
  fc.constantFrom(
    '</window>',
    '<system>',
    '<|im_start|>system',
    '```',
    '## Heading',
    '- fake item',
    ' […truncated]',
  ),
  fc
    .tuple(fc.constantFrom('a', '=', ' ', '战', '😀', '\n', '.'), fc.integer({ min: 50, max: 600 }))
    .map(([unit, count]) => unit.repeat(count)),
);
const text = fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join(''));
// Far larger than most layers (budgets here are 0-400 tokens), without making every case slow.
const bigText = fc.oneof(
  text,
  text,
  fc.array(pieces, { minLength: 4, maxLength: 12 }).map((parts) => parts.join(' ')),
);

const scenario = fc.record({
  budget: fc.integer({ min: 40, max: 700 }),
  system: fc.oneof(fc.constant(''), fc.constant('You are a careful agent. Reply with one action.')),
  layerBudgets: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 7, maxLength: 7 }),
  summary: bigText,
  window: fc.array(bigText, { maxLength: 8 }),
  lessons: fc.array(bigText, { maxLength: 5 }),
  notes: fc.array(fc.record({ text: bigText, triggered: fc.boolean() }), { maxLength: 4 }),
  observation: bigText,
  turns: fc.array(
    fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: bigText }),
    {
      maxLength: 4,
    },
  ),
  goal: text,
  query: fc.option(text, { nil: undefined }),
});

describe('assemble: the budget guarantee', () => {
  it('never exceeds the budget (exact recount) and reports every dropped or truncated item', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (input) => {
        const budgets = input.layerBudgets;
        const memory = createMemory({
          budget: input.budget,
          ...(input.system ? { system: input.system } : {}),
          layers: [
            {
              kind: 'knowledge',
              budget: budgets[0] ?? 0,
              entries: [{ key: 'strike', text: 'Strike: deal 6 damage.' }],
            },
            { kind: 'summary', budget: budgets[1] ?? 0 },
            { kind: 'lessons', budget: budgets[2] ?? 0, duplicateThreshold: 1.01 },
            { kind: 'window', budget: budgets[3] ?? 0 },
            { kind: 'notes', budget: budgets[4] ?? 0 },
            {
              kind: 'state',
              budget: budgets[5] ?? 0,
              schema: z.object({ goal: z.string() }),
              initial: { goal: '' },
            },
            { kind: 'messages', budget: budgets[6] ?? 0 },
            { kind: 'observation', budget: 300 },
          ],
        });
        memory.layer<SummaryLayer>('summary').set(input.summary);
        const lessons = memory.layer<LessonsLayer>('lessons');
        for (const lesson of input.lessons)
          if (lesson.trim() !== '') await lessons.addLesson({ text: lesson });
        const window = memory.layer<WindowLayer>('window');
        for (const event of input.window) window.append(event);
        const notes = memory.layer<NotesLayer>('notes');
        for (const note of input.notes)
          notes.add(note.triggered ? { text: note.text, triggers: ['strike'] } : { text: note.text });
        const turns = memory.layer<MessagesLayer>('messages');
        for (const turn of input.turns) turns.add(turn);
        memory.layer('state');
        (memory.layer('state') as unknown as { patch(patch: unknown): void }).patch({ goal: input.goal });
        memory.layer<ObservationLayer<string>>('observation').set(input.observation);

        const context = await memory.assemble(
          input.query === undefined ? { keys: ['strike'] } : { query: input.query },
        );
        const exact = recount(context.messages);
        expect(exact).toBeLessThanOrEqual(input.budget);
        expect(context.tokens).toBeLessThanOrEqual(input.budget);
        // Strata's count is exact, or an upper bound when a chunk is too long to merge.
        expect(context.tokens).toBeGreaterThanOrEqual(exact);

        const itemIds: Record<string, string[]> = {
          window: window.events.map((event) => event.id),
          lessons: lessons.lessons.map((lesson) => lesson.id),
          notes: notes.notes.map((note) => note.id),
          messages: turns.turns.map((turn) => turn.id),
          summary: input.summary === '' ? [] : ['summary'],
          observation: input.observation === '' ? [] : ['observation'],
          state: ['state'],
        };
        for (const layer of context.layers) {
          const expected = itemIds[layer.name];
          if (!expected) continue;
          const reported = [...layer.kept, ...layer.dropped.map((item) => item.id)];
          // Listed items are distinct stored items; the rest is counted (AssembledLayer.omitted).
          expect(new Set(reported).size).toBe(reported.length);
          for (const id of reported) expect(expected).toContain(id);
          expect(reported.length + (layer.omitted?.count ?? 0)).toBe(expected.length);
          // A window omits only its oldest events: what it lists is the newest run.
          if (layer.name === 'window')
            expect(reported.sort()).toEqual(expected.slice(expected.length - reported.length).sort());
          for (const item of layer.truncated) expect(layer.kept).toContain(item.id);
        }
        const truncatedCount = context.layers.reduce((sum, layer) => sum + layer.truncated.length, 0);
        const markers = context.messages.reduce(
          (sum, message) => sum + message.content.split(TRUNCATION_MARKER).length - 1,
          0,
        );
        // Every truncation shows its marker (untrusted text may contain the marker text too).
        expect(markers).toBeGreaterThanOrEqual(truncatedCount);
      }),
      { numRuns: Number(process.env.STRATA_PROPERTY_RUNS ?? 2000) },
    );
    // About 15 s of CPU on this 2-core machine; the margin is for runs sharing the cores.
  }, 300_000);
});
