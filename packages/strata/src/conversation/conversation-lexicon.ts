/** A word or phrase related to some words of a question, from a lexical resource. */
export interface LexicalExpansion {
  /** The related word or phrase, lower case, words separated by spaces ("tae kwon do"). */
  text: string;
  /** How close it is, in (0, 1]: about 1 for a synonym, less for a broader or narrower word. */
  weight: number;
  /** Positions (in the words given to `related`) of the question words it comes from. */
  from: readonly number[];
}

/**
 * A lexical resource for query expansion (WordNet from `@strata-memory/strata/wordnet`, or your own):
 * it lets a question reach turns that share no word with it ("martial arts" and "taekwondo").
 * Synchronous and deterministic: the memory calls it once per question.
 */
export interface ConversationLexicon {
  readonly name: string;
  /** Related words of a question's words (lower case, in order, stopwords included). */
  related(words: readonly string[]): readonly LexicalExpansion[];
}
