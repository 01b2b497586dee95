import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createChatContext } from '../chat/chat-context.js';
import { countChatMessage } from '../chat/fit-chat-messages.js';
import { createConversationLog } from '../conversation/conversation-log.js';
import { createWindowConversationMemory } from '../conversation/window-conversation-memory.js';
import type { StrataError } from '../errors/strata-error.js';
import { SECTION_SEPARATOR } from '../layers/escape-untrusted.js';
import type { MessagesLayer } from '../layers/messages-layer.js';
import type { ObservationLayer } from '../layers/observation-layer.js';
import type { SummaryLayer } from '../layers/summary-layer.js';
import type { WindowLayer } from '../layers/window-layer.js';
import { createMemory } from '../memory/memory.js';
import type { ChatMessage } from '../model/chat-model.js';
import { createApproximateTokenizer } from './approximate-tokenizer.js';
import { createCachedTokenizer } from './cached-tokenizer.js';
import { countChatTokens } from './count-chat-tokens.js';
import { type Tokenizer, tokenizerVersion } from './tokenizer.js';

const words = (count: number, seed: string): string =>
  Array.from({ length: count }, (_, index) => `${seed}${index % 7} move`).join(' ');

/** Whole-request count with the tokenizer as it is now (the approximate tokenizer itself keeps no cache). */
function recount(messages: readonly ChatMessage[], tokenizer: Tokenizer): number {
  return countChatTokens(messages, tokenizer);
}

function chatRecount(messages: readonly ChatMessage[], tokenizer: Parameters<typeof countChatMessage>[1]) {
  return 3 + messages.reduce((sum, message) => sum + countChatMessage(message, tokenizer), 0);
}

describe('tokenizer version: cached counts follow calibrate()', () => {
  it('bumps the version when calibrate() changes the margin, and the cached tokenizer recounts', () => {
    const approximate = createApproximateTokenizer({ margin: 1 });
    const cached = createCachedTokenizer(approximate);
    const text = words(40, 'strike');
    const before = cached.count(text);
    const version = tokenizerVersion(approximate);
    approximate.calibrate(Math.round(before * 1.6), before);
    expect(tokenizerVersion(approximate)).toBeGreaterThan(version);
    expect(cached.version).toBe(approximate.version);
    expect(cached.count(text)).toBe(approximate.count(text));
    expect(cached.countUpTo(text, 10_000)).toBe(approximate.count(text));
    expect(cached.count(text)).toBeGreaterThan(before);
  });

  it('keeps a memory within budget after calibrate() (issue 11 item 1 repro)', async () => {
    const approximate = createApproximateTokenizer({ margin: 1.0 });
    const memory = createMemory({
      tokenizer: approximate,
      budget: 300,
      layers: [
        { kind: 'summary', budget: 150 },
        { kind: 'observation', budget: 150 },
      ],
    });
    memory.layer<SummaryLayer>('summary').set(words(26, 'summary'));
    memory.layer<ObservationLayer<string>>('observation').set(words(26, 'observe'));
    const first = await memory.assemble();
    expect(first.tokens).toBe(recount(first.messages, approximate));
    approximate.calibrate(Math.round(first.tokens * 1.6), first.tokens);
    const second = await memory.assemble();
    const exact = recount(second.messages, approximate);
    expect(exact).toBeLessThanOrEqual(300);
    expect(second.tokens).toBeGreaterThanOrEqual(exact);
  });

  it('never exceeds the budget by a recount with the calibrated tokenizer, whatever the calibrations between assembles', async () => {
    const scenario = fc.record({
      budget: fc.integer({ min: 120, max: 900 }),
      startMargin: fc.double({ min: 1, max: 1.5, noNaN: true }),
      steps: fc.array(
        fc.record({
          ratio: fc.double({ min: 0.5, max: 2.5, noNaN: true }),
          calibrate: fc.boolean(),
          summary: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
          event: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
          observation: fc.integer({ min: 0, max: 90 }),
        }),
        { minLength: 2, maxLength: 8 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async (input) => {
        const approximate = createApproximateTokenizer({ margin: input.startMargin });
        const system = 'You are a careful agent.';
        const memory = createMemory({
          tokenizer: approximate,
          budget: input.budget,
          system,
          layers: [
            { kind: 'summary', budget: 200 },
            { kind: 'window', budget: 250 },
            { kind: 'messages', budget: 250 },
            { kind: 'observation', budget: 250 },
          ],
        });
        const summary = memory.layer<SummaryLayer>('summary');
        const turns = memory.layer<MessagesLayer>('messages');
        const window = memory.layer<WindowLayer>('window');
        const observation = memory.layer<ObservationLayer<string>>('observation');
        for (const [index, step] of input.steps.entries()) {
          if (step.summary !== undefined) summary.set(words(step.summary, 's'));
          if (step.event !== undefined) {
            window.append(words(step.event, `e${index}`));
            turns.add({
              role: index % 2 === 0 ? 'user' : 'assistant',
              content: words(step.event, `m${index}`),
            });
          }
          observation.set(words(step.observation, 'o'));
          let context: Awaited<ReturnType<typeof memory.assemble>>;
          try {
            context = await memory.assemble();
          } catch (error) {
            // Only allowed when the margin grew so far that the system message alone is over budget.
            expect((error as StrataError).code).toBe('BUDGET_UNSATISFIABLE');
            const systemOnly: ChatMessage[] = [{ role: 'system', content: `${system}${SECTION_SEPARATOR}` }];
            expect(recount(systemOnly, approximate)).toBeGreaterThan(input.budget);
            return;
          }
          const exact = recount(context.messages, approximate);
          expect(exact).toBeLessThanOrEqual(input.budget);
          expect(context.tokens).toBeGreaterThanOrEqual(exact);
          if (step.calibrate)
            approximate.calibrate(Math.max(1, Math.round(context.tokens * step.ratio)), context.tokens);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('keeps createChatContext within budget after calibrate() and addTurn (no BUDGET_UNSATISFIABLE)', () => {
    const approximate = createApproximateTokenizer({ margin: 1.0 });
    const chat = createChatContext({
      system: 'You are a helpful support agent.',
      stateSchema: z.object({ notes: z.string().optional() }),
      initialState: { notes: words(10, 'note') },
      maxTurns: 20,
      budget: 300,
      tokenizer: approximate,
    });
    for (let turn = 0; turn < 6; turn += 1) {
      chat.addTurn(turn % 2 === 0 ? 'user' : 'assistant', words(8, `t${turn}`));
    }
    const before = chat.fit();
    approximate.calibrate(Math.round(before.tokens * 1.6), before.tokens);
    const after = chat.fit();
    expect(chatRecount(after.messages, approximate)).toBe(after.tokens);
    expect(after.tokens).toBeLessThanOrEqual(300);
    chat.addTurn('user', words(8, 'next'));
    const next = chat.fit();
    expect(chatRecount(next.messages, approximate)).toBe(next.tokens);
    expect(next.tokens).toBeLessThanOrEqual(300);
  });

  it('recounts conversation-log headers after calibrate(), and a conversation memory stays within budget', async () => {
    const approximate = createApproximateTokenizer({ margin: 1.0 });
    const log = createConversationLog(approximate);
    log.startSession({ id: 'session-one', time: '2024-05-01 at 10:00, a long and detailed date line' });
    log.add({ id: 't1', speaker: 'Ana', text: words(30, 'talk') });
    const before = log.sessionHeader(0).tokens;
    approximate.calibrate(Math.round(before * 1.6), before);
    expect(log.sessionHeader(0).tokens).toBe(approximate.count(log.sessionHeader(0).line));

    const memory = createWindowConversationMemory({ tokenizer: approximate, budget: 400 });
    for (let turn = 0; turn < 40; turn += 1) {
      memory.addTurn({
        id: `turn-${turn}`,
        speaker: turn % 2 === 0 ? 'Ana' : 'Bo',
        text: words(12, `w${turn}`),
      });
    }
    const first = await memory.assemble({ query: 'What did Ana say?' });
    approximate.calibrate(Math.round(first.tokens * 1.5), first.tokens);
    const second = await memory.assemble({ query: 'What did Ana say?' });
    expect(approximate.count(second.text)).toBe(second.tokens);
    expect(second.tokens).toBeLessThanOrEqual(400);
  });
});
