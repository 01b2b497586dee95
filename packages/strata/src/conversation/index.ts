export { createBm25ConversationMemory } from './bm25-conversation-memory.js';
export type { ConversationEmbedder } from './conversation-embedder.js';
export type { ConversationLexicon, LexicalExpansion } from './conversation-lexicon.js';
export type {
  AssembledConversation,
  ConversationAssembleOptions,
  ConversationMemory,
  ConversationMemoryBaseOptions,
} from './conversation-memory.js';
export type { ConversationPersistence } from './conversation-persistence.js';
export type { ConversationSession, ConversationTurn } from './conversation-turn.js';
export {
  createConversationMemory,
  type LayeredConversationMemory,
  type LayeredConversationOptions,
} from './layered-conversation-memory.js';
export { createWindowConversationMemory } from './window-conversation-memory.js';
