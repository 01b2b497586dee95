import { createSeededRandom } from '@strata-memory/strata/testing';
import type { DecisionRecord, PlayResult } from '../trace/decision-record.js';
import type { PlayRunner } from './play-runner.js';

export interface SyntheticRunOptions {
  /** Decisions in a run (default 40 + seed % 20). */
  steps?: number;
  /** Text put into each record's screen and note, e.g. to test escaping. */
  gameText?: string;
  /** Milliseconds to wait per decision (lets tests interrupt a run). */
  delayMs?: number;
}

/**
 * A PlayRunner that invents DecisionRecords shaped like the real agents' (structured: flat under its
 * budget; naive: growing; window: in between). For tests of the CLI, traces and reports only.
 */
export function createSyntheticPlayRunner(options: SyntheticRunOptions = {}): PlayRunner {
  return async (request) => {
    const next = createSeededRandom(request.seed * 7919 + 1);
    const steps = Math.min(
      options.steps ?? 40 + (request.seed % 20),
      request.maxSteps ?? Number.MAX_SAFE_INTEGER,
    );
    const tokens: number[] = [];
    let history = 0;
    const started = Date.now();
    for (let step = 0; step < steps; step += 1) {
      if (request.signal?.aborted) break;
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const observation = 300 + Math.floor(next() * 200);
      history += observation + 20;
      const layers: Record<string, number> =
        request.agent === 'structured'
          ? {
              system: 400,
              knowledge: 900,
              summary: 250,
              lessons: 450,
              notes: 100,
              combat: 500 + (step % 7) * 40,
              observation,
            }
          : request.agent === 'window'
            ? { system: 400, state: 1500, history: Math.min(history, 4000) }
            : { system: 400, history };
      const promptTokens = Object.values(layers).reduce((sum, value) => sum + value, 0);
      tokens.push(promptTokens);
      const record: DecisionRecord = {
        runId: request.runId,
        agent: request.agent,
        seed: request.seed,
        step,
        act: 1 + Math.floor((step / steps) * 3),
        floor: 1 + Math.floor((step / steps) * 50),
        screen: options.gameText ?? 'COMBAT',
        layers,
        promptTokens,
        budget: request.agent === 'structured' ? request.budget : null,
        stablePrefixTokens:
          request.agent === 'structured' ? 2000 : request.agent === 'naive' ? history - observation : 400,
        dropped: {},
        action: { action: next() < 0.8 ? 'play_card' : 'end_turn', card_index: Math.floor(next() * 5) },
        policy: request.policy,
        promptUsedByPolicy: request.policy === 'llm',
        repairs: 0,
        fallback: false,
        latencyMs: 1,
        ...(options.gameText === undefined ? {} : { note: options.gameText }),
      };
      request.onDecision(record);
    }
    const sorted = [...tokens].sort((left, right) => left - right);
    const at = (fraction: number) => sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
    const budget = request.agent === 'structured' ? request.budget : null;
    const result: PlayResult = {
      runId: request.runId,
      agent: request.agent,
      seed: request.seed,
      policy: request.policy,
      character: request.character,
      won: request.seed % 2 === 0,
      floor: 50,
      act: 3,
      steps: tokens.length,
      calls: tokens.length,
      promptTokens: {
        p50: at(0.5),
        p95: at(0.95),
        max: at(1),
        total: tokens.reduce((sum, value) => sum + value, 0),
      },
      stablePrefix: { p50: 2000 },
      budget,
      budgetViolations: budget === null ? 0 : tokens.filter((value) => value > budget).length,
      repairs: 0,
      fallbacks: 0,
      elapsedMs: Date.now() - started,
      runDir: request.runDir,
    };
    return result;
  };
}
