/** Counts and truncates text in a model's tokens. Implementations must be pure and deterministic. */
export interface Tokenizer {
  /** Encoding name, e.g. `o200k_base`. */
  readonly name: string;
  /** Exact number of tokens of `text` (or an upper bound, for approximate tokenizers: see `exact`). */
  count(text: string): number;
  /** Token ids, where the tokenizer can produce them. */
  encode?(text: string): number[];
  /** The longest prefix of `text` whose count is at most `maxTokens`. */
  truncate(text: string, maxTokens: number): string;
  /** True when `count` is the provider's exact count; false when it is a calibrated upper bound. */
  readonly exact: boolean;
}
