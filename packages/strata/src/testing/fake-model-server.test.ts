import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer } from './fake-anthropic-server.js';
import { fakeReply } from './fake-model-reply.js';
import type { FakeModelServer } from './fake-model-server.js';
import { startFakeOpenAIServer } from './fake-openai-server.js';

describe('fake model servers', () => {
  let server: FakeModelServer | undefined;
  afterEach(async () => server?.close());

  it('listens on 127.0.0.1 and records every request body', async () => {
    server = await startFakeOpenAIServer({ script: [fakeReply.text('hi')] });
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    });
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe('hi');
    expect(server.requests[0]?.body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
  });

  it('answers a request beyond the script with a 400 that says so', async () => {
    server = await startFakeAnthropicServer({ script: [] });
    const response = await fetch(`${server.baseURL}/v1/messages`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('no scripted reply for request #1');
  });

  it('answers other paths with 404 and records them too', async () => {
    server = await startFakeOpenAIServer({ handler: () => fakeReply.text('x') });
    const response = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/embeddings']);
  });

  it('closes even while a request hangs', async () => {
    server = await startFakeOpenAIServer({ script: [fakeReply.hang()] });
    const pending = fetch(`${server.baseURL}/chat/completions`, { method: 'POST', body: '{}' }).catch(
      (error: unknown) => error,
    );
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await server.close();
    expect(await pending).toBeInstanceOf(Error);
    server = undefined;
  });
});
