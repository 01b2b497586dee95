import type { Tokenizer } from './tokenizer.js';

/** Tokens OpenAI adds around every chat message (`<|im_start|>`, `<|im_sep|>` or newline, `<|im_end|>`). */
export const TOKENS_PER_MESSAGE = 3;
/** Extra token when a message carries a `name`. */
export const TOKENS_PER_NAME = 1;
/** Tokens that prime the reply (`<|im_start|>assistant<|im_sep|>`), counted once per request. */
export const TOKENS_FOR_REPLY = 3;

/** Tokens OpenAI adds around every tool call an assistant message makes (as for a legacy function call). */
export const TOKENS_PER_TOOL_CALL = 3;

/** The fields of a chat message that count towards the request. */
export interface CountableMessage {
  role: string;
  content: string;
  name?: string | undefined;
  /** An assistant message's tool calls (OpenAI's shape). */
  toolCalls?: ReadonlyArray<{ id: string; function: { name: string; arguments: string } }> | undefined;
  /** A tool result's call id. */
  toolCallId?: string | undefined;
}

/**
 * Tokens of one chat message as OpenAI counts it (openai-cookbook "How to count tokens"):
 * 3 + tokens(role) + tokens(content), plus tokens(name) + 1 when a name is set (an empty name too:
 * it is sent).
 *
 * Tool traffic (OpenAI does not document its rendering): every tool call adds
 * 3 + tokens(id) + tokens(function name) + tokens(arguments), and a tool result adds
 * tokens(tool_call_id). Without the id this is exactly what the API reported for function calls
 * (`3 + role + name + arguments + 3`), and a result costs one token more than a function result
 * did; the ids make it an upper bound (see count-chat-tokens.test.ts).
 */
export function countMessageTokens(message: CountableMessage, tokenizer: Tokenizer): number {
  let tokens = TOKENS_PER_MESSAGE + tokenizer.count(message.role) + tokenizer.count(message.content);
  if (message.name !== undefined) tokens += tokenizer.count(message.name) + TOKENS_PER_NAME;
  if (message.toolCalls !== undefined) {
    for (const call of message.toolCalls) {
      tokens +=
        TOKENS_PER_TOOL_CALL +
        tokenizer.count(call.id) +
        tokenizer.count(call.function.name) +
        tokenizer.count(call.function.arguments);
    }
  }
  if (message.toolCallId !== undefined) tokens += tokenizer.count(message.toolCallId);
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
