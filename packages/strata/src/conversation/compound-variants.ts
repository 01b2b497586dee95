import type { ConversationLog } from './conversation-log.js';
import { ENGLISH_STOPWORDS } from './english-stopwords.js';
import type { TermIndex } from './term-index.js';
import { stem, words } from './text-terms.js';

/** A term of the history that spells a question word another way, and the question term it stands for. */
export interface CompoundVariant {
  term: number;
  /** Term id of the question word it comes from (undefined when that word is not in the history). */
  source: number | undefined;
  /** Share of a question term's weight: a split compound's two halves share one match. */
  share: number;
}

/** Options of `compoundVariants`. */
export interface CompoundVariantOptions {
  /** Letters each half of a split word has at least ("road|trip"; not "learn|ing"). */
  minimumPart: number;
  /** A question word is split only when it occurs in at most this many turns (the others match already). */
  sourceFrequency: number;
  /** Turns read at most to find the two halves side by side (bounds the cost in a long history). */
  sampleTurns: number;
}

/**
 * Closed and open spellings of one compound ("roadtrip" and "road trip", "icecream" and "ice cream"):
 * chat text writes them either way, and a stemmer sees different words. A rare question word whose
 * two halves occur side by side in some turn gets those halves (half the weight each, so a turn with
 * both equals one match); two adjacent question words whose joined form is a term of the history get
 * that term. Halves that never stand side by side are not a spelling of the word ("trans gender").
 */
export function compoundVariants(
  query: string,
  index: TermIndex,
  log: ConversationLog,
  exclude: (word: string) => boolean,
  options: CompoundVariantOptions,
): CompoundVariant[] {
  const content = words(query).filter((word) => !ENGLISH_STOPWORDS.has(word) && !exclude(word));
  const out: CompoundVariant[] = [];
  content.forEach((word, position) => {
    const source = index.termId(stem(word));
    if (source === undefined || index.documentFrequency(source) <= options.sourceFrequency) {
      const split = splitOf(word, index, log, options);
      if (split) for (const term of split) out.push({ term, source, share: 0.5 });
    }
    const next = content[position + 1];
    if (next === undefined) return;
    const joined = index.termId(stem(word + next));
    if (joined !== undefined) out.push({ term: joined, source, share: 1 });
  });
  return out;
}

/** The term ids of the two halves of `word` when some turn says them side by side. */
function splitOf(
  word: string,
  index: TermIndex,
  log: ConversationLog,
  options: CompoundVariantOptions,
): [number, number] | undefined {
  for (let cut = options.minimumPart; cut <= word.length - options.minimumPart; cut += 1) {
    const first = word.slice(0, cut);
    const second = word.slice(cut);
    if (ENGLISH_STOPWORDS.has(first) || ENGLISH_STOPWORDS.has(second)) continue;
    const firstId = index.termId(stem(first));
    const secondId = index.termId(stem(second));
    if (firstId === undefined || secondId === undefined) continue;
    if (saidTogether(first, second, firstId, secondId, index, log, options.sampleTurns)) {
      return [firstId, secondId];
    }
  }
  return undefined;
}

/** Whether a turn holding both terms has the two words next to each other ("road trip", "road-trip"). */
function saidTogether(
  first: string,
  second: string,
  firstId: number,
  secondId: number,
  index: TermIndex,
  log: ConversationLog,
  sampleTurns: number,
): boolean {
  // Walk the shorter posting list, newest first, looking each turn up in the other one (both sorted,
  // oldest first) by binary search: no set of a common term's whole posting list per question.
  const [rare, common] =
    index.documentFrequency(firstId) <= index.documentFrequency(secondId)
      ? [index.postings(firstId), index.postings(secondId)]
      : [index.postings(secondId), index.postings(firstId)];
  let read = 0;
  for (let position = rare.length - 1; position >= 0 && read < sampleTurns; position -= 1) {
    const turn = rare[position] as number;
    if (!sortedHas(common, turn)) continue;
    read += 1;
    const said = words(log.turns[turn]?.text ?? '');
    for (let at = 0; at + 1 < said.length; at += 1) {
      if (said[at] === first && said[at + 1] === second) return true;
    }
  }
  return false;
}

/** Whether an ascending list holds `value`. */
function sortedHas(list: Uint32Array, value: number): boolean {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return list[low] === value;
}
