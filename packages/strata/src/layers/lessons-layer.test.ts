import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../memory/memory.js';
import type { LessonRecord } from '../store/memory-store.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import type { Tokenizer } from '../tokenizer/tokenizer.js';
import { createLessonsLayer, type LessonsLayer, type LessonWeights } from './lessons-layer.js';
import { fitRequest } from './test-request.js';

describe('lessons layer', () => {
  it('counts a lesson as it is added in a memory, so the call that first shows it counts nothing of it', async () => {
    const inner = createTiktokenTokenizer('o200k_base');
    const counted: string[] = [];
    const tokenizer: Tokenizer = {
      ...inner,
      count: (text) => {
        counted.push(text);
        return inner.count(text);
      },
      countUpTo: (text, limit) => {
        counted.push(text);
        return inner.countUpTo?.(text, limit) ?? inner.count(text);
      },
    };
    const memory = createMemory({ budget: 2000, tokenizer, layers: [{ kind: 'lessons', budget: 500 }] });
    const lessons = memory.layer<LessonsLayer>('lessons');
    const texts = Array.from(
      { length: 20 },
      (_, at) => `Lesson ${at}: versus foe${at}, play card${at} then card${at + 50} on elite`,
    );
    for (const text of texts) await lessons.addLesson({ text });
    expect(counted.filter((text) => texts.some((lesson) => text.includes(lesson)))).toHaveLength(20);
    counted.length = 0;
    const context = await memory.assemble({ query: 'elite block' });
    expect(context.layers.find((layer) => layer.name === 'lessons')?.kept.length).toBe(20);
    // The section as a whole may be counted; no lesson line is counted on its own again.
    expect(counted.filter((text) => texts.some((lesson) => text.startsWith(`- ${lesson}`)))).toEqual([]);
  });

  it('of two equally important lessons added in one millisecond, the later ranks first (not the smaller id)', async () => {
    // A frozen clock: what an in-memory store gives two lessons of one extraction.
    const lessons = createLessonsLayer({ now: () => 1_000_000 });
    await lessons.addLesson({ id: 'a', text: 'lost 8 of 80 HP to the cultist', importance: 0.4 });
    await lessons.addLesson({ id: 'b', text: 'most damage came from bash', importance: 0.4 });
    expect(lessons.top().map((lesson) => lesson.id)).toEqual(['b', 'a']);
    expect(lessons.top().map((lesson) => lesson.createdAt)).toEqual([1_000_001, 1_000_000]);
  });

  it('ranks by relevance to the query and fits the budget', async () => {
    const lessons = createLessonsLayer();
    await lessons.addLesson({ text: 'Block before the Jaw Worm attacks for 11', importance: 0.5 });
    await lessons.addLesson({ text: 'Save potions for the elite on floor 6', importance: 0.5 });
    const fit = lessons.fit(fitRequest(200, { query: 'jaw worm attacks' }));
    expect(fit.section.indexOf('Jaw Worm')).toBeLessThan(fit.section.indexOf('potions'));
    const other = lessons.fit(fitRequest(200, { query: 'elite potions' }));
    expect(other.section.indexOf('potions')).toBeLessThan(other.section.indexOf('Jaw Worm'));
  });

  it('weights importance and usefulness, and can turn a factor off', async () => {
    const now = 1_000_000;
    const lessons = createLessonsLayer({ now: () => now, weights: { relevance: 0 } });
    const low = await lessons.addLesson({ text: 'alpha lesson text', importance: 0.1 });
    const high = await lessons.addLesson({ text: 'beta lesson words', importance: 0.9 });
    if (low.status !== 'added' || high.status !== 'added') throw new Error('expected added');
    expect(lessons.score(high.lesson.id, 'alpha')).toBeGreaterThan(lessons.score(low.lesson.id, 'alpha'));
  });

  it('rejects near-duplicates and repeated idempotency keys', async () => {
    const lessons = createLessonsLayer();
    const first = await lessons.addLesson({
      text: 'Always block when the enemy attacks for more than ten damage',
    });
    const near = await lessons.addLesson({
      text: 'always block when the enemy attacks for more than ten damage!',
    });
    expect(first.status).toBe('added');
    expect(near.status).toBe('duplicate');
    const keyed = await lessons.addLesson({
      text: 'A different insight entirely',
      idempotencyKey: 'run-1#0',
    });
    const again = await lessons.addLesson({ text: 'Another text, same key', idempotencyKey: 'run-1#0' });
    expect(keyed.status).toBe('added');
    expect(again.status).toBe('duplicate');
    expect(lessons.lessons).toHaveLength(2);
  });

  it('evicts the lowest score when full and keeps provenance on every item', async () => {
    const lessons = createLessonsLayer({ capacity: 2 });
    await lessons.addLesson({ text: 'unimportant one', importance: 0.1 });
    await lessons.addLesson({ text: 'important two', importance: 0.9 });
    const third = await lessons.addLesson({ text: 'important three', importance: 0.8 });
    expect(third.status).toBe('added');
    if (third.status === 'added')
      expect(lessons.lessons.find((l) => l.text === 'unimportant one')).toBeUndefined();
    const rejected = await lessons.addLesson({ text: 'tiny four', importance: 0 });
    expect(rejected.status).toBe('rejected');
    for (const lesson of lessons.lessons) expect(lesson.provenance.source).toBeTruthy();
  });

  it('reports lessons that did not fit as ranked out or over budget', async () => {
    const lessons = createLessonsLayer();
    for (let index = 0; index < 20; index += 1)
      await lessons.addLesson({ text: `lesson ${index} about topic${index} and more words` });
    const fit = lessons.fit(fitRequest(60));
    expect(fit.kept.length + fit.dropped.length + (fit.omitted?.count ?? 0)).toBe(20);
    expect(new Set(fit.dropped.map((item) => item.reason))).not.toContain('not-triggered');
  });
});

describe('lessons layer: incremental ranking', () => {
  const halfLifeMs = 604_801_234;
  const ln = Math.log;
  /** The score from its definition, independent of the layer's ranks. */
  const trueScore = (lesson: LessonRecord, now: number, weights: LessonWeights): number => {
    const recency = 0.5 ** ((now - (lesson.lastUsedAt ?? lesson.createdAt)) / halfLifeMs);
    const factor = (value: number) => Math.max(0.05, Math.min(1, value));
    return Math.exp(
      weights.recency * ln(recency) +
        weights.importance * ln(factor(lesson.importance)) +
        weights.usefulness * ln(factor(lesson.usefulness)),
    );
  };
  const byFullSort = (lessons: readonly LessonRecord[], now: number, weights: LessonWeights): string[] =>
    lessons
      .map((lesson) => ({ id: lesson.id, score: trueScore(lesson, now, weights) }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((item) => item.id);
  /**
   * The layer's order is the full re-sort's, up to lessons whose true scores differ by less than
   * rounding (a rank is a sum of logarithms near 1,000, so importances 1 - 3.76e-14 and 1 - 3.79e-14
   * give one rank and fall back to the id order): each such run of near-ties may come in any order.
   */
  const expectFullSortOrder = (
    order: readonly string[],
    lessons: readonly LessonRecord[],
    now: number,
    weights: LessonWeights,
  ): void => {
    expect([...order].sort()).toEqual(lessons.map((lesson) => lesson.id).sort());
    const score = new Map(lessons.map((lesson) => [lesson.id, trueScore(lesson, now, weights)]));
    const expected = byFullSort(lessons, now, weights);
    for (let index = 0; index < order.length; index += 1) {
      const got = score.get(order[index] as string) as number;
      const want = score.get(expected[index] as string) as number;
      expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(got, want));
    }
  };

  const operation = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      importance: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.3, 1)),
      usefulness: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 40 * 86_400_000 }) }),
    fc.record({ kind: fc.constant('use' as const), pick: fc.nat(), useful: fc.boolean() }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      importance: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  );

  it('equals a full re-sort by score after random adds, evictions, uses and time steps (property)', async () => {
    // Counted over every run: the property must have met evictions and time steps, not only adds.
    let evictions = 0;
    let waits = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 60, size: 'max' }),
        fc.integer({ min: 1, max: 12 }),
        fc.record({
          recency: fc.constantFrom(0, 0.5, 1, 2),
          importance: fc.constantFrom(0, 1, 1.5),
          usefulness: fc.constantFrom(0, 1),
          relevance: fc.constant(1),
        }),
        async (operations, capacity, weights) => {
          let now = 1_700_000_000_000;
          const lessons = createLessonsLayer({ capacity, halfLifeMs, weights, now: () => now });
          let added = 0;
          for (const step of operations) {
            const ids = lessons.lessons.map((lesson) => lesson.id);
            const picked = ids.length === 0 ? undefined : ids[('pick' in step ? step.pick : 0) % ids.length];
            if (step.kind === 'add') {
              added += 1;
              const before = lessons.lessons;
              const lowest = lessons.top(capacity).at(-1);
              const result = await lessons.addLesson({
                text: `lesson number ${added} word${added}`,
                importance: step.importance,
                usefulness: step.usefulness,
              });
              if (result.status === 'rejected') {
                // Only a full layer rejects, and only a newcomer no better than its weakest lesson.
                expect(before).toHaveLength(capacity);
                expect(lowest).toBeDefined();
              }
              if (result.status === 'added' && before.length === capacity)
                expect(result.evicted).toBe(lowest?.id);
              if (result.status === 'added' && result.evicted !== undefined) evictions += 1;
            } else if (step.kind === 'wait') {
              now += step.ms;
              waits += 1;
            } else if (step.kind === 'use' && picked) await lessons.recordUse([picked], step.useful);
            else if (step.kind === 'remove' && picked) await lessons.removeLesson(picked);
            else if (step.kind === 'update' && picked)
              await lessons.updateLesson(picked, { importance: step.importance });
            expect(lessons.lessons.length).toBeLessThanOrEqual(capacity);
            const order = lessons.top(capacity).map((lesson) => lesson.id);
            expectFullSortOrder(order, lessons.lessons, now, weights as LessonWeights);
            // With no query, the fit shows them in that order.
            const fit = lessons.fit(fitRequest(100_000, { now }));
            expect(fit.kept).toEqual(order);
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(evictions).toBeGreaterThan(20);
    expect(waits).toBeGreaterThan(20);
  });

  it('ranks a changed query exactly as a full sort by score (below the per-word cut)', async () => {
    let now = 1_700_000_000_000;
    const lessons = createLessonsLayer({ capacity: 500, now: () => now });
    const words = [
      'block',
      'attack',
      'potion',
      'elite',
      'boss',
      'heal',
      'draw',
      'energy',
      'poison',
      'shield',
    ];
    for (let index = 0; index < 300; index += 1) {
      const text = `${words[index % 10]} ${words[(index * 3 + 1) % 10]} note ${index} item${index}`;
      await lessons.addLesson({ text, importance: ((index * 37) % 100) / 100 });
      now += 60_000;
    }
    for (const query of ['block potion', 'boss', 'energy shield draw', 'nothing matches this']) {
      const fit = lessons.fit(fitRequest(1_000_000, { query }));
      const expected = lessons.lessons
        .map((lesson) => ({ id: lesson.id, score: lessons.score(lesson.id, query) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .map((item) => item.id);
      expect(fit.kept).toEqual(expected);
    }
  });

  it('reports lessons ranked below what fits as one count, not one record each', async () => {
    const lessons = createLessonsLayer({ capacity: 5_000 });
    for (let index = 0; index < 2_000; index += 1)
      await lessons.addLesson({
        text: `insight ${index} about topic${index}`,
        importance: (index % 10) / 10,
      });
    const fit = lessons.fit(fitRequest(80, { query: 'topic7 insight' }));
    expect(fit.kept.length).toBeGreaterThan(0);
    expect(fit.dropped.length).toBeLessThanOrEqual(33);
    expect(fit.omitted).toEqual({
      count: 2_000 - fit.kept.length - fit.dropped.length,
      reason: 'ranked-out',
    });
    expect(fit.kept).toContain(
      lessons.lessons.find((lesson) => lesson.text === 'insight 7 about topic7')?.id,
    );
  });

  it('gives every lesson a random, collision-free id', async () => {
    const one = createLessonsLayer();
    const two = createLessonsLayer();
    const ids = new Set<string>();
    for (let index = 0; index < 50; index += 1) {
      for (const layer of [one, two]) {
        const result = await layer.addLesson({ text: `same clock, lesson ${index} ${ids.size}` });
        if (result.status !== 'added') throw new Error('expected added');
        expect(result.lesson.id).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        ids.add(result.lesson.id);
      }
    }
    expect(ids.size).toBe(100);
  });
});
