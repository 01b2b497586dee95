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
/** Plurals without a final -s. */
const IRREGULAR_PLURALS: ReadonlySet<string> = new Set(['people', 'children', 'men', 'women']);
/** Words read between "what"/"which" and the auxiliary at most ("what European countries has"). */
const PHRASE_WORDS = 4;

/**
 * Whether a question asks for several things said at different times ("What books has Tim read?",
 * "How many pets does Ana have?", "What do Ana and Ben both like?"): a plural answer type before the
 * auxiliary verb, "how many", or "both". Its evidence is spread over many turns, usually one per
 * mention, so the context is better spent on more matches than on the turns around each one.
 * English only; any other question reads as not a list.
 */
export function isListQuestion(query: string): boolean {
  const list = words(query);
  for (let position = 0; position < list.length; position += 1) {
    const word = list[position] as string;
    if (word === 'both') return true;
    if (word === 'how' && list[position + 1] === 'many') return true;
  }
  const start = list.findIndex((word) => word === 'what' || word === 'which');
  if (start < 0) return false;
  const end = Math.min(list.length, start + PHRASE_WORDS + 2);
  for (let position = start + 1; position < end; position += 1) {
    if (!AUXILIARIES.has(list[position] as string)) continue;
    if (position === start + 1) return false;
    return isPlural(list[position - 1] as string);
  }
  return false;
}

function isPlural(word: string): boolean {
  if (IRREGULAR_PLURALS.has(word)) return true;
  // "books", "activities", "countries"; not "status", "class", "bus".
  return word.length > 2 && /[^su]s$/.test(word);
}
