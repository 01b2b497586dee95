import {
  type ChatMessage,
  countMessageTokens,
  TOKENS_FOR_REPLY,
  type Tokenizer,
} from '@strata-memory/strata';

/** A chat message with its exact token count (framing included), counted once. */
export interface CountedMessage {
  message: ChatMessage;
  tokens: number;
}

/** A message with its exact token count. */
export function countedMessage(message: ChatMessage, tokenizer: Tokenizer): CountedMessage {
  return { message, tokens: countMessageTokens(message, tokenizer) };
}

/** Exact tokens of a request made of counted messages: framing is per message, so sums are exact. */
export function requestTokens(messages: readonly CountedMessage[]): number {
  return TOKENS_FOR_REPLY + messages.reduce((sum, each) => sum + each.tokens, 0);
}

/**
 * Leading tokens identical to the previous request, whole messages at a time (a lower bound of
 * what a provider's prefix cache could reuse).
 */
export function stablePrefix(
  previous: readonly CountedMessage[],
  current: readonly CountedMessage[],
): number {
  let tokens = 0;
  for (let index = 0; index < current.length && index < previous.length; index += 1) {
    const a = previous[index] as CountedMessage;
    const b = current[index] as CountedMessage;
    if (a.message.role !== b.message.role || a.message.content !== b.message.content) break;
    tokens += b.tokens;
  }
  return tokens;
}
