import { createCachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import type { FitRequest } from './layer.js';

/** A fit request for layer tests. */
export function fitRequest(allowance: number, extra: Partial<FitRequest> = {}): FitRequest {
  return {
    allowance,
    shrunk: false,
    query: undefined,
    keys: new Set(),
    tokenizer: testTokenizer,
    now: Date.now(),
    ...extra,
  };
}

export const testTokenizer = createCachedTokenizer(createTiktokenTokenizer('o200k_base'));
