import * as cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';
import { StrataError } from '../errors/strata-error.js';
import { bytePairMerge } from './byte-pair-merge.js';
import { GenerationalCache } from './generational-cache.js';
import type { Tokenizer } from './tokenizer.js';
import { utf8ByteLength } from './utf8-length.js';

/** The OpenAI encodings Strata counts with exactly. */
export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

interface Encoding {
  encode(text: string, options?: object): number[];
  decode(tokens: Iterable<number>): string;
  countTokens(text: string, options?: object): number;
}

/** The parts of gpt-tokenizer's BPE core used to count chunk by chunk (checked at run time). */
interface BpeCore {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(chunk: string): number | undefined;
  getBpeRankFromBytes(piece: Uint8Array): number | undefined;
  bytePairEncode(chunk: string): number[];
}

const textEncoder = new TextEncoder();

const encodings: Record<TiktokenEncodingName, Encoding> = { o200k_base: o200k, cl100k_base: cl100k };

// Untrusted text may contain strings such as "<|endoftext|>": count them as plain text, never as
// special tokens, and never throw on them (the provider counts them as text too).
const plainText = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

/**
 * Pre-tokenizer chunks above this many UTF-8 bytes are merged by `bytePairMerge` (internal) (the same
 * merge rule with a heap, O(n log n)) instead of the library's rescanning merge, whose cost grows
 * with the square of the chunk (a 512-character CJK run takes ~6 ms, 20,000 'a' about a second).
 * Ordinary text never has chunks this long (words, numbers, punctuation runs); long spaceless runs
 * (hex, base64, repeated letters) do, and are still counted exactly.
 */
export const LONG_CHUNK_BYTES = 384;

/**
 * Chunks above this many UTF-8 bytes are not merged at all: each token covers at least one byte, so
 * `tokens(chunk) <= utf8Bytes(chunk)`, and since the encoder merges every chunk independently the
 * sum stays an upper bound. Keeps one pathological chunk (megabytes without a space) cheap.
 */
export const MAX_MERGED_CHUNK_BYTES = 65_536;

/** Multi-token chunks whose counts a tokenizer keeps (a few MB at most). */
const CHUNK_CACHE_ENTRIES = 65_536;

/** Options of {@link createTiktokenTokenizer}. */
export interface TiktokenTokenizerOptions {
  /** Chunk size in UTF-8 bytes above which chunks are merged by the O(n log n) merge (default 384). */
  longChunkBytes?: number;
  /** Chunk size in UTF-8 bytes above which the count is bounded by bytes instead of merged (default 65,536). */
  maxMergedChunkBytes?: number;
}

/** Exact OpenAI tokenizer (gpt-tokenizer: same ids as tiktoken, fastest to load and count here). */
export function createTiktokenTokenizer(
  name: TiktokenEncodingName = 'o200k_base',
  options: TiktokenTokenizerOptions = {},
): Tokenizer {
  const encoding = encodings[name];
  if (!encoding) {
    throw new StrataError(
      'TOKENIZER_UNKNOWN',
      `Unknown encoding '${String(name)}'. Use 'o200k_base' or 'cl100k_base'.`,
    );
  }
  const longChunkBytes = options.longChunkBytes ?? LONG_CHUNK_BYTES;
  const maxMergedChunkBytes = options.maxMergedChunkBytes ?? MAX_MERGED_CHUNK_BYTES;
  // A UTF-16 unit is at most 3 UTF-8 bytes: texts this short cannot hold a long chunk.
  const shortText = Math.floor(longChunkBytes / 3);
  const core = findCore(encoding);
  const rankOf = core ? (piece: Uint8Array) => core.getBpeRankFromBytes(piece) : undefined;
  /** Token ids of a long chunk (exact), or undefined when it is too long to merge. */
  const mergeLong = (chunk: string): number[] | undefined => {
    if (!rankOf) return undefined;
    const bytes = textEncoder.encode(chunk);
    return bytes.length > maxMergedChunkBytes ? undefined : bytePairMerge(bytes, rankOf);
  };

  const chunkCounts = new GenerationalCache<string, number>(CHUNK_CACHE_ENTRIES);
  /** Tokens of one pre-tokenizer chunk: exact for short chunks, the UTF-8 byte bound for long ones. */
  const chunkTokens = (chunk: string, bpe: BpeCore): number => {
    const bytes = chunk.length > shortText ? utf8ByteLength(chunk) : 0;
    if (bytes > longChunkBytes)
      return bytes > maxMergedChunkBytes ? bytes : (mergeLong(chunk)?.length ?? bytes);
    if (bpe.getBpeRankFromString(chunk) !== undefined) return 1;
    // Counts of multi-token chunks are kept here: gpt-tokenizer's own merge cache refreshes an entry
    // by delete + set on every hit, and that churn outlives young-generation collections.
    const cached = chunkCounts.get(chunk);
    if (cached !== undefined) return cached;
    const tokens = bpe.bytePairEncode(chunk).length;
    chunkCounts.set(chunk, tokens);
    return tokens;
  };

  /** Token count per pre-tokenizer chunk, with where each chunk is (truncate needs the positions). */
  function* chunkPieces(text: string): Generator<{ start: number; end: number; tokens: number }> {
    if (!core) {
      yield { start: 0, end: text.length, tokens: utf8ByteLength(text) };
      return;
    }
    for (const match of text.matchAll(core.tokenSplitRegex)) {
      const chunk = match[0];
      const start = match.index ?? 0;
      yield { start, end: start + chunk.length, tokens: chunkTokens(chunk, core) };
    }
  }

  // Counting needs no positions: one exec per chunk on a private copy of the split pattern, without
  // the generator's and matchAll's objects per chunk (a count is on every call's new text).
  const splitter = core
    ? new RegExp(
        core.tokenSplitRegex.source,
        core.tokenSplitRegex.flags.includes('g')
          ? core.tokenSplitRegex.flags
          : `${core.tokenSplitRegex.flags}g`,
      )
    : undefined;
  /** Sum of the chunks' tokens, stopping once above `limit`. */
  const sumChunks = (text: string, limit: number): number => {
    // Without the BPE core (a future gpt-tokenizer moved it), the library counts short texts itself
    // and longer ones get the UTF-8 byte bound.
    if (!core || !splitter)
      return text.length <= shortText ? encoding.countTokens(text, plainText) : utf8ByteLength(text);
    splitter.lastIndex = 0;
    let total = 0;
    for (let match = splitter.exec(text); match !== null; match = splitter.exec(text)) {
      const chunk = match[0];
      if (chunk === '') {
        // As matchAll does: step over an empty match (by a whole code point).
        splitter.lastIndex += (text.codePointAt(splitter.lastIndex) ?? 0) > 0xffff ? 2 : 1;
        continue;
      }
      total += chunkTokens(chunk, core);
      if (total > limit) return total;
    }
    return total;
  };

  const count = (text: string): number => {
    if (text.length === 0) return 0;
    return sumChunks(text, Number.POSITIVE_INFINITY);
  };

  const countUpTo = (text: string, limit: number): number => {
    return sumChunks(text, limit);
  };

  const truncate = (text: string, maxTokens: number): string => {
    if (maxTokens <= 0 || text.length === 0) return '';
    if (utf8ByteLength(text) <= maxTokens) return text;
    if (countUpTo(text, maxTokens) <= maxTokens) return text;
    // Walk the chunks to the first one that does not fit, then take part of it.
    let used = 0;
    let candidate = '';
    for (const piece of chunkPieces(text)) {
      if (used + piece.tokens <= maxTokens) {
        used += piece.tokens;
        continue;
      }
      const chunk = text.slice(piece.start, piece.end);
      const room = maxTokens - used;
      let partial = '';
      if (room > 0) {
        const ids = !core
          ? undefined
          : utf8ByteLength(chunk) > longChunkBytes
            ? mergeLong(chunk)
            : core.bytePairEncode(chunk);
        if (ids === undefined) partial = prefixWithinBytes(chunk, room);
        else partial = stripBrokenTail(encoding.decode(ids.slice(0, room)), chunk);
      }
      candidate = text.slice(0, piece.start) + partial;
      break;
    }
    // Chunks can split differently once the text is cut (lookaheads at the end): verify, shrink.
    let tokens = count(candidate);
    while (tokens > maxTokens && candidate.length > 0) {
      const over = tokens - maxTokens;
      let cut = candidate.length - Math.max(1, Math.ceil((candidate.length * over) / tokens));
      if (cut > 0 && isLowSurrogate(candidate.charCodeAt(cut))) cut -= 1;
      candidate = candidate.slice(0, Math.max(0, cut));
      tokens = count(candidate);
    }
    return candidate;
  };

  return {
    name,
    exact: true,
    splitsAtLineStarts: true,
    encode: (text: string) => encoding.encode(text, plainText),
    count,
    countUpTo,
    truncate,
  };
}

function findCore(encoding: Encoding): BpeCore | undefined {
  // gpt-tokenizer keeps its BPE core on the default export; if a future version moves it, counts
  // of long texts fall back to the (always valid) UTF-8 byte bound instead of breaking.
  const api = (encoding as unknown as { default?: { bytePairEncodingCoreProcessor?: unknown } }).default;
  const core = api?.bytePairEncodingCoreProcessor as Partial<BpeCore> | undefined;
  if (
    core &&
    core.tokenSplitRegex instanceof RegExp &&
    typeof core.getBpeRankFromString === 'function' &&
    typeof core.getBpeRankFromBytes === 'function' &&
    typeof core.bytePairEncode === 'function'
  ) {
    return core as BpeCore;
  }
  return undefined;
}

/** The longest prefix of `text` (whole code points) whose UTF-8 length is at most `maxBytes`. */
function prefixWithinBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.codePointAt(index) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    index += code >= 0x10000 ? 2 : 1;
  }
  return text.slice(0, index);
}

/** Decoding a token prefix can end inside a multi-byte character: keep only what `source` starts with. */
function stripBrokenTail(decoded: string, source: string): string {
  let candidate = decoded;
  while (candidate.length > 0 && !source.startsWith(candidate)) candidate = candidate.slice(0, -1);
  return candidate;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
