/**
 * Turns texts into vectors for hybrid (lexical + semantic) retrieval. Optional: without one, the
 * conversation memory works on lexical signals alone. Vectors of one embedder must share a length.
 */
export interface ConversationEmbedder {
  /** A name for telemetry, e.g. `openai:text-embedding-3-small`. */
  readonly name: string;
  /** One vector per text, in order. Called in batches at assemble time for turns not yet embedded. */
  embed(texts: string[]): Promise<number[][]>;
}
