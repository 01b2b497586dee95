import type { Tokenizer } from './tokenizer.js';

/** Tokens OpenAI adds around every chat message (`<|im_start|>`, `<|im_sep|>` or newline, `<|im_end|>`). */
export const TOKENS_PER_MESSAGE = 3;
/** Extra token when a message carries a `name`. */
export const TOKENS_PER_NAME = 1;
/** Tokens that prime the reply (`<|im_start|>assistant<|im_sep|>`), counted once per request. */
export const TOKENS_FOR_REPLY = 3;

/** The fields of a chat message that count towards the request. */
export interface CountableMessage {
  role: string;
  content: string;
  name?: string | undefined;
}

/**
 * Tokens of one chat message as OpenAI counts it (openai-cookbook "How to count tokens"):
 * 3 + tokens(role) + tokens(content), plus tokens(name) + 1 when a name is set.
 */
export function countMessageTokens(message: CountableMessage, tokenizer: Tokenizer): number {
  let tokens = TOKENS_PER_MESSAGE + tokenizer.count(message.role) + tokenizer.count(message.content);
  if (message.name !== undefined && message.name !== '') {
    tokens += tokenizer.count(message.name) + TOKENS_PER_NAME;
  }
  return tokens;
}

/**
 * Tokens of a whole chat request as OpenAI counts it: every message's tokens
 * ({@link countMessageTokens}) plus 3 for the reply priming. An empty request costs 3.
 */
export function countChatTokens(messages: readonly CountableMessage[], tokenizer: Tokenizer): number {
  let tokens = TOKENS_FOR_REPLY;
  for (const message of messages) tokens += countMessageTokens(message, tokenizer);
  return tokens;
}
