import { fakeReply } from '@strata-memory/strata/testing';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.js';

let running: TestGateway | undefined;
afterEach(async () => {
  await running?.close().catch(() => undefined);
  running = undefined;
});

describe('strata serve: operations', () => {
  it('serves /healthz, /readyz and Prometheus /metrics with tokens per layer, budget use, dropped turns and state updates', async () => {
    running = await startTestGateway(
      {
        handler: (_request, index) =>
          index % 4 === 0
            ? fakeReply.toolCalls([{ name: 'update_state', arguments: { step: index } }])
            : fakeReply.text(`reply ${index} ${'more words '.repeat(20)}`),
      },
      { budget: 300 },
    );
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'x', maxRetries: 0 });
    for (let turn = 0; turn < 12; turn += 1) {
      await client.chat.completions.create(
        {
          model: 'm',
          messages: [{ role: 'user', content: `turn ${turn} ${'words of the user '.repeat(10)}` }],
        },
        { headers: { 'x-strata-session': 'ops' } },
      );
    }
    expect(await (await fetch(`${running.url}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(200);
    const metrics = await (await fetch(`${running.url}/metrics`)).text();
    const value = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? Number.NaN);
    expect(value(/strata_gateway_requests_total\{route="\/v1\/chat\/completions",status="200"\} (\d+)/)).toBe(
      12,
    );
    for (const layer of ['system', 'state', 'window']) {
      expect(
        value(new RegExp(`strata_gateway_layer_tokens_total\\{layer="${layer}"\\} (\\d+)`)),
      ).toBeGreaterThan(0);
    }
    expect(value(/strata_gateway_budget_use_ratio_count (\d+)/)).toBe(running.upstream.requests.length);
    expect(value(/strata_gateway_budget_use_ratio_bucket\{le="1"\} (\d+)/)).toBe(
      running.upstream.requests.length,
    );
    expect(value(/strata_gateway_dropped_turns_total (\d+)/)).toBeGreaterThan(0);
    // The model's update_state replies (every 4th upstream call) were all applied.
    expect(value(/strata_gateway_state_updates_total\{result="applied"\} (\d+)/)).toBe(
      Math.ceil(running.upstream.requests.length / 4),
    );
    expect(
      value(/strata_gateway_request_duration_seconds_count\{route="\/v1\/chat\/completions"\} (\d+)/),
    ).toBe(12);
    expect(metrics).toContain('strata_gateway_upstream_duration_seconds_bucket');
    // The store gone: not ready.
    await running.store.close();
    expect((await fetch(`${running.url}/readyz`)).status).toBe(503);
  });

  it('shuts down gracefully: a stream in flight finishes, /readyz turns 503, new connections are refused', async () => {
    const words = Array.from({ length: 20 }, (_, index) => `w${index}`).join(' ');
    running = await startTestGateway({ handler: () => fakeReply.text(words), streamChunkDelayMs: 40 });
    const client = new OpenAI({ baseURL: running.baseURL, apiKey: 'x', maxRetries: 0 });
    const stream = await client.chat.completions.create(
      { model: 'm', stream: true, messages: [{ role: 'user', content: 'go' }] },
      { headers: { 'x-strata-session': 'draining' } },
    );
    let text = '';
    let closing: Promise<void> | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (!closing && text.includes('w2 ')) {
        closing = running.gateway.close();
        await new Promise((resolve) => setTimeout(resolve, 20));
        // No new work once closing: a new connection is refused, a kept-alive one gets 503.
        const probe = await fetch(`${running.url}/healthz`).then(
          (response) => response.status,
          () => 'refused',
        );
        expect([503, 'refused']).toContain(probe);
      }
    }
    await closing;
    expect(text).toBe(words);
    const session = await running.gateway.sessions.load('default', 'draining', {
      budget: 5000,
      maxTurns: 200,
      defaultSystem: '',
    });
    expect(session.snapshot.turns.at(-1)).toEqual({ role: 'assistant', content: words });
  });
});
