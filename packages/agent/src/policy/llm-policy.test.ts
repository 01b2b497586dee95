import type { GameAction, GameState } from '@strata-memory/spire';
import { createTiktokenTokenizer, StrataError } from '@strata-memory/strata';
import { createFakeChatModel } from '@strata-memory/strata/testing';
import { describe, expect, it } from 'vitest';
import { decisionSchema, validateDecision } from './decision-schema.js';
import { createHeuristicPolicy } from './heuristic-policy.js';
import { createLlmPolicy } from './llm-policy.js';

const tokenizer = createTiktokenTokenizer('o200k_base');
const actions: GameAction[] = [
  { action: 'play_card', card_index: 0, target_index: 0 },
  { action: 'play_card', card_index: 1 },
  { action: 'end_turn' },
];
const state = { screen: 'COMBAT', available_actions: ['play_card', 'end_turn'] } as unknown as GameState;
const input = { state, actions, messages: [{ role: 'user' as const, content: 'state' }], step: 3 };
// The heuristic always ends the turn here, so a fallback is recognisable.
const heuristic = createHeuristicPolicy({ choose: () => ({ action: 'end_turn' }) });

describe('decisionSchema', () => {
  it('makes choice an integer enum of exactly the legal indices', () => {
    const schema = decisionSchema(3);
    const properties = schema.jsonSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.choice).toMatchObject({ type: 'integer', enum: [0, 1, 2] });
    expect(schema.jsonSchema.required).toEqual(['choice']);
  });

  it('rejects out-of-range, non-integer and malformed notes with plain reasons', () => {
    expect(validateDecision({ choice: 3 }, 3)).toEqual({
      ok: false,
      issues: ['"choice" 3 is not a legal action: choose an integer from 0 to 2'],
    });
    expect(validateDecision({ choice: 1.5 }, 3).ok).toBe(false);
    expect(validateDecision({ choice: 1, note: { scope: 'forever', text: 'x' } }, 3).ok).toBe(false);
    expect(
      validateDecision(
        { choice: 1, reason: 'r', note: { scope: 'combat', text: 'kill the cultist first' } },
        3,
      ),
    ).toEqual({
      ok: true,
      value: { choice: 1, reason: 'r', note: { scope: 'combat', text: 'kill the cultist first' } },
    });
  });
});

describe('createLlmPolicy', () => {
  it('takes a valid answer with its reason and note', async () => {
    const model = createFakeChatModel({
      responses: [{ object: { choice: 1, reason: 'block', note: { scope: 'turn', text: 'n' } } }],
    });
    const policy = createLlmPolicy({ model, fallback: heuristic, tokenizer });
    const decision = await policy.decide(input);
    expect(decision).toMatchObject({
      choice: 1,
      reason: 'block',
      note: { scope: 'turn', text: 'n' },
      repairs: 0,
      fallback: false,
    });
    expect(model.calls[0]?.schema?.name).toBe('decision');
  });

  it('repairs malformed JSON and an illegal choice, stating the problem, within the same decision', async () => {
    const model = createFakeChatModel({
      responses: ['{"choice": ', { object: { choice: 7 } }, { object: { choice: 0 } }],
    });
    const policy = createLlmPolicy({ model, fallback: heuristic, tokenizer });
    const decision = await policy.decide(input);
    expect(decision).toMatchObject({ choice: 0, repairs: 2, fallback: false });
    expect(decision.requests).toHaveLength(3);
    const firstRepair = model.calls[1]?.messages.at(-1)?.content ?? '';
    expect(firstRepair).toContain('not valid JSON');
    const secondRepair = model.calls[2]?.messages.at(-1)?.content ?? '';
    expect(secondRepair).toContain('"choice" 7 is not a legal action');
    // Each repair turn adds the echoed answer and the error to the previous request.
    expect(model.calls[2]?.messages).toHaveLength(5);
  });

  it('falls back to the heuristic after two failed repairs', async () => {
    const model = createFakeChatModel({
      responses: ['nonsense', 'still nonsense', { object: { choice: -1 } }],
    });
    const policy = createLlmPolicy({ model, fallback: heuristic, tokenizer });
    const decision = await policy.decide(input);
    expect(decision).toMatchObject({ choice: 2, repairs: 2, fallback: true });
    expect(decision.error).toContain('after 2 repairs');
    expect(model.calls).toHaveLength(3);
  });

  it('falls back at once on an API error (the adapter already retried)', async () => {
    const model = createFakeChatModel({
      responses: [new StrataError('MODEL_API_ERROR', 'HTTP 500 after 3 retries', { isRetryable: true })],
    });
    const policy = createLlmPolicy({ model, fallback: heuristic, tokenizer });
    const decision = await policy.decide(input);
    expect(decision).toMatchObject({ choice: 2, repairs: 0, fallback: true });
    expect(decision.error).toContain('MODEL_API_ERROR');
  });

  it('keeps a long bad answer short when echoing it back', async () => {
    const long = 'x '.repeat(5000);
    const model = createFakeChatModel({ responses: [long, { object: { choice: 2 } }] });
    const policy = createLlmPolicy({ model, fallback: heuristic, tokenizer });
    await policy.decide(input);
    const echoed = model.calls[1]?.messages.at(-2)?.content ?? '';
    expect(tokenizer.count(echoed)).toBeLessThanOrEqual(60);
  });
});
