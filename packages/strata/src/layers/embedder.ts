/** Turns texts into vectors for hybrid (lexical + semantic) re-ranking. Plug in any embedding model. */
export interface Embedder {
  readonly name: string;
  /** One vector per text, in order; all vectors of one embedder have the same length. */
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** Cosine similarity of two vectors (0 when either is all zeros). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
