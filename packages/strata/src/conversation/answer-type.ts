import { words } from './text-terms.js';

/** Auxiliary verbs that end a question's answer-type phrase ("What books HAS Tim read?"). */
const AUXILIARIES: ReadonlySet<string> = new Set([
  'do',
  'does',
  'did',
  'has',
  'have',
  'had',
  'is',
  'are',
  'was',
  'were',
  'can',
  'could',
  'would',
  'will',
  'might',
  'should',
]);
/** Words that only say "a kind of" ("what kind of books"): not part of the type itself. */
const KIND_WORDS: ReadonlySet<string> = new Set(['kind', 'kinds', 'type', 'types', 'sort', 'sorts', 'of']);
/** Words read between "what"/"which" and the auxiliary at most ("what European countries has"). */
const PHRASE_WORDS = 4;

/**
 * The answer type of a "what"/"which" question: the words between it and the first auxiliary verb
 * ("What European countries has Maria been to?" -> european, countries; "What kind of books does
 * Tim read?" -> books), lower case. Empty when the auxiliary comes first ("What is ...") or not
 * within a few words ("Which song motivates ...": no auxiliary to end the phrase). English only.
 */
export function answerTypeWords(query: string): string[] {
  const list = words(query);
  const start = list.findIndex((word) => word === 'what' || word === 'which');
  if (start < 0) return [];
  const end = Math.min(list.length, start + PHRASE_WORDS + 2);
  for (let position = start + 1; position < end; position += 1) {
    if (!AUXILIARIES.has(list[position] as string)) continue;
    return list.slice(start + 1, position).filter((word) => !KIND_WORDS.has(word));
  }
  return [];
}
