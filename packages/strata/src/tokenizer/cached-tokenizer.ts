import { GenerationalCache } from './generational-cache.js';
import { type Tokenizer, tokenizerVersion } from './tokenizer.js';
import { utf8ByteLength } from './utf8-length.js';

/** Options of {@link createCachedTokenizer}. */
export interface CachedTokenizerOptions {
  /** How many distinct texts keep their count (default 20,000). */
  maxEntries?: number;
  /** Texts shorter than this are counted directly: hashing them costs about as much (default 16). */
  minLength?: number;
}

/** A tokenizer whose counts are cached by content, plus cheap checks that avoid counting at all. */
export interface CachedTokenizer extends Tokenizer {
  /** The wrapped tokenizer. */
  readonly inner: Tokenizer;
  /** True when `text` costs at most `maxTokens`; answers from the UTF-8 byte bound when it can. */
  fits(text: string, maxTokens: number): boolean;
  /** Exact count when at most `limit`, else a number above `limit`; both remembered by content. */
  countUpTo(text: string, limit: number): number;
  /** Cache statistics (hits and misses since creation). */
  readonly stats: { hits: number; misses: number };
}

/**
 * Wraps a tokenizer with a bounded cache of counts keyed by the text itself (roughly least recently
 * used, see GenerationalCache), so unchanged renderings
 * (the same layer section, the same lesson) are never tokenized twice. The cache is cleared when
 * the wrapped tokenizer's `version` changes (an approximate tokenizer's `calibrate()`).
 */
export function createCachedTokenizer(
  tokenizer: Tokenizer,
  options: CachedTokenizerOptions = {},
): CachedTokenizer {
  const cache = new GenerationalCache<string, number>(options.maxEntries ?? 20_000);
  // Texts whose counting stopped early: a proven lower bound on their count.
  const lowerBounds = new GenerationalCache<string, number>(
    Math.max(16, Math.floor((options.maxEntries ?? 20_000) / 10)),
  );
  const minLength = options.minLength ?? 16;
  const stats = { hits: 0, misses: 0 };
  // Counts are only valid under the version they were taken with: a calibrated tokenizer clears them.
  let countedVersion = tokenizerVersion(tokenizer);
  const checkVersion = (): void => {
    const version = tokenizerVersion(tokenizer);
    if (version === countedVersion) return;
    cache.clear();
    lowerBounds.clear();
    countedVersion = version;
  };
  const count = (text: string): number => {
    if (text.length < minLength) return tokenizer.count(text);
    checkVersion();
    const cached = cache.get(text);
    if (cached !== undefined) {
      stats.hits += 1;
      return cached;
    }
    stats.misses += 1;
    const tokens = tokenizer.count(text);
    cache.set(text, tokens);
    return tokens;
  };
  const countUpTo = (text: string, limit: number): number => {
    if (text.length < minLength) return tokenizer.count(text);
    checkVersion();
    const exact = cache.get(text);
    if (exact !== undefined) {
      stats.hits += 1;
      return exact;
    }
    const bound = lowerBounds.get(text);
    if (bound !== undefined && bound > limit) {
      stats.hits += 1;
      return bound;
    }
    stats.misses += 1;
    if (!tokenizer.countUpTo) {
      const tokens = tokenizer.count(text);
      cache.set(text, tokens);
      return tokens;
    }
    const tokens = tokenizer.countUpTo(text, limit);
    if (tokens <= limit) cache.set(text, tokens);
    else lowerBounds.set(text, tokens);
    return tokens;
  };
  const cached: CachedTokenizer = {
    name: tokenizer.name,
    get exact() {
      return tokenizer.exact;
    },
    get version() {
      return tokenizerVersion(tokenizer);
    },
    inner: tokenizer,
    stats,
    splitsAtLineStarts: tokenizer.splitsAtLineStarts === true,
    count,
    countUpTo,
    truncate: (text, maxTokens) => tokenizer.truncate(text, maxTokens),
    fits(text, maxTokens) {
      // Byte-level BPE: every token covers at least one byte. Approximate tokenizers scale counts
      // up, so the shortcut is only taken for exact ones.
      if (tokenizer.exact && utf8ByteLength(text) <= maxTokens) return true;
      return countUpTo(text, maxTokens) <= maxTokens;
    },
  };
  if (tokenizer.encode) {
    const encode = tokenizer.encode.bind(tokenizer);
    cached.encode = encode;
  }
  return cached;
}
