import { UPDATE_STATE_TOOL_NAME } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import { createParser } from 'eventsource-parser';

/** One streamed round's reply, accumulated while its chunks were relayed. */
export interface StreamedRound {
  content: string;
  toolCalls: Array<{ id: string; name: string; arguments: string; internal: boolean }>;
  finishReason: string | null;
  usage: Record<string, unknown> | undefined;
  /** The chunks' `id` and `model` (for the trace), when the upstream sent them. */
  id?: string;
  model?: string;
  /** Chunks held back (the finish reason, the usage chunk): sent only if this round is the last. */
  held: Array<Record<string, unknown>>;
}

/** Across rounds of one client response: the client-visible index of each of its tool calls. */
export interface RelayState {
  nextVisibleIndex: number;
}

interface ChunkChoice {
  index?: number;
  delta?: {
    content?: string | null;
    role?: string;
    tool_calls?: Array<{
      index: number;
      id?: string;
      type?: string;
      function?: { name?: string; arguments?: string };
    }>;
    [key: string]: unknown;
  };
  finish_reason?: string | null;
  [key: string]: unknown;
}

/**
 * Relays one upstream Chat Completions stream to the client as its chunks arrive, in order, while
 * accumulating the reply. `update_state` tool-call deltas are the gateway's own: they are removed
 * (and the client's tool calls renumbered densely); the finish and usage chunks are held back until
 * the caller knows whether another round follows.
 */
export async function relayStreamRound(
  body: ReadableStream<Uint8Array>,
  write: (chunk: Record<string, unknown>) => void,
  relay: RelayState,
): Promise<StreamedRound> {
  const round: StreamedRound = { content: '', toolCalls: [], finishReason: null, usage: undefined, held: [] };
  // upstream index -> accumulated call (and its client-visible index, when not internal)
  const calls = new Map<
    number,
    { id: string; name: string; arguments: string; internal: boolean; visible: number }
  >();
  let done = false;
  let malformed: string | undefined;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      let chunk: Record<string, unknown> & {
        choices?: ChunkChoice[];
        usage?: Record<string, unknown> | null;
      };
      try {
        chunk = JSON.parse(event.data);
      } catch {
        malformed ??= event.data.slice(0, 80);
        return;
      }
      if (chunk.error) {
        throw new StrataError(
          'MODEL_API_ERROR',
          `The upstream sent an error in its stream: ${JSON.stringify(chunk.error).slice(0, 300)}`,
          {
            details: { status: 502 },
          },
        );
      }
      if (chunk.usage) round.usage = chunk.usage;
      if (round.id === undefined && typeof chunk.id === 'string') round.id = chunk.id;
      if (round.model === undefined && typeof chunk.model === 'string') round.model = chunk.model;
      const choices = chunk.choices ?? [];
      let hold = choices.length === 0 && chunk.usage !== undefined && chunk.usage !== null;
      const outChoices: ChunkChoice[] = [];
      for (const choice of choices) {
        const delta = choice.delta ?? {};
        if (typeof delta.content === 'string') round.content += delta.content;
        if (choice.finish_reason) {
          round.finishReason = choice.finish_reason;
          hold = true;
        }
        let toolCalls = delta.tool_calls;
        if (toolCalls) {
          const visibleCalls: NonNullable<typeof toolCalls> = [];
          for (const part of toolCalls) {
            let call = calls.get(part.index);
            if (!call) {
              const internal = part.function?.name === UPDATE_STATE_TOOL_NAME;
              call = {
                id: part.id ?? '',
                name: part.function?.name ?? '',
                arguments: '',
                internal,
                visible: internal ? -1 : relay.nextVisibleIndex,
              };
              if (!internal) relay.nextVisibleIndex += 1;
              calls.set(part.index, call);
            } else if (part.function?.name) {
              call.name += part.function.name;
            }
            if (part.id && !call.id) call.id = part.id;
            call.arguments += part.function?.arguments ?? '';
            if (!call.internal) visibleCalls.push({ ...part, index: call.visible });
          }
          toolCalls = visibleCalls;
        }
        const { tool_calls: _removed, ...rest } = delta;
        const outDelta = toolCalls && toolCalls.length > 0 ? { ...rest, tool_calls: toolCalls } : rest;
        const carriesSomething =
          Object.keys(outDelta).length > 0 ||
          choice.finish_reason ||
          (delta.tool_calls === undefined && Object.keys(delta).length === 0);
        if (carriesSomething) outChoices.push({ ...choice, delta: outDelta });
      }
      if (choices.length > 0 && outChoices.length === 0) return;
      const out = { ...chunk, choices: outChoices };
      if (hold) round.held.push(out);
      else write(out);
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
    body.cancel().catch(() => undefined);
  }
  if (!done) {
    throw new StrataError(
      'MODEL_API_ERROR',
      'The upstream stream ended before its [DONE] event (connection cut).',
      {
        details: { status: 502, reason: 'stream-cut' },
        isRetryable: true,
      },
    );
  }
  if (malformed !== undefined && round.finishReason === null) {
    throw new StrataError(
      'MODEL_API_ERROR',
      `The upstream stream sent an event that is not JSON: ${JSON.stringify(malformed)}.`,
      {
        details: { status: 502, reason: 'malformed-response' },
      },
    );
  }
  round.toolCalls = [...calls.values()].map(({ visible: _visible, ...call }) => call);
  return round;
}
