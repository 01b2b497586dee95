import type { Embedder } from '../layers/embedder.js';

/**
 * Turns texts into vectors for hybrid (lexical + semantic) retrieval: the core `Embedder`, so one
 * embedder serves the knowledge layer and the conversation memory. Optional: without one, the
 * conversation memory works on lexical signals alone.
 */
export type ConversationEmbedder = Embedder;
