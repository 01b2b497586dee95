import type { AssembledContext } from '../memory/assembled-context.js';

/** A JSON value as the AI SDK's provider options take it. */
export type AiSdkJsonValue =
  | null
  | string
  | number
  | boolean
  | AiSdkJsonValue[]
  | { [key: string]: AiSdkJsonValue | undefined };

/** Provider options (Strata sets Anthropic prompt caching: `{ anthropic: { cacheControl: { type: 'ephemeral' } } }`). */
export type AiSdkCacheControl = Record<string, { [key: string]: AiSdkJsonValue | undefined }>;

/** A system message in the AI SDK's `ModelMessage` shape. */
export interface AiSdkSystemMessage {
  role: 'system';
  content: string;
  providerOptions?: AiSdkCacheControl;
}

/** A text part of an AI SDK message. */
export interface AiSdkTextPart {
  type: 'text';
  text: string;
}

/** A tool call part of an AI SDK assistant message. */
export interface AiSdkToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A tool result part of an AI SDK tool message. */
export interface AiSdkToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: { type: 'text'; value: string };
}

/**
 * The Vercel AI SDK `ModelMessage` shapes Strata produces (plain objects, assignable to the SDK's
 * own types; checked against `ai` 7 in adapters/ai-sdk). No dependency on `ai`.
 */
export type AiSdkModelMessage =
  | { role: 'user'; content: AiSdkTextPart[]; providerOptions?: AiSdkCacheControl }
  | {
      role: 'assistant';
      content: Array<AiSdkTextPart | AiSdkToolCallPart>;
      providerOptions?: AiSdkCacheControl;
    }
  | { role: 'tool'; content: AiSdkToolResultPart[]; providerOptions?: AiSdkCacheControl };

/** What `generateText` / `streamText` take: `generateText({ model, ...toAiSdkMessages(context) })`. */
export interface AiSdkPrompt {
  /** The system text (ai 7 refuses system messages inside `messages`; older versions call this `system`). */
  instructions: AiSdkSystemMessage[];
  messages: AiSdkModelMessage[];
}

/** Options of `toAiSdkMessages`. */
export interface AiSdkMessagesOptions {
  /** Marks the end of the stable prefix for Anthropic prompt caching via providerOptions (default true). */
  cacheControl?: boolean;
}

/**
 * The context as an AI SDK prompt: system messages go to `instructions` (ai 7 rejects them in
 * `messages`), the rest become `ModelMessage`s with tool calls and results as tool parts. Message
 * `name`s are dropped: the AI SDK's messages have no such field, so no provider receives them
 * (the request sent is then at most what `context.tokens` counted).
 */
export function toAiSdkMessages(
  context: Pick<AssembledContext, 'messages' | 'stableMessageCount'>,
  options: AiSdkMessagesOptions = {},
): AiSdkPrompt {
  const cacheControl = options.cacheControl ?? true;
  const instructions: AiSdkSystemMessage[] = [];
  const messages: AiSdkModelMessage[] = [];
  const toolNames = new Map<string, string>();
  context.messages.forEach((message, index) => {
    const cached =
      cacheControl && index === context.stableMessageCount - 1
        ? { providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' as const } } } }
        : {};
    switch (message.role) {
      case 'system':
        instructions.push({ role: 'system', content: message.content, ...cached });
        return;
      case 'assistant': {
        const content: Array<AiSdkTextPart | AiSdkToolCallPart> = [];
        if (message.content !== '' || !message.toolCalls?.length) {
          content.push({ type: 'text', text: message.content });
        }
        for (const call of message.toolCalls ?? []) {
          toolNames.set(call.id, call.function.name);
          content.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: parseArguments(call.function.arguments),
          });
        }
        messages.push({ role: 'assistant', content, ...cached });
        return;
      }
      case 'tool': {
        const toolCallId = message.toolCallId ?? '';
        messages.push({
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId,
              toolName: toolNames.get(toolCallId) ?? '',
              output: { type: 'text', value: message.content },
            },
          ],
          ...cached,
        });
        return;
      }
      default:
        messages.push({ role: 'user', content: [{ type: 'text', text: message.content }], ...cached });
    }
  });
  return { instructions, messages };
}

// Tool-call input is JSON for the SDK; arguments that do not parse are passed on as text.
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
