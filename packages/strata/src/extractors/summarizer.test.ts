import { describe, expect, it } from 'vitest';
import { createFakeChatModel } from '../testing/fake-chat-model.js';
import { createStateExtractor } from './state-extractor.js';
import { createSummarizer } from './summarizer.js';

describe('createSummarizer', () => {
  it('returns the new summary with a stable key and shows the model the previous one as data', async () => {
    const model = createFakeChatModel({ respond: () => '  Customer Ana: printer jams; replaced roller.  ' });
    const summarizer = createSummarizer({ model, maxTokens: 120 });
    const input = {
      event: 'ticket-closed',
      step: 9,
      sessionId: 's1',
      layers: { summary: 'Customer Ana: printer jams.' },
      transcript: 'agent: replaced the roller',
    };
    const output = await summarizer.run(input);
    const again = await summarizer.run(input);
    expect(output).toEqual({
      kind: 'summary',
      idempotencyKey: again.idempotencyKey,
      summary: 'Customer Ana: printer jams; replaced roller.',
    });
    const user = model.calls[0]?.messages[1]?.content ?? '';
    expect(user).toContain('"Customer Ana: printer jams."');
    expect(user).toContain('replaced the roller');
    expect(model.calls[0]?.maxOutputTokens).toBe(120);
  });

  it('rejects an empty answer with MODEL_OUTPUT_INVALID', async () => {
    const model = createFakeChatModel({ responses: ['   '] });
    await expect(createSummarizer({ model }).run({ event: 'e', step: 1 })).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
    });
  });
});

describe('createStateExtractor', () => {
  it('returns the proposed merge patch', async () => {
    const model = createFakeChatModel({ responses: [{ object: { patch: { mood: 'calm', issue: null } } }] });
    const output = await createStateExtractor({ model }).run({
      event: 'turns',
      step: 4,
      layers: { state: { mood: 'angry', issue: 'refund' } },
      transcript: 'user: thanks, all sorted',
    });
    expect(output.statePatch).toEqual({ mood: 'calm', issue: null });
    expect(model.calls[0]?.messages[1]?.content).toContain('"mood":"angry"');
  });

  it('rejects an answer without an object patch', async () => {
    const model = createFakeChatModel({ responses: [{ object: { patch: [1] } }] });
    await expect(createStateExtractor({ model }).run({ event: 'e', step: 1 })).rejects.toMatchObject({
      code: 'MODEL_OUTPUT_INVALID',
    });
  });
});
