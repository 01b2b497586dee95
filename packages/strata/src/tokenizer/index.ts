export {
  type ApproximateTokenizer,
  type ApproximateTokenizerOptions,
  createApproximateTokenizer,
} from './approximate-tokenizer.js';
export {
  type CachedTokenizer,
  type CachedTokenizerOptions,
  createCachedTokenizer,
} from './cached-tokenizer.js';
export {
  type CountableMessage,
  countChatTokens,
  countMessageTokens,
  TOKENS_FOR_REPLY,
  TOKENS_PER_MESSAGE,
  TOKENS_PER_NAME,
} from './count-chat-tokens.js';
export { LruCache } from './lru-cache.js';
export {
  createTiktokenTokenizer,
  LONG_CHUNK_BYTES,
  MAX_MERGED_CHUNK_BYTES,
  type TiktokenEncodingName,
  type TiktokenTokenizerOptions,
} from './tiktoken-tokenizer.js';
export { type Tokenizer, tokenizerVersion } from './tokenizer.js';
export { utf8ByteLength } from './utf8-length.js';
