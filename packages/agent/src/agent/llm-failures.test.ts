import { StrataError } from '@strata-memory/strata';
import { fakeReply } from '@strata-memory/strata/testing';
import { describe, expect, it } from 'vitest';
import { deadPort, useFakeDecisionServers } from '../test-support/fake-decision-server.js';
import type { DecisionRecord } from '../trace/decision-record.js';
import { type PlayRunOptions, playRun } from './play-run.js';

const { serve, decisionRequests } = useFakeDecisionServers();

async function playLlm(baseUrl: string, extra: Partial<PlayRunOptions> = {}) {
  const records: DecisionRecord[] = [];
  const started = performance.now();
  const outcome = await playRun({
    ruleset: 'sts1',
    agent: 'structured',
    seed: 2,
    policy: 'llm',
    model: 'fake-model',
    baseUrl,
    apiKey: 'test-key',
    maxRetries: 2,
    initialDelayMs: 5,
    maxSteps: 40,
    onDecision: (record) => records.push(record),
    ...extra,
  }).then(
    (result) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  return { ...outcome, records, elapsedMs: performance.now() - started };
}

describe('the llm policy against a failing model server', () => {
  for (const status of [401, 403, 404]) {
    it(`stops at the first decision on HTTP ${status} (not retryable) with a clear error`, async () => {
      const server = await serve(() => fakeReply.error(status, `fake ${status}`));
      const { result, error, records } = await playLlm(server.baseURL);
      expect(result).toBeUndefined();
      expect(StrataError.is(error, 'MODEL_API_ERROR')).toBe(true);
      expect((error as Error).message).toContain(String(status));
      expect((error as Error).message).toMatch(/--model|--base-url|API key|model name/);
      expect(records).toHaveLength(0);
      expect(decisionRequests(server)).toBe(1);
    });
  }

  it('stops at once when nothing listens on the port at the start', async () => {
    const port = await deadPort();
    const { result, error, records, elapsedMs } = await playLlm(`http://127.0.0.1:${port}/v1`);
    expect(result).toBeUndefined();
    expect(StrataError.is(error, 'MODEL_API_ERROR')).toBe(true);
    expect((error as Error).message).toMatch(/Could not reach/);
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    expect(records).toHaveLength(0);
    // One decision's retries, not one per step of the run.
    expect(elapsedMs).toBeLessThan(10_000);
  });

  it('stops after the configured number of consecutive fallbacks on HTTP 500, naming the first error', async () => {
    const server = await serve(() => fakeReply.error(500, 'fake outage'));
    const { result, error, records } = await playLlm(server.baseURL, { maxConsecutiveFallbacks: 3 });
    expect(result).toBeUndefined();
    expect(StrataError.is(error, 'MODEL_API_ERROR')).toBe(true);
    expect((error as Error).message).toMatch(/3 decisions in a row/);
    expect((error as Error).message).toContain('500');
    expect((error as Error).message).toContain('--max-fallbacks');
    expect(records).toHaveLength(3);
    for (const record of records) expect(record.fallback).toBe(true);
  });

  it('stops on garbage bodies too, after the default number of consecutive fallbacks', async () => {
    const server = await serve(() => fakeReply.malformed());
    const { result, error, records } = await playLlm(server.baseURL, { maxRetries: 0 });
    expect(result).toBeUndefined();
    expect(StrataError.is(error)).toBe(true);
    expect((error as Error).message).toMatch(/in a row/);
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThan(40);
    for (const record of records) expect(record.fallback).toBe(true);
  });

  it('stops when every answer is unusable after the repairs', async () => {
    const server = await serve(() => fakeReply.text('I would rather not.'));
    const { error, records } = await playLlm(server.baseURL, { maxConsecutiveFallbacks: 2 });
    expect(StrataError.is(error, 'MODEL_OUTPUT_INVALID')).toBe(true);
    expect((error as Error).message).toMatch(/2 decisions in a row/);
    expect(records).toHaveLength(2);
  });

  it('plays on through occasional failures and reports the first model error in the result', async () => {
    const server = await serve((count, legal) =>
      count % 3 === 0 ? fakeReply.error(500, 'fake blip') : fakeReply.json({ choice: legal[0] }),
    );
    const { result, error, records } = await playLlm(server.baseURL, {
      maxRetries: 0,
      maxConsecutiveFallbacks: 2,
      maxSteps: 20,
    });
    expect(error).toBeUndefined();
    expect(result?.steps).toBe(20);
    expect(records.some((record) => record.fallback)).toBe(true);
    expect(result?.fallbacks).toBeGreaterThan(0);
    expect(result?.firstModelError).toMatch(/500.*fake blip/);
  });

  it('rejects a maxConsecutiveFallbacks that is not a positive whole number', async () => {
    await expect(playRun({ ruleset: 'sts1', maxConsecutiveFallbacks: 0 })).rejects.toThrow(
      /maxConsecutiveFallbacks/,
    );
  });
});
