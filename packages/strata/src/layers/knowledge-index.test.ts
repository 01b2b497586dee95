import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { KnowledgeIndex } from './knowledge-index.js';
import { createKnowledgeLayer, type KnowledgeEntry } from './knowledge-layer.js';

const WORDS = ['Strike', 'block', 'vulnerable', 'damage', 'draw', 'energy', 'exhaust', 'poison', 'weak'];

const documentArbitrary = fc.record({
  title: fc.subarray(WORDS, { maxLength: 2 }).map((words) => words.join(' ')),
  text: fc
    .array(fc.constantFrom(...WORDS, 'deal', 'gain', '6.', 'the,'), { minLength: 1, maxLength: 12 })
    .map((words) => words.join(' ')),
  tags: fc.subarray(WORDS, { maxLength: 2 }),
});
const queryArbitrary = fc
  .array(fc.constantFrom(...WORDS, 'unknownword', 'DAMAGE'), { minLength: 1, maxLength: 4 })
  .map((words) => words.join(' '));

type Document = { title: string; text: string; tags: string[] };

/** MiniSearch as the knowledge layer used it: the reference scores. */
function reference(
  documents: readonly Document[],
): MiniSearch<{ id: number; title: string; text: string; tags: string }> {
  const search = new MiniSearch<{ id: number; title: string; text: string; tags: string }>({
    fields: ['title', 'text', 'tags'],
    storeFields: [],
  });
  search.addAll(documents.map((document, id) => ({ id, ...document, tags: document.tags.join(' ') })));
  return search;
}

function index(documents: readonly Document[], postingsPerTerm?: number): KnowledgeIndex {
  return new KnowledgeIndex(
    documents.map((document) => [document.title, document.text, document.tags.join(' ')]),
    postingsPerTerm === undefined ? {} : { postingsPerTerm },
  );
}

/** The hits equal the reference's best `limit` (same scores in the same order; ties in any order). */
function expectSameTop(
  hits: { documents: readonly number[]; scores: readonly number[] },
  expected: ReadonlyArray<{ id: number; score: number }>,
  limit: number,
): void {
  const top = expected.slice(0, limit);
  expect(hits.documents.length).toBe(top.length);
  const byId = new Map(expected.map((result) => [result.id, result.score]));
  hits.documents.forEach((document, at) => {
    expect(hits.scores[at]).toBeCloseTo(top[at]?.score ?? Number.NaN, 9);
    expect(byId.get(document)).toBeCloseTo(hits.scores[at] ?? Number.NaN, 9);
  });
}

describe('knowledge index', () => {
  it('scores and ranks as MiniSearch did, and stops early when the threshold proves the top (property)', () => {
    let stoppedEarly = 0;
    fc.assert(
      fc.property(
        fc.array(documentArbitrary, { minLength: 1, maxLength: 60 }),
        queryArbitrary,
        fc.integer({ min: 1, max: 8 }),
        (documents, query, limit) => {
          const expected = reference(documents)
            .search(query)
            .map((result) => ({ id: Number(result.id), score: result.score }));
          const searched = index(documents);
          const hits = searched.search(query, limit);
          expect(searched.stats.exact).toBe(true);
          expectSameTop(hits, expected, limit);
          const postings = new Set(query.toLowerCase().split(' ')).values();
          let total = 0;
          for (const word of postings) total += searched.documentFrequency(word);
          if (searched.stats.postingsRead < total) stoppedEarly += 1;
        },
      ),
      { numRuns: 300 },
    );
    // The threshold must actually cut lists short, not only read them to the end.
    expect(stoppedEarly).toBeGreaterThan(20);
  });

  it('with short per-word lists, is still exact whenever it says so, and reads no more than the lists allow (property)', () => {
    let inexact = 0;
    fc.assert(
      fc.property(
        fc.array(documentArbitrary, { minLength: 1, maxLength: 60 }),
        queryArbitrary,
        fc.integer({ min: 1, max: 5 }),
        (documents, query, limit) => {
          const searched = index(documents, 3);
          const hits = searched.search(query, limit);
          const words = new Set(query.toLowerCase().split(' ')).size;
          expect(searched.stats.postingsRead).toBeLessThanOrEqual(3 * words);
          if (!searched.stats.exact) {
            inexact += 1;
            return;
          }
          const expected = reference(documents)
            .search(query)
            .map((result) => ({ id: Number(result.id), score: result.score }));
          expectSameTop(hits, expected, limit);
        },
      ),
      { numRuns: 300 },
    );
    expect(inexact).toBeGreaterThan(10);
  });

  it('among given documents, scores only those, as MiniSearch filtered by a zero boost (property)', () => {
    fc.assert(
      fc.property(
        fc.array(documentArbitrary, { minLength: 1, maxLength: 40 }),
        queryArbitrary,
        fc.array(fc.nat({ max: 39 }), { maxLength: 8 }),
        (documents, query, picks) => {
          const among = [...new Set(picks.filter((pick) => pick < documents.length))];
          const allowed = new Set(among);
          const expected = reference(documents)
            .search(query, { boostDocument: (id: unknown) => (allowed.has(id as number) ? 1 : 0) })
            .map((result) => ({ id: Number(result.id), score: result.score }));
          const searched = index(documents);
          const hits = searched.search(query, 10, among);
          expect(searched.stats.scored).toBeLessThanOrEqual(among.length);
          expectSameTop(hits, expected, 10);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** A corpus like the assemble bench's: `size` entries of 25 words from a 3,000-word vocabulary. */
function corpus(size: number): KnowledgeEntry[] {
  let state = 20261201;
  const random = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const vocabulary = Array.from({ length: 3000 }, (_, at) => `w${at.toString(36)}`);
  const pick = (): string => vocabulary[Math.floor(random() * vocabulary.length)] as string;
  return Array.from({ length: size }, (_, at) => ({
    key: `card-${at}`,
    title: `Card ${at}`,
    text: Array.from({ length: 25 }, pick).join(' '),
  }));
}

describe('knowledge layer: work per retrieval', () => {
  it('reads and scores no more entries per query at 20,000 entries than the per-word bound, and with keys only theirs', () => {
    const small = createKnowledgeLayer({ entries: corpus(2_000), maxResults: 20, postingsPerTerm: 64 });
    const large = createKnowledgeLayer({ entries: corpus(20_000), maxResults: 20, postingsPerTerm: 64 });
    const queries = Array.from(
      { length: 40 },
      (_, at) => `w${(at * 37).toString(36)} w${(at * 71 + 5).toString(36)} strike`,
    );
    const keys = new Set(['card-12', 'card-57', 'card-300']);
    let largestRead = 0;
    let largestScored = 0;
    let smallRead = 0;
    for (const query of queries) {
      small.retrieve(query);
      smallRead = Math.max(smallRead, small.lastSearch.postingsRead);
      large.retrieve(query);
      // Two known words per query: at most 64 entries read from each list, whatever the corpus.
      largestRead = Math.max(largestRead, large.lastSearch.postingsRead);
      largestScored = Math.max(largestScored, large.lastSearch.scored);
      large.retrieve(query, keys);
      expect(large.lastSearch.scored).toBe(3);
    }
    // At 20,000 entries a word is in about 167 of them: the lists are cut, the work is not 10x.
    expect(largestRead).toBeLessThanOrEqual(2 * 64);
    expect(largestScored).toBeLessThanOrEqual(2 * 64);
    expect(largestRead).toBeLessThan(smallRead * 10);
    expect(smallRead).toBeGreaterThan(0);
  });
});
