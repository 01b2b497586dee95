import * as cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';
import { StrataError } from '../errors/strata-error.js';
import type { Tokenizer } from './tokenizer.js';

export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

interface Encoding {
  encode(text: string, options?: object): number[];
  decode(tokens: Iterable<number>): string;
}

const encodings: Record<TiktokenEncodingName, Encoding> = { o200k_base: o200k, cl100k_base: cl100k };

// Untrusted text may contain strings such as "<|endoftext|>": count them as plain text, never as
// special tokens, and never throw on them (the provider counts them as text too).
const plainText = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

/**
 * Runs of one repeated character are the tokenizer's worst case (BPE merges are quadratic there).
 * Pieces of this many characters are encoded separately; a split can only add tokens at the cut,
 * so the result is an upper bound that is exact for all ordinary text (no run that long).
 */
const LONG_RUN = 4096;

/** Exact OpenAI tokenizer (gpt-tokenizer: same ids as tiktoken, fastest to load and count here). */
export function createTiktokenTokenizer(name: TiktokenEncodingName = 'o200k_base'): Tokenizer {
  const encoding = encodings[name];
  if (!encoding) {
    throw new StrataError(
      'TOKENIZER_UNKNOWN',
      `Unknown encoding '${String(name)}'. Use 'o200k_base' or 'cl100k_base'.`,
    );
  }
  const encode = (text: string): number[] => {
    if (text.length <= LONG_RUN || !hasLongRun(text)) return encoding.encode(text, plainText);
    const out: number[] = [];
    for (const piece of splitLongRuns(text)) for (const id of encoding.encode(piece, plainText)) out.push(id);
    return out;
  };
  return {
    name,
    exact: true,
    encode,
    count(text: string): number {
      if (text.length === 0) return 0;
      return encode(text).length;
    },
    truncate(text: string, maxTokens: number): string {
      if (maxTokens <= 0) return '';
      const ids = encode(text);
      if (ids.length <= maxTokens) return text;
      // Decoding a token prefix can end inside a multi-byte character; drop the broken tail
      // and re-check, so the result always counts within maxTokens.
      let keep = maxTokens;
      while (keep > 0) {
        const candidate = encoding.decode(ids.slice(0, keep)).replace(/\uFFFD+$/u, '');
        if (text.startsWith(candidate) && encode(candidate).length <= maxTokens) return candidate;
        keep -= 1;
      }
      return '';
    },
  };
}

function hasLongRun(text: string): boolean {
  let run = 1;
  for (let index = 1; index < text.length; index += 1) {
    run = text.charCodeAt(index) === text.charCodeAt(index - 1) ? run + 1 : 1;
    if (run > LONG_RUN) return true;
  }
  return false;
}

function* splitLongRuns(text: string): Generator<string> {
  let start = 0;
  let run = 1;
  for (let index = 1; index <= text.length; index += 1) {
    if (index < text.length && text.charCodeAt(index) === text.charCodeAt(index - 1)) {
      run += 1;
      // Never cut between the halves of a surrogate pair.
      if (run >= LONG_RUN && !isHighSurrogate(text.charCodeAt(index))) {
        yield text.slice(start, index + 1);
        start = index + 1;
        run = 0;
      }
    } else {
      run = 1;
    }
  }
  if (start < text.length) yield text.slice(start);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
