import { describe, expect, it } from 'vitest';
import { playRun } from './play-run.js';

describe('playRun and its signal', () => {
  it('lets a timer abort a heuristic run on the in-memory store between decisions', async () => {
    const controller = new AbortController();
    const whole = await playRun({ ruleset: 'sts1', seed: 1 });
    // The timer starts at the first decision (a timer started before the run raced the run's start on a
    // loaded machine): it can only fire if the loop yields to the event loop between decisions.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopped = await playRun({
      ruleset: 'sts1',
      seed: 1,
      signal: controller.signal,
      onDecision: () => {
        timer ??= setTimeout(() => controller.abort(), 5);
      },
    });
    clearTimeout(timer);
    expect(controller.signal.aborted).toBe(true);
    expect(stopped.steps).toBeGreaterThan(0);
    expect(stopped.steps).toBeLessThan(whole.steps);
  });
});
