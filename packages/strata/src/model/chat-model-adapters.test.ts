import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { StrataError } from '../errors/strata-error.js';
import type { FakeModelReply } from '../testing/fake-model-reply.js';
import { fakeReply } from '../testing/fake-model-reply.js';
import type { FakeModelServer } from '../testing/fake-model-server.js';
import { startFakeAnthropicServer, startFakeOpenAIServer } from '../testing/index.js';
import { createAnthropicChatModel } from './anthropic-chat-model.js';
import type { ChatModel, GenerateRequest } from './chat-model.js';
import { createOpenAIChatModel } from './openai-chat-model.js';
import type { RetryOptions } from './retry-policy.js';
import { outputSchemaFromStandard } from './structured-output.js';

// One suite, run against both adapters and their fake servers (Hono's shared-suite pattern).
interface AdapterCase {
  name: string;
  startServer: (script: FakeModelReply[]) => Promise<FakeModelServer>;
  createModel: (
    options: { baseURL: string; apiKey?: string; timeoutMs?: number } & RetryOptions,
  ) => ChatModel;
}

const SECRET = 'sk-test-RECOGNISABLE-SECRET-7d1f0c';

const adapters: AdapterCase[] = [
  {
    name: 'openai',
    startServer: (script) => startFakeOpenAIServer({ script }),
    createModel: (options) => createOpenAIChatModel({ model: 'fake-gpt', apiKey: SECRET, ...options }),
  },
  {
    name: 'anthropic',
    startServer: (script) => startFakeAnthropicServer({ script }),
    createModel: (options) => createAnthropicChatModel({ model: 'fake-claude', apiKey: SECRET, ...options }),
  },
];

const lessonSchema = outputSchemaFromStandard(
  'lesson',
  z.object({ text: z.string().min(1), importance: z.number().min(0).max(1) }),
);

const hello: GenerateRequest = {
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Say hi.' },
  ],
};

/** Fast retries for tests: backoff would be ~1 ms, so any longer wait comes from the server's header. */
const fast: RetryOptions = { initialDelayMs: 1, maxDelayMs: 2000 };

async function failure(promise: Promise<unknown>): Promise<StrataError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StrataError);
    return error as StrataError;
  }
  throw new Error('expected the call to fail');
}

function gapBetweenRequests(server: FakeModelServer): number {
  const [first, second] = server.requests;
  if (!first || !second) throw new Error(`expected two requests, got ${server.requests.length}`);
  return second.receivedAt - first.receivedAt;
}

function expectNoSecret(error: unknown): void {
  const rendered = [
    error instanceof Error ? error.message : '',
    JSON.stringify((error as StrataError).details ?? {}),
    inspect(error, { depth: 8 }),
  ].join('\n');
  expect(rendered).not.toContain(SECRET);
}

describe.each(adapters)('$name adapter against its fake server', (adapter) => {
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(script: FakeModelReply[], options: { timeoutMs?: number } & RetryOptions = {}) {
    server = await adapter.startServer(script);
    return { server, model: adapter.createModel({ baseURL: server.baseURL, ...fast, ...options }) };
  }

  it('returns the text and maps usage to input, cached input and output', async () => {
    const { server, model } = await setUp([
      fakeReply.text('hi', { usage: { input: 120, cachedInput: 100, output: 3 } }),
    ]);
    const result = await model.generate(hello);
    expect(result.text).toBe('hi');
    expect(result.usage).toEqual({ input: 120, cachedInput: 100, output: 3 });
    expect(result.toolCalls).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(server.requests[0]?.body)).toContain('Say hi.');
  });

  it('honours Retry-After on a 429: the retry waits at least the header', async () => {
    const { server, model } = await setUp([fakeReply.rateLimited(0.3), fakeReply.text('after the wait')]);
    const result = await model.generate(hello);
    expect(result.text).toBe('after the wait');
    expect(gapBetweenRequests(server)).toBeGreaterThanOrEqual(300);
  });

  it('honours retry-after-ms on a 429', async () => {
    const { server, model } = await setUp([
      fakeReply.error(429, 'slow down', { 'retry-after-ms': '250' }),
      fakeReply.text('ok'),
    ]);
    await model.generate(hello);
    expect(gapBetweenRequests(server)).toBeGreaterThanOrEqual(250);
  });

  it('retries a 500 and returns the later success', async () => {
    const { server, model } = await setUp([fakeReply.error(500, 'boom'), fakeReply.text('recovered')]);
    expect((await model.generate(hello)).text).toBe('recovered');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with a retryable MODEL_API_ERROR naming the status and attempts', async () => {
    const { server, model } = await setUp(
      [
        fakeReply.error(503, 'overloaded'),
        fakeReply.error(503, 'overloaded'),
        fakeReply.error(503, 'overloaded'),
      ],
      { maxRetries: 2 },
    );
    const error = await failure(model.generate(hello));
    expect(error.code).toBe('MODEL_API_ERROR');
    expect(error.isRetryable).toBe(true);
    expect(error.details).toMatchObject({ status: 503, attempts: 3 });
    expect(error.message).toContain('503');
    expect(error.message).toContain('overloaded');
    expect(error.message).toContain('Gave up after 3 attempts');
    expect(server.requests).toHaveLength(3);
  });

  it('stops early when the next wait would cross maxTotalMs', async () => {
    const { server, model } = await setUp([fakeReply.rateLimited(5), fakeReply.text('never reached')], {
      maxTotalMs: 500,
      maxDelayMs: 10_000,
    });
    const error = await failure(model.generate(hello));
    expect(error.code).toBe('MODEL_API_ERROR');
    expect(error.details.stoppedBy).toMatch(/maxTotalMs/);
    expect(server.requests).toHaveLength(1);
  });

  it('fails at once on a 400 with the provider message, not retryable', async () => {
    const { server, model } = await setUp([
      fakeReply.error(400, 'messages: field required'),
      fakeReply.text('x'),
    ]);
    const error = await failure(model.generate(hello));
    expect(error.code).toBe('MODEL_API_ERROR');
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('messages: field required');
    expect(server.requests).toHaveLength(1);
  });

  it('times out a hanging server with MODEL_TIMEOUT after retrying, never hanging', async () => {
    const { server, model } = await setUp([fakeReply.hang(), fakeReply.hang()], {
      timeoutMs: 300,
      maxRetries: 1,
    });
    const started = Date.now();
    const error = await failure(model.generate(hello));
    expect(error.code).toBe('MODEL_TIMEOUT');
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('300 ms');
    expect(error.details.attempts).toBe(2);
    // On a loaded machine the second attempt may time out before its request reaches the server.
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(8000);
  }, 10_000);

  it('recovers from a timeout when the next attempt answers', async () => {
    const { model } = await setUp([fakeReply.hang(), fakeReply.text('second try')], { timeoutMs: 1000 });
    expect((await model.generate(hello)).text).toBe('second try');
  }, 10_000);

  it('reports a malformed JSON body as MODEL_API_ERROR after retrying', async () => {
    const { server, model } = await setUp([fakeReply.malformed(), fakeReply.malformed()], { maxRetries: 1 });
    const error = await failure(model.generate(hello));
    expect(error.code).toBe('MODEL_API_ERROR');
    expect(error.details.reason).toBe('malformed-response');
    expect(error.message).toMatch(/not valid JSON/);
    expect(server.requests).toHaveLength(2);
  });

  it('returns a validated object for a structured output', async () => {
    const { model } = await setUp([fakeReply.json({ text: 'Block before big hits.', importance: 0.8 })]);
    const result = await model.generate({ ...hello, schema: lessonSchema });
    expect(result.object).toEqual({ text: 'Block before big hits.', importance: 0.8 });
  });

  it('rejects a structured output that breaks its schema with MODEL_OUTPUT_INVALID naming the fields', async () => {
    const { model } = await setUp([fakeReply.json({ text: '', importance: 7 })]);
    const error = await failure(model.generate({ ...hello, schema: lessonSchema }));
    expect(error.code).toBe('MODEL_OUTPUT_INVALID');
    expect(error.message).toContain('text:');
    expect(error.message).toContain('importance:');
    expect(error.details.rawText).toContain('"importance":7');
  });

  it('rejects garbage text for a schema with MODEL_OUTPUT_INVALID and keeps the raw text, truncated', async () => {
    const garbage = `Sure! Here is your lesson: ${'blah '.repeat(1000)}`;
    const { model } = await setUp([fakeReply.text(garbage)]);
    const error = await failure(model.generate({ ...hello, schema: lessonSchema }));
    expect(error.code).toBe('MODEL_OUTPUT_INVALID');
    expect(error.details.problem).toBe('not-json');
    expect(error.message).toContain('did not return valid JSON');
    const rawText = error.details.rawText as string;
    expect(rawText.startsWith('Sure! Here is your lesson')).toBe(true);
    expect(rawText.length).toBeLessThan(garbage.length);
  });

  it('passes tools through and returns the tool calls', async () => {
    const { server, model } = await setUp([
      fakeReply.toolCalls([{ id: 'call_1', name: 'update_state', arguments: { hp: 12 } }]),
    ]);
    const result = await model.generate({
      ...hello,
      tools: [
        {
          type: 'function',
          function: { name: 'update_state', description: 'Patch the state', parameters: { type: 'object' } },
        },
      ],
    });
    expect(result.toolCalls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'update_state', arguments: '{"hp":12}' } },
    ]);
    expect(JSON.stringify(server.requests[0]?.body)).toContain('update_state');
  });

  it('reports an unreachable server as a retryable connection error', async () => {
    const { server, model } = await setUp([], { maxRetries: 1 });
    await server.close();
    const error = await failure(model.generate(hello));
    expect(error.code).toBe('MODEL_API_ERROR');
    expect(error.details.reason).toBe('connection');
    expect(error.isRetryable).toBe(true);
  });

  it('stops at once when the caller aborts', async () => {
    const { model } = await setUp([fakeReply.hang()], { timeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(model.generate({ ...hello, signal: controller.signal }));
    expect(error.code).toBe('MODEL_API_ERROR');
    expect(error.details.reason).toBe('aborted');
  });

  it('never puts the API key in an error, even when the server echoes it', async () => {
    const echo = `Incorrect API key provided: ${SECRET}. You can find your API key in your account.`;
    const { model } = await setUp(
      [fakeReply.error(401, echo), fakeReply.error(500, echo), fakeReply.error(500, echo), fakeReply.hang()],
      { maxRetries: 1, timeoutMs: 1000 },
    );
    const unauthorised = await failure(model.generate(hello));
    expect(unauthorised.message).toContain('Incorrect API key provided: [redacted]');
    expectNoSecret(unauthorised);
    expectNoSecret(await failure(model.generate(hello)));
    expectNoSecret(await failure(model.generate(hello)));
  });

  it('sends the API key to the server', async () => {
    const { server, model } = await setUp([fakeReply.text('ok')]);
    await model.generate(hello);
    const headers = server.requests[0]?.headers ?? {};
    expect(`${headers.authorization ?? ''} ${headers['x-api-key'] ?? ''}`).toContain(SECRET);
  });
});

describe('API keys', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fails with MODEL_API_KEY_MISSING naming the option and the variable', () => {
    vi.stubEnv('OPENAI_API_KEY', undefined);
    vi.stubEnv('ANTHROPIC_API_KEY', undefined);
    vi.stubEnv('OPENAI_BASE_URL', undefined);
    vi.stubEnv('ANTHROPIC_BASE_URL', undefined);
    const openAI = (() => {
      try {
        createOpenAIChatModel({ model: 'gpt-x' });
      } catch (error) {
        return error as StrataError;
      }
    })();
    expect(openAI?.code).toBe('MODEL_API_KEY_MISSING');
    expect(openAI?.message).toBe(
      "OpenAI API key is missing. Pass it using the 'apiKey' option or the OPENAI_API_KEY environment variable.",
    );
    expect(() => createAnthropicChatModel({ model: 'claude-x' })).toThrow(
      /ANTHROPIC_API_KEY environment variable/,
    );
  });

  it('rejects a base URL that is not a URL, without echoing it', () => {
    expect(() =>
      createOpenAIChatModel({ model: 'm', apiKey: 'k-123456', baseURL: 'not a url secret-x' }),
    ).toThrow(/'baseURL' is not a valid URL/);
    expect(() => createAnthropicChatModel({ model: 'm', apiKey: 'k-123456', baseURL: '::' })).toThrow(
      /'baseURL' is not a valid URL/,
    );
  });

  it('reads the key from the environment', () => {
    vi.stubEnv('OPENAI_API_KEY', 'from-env-key');
    expect(createOpenAIChatModel({ model: 'gpt-x' }).modelId).toBe('gpt-x');
  });

  it('lets a local server go without a key', () => {
    vi.stubEnv('OPENAI_API_KEY', undefined);
    vi.stubEnv('ANTHROPIC_API_KEY', undefined);
    expect(createOpenAIChatModel({ model: 'qwen', baseURL: 'http://127.0.0.1:11434/v1' }).provider).toBe(
      'openai-compatible',
    );
    expect(createAnthropicChatModel({ model: 'local', baseURL: 'http://localhost:8080' }).provider).toBe(
      'anthropic',
    );
  });
});
