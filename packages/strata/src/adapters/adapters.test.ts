import { describe, expect, it } from 'vitest';
import type { MessagesLayer } from '../layers/messages-layer.js';
import type { ObservationLayer } from '../layers/observation-layer.js';
import type { SummaryLayer } from '../layers/summary-layer.js';
import { createMemory } from '../memory/memory.js';
import { toAiSdkMessages } from './to-ai-sdk-messages.js';
import { toAnthropic } from './to-anthropic.js';
import { toOpenAIMessages } from './to-openai-messages.js';
import { toText } from './to-text.js';

async function assembled() {
  const memory = createMemory({
    budget: 500,
    system: 'Be brief.',
    layers: [{ kind: 'summary' }, { kind: 'messages' }, { kind: 'observation' }],
  });
  memory.layer<SummaryLayer>('summary').set('The customer wants a refund.');
  const turns = memory.layer<MessagesLayer>('messages');
  turns.add({ role: 'user', content: 'Hello', name: 'ana' });
  turns.add({ role: 'assistant', content: 'Hi, how can I help?' });
  turns.add({ role: 'user', content: 'My order 42 never came.' });
  memory.layer<ObservationLayer<string>>('observation').set('order 42: shipped 3 weeks ago');
  return memory.assemble();
}

describe('output adapters', () => {
  it('OpenAI: the exact messages that were counted', async () => {
    const context = await assembled();
    const messages = toOpenAIMessages(context);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user', 'user']);
    expect(messages[1]).toEqual({ role: 'user', content: 'Hello', name: 'ana' });
    expect(messages[0]?.content).toContain('<summary>');
  });

  it('Anthropic: system blocks with a cache breakpoint at the end of the stable prefix, merged roles', async () => {
    const context = await assembled();
    const request = toAnthropic(context);
    expect(request.system).toHaveLength(1);
    expect(request.system[0]?.cache_control).toEqual({ type: 'ephemeral' });
    expect(request.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(request.messages[2]?.content.map((block) => block.text)).toEqual([
      'My order 42 never came.',
      expect.stringContaining('<observation>'),
    ]);
    expect(request.messages.flatMap((message) => message.content).some((block) => block.cache_control)).toBe(
      false,
    );
  });

  it('AI SDK: ModelMessage objects, with Anthropic cache control on the stable system message', async () => {
    const context = await assembled();
    const messages = toAiSdkMessages(context);
    expect(messages[0]).toMatchObject({
      role: 'system',
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
    expect(messages[2]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Hi, how can I help?' }],
    });
    expect(toAiSdkMessages(context, { cacheControl: false })[0]).not.toHaveProperty('providerOptions');
  });

  it('text: everything in order, turns labelled and escaped', async () => {
    const context = await assembled();
    const text = toText(context);
    expect(text.indexOf('Be brief.')).toBe(0);
    expect(text.indexOf('user: Hello')).toBeGreaterThan(text.indexOf('</summary>'));
    expect(text.indexOf('<observation>')).toBeGreaterThan(text.indexOf('user: My order 42'));
  });
});
