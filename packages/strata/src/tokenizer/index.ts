export { createTiktokenTokenizer, type TiktokenEncodingName } from './tiktoken-tokenizer.js';
export type { Tokenizer } from './tokenizer.js';
