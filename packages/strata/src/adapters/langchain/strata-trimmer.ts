import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  type MessageContent,
  ToolMessage,
} from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { StrataError } from '../../errors/strata-error.js';
import type { TurnInput } from '../../layers/chat-turn.js';
import { createMessagesLayer } from '../../layers/messages-layer.js';
import type { ChatMessage, ToolCall } from '../../model/chat-model.js';
import { type CachedTokenizer, createCachedTokenizer } from '../../tokenizer/cached-tokenizer.js';
import { countMessageTokens, TOKENS_FOR_REPLY } from '../../tokenizer/count-chat-tokens.js';
import { createTiktokenTokenizer, type TiktokenEncodingName } from '../../tokenizer/tiktoken-tokenizer.js';
import type { Tokenizer } from '../../tokenizer/tokenizer.js';

/** Options of `createStrataTrimmer`. */
export interface StrataTrimmerOptions {
  /** Most tokens of the whole request the trimmed messages make (framing and reply priming included). */
  budget: number;
  /** A tokenizer or an OpenAI encoding name (default 'o200k_base'). */
  tokenizer?: Tokenizer | TiktokenEncodingName;
}

/** What one trim did: its exact tokens, and how many messages it dropped or cut. */
export interface StrataTrimResult {
  messages: BaseMessage[];
  tokens: number;
  dropped: number;
  truncated: number;
}

/**
 * A drop-in for LangChain's `trimMessages` in a chain: a Runnable from messages to the newest
 * messages that fit `budget` tokens, counted exactly by Strata's framing rule (as OpenAI counts a
 * chat request, tool calls included). Leading system messages are kept whole; an AI message with
 * tool calls and its tool results are kept or dropped together; only the newest message (or the
 * results of the newest exchange) is ever cut, with a visible marker. Messages that are kept are
 * returned as the same objects.
 *
 * @example
 * const chain = createStrataTrimmer({ budget: 4000 }).pipe(new ChatOpenAI({ model: 'gpt-4o-mini' }));
 */
export function createStrataTrimmer(
  options: StrataTrimmerOptions,
): RunnableLambda<BaseMessage[], BaseMessage[]> {
  const trim = createStrataTrim(options);
  return RunnableLambda.from((messages: BaseMessage[]) => trim(messages).messages).withConfig({
    runName: 'StrataTrimmer',
  }) as unknown as RunnableLambda<BaseMessage[], BaseMessage[]>;
}

/** The trimming function itself, with its accounting. */
export function createStrataTrim(
  options: StrataTrimmerOptions,
): (messages: readonly BaseMessage[]) => StrataTrimResult {
  if (!Number.isInteger(options?.budget) || options.budget <= 0) {
    throw new StrataError(
      'CONFIG_INVALID',
      `createStrataTrimmer: 'budget' must be a whole number of tokens > 0, got ${String(options?.budget)}.`,
    );
  }
  const base =
    options.tokenizer === undefined || typeof options.tokenizer === 'string'
      ? createTiktokenTokenizer(options.tokenizer ?? 'o200k_base')
      : options.tokenizer;
  const tokenizer: CachedTokenizer = 'fits' in base ? (base as CachedTokenizer) : createCachedTokenizer(base);
  return (messages) => {
    if (!Array.isArray(messages)) {
      throw new StrataError(
        'INPUT_INVALID',
        'createStrataTrimmer: the input must be an array of LangChain messages.',
      );
    }
    let leading = 0;
    let fixed = TOKENS_FOR_REPLY;
    while (leading < messages.length && (messages[leading] as BaseMessage).getType() === 'system') {
      fixed += countMessageTokens(toChatMessage(messages[leading] as BaseMessage, leading), tokenizer);
      leading += 1;
    }
    if (fixed > options.budget) {
      throw new StrataError(
        'BUDGET_UNSATISFIABLE',
        `The system messages alone need ${fixed} tokens with framing, above the budget of ${options.budget}. Raise 'budget' or shorten them.`,
        { details: { budget: options.budget, systemTokens: fixed } },
      );
    }
    const layer = createMessagesLayer({ maxTurns: Number.MAX_SAFE_INTEGER, budget: options.budget });
    let skipped = 0;
    for (let index = leading; index < messages.length; index += 1) {
      const message = messages[index] as BaseMessage;
      const turn = toChatMessage(message, index);
      if (turn.role === 'system') {
        throw new StrataError(
          'INPUT_INVALID',
          `messages[${index}] is a system message after the conversation started; put system messages first.`,
        );
      }
      // A result whose call was trimmed away earlier cannot be sent: leave it out.
      if (turn.role === 'tool' && !layer.pendingToolCalls.includes(turn.toolCallId ?? '')) {
        skipped += 1;
        continue;
      }
      layer.add({ ...(turn as TurnInput), id: String(index) });
    }
    const fit = layer.fit({
      allowance: options.budget - fixed,
      shrunk: false,
      query: undefined,
      keys: new Set(),
      tokenizer,
      now: Date.now(),
    });
    const cut = new Map(fit.truncated.map((item) => [item.id, item]));
    const kept = fit.kept.map((id, position) => {
      const original = messages[Number(id)] as BaseMessage;
      return cut.has(id) ? withContent(original, (fit.messages[position] as ChatMessage).content) : original;
    });
    return {
      messages: [...messages.slice(0, leading), ...kept],
      tokens: fixed + fit.tokens,
      dropped: fit.dropped.length + skipped,
      truncated: fit.truncated.length,
    };
  };
}

/** Tokens of LangChain messages as one OpenAI chat request, by Strata's framing rule. */
export function countLangChainTokens(messages: readonly BaseMessage[], tokenizer: Tokenizer): number {
  return messages.reduce(
    (sum, message, index) => sum + countMessageTokens(toChatMessage(message, index), tokenizer),
    TOKENS_FOR_REPLY,
  );
}

/** A LangChain message as a Strata chat message (text content only: others cannot be counted). */
export function toChatMessage(message: BaseMessage, index: number): ChatMessage {
  const type = message.getType();
  const content = textOf(message.content, index);
  const name = typeof message.name === 'string' ? { name: message.name } : {};
  switch (type) {
    case 'system':
      return { role: 'system', content };
    case 'human':
      return { role: 'user', content, ...name };
    case 'ai': {
      const calls = (message as AIMessage).tool_calls ?? [];
      const toolCalls: ToolCall[] = calls.map((call, position) => ({
        id: call.id ?? `call_${index}_${position}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
      }));
      return { role: 'assistant', content, ...name, ...(toolCalls.length > 0 ? { toolCalls } : {}) };
    }
    case 'tool':
      return { role: 'tool', content, toolCallId: (message as ToolMessage).tool_call_id };
    default:
      throw new StrataError(
        'INPUT_INVALID',
        `messages[${index}] has type '${type}'; Strata trims system, human, ai and tool messages.`,
      );
  }
}

function textOf(content: MessageContent, index: number): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => {
      if (typeof block === 'string') return block;
      const text = (block as { text?: unknown }).text;
      if (block.type === 'text' && typeof text === 'string') return text;
      throw new StrataError(
        'NOT_SUPPORTED',
        `messages[${index}] has a '${String(block.type)}' content block: only text can be counted exactly, so it is not supported by the Strata trimmer.`,
      );
    })
    .join('');
}

function withContent(message: BaseMessage, content: string): BaseMessage {
  const fields = {
    content,
    ...(message.name ? { name: message.name } : {}),
    ...(message.id ? { id: message.id } : {}),
  };
  switch (message.getType()) {
    case 'human':
      return new HumanMessage(fields);
    case 'tool':
      return new ToolMessage({ ...fields, tool_call_id: (message as ToolMessage).tool_call_id });
    default:
      return new AIMessage(fields);
  }
}
