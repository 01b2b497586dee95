import { describe, expect, it } from 'vitest';
import { createExtractionQueue, type ExtractionQueueEvent } from './extraction-queue.js';

describe('extraction queue', () => {
  it('retries a failing job with backoff until it succeeds', async () => {
    const events: ExtractionQueueEvent[] = [];
    const queue = createExtractionQueue({ baseDelayMs: 1, onEvent: (event) => events.push(event) });
    let calls = 0;
    queue.enqueue('flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error('model timeout');
    });
    await queue.drain();
    expect(calls).toBe(3);
    expect(queue.failures).toEqual([]);
    expect(events.map((event) => event.name)).toEqual([
      'extraction-retried',
      'extraction-retried',
      'extraction-succeeded',
    ]);
  });

  it('records a job that keeps failing, without throwing at anyone', async () => {
    const queue = createExtractionQueue({ baseDelayMs: 1, maxAttempts: 2 });
    queue.enqueue('broken', async () => {
      throw new Error('always');
    });
    await expect(queue.drain()).resolves.toBeUndefined();
    expect(queue.failures).toHaveLength(1);
    expect(queue.failures[0]?.error.code).toBe('EXTRACTION_FAILED');
    expect(queue.failures[0]?.attempts).toBe(2);
  });

  it('runs at most `concurrency` jobs at once', async () => {
    const queue = createExtractionQueue({ concurrency: 2 });
    let running = 0;
    let peak = 0;
    for (let index = 0; index < 6; index += 1) {
      queue.enqueue(`job${index}`, async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      });
    }
    expect(queue.pending).toBe(6);
    await queue.drain();
    expect(peak).toBe(2);
    expect(queue.pending).toBe(0);
  });
});
