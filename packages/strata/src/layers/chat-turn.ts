import type { Provenance } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import type { ToolCall } from '../model/chat-model.js';

/** A chat turn kept by a messages layer: a user or assistant message, or a tool result. */
export interface Turn {
  id: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  name?: string;
  /** Role 'assistant': the tool calls it made (OpenAI's shape). */
  toolCalls?: ToolCall[];
  /** Role 'tool': the id of the call this result answers. */
  toolCallId?: string;
  provenance?: Provenance;
}

/** What `add` takes: a turn, its id optional. */
export type TurnInput = Omit<Turn, 'id'> & { id?: string };

/**
 * The pattern OpenAI's API enforces on a message `name` (its error message quotes it): no
 * whitespace and none of `< | \ / >`. An empty name is rejected too: it would be sent and counted.
 */
export const MESSAGE_NAME_PATTERN = /^[^\s<|\\/>]+$/;

/** Longest accepted name (OpenAI documents 64 characters for names). */
export const MAX_MESSAGE_NAME_LENGTH = 64;

/**
 * Checks one turn's shape (role, content, name, tool calls) and returns a clean copy.
 * `where` names the caller in the error ("Messages 'chat'").
 */
export function validateTurn(turn: TurnInput, where: string): Omit<Turn, 'id'> {
  const fail = (problem: string): never => {
    throw new StrataError('INPUT_INVALID', `${where}: ${problem}`);
  };
  if (turn === null || typeof turn !== 'object') fail('a turn must be an object { role, content }.');
  if (turn.role !== 'user' && turn.role !== 'assistant' && turn.role !== 'tool') {
    fail(
      `a turn needs role 'user', 'assistant' or 'tool', got '${String((turn as { role?: unknown }).role)}' (system text belongs in the memory's 'system').`,
    );
  }
  if (typeof turn.content !== 'string') fail("a turn needs a string 'content'.");
  const clean: Omit<Turn, 'id'> = { role: turn.role, content: turn.content };
  if (turn.name !== undefined) {
    if (
      typeof turn.name !== 'string' ||
      !MESSAGE_NAME_PATTERN.test(turn.name) ||
      turn.name.length > MAX_MESSAGE_NAME_LENGTH
    ) {
      fail(
        `'name' must be 1-${MAX_MESSAGE_NAME_LENGTH} characters without spaces or any of < | \\ / > (OpenAI rejects others), got ${JSON.stringify(turn.name)}. Leave it out for no name.`,
      );
    }
    clean.name = turn.name;
  }
  if (turn.toolCalls !== undefined) {
    if (turn.role !== 'assistant') fail("only 'assistant' turns can carry 'toolCalls'.");
    if (!Array.isArray(turn.toolCalls)) fail("'toolCalls' must be an array.");
    const ids = new Set<string>();
    clean.toolCalls = turn.toolCalls.map((call, index) => {
      const valid =
        call !== null &&
        typeof call === 'object' &&
        typeof call.id === 'string' &&
        call.id !== '' &&
        call.type === 'function' &&
        typeof call.function?.name === 'string' &&
        call.function.name !== '' &&
        typeof call.function.arguments === 'string';
      if (!valid) {
        fail(
          `toolCalls[${index}] must be { id, type: 'function', function: { name, arguments } } with non-empty id and name and string arguments (OpenAI's shape).`,
        );
      }
      if (ids.has(call.id)) fail(`toolCalls[${index}] repeats the id '${call.id}'.`);
      ids.add(call.id);
      return {
        id: call.id,
        type: 'function' as const,
        function: { name: call.function.name, arguments: call.function.arguments },
      };
    });
    if (clean.toolCalls.length === 0) delete clean.toolCalls;
  }
  if (turn.role === 'tool') {
    if (typeof turn.toolCallId !== 'string' || turn.toolCallId === '') {
      fail("a 'tool' turn needs 'toolCallId': the id of the call it answers.");
    }
    clean.toolCallId = turn.toolCallId as string;
  } else if (turn.toolCallId !== undefined) {
    fail("only 'tool' turns carry 'toolCallId'.");
  }
  if (turn.provenance !== undefined) clean.provenance = turn.provenance;
  return clean;
}
