import { SpanKind } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { type FakeServerRequest, fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

const UPSTREAM_KEY = 'sk-upstream-trace-secret-0123456789';

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

type Wire = { role: string; content: string | null };

// 'note' turns get a state update first (two upstream rounds); 'fail' turns get a 500 every time.
function model(request: FakeServerRequest) {
  const last = (request.body as { messages: Wire[] }).messages.at(-1);
  if (last?.role === 'tool') return fakeReply.text('noted');
  if (String(last?.content).startsWith('fail')) return fakeReply.error(500, 'upstream broke');
  if (String(last?.content).startsWith('note'))
    return fakeReply.toolCalls([{ name: 'update_state', arguments: { noted: true } }]);
  return fakeReply.text('plain answer', { usage: { input: 40, output: 7, cachedInput: 12 } });
}

describe('strata serve: OpenTelemetry traces', () => {
  it('emits a GenAI client span per upstream call under the request span, and no secret in any span', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    running = await startTestGateway(
      { handler: model },
      { auth: true, tracerProvider: provider, upstreamApiKey: UPSTREAM_KEY, upstreamMaxRetries: 0 },
    );
    const { key } = await running.gateway.keys.create('acme');
    const client = new OpenAI({
      apiKey: key,
      baseURL: running.baseURL,
      maxRetries: 0,
      defaultHeaders: { 'x-strata-session': 'traced' },
    });
    await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hello' }],
      max_tokens: 64,
      temperature: 0.5,
    });
    await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'note this' }],
    });
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'stream this' }],
      stream: true,
    });
    for await (const _chunk of stream) {
      // drain
    }
    await expect(
      client.chat.completions.create({
        model: 'gpt-test',
        messages: [{ role: 'user', content: 'fail now' }],
      }),
    ).rejects.toThrow();
    await provider.forceFlush();
    const spans = exporter.getFinishedSpans();

    const calls = spans.filter((span) => span.kind === SpanKind.CLIENT);
    const requests = spans.filter((span) => span.kind === SpanKind.SERVER);
    // hello: 1 round; note: 2 rounds; stream: 1; fail: 1 (no retries).
    expect(calls).toHaveLength(5);
    expect(requests).toHaveLength(4);
    for (const call of calls) {
      expect(call.name).toBe('chat gpt-test');
      expect(call.attributes['gen_ai.operation.name']).toBe('chat');
      expect(call.attributes['gen_ai.request.model']).toBe('gpt-test');
      expect(call.attributes['gen_ai.conversation.id']).toBe('traced');
      expect(call.attributes['strata.tenant']).toBe('acme');
      const parent = call.parentSpanContext?.spanId;
      expect(requests.map((request) => request.spanContext().spanId)).toContain(parent);
    }
    const first = calls[0] as ReadableSpan;
    expect(first.attributes['gen_ai.usage.input_tokens']).toBe(40);
    expect(first.attributes['gen_ai.usage.output_tokens']).toBe(7);
    expect(first.attributes['gen_ai.usage.cache_read.input_tokens']).toBe(12);
    expect(first.attributes['gen_ai.request.max_tokens']).toBe(64);
    expect(first.attributes['gen_ai.request.temperature']).toBe(0.5);
    expect(first.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
    expect(first.attributes['strata.request.tokens']).toBeGreaterThan(0);
    const rounds = calls.filter((call) => call.attributes['strata.round'] === 2);
    expect(rounds).toHaveLength(1);
    expect(calls.some((call) => call.attributes['strata.state_updates'] === 1)).toBe(true);
    const streamed = calls.find((call) => call.attributes['strata.stream'] === true);
    expect(streamed?.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    const failed = calls.at(-1) as ReadableSpan;
    expect(failed.attributes['error.type']).toBe('MODEL_API_ERROR');
    expect(failed.status.code).toBe(2);
    expect(requests.map((request) => request.attributes['http.response.status_code']).sort()).toEqual([
      200, 200, 200, 502,
    ]);

    // No secret anywhere in what an exporter would send: names, attributes, events, status.
    const exported = JSON.stringify(
      spans.map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        status: span.status,
        resource: span.resource.attributes,
      })),
    );
    for (const secret of [key, key.split('-').slice(3).join('-'), UPSTREAM_KEY, 'Bearer'])
      expect(exported).not.toContain(secret);
    expect(exported).not.toMatch(/authorization/i);
  });

  it('makes no spans and changes nothing without a tracer provider', async () => {
    running = await startTestGateway({ handler: model });
    const response = await fetch(`${running.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-strata-session': 's' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.status).toBe(200);
  });
});
