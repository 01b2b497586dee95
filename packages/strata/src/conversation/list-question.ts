import { answerTypeWords } from './answer-type.js';
import { words } from './text-terms.js';

/** Plurals without a final -s. */
const IRREGULAR_PLURALS: ReadonlySet<string> = new Set(['people', 'children', 'men', 'women']);

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
  const type = answerTypeWords(query);
  const head = type[type.length - 1];
  return head !== undefined && isPlural(head);
}

function isPlural(word: string): boolean {
  if (IRREGULAR_PLURALS.has(word)) return true;
  // "books", "activities", "countries"; not "status", "class", "bus".
  return word.length > 2 && /[^su]s$/.test(word);
}
