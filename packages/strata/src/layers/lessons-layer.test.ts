import { describe, expect, it } from 'vitest';
import { createLessonsLayer } from './lessons-layer.js';
import { fitRequest } from './test-request.js';

describe('lessons layer', () => {
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
    expect(fit.kept.length + fit.dropped.length).toBe(20);
    expect(new Set(fit.dropped.map((item) => item.reason))).not.toContain('not-triggered');
  });
});
