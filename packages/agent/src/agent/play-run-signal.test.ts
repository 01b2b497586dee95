import { describe, expect, it } from 'vitest';
import { playRun } from './play-run.js';

describe('playRun and its signal', () => {
  it('lets a timer abort a heuristic run on the in-memory store between decisions', async () => {
    const controller = new AbortController();
    const whole = await playRun({ seed: 1 });
    const timer = setTimeout(() => controller.abort(), 30);
    const stopped = await playRun({ seed: 1, signal: controller.signal });
    clearTimeout(timer);
    expect(controller.signal.aborted).toBe(true);
    expect(stopped.steps).toBeGreaterThan(0);
    expect(stopped.steps).toBeLessThan(whole.steps);
  });
});
