import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LessonRecord } from '../store/memory-store.js';
import { compareEntries, LessonEntry, LessonIndex } from './lesson-index.js';

const WORDS = ['block', 'attack', 'potion', 'elite', 'boss', 'heal'];
const boost = (relevance: number): number => Math.log(Math.max(0.05, relevance));

function entry(id: string, rank: number): LessonEntry {
  const record = { id, text: id, rank } as LessonRecord & { rank: number };
  return new LessonEntry(record);
}

/**
 * The order rankFor must give for a one-word query, from its definition over every lesson: the
 * `cut` best-ranked lessons holding the word are scored with their relevance, all others as if they
 * shared no word; best score first, ties by rank order.
 */
function expectedOrder(
  lessons: ReadonlyArray<{ entry: LessonEntry; words: ReadonlySet<string> }>,
  word: string,
  cut: number,
): string[] {
  const holding = lessons
    .filter((lesson) => lesson.words.has(word))
    .map((lesson) => lesson.entry)
    .sort(compareEntries)
    .slice(0, cut);
  const scored = lessons.map(({ entry: item, words }) => ({
    item,
    score: item.rank + boost(holding.includes(item) ? 1 / Math.sqrt(Math.max(1, words.size)) : 0),
  }));
  scored.sort((a, b) => b.score - a.score || compareEntries(a.item, b.item));
  return scored.map(({ item }) => item.id);
}

describe('lesson index: capped per-word lists', () => {
  it('ranks a query exactly as if every list were complete, through adds, replacements and removals (property)', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        rank: fc.integer({ min: 0, max: 40 }),
        words: fc.subarray(WORDS, { minLength: 1 }),
      }),
      fc.record({
        kind: fc.constant('replace' as const),
        pick: fc.nat(),
        rank: fc.integer({ min: 0, max: 40 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    );
    let capped = 0;
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 120, size: 'max' }), (operations) => {
        // Tiny limits so that lists overflow, get cut and run short within a few dozen steps.
        const index = new LessonIndex({ queryPostings: 3, postingCap: 4 });
        const lessons = new Map<string, { entry: LessonEntry; words: ReadonlySet<string> }>();
        let next = 0;
        for (const step of operations) {
          const ids = [...lessons.keys()];
          const picked = ids.length === 0 ? undefined : ids[('pick' in step ? step.pick : 0) % ids.length];
          if (step.kind === 'add') {
            const id = `l${String(next++).padStart(3, '0')}`;
            const item = entry(id, step.rank);
            const words = new Set(step.words);
            index.add(item, words);
            lessons.set(id, { entry: item, words });
          } else if (step.kind === 'replace' && picked) {
            // An update: a new entry for the same id and words, with a new rank.
            const words = (lessons.get(picked) as { words: ReadonlySet<string> }).words;
            const item = entry(picked, step.rank);
            index.add(item, words);
            lessons.set(picked, { entry: item, words });
          } else if (step.kind === 'remove' && picked) {
            index.remove((lessons.get(picked) as { entry: LessonEntry }).entry);
            lessons.delete(picked);
          }
          expect(index.size).toBe(lessons.size);
          for (const word of WORDS) {
            const holding = [...lessons.values()].filter((lesson) => lesson.words.has(word)).length;
            if (holding > 4) capped += 1;
            const list = index.rankFor(new Set([word]), boost);
            const got: string[] = [];
            for (let at = 0; at < list.length; at += 1) got.push((list.at(at) as LessonEntry).id);
            expect(got).toEqual(expectedOrder([...lessons.values()], word, 3));
          }
        }
      }),
      { numRuns: 200 },
    );
    // The runs did reach the interesting states: words held by more lessons than a list keeps.
    expect(capped).toBeGreaterThan(100);
  });

  it('keeps a lesson found by a word after the lessons above it are removed (the list is rebuilt)', () => {
    const index = new LessonIndex({ queryPostings: 2, postingCap: 2 });
    const entries = Array.from({ length: 10 }, (_, at) => entry(`l${at}`, 100 - at));
    for (const item of entries) index.add(item, ['block']);
    // Lists hold at most 2 + 2; removing the 6 best leaves l6..l9, which the list had cut.
    for (const item of entries.slice(0, 6)) index.remove(item);
    const list = index.rankFor(new Set(['block']), boost);
    expect([0, 1, 2, 3].map((at) => list.at(at)?.id)).toEqual(['l6', 'l7', 'l8', 'l9']);
  });

  it('reads an older ranking the same after a newer query has marked other lessons', () => {
    const index = new LessonIndex({ queryPostings: 4, postingCap: 8 });
    const items = Array.from({ length: 12 }, (_, at) => entry(`l${String(at).padStart(2, '0')}`, 50 - at));
    items.forEach((item, at) => {
      index.add(item, at % 2 === 0 ? ['block', 'elite'] : ['attack']);
    });
    const read = (list: { length: number; at(index: number): { id: string } | undefined }): string[] =>
      Array.from({ length: list.length }, (_, at) => list.at(at)?.id ?? '');
    const fresh = read(index.rankFor(new Set(['attack']), boost));
    const older = index.rankFor(new Set(['attack']), boost);
    // The newer query marks the older one's hits again (and others): the older list must not see them as unscored.
    index.rankFor(new Set(['attack', 'block']), boost);
    expect(read(older)).toEqual(fresh);
  });
});

describe('lesson index: work per query', () => {
  /** `size` lessons of 14 words from a 3,000-word vocabulary (the assemble bench's shape). */
  function filled(size: number): LessonIndex {
    let state = 20261201;
    const random = (): number => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const index = new LessonIndex();
    for (let at = 0; at < size; at += 1) {
      const words = Array.from({ length: 14 }, () => `w${Math.floor(random() * 3000)}`);
      index.add(entry(`l${at}`, random() * 10), words);
    }
    return index;
  }

  it('scores at most 64 lessons per query word, whether it holds 2,000 or 20,000 lessons', () => {
    const small = filled(2_000);
    const large = filled(20_000);
    let smallMost = 0;
    let largeMost = 0;
    for (let query = 0; query < 30; query += 1) {
      const wanted = new Set([`w${query * 97}`, `w${query * 31 + 7}`, 'strike']);
      small.rankFor(wanted, boost);
      smallMost = Math.max(smallMost, small.stats.scored);
      large.rankFor(wanted, boost);
      largeMost = Math.max(largeMost, large.stats.scored);
    }
    // About 9 lessons hold a word at 2,000, about 93 at 20,000: the second is cut at 64 per word.
    expect(smallMost).toBeGreaterThan(0);
    expect(largeMost).toBeLessThanOrEqual(2 * 64);
    expect(largeMost).toBeLessThan(10 * smallMost);
  });
});
