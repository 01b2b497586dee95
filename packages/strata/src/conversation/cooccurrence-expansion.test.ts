import { describe, expect, it } from 'vitest';
import { expandByCooccurrence } from './cooccurrence-expansion.js';
import { createTermIndex } from './term-index.js';
import { contentTerms } from './text-terms.js';

const history = [
  'We went camping by the lake and lit a campfire.',
  'The campfire kept us warm while camping in the forest.',
  'Camping again next month, the kids love the campfire.',
  'Work was busy today, long meetings all afternoon.',
  'The meetings ran late, work is exhausting this week.',
  'Dinner was pasta with tomatoes from the garden.',
];

function indexOf(texts: readonly string[]) {
  const index = createTermIndex();
  for (const text of texts) index.add(contentTerms(text));
  return index;
}

const options = { terms: 3, weight: 1, sampleTurns: 1000, minimumCount: 2 };

describe('expandByCooccurrence', () => {
  it('adds the terms that keep company with the question term in this history, best first', () => {
    const index = indexOf(history);
    const camping = index.termId('camp') as number;
    const added = expandByCooccurrence(index, new Map([[camping, 1]]), new Set(), options);
    const terms = [...added.keys()].map((id) => index.term(id));
    expect(terms[0]).toBe('campfir');
    expect(terms).not.toContain('meet');
    expect(added.get(index.termId('campfir') as number)).toBe(1);
  });

  it('adds nothing from a single shared turn, nor excluded or question terms', () => {
    const index = indexOf(history);
    const pasta = index.termId('pasta') as number;
    expect(expandByCooccurrence(index, new Map([[pasta, 1]]), new Set(), options).size).toBe(0);
    const camping = index.termId('camp') as number;
    const campfire = index.termId('campfir') as number;
    const added = expandByCooccurrence(index, new Map([[camping, 1]]), new Set([campfire]), options);
    expect(added.has(campfire)).toBe(false);
    expect(added.has(camping)).toBe(false);
  });

  it('reads at most sampleTurns turns per question term', () => {
    const index = indexOf(Array.from({ length: 500 }, (_, turn) => `camping note ${turn % 7}`));
    let read = 0;
    const counting = {
      ...index,
      turnTerms: (turn: number) => {
        read += 1;
        return index.turnTerms(turn);
      },
      size: index.size,
    };
    const camping = index.termId('camp') as number;
    expandByCooccurrence(counting, new Map([[camping, 1]]), new Set(), { ...options, sampleTurns: 50 });
    expect(read).toBe(50);
  });
});
