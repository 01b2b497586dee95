import { countChatTokens, createTiktokenTokenizer } from '@strata-memory/strata';
import { type FakeModelReply, fakeReply, startFakeOpenAIServer } from '@strata-memory/strata/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../trace/decision-record.js';
import { playRun } from './play-run.js';

const tokenizer = createTiktokenTokenizer('o200k_base');
const BUDGET = 5000;

interface RequestBody {
  messages: Array<{ role: string; content: string }>;
  response_format?: {
    json_schema?: { name?: string; schema?: { properties?: { choice?: { enum?: number[] } } } };
  };
}

describe('playRun with the llm policy against a fake OpenAI-compatible server on 127.0.0.1', async () => {
  // The server's answers to decision requests cycle through good and bad ones.
  const kinds = [
    'valid',
    'malformed',
    'out-of-range',
    'valid',
    'http-500',
    'http-429',
    'valid',
    'valid',
    'malformed',
    'valid',
  ] as const;
  const sent: Array<(typeof kinds)[number]> = [];
  let decisionRequests = 0;
  const server = await startFakeOpenAIServer({
    handler(request): FakeModelReply {
      const body = request.body as RequestBody;
      const format = body.response_format?.json_schema;
      if (format?.name !== 'decision') {
        return fakeReply.json({
          lessons: [{ text: 'Block before big attacks.', importance: 0.6, tags: ['combat'] }],
        });
      }
      const legal = format.schema?.properties?.choice?.enum ?? [0];
      const kind = kinds[decisionRequests % kinds.length] ?? 'valid';
      decisionRequests += 1;
      sent.push(kind);
      switch (kind) {
        case 'malformed':
          return fakeReply.text('{"choice": 1, "reason": ');
        case 'out-of-range':
          return fakeReply.json({ choice: legal.length + 3 });
        case 'http-500':
          return fakeReply.error(500, 'fake outage');
        case 'http-429':
          return fakeReply.rateLimited(0);
        default:
          return fakeReply.json({
            choice: legal[0],
            reason: 'first option',
            note: { scope: 'turn', text: 'fake note' },
          });
      }
    },
  });
  afterAll(() => server.close());

  const records: DecisionRecord[] = [];
  const result = await playRun({
    ruleset: 'sts1',
    agent: 'structured',
    seed: 2,
    policy: 'llm',
    model: 'fake-model',
    baseUrl: server.baseURL,
    apiKey: 'test-key',
    maxRetries: 1,
    initialDelayMs: 1,
    budget: BUDGET,
    maxSteps: 60,
    onDecision: (record) => records.push(record),
  });

  it('completes the run despite bad answers and HTTP errors', () => {
    expect(result.steps).toBe(60);
    expect(records).toHaveLength(60);
    expect(result.policy).toBe('llm');
  });

  it('repairs every malformed or illegal answer, or falls back to the heuristic, and records it', () => {
    const badAnswers = sent.filter((kind) => kind === 'malformed' || kind === 'out-of-range').length;
    expect(badAnswers).toBeGreaterThan(5);
    const repairs = records.reduce((sum, record) => sum + record.repairs, 0);
    const invalidFallbacks = records.filter(
      (record) => record.fallback && record.error?.includes('repairs'),
    ).length;
    // Each bad answer led to a repair turn, except the last one of a decision that fell back.
    expect(repairs + invalidFallbacks).toBe(badAnswers);
    expect(result.repairs).toBe(repairs);
  });

  it('falls back on HTTP errors that outlast the adapter retries, saying so in the trace', () => {
    const httpFallbacks = records.filter(
      (record) => record.fallback && record.error?.includes('MODEL_API_ERROR'),
    );
    expect(httpFallbacks.length).toBeGreaterThan(0);
    for (const record of httpFallbacks) expect(record.promptUsedByPolicy).toBe(false);
    expect(result.fallbacks).toBe(records.filter((record) => record.fallback).length);
  });

  it('lets the model decide when its answer is valid', () => {
    const decided = records.filter((record) => !record.fallback);
    expect(decided.length).toBeGreaterThan(30);
    for (const record of decided) expect(record.promptUsedByPolicy).toBe(true);
    expect(records.some((record) => record.note === 'turn: fake note')).toBe(true);
  });

  it('sent every request within the budget, repair turns included, as the server received it', () => {
    const decisionBodies = server.requests
      .map((request) => request.body as RequestBody)
      .filter((body) => body.response_format?.json_schema?.name === 'decision');
    expect(decisionBodies.length).toBe(decisionRequests);
    for (const body of decisionBodies) {
      expect(countChatTokens(body.messages, tokenizer)).toBeLessThanOrEqual(BUDGET);
    }
    expect(result.budgetViolations).toBe(0);
  });
});
