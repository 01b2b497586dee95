import type { Usage } from '../model/chat-model.js';

/**
 * What a fake provider server answers to one request. The OpenAI and Anthropic fakes render the
 * same reply in their own wire format, so one script can drive both adapters.
 */
export type FakeModelReply =
  | { type: 'text'; text: string; usage?: Partial<Usage>; finishReason?: string; delayMs?: number }
  /**
   * A JSON answer: OpenAI gets it as message text; Anthropic as the input of the tool the request
   * forced (structured output), else as text.
   */
  | { type: 'json'; value: unknown; usage?: Partial<Usage>; delayMs?: number }
  | {
      type: 'tool-calls';
      toolCalls: Array<{ id?: string; name: string; arguments: unknown }>;
      text?: string;
      usage?: Partial<Usage>;
      delayMs?: number;
    }
  /** An HTTP error in the provider's error format. */
  | { type: 'error'; status: number; message?: string; headers?: Record<string, string>; delayMs?: number }
  /** Any body, verbatim (e.g. malformed JSON with a JSON content type). */
  | { type: 'raw'; status?: number; body: string; headers?: Record<string, string>; delayMs?: number }
  /** Never answers (until the server closes): for timeout tests. */
  | { type: 'hang' };

type Extra = { usage?: Partial<Usage>; delayMs?: number };

/** Builders for `FakeModelReply`. */
export const fakeReply = {
  /** A text answer. */
  text: (text: string, extra: Extra & { finishReason?: string } = {}): FakeModelReply => ({
    type: 'text',
    text,
    ...extra,
  }),
  /** A JSON answer (structured output). */
  json: (value: unknown, extra: Extra = {}): FakeModelReply => ({ type: 'json', value, ...extra }),
  /** An answer with tool calls (ids are generated when absent). */
  toolCalls: (
    toolCalls: Array<{ id?: string; name: string; arguments: unknown }>,
    extra: Extra & { text?: string } = {},
  ): FakeModelReply => ({ type: 'tool-calls', toolCalls, ...extra }),
  /** An HTTP error with this status, in the provider's error format. */
  error: (status: number, message?: string, headers?: Record<string, string>): FakeModelReply => ({
    type: 'error',
    status,
    ...(message !== undefined ? { message } : {}),
    ...(headers !== undefined ? { headers } : {}),
  }),
  /** 429 with `Retry-After: <seconds>` (fractions allowed). */
  rateLimited: (retryAfterSeconds: number): FakeModelReply => ({
    type: 'error',
    status: 429,
    message: 'Rate limit reached (fake server).',
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
  /** 200 with a JSON content type and a body that is not JSON. */
  malformed: (): FakeModelReply => ({
    type: 'raw',
    status: 200,
    body: '{"id": "broken", "choices": [',
    headers: { 'content-type': 'application/json' },
  }),
  /** Never answers (until the server closes). */
  hang: (): FakeModelReply => ({ type: 'hang' }),
};
