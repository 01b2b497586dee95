/** Counts and truncates text in a model's tokens. Implementations must be pure and deterministic. */
export interface Tokenizer {
  /** Encoding name, e.g. `o200k_base`. */
  readonly name: string;
  /** Exact number of tokens of `text` (or an upper bound, for approximate tokenizers: see `exact`). */
  count(text: string): number;
  /**
   * The exact count when it is at most `limit`; otherwise any number above `limit` (counting may
   * stop early, so large texts that cannot fit cost little). Optional: callers fall back to `count`.
   */
  countUpTo?(text: string, limit: number): number;
  /** Token ids, where the tokenizer can produce them. */
  encode?(text: string): number[];
  /** The longest prefix of `text` whose count is at most `maxTokens`. */
  truncate(text: string, maxTokens: number): string;
  /** True when `count` is the provider's exact count; false when it is a calibrated upper bound. */
  readonly exact: boolean;
  /**
   * True when `count(a + b) <= count(a) + count(b)` (equal for exact tokenizers) whenever `a` ends
   * with a newline and `b` starts with a character that is neither whitespace nor '/'. Holds for the
   * tiktoken encodings: their pre-tokenizer never lets a chunk run from a newline into such a
   * character (o200k_base's punctuation chunk `[^\s\p{L}\p{N}]+[\r\n/]*` does swallow a following
   * '/', so fitted lines never start with one), and chunks are encoded independently. Lets the
   * assembler add up cached line counts instead of re-counting the whole prompt.
   */
  readonly splitsAtLineStarts?: boolean;
  /**
   * Changes whenever the counts this tokenizer returns may change (an approximate tokenizer's
   * `calibrate()` raising its margin). A count kept outside the tokenizer is valid only while the
   * version is the one it was counted under: key caches by (text, version), or clear them when it
   * changes (see {@link tokenizerVersion}). Absent: counts never change.
   */
  readonly version?: number;
}

/** The tokenizer's current {@link Tokenizer.version} (0 for tokenizers whose counts never change). */
export function tokenizerVersion(tokenizer: Pick<Tokenizer, 'version'>): number {
  return tokenizer.version ?? 0;
}
