import { StrataError } from '../errors/strata-error.js';
import { createTiktokenTokenizer, type TiktokenEncodingName } from './tiktoken-tokenizer.js';
import type { Tokenizer } from './tokenizer.js';

/** Options of {@link createApproximateTokenizer}. */
export interface ApproximateTokenizerOptions {
  /** Name reported by the tokenizer (default `approximate:<encoding>`). */
  name?: string;
  /** The offline encoding counts are based on (default o200k_base). */
  encoding?: TiktokenEncodingName;
  /** Multiplier on the base count (default 1.25: Claude 3+ counts run 5-20% above o200k_base). */
  margin?: number;
  /** The margin never goes below this, whatever calibration sees (default 1.0). */
  minimumMargin?: number;
  /** Extra headroom over the highest observed ratio when calibrating (default 1.05). */
  headroom?: number;
}

/** A tokenizer that over-estimates by a margin, for models without an exact offline tokenizer. */
export interface ApproximateTokenizer extends Tokenizer {
  readonly exact: false;
  /** The current multiplier on the base encoding's count. */
  readonly margin: number;
  /** Bumped by every `calibrate()` that changes the margin (see {@link Tokenizer.version}). */
  readonly version: number;
  /**
   * Adjusts the margin from provider-reported usage: `reportedInputTokens` is what the provider
   * billed for a request, `ourCount` what this tokenizer counted for the same request. The margin
   * rises at once to cover the observed ratio (with headroom) and falls only slowly.
   */
  calibrate(reportedInputTokens: number, ourCount: number): number;
}

/**
 * Counts with an offline encoding times a safety margin (e.g. for Claude 3 and later, whose
 * tokenizer is not published). `exact: false`: counts are upper bounds once calibrated.
 */
export function createApproximateTokenizer(options: ApproximateTokenizerOptions = {}): ApproximateTokenizer {
  const encoding = options.encoding ?? 'o200k_base';
  const base = createTiktokenTokenizer(encoding);
  const minimumMargin = options.minimumMargin ?? 1;
  const headroom = options.headroom ?? 1.05;
  let margin = options.margin ?? 1.25;
  // Bumped whenever the margin changes: every count cached outside this tokenizer is then stale.
  let version = 0;
  if (!(margin >= minimumMargin) || !Number.isFinite(margin)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `The approximate tokenizer margin must be a finite number >= ${minimumMargin}, got ${margin}.`,
    );
  }
  const scale = (tokens: number): number => Math.ceil(tokens * margin);
  const tokenizer: ApproximateTokenizer = {
    name: options.name ?? `approximate:${encoding}`,
    exact: false,
    // ceil(m * (x + y)) <= ceil(m * x) + ceil(m * y): the base encoding's property survives the margin.
    splitsAtLineStarts: true,
    get margin() {
      return margin;
    },
    get version() {
      return version;
    },
    count: (text) => (text.length === 0 ? 0 : scale(base.count(text))),
    countUpTo(text, limit) {
      if (text.length === 0) return 0;
      // Above floor(limit / margin) base tokens the scaled count is above limit: stop there.
      const baseLimit = Math.floor(limit / margin) + 1;
      return scale(base.countUpTo ? base.countUpTo(text, baseLimit) : base.count(text));
    },
    truncate(text, maxTokens) {
      let limit = Math.floor(maxTokens / margin);
      let candidate = base.truncate(text, limit);
      // ceil() can push the scaled count one over: shrink the base limit until it fits.
      while (candidate.length > 0 && scale(base.count(candidate)) > maxTokens && limit > 0) {
        limit -= 1;
        candidate = base.truncate(candidate, limit);
      }
      return limit <= 0 ? '' : candidate;
    },
    calibrate(reportedInputTokens, ourCount) {
      if (!(reportedInputTokens > 0) || !(ourCount > 0)) {
        throw new StrataError(
          'INPUT_INVALID',
          `calibrate() needs two positive token counts, got reported=${reportedInputTokens} and ours=${ourCount}.`,
        );
      }
      const baseCount = ourCount / margin;
      const observed = (reportedInputTokens / baseCount) * headroom;
      // Raise at once (an under-count breaks the budget), lower slowly (one request is noisy).
      const next = observed > margin ? observed : Math.max(minimumMargin, margin * 0.9 + observed * 0.1);
      if (next !== margin) {
        margin = next;
        version += 1;
      }
      return margin;
    },
  };
  return tokenizer;
}
