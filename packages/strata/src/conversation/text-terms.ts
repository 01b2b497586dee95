import { stemmer } from 'stemmer';
import { ENGLISH_STOPWORDS } from './english-stopwords.js';
import { IRREGULAR_VERBS } from './irregular-verbs.js';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Lower-cased words of a text, apostrophes normalised, possessive `'s` removed. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    let word = match[0].toLowerCase().replace(/’/g, "'");
    if (word.endsWith("'s")) word = word.slice(0, -2);
    out.push(word);
  }
  return out;
}

const stems = new Map<string, string>();

/** Porter stem of a lower-cased word (cached: conversations repeat their words a lot). */
export function stem(word: string): string {
  let result = stems.get(word);
  if (result === undefined) {
    result = /^\d/.test(word) ? word : stemmer(IRREGULAR_VERBS.get(word) ?? word);
    if (stems.size < 200_000) stems.set(word, result);
  }
  return result;
}

/** Retrieval terms of a text: stems of its words that are not stopwords. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (ENGLISH_STOPWORDS.has(word) || word.length < 2) continue;
    out.push(stem(word));
  }
  return out;
}
