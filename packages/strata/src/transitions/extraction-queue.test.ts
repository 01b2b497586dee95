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

  it('keeps at most maxPending jobs waiting and drops the oldest (stalest) ones, reporting each', async () => {
    const events: ExtractionQueueEvent[] = [];
    const queue = createExtractionQueue({
      concurrency: 1,
      maxPending: 8,
      onEvent: (event) => events.push(event),
    });
    const ran: string[] = [];
    let peak = 0;
    for (let index = 0; index < 100; index += 1) {
      queue.enqueue(`job${index}`, async () => {
        ran.push(`job${index}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
      peak = Math.max(peak, queue.pending);
      // Let the queue start a job now and then, as a running agent would.
      if (index % 10 === 0) await Promise.resolve();
    }
    expect(peak).toBeLessThanOrEqual(9);
    await queue.drain();
    // The newest jobs ran; every job that did not run was reported as dropped.
    expect(ran.slice(-8)).toEqual(Array.from({ length: 8 }, (_, index) => `job${92 + index}`));
    const droppedJobs = events
      .filter((event) => event.name === 'extraction-dropped')
      .map((event) => event.job);
    expect(droppedJobs.length + ran.length).toBe(100);
    expect(queue.stats).toMatchObject({ waiting: 0, running: 0, dropped: droppedJobs.length });
  });

  it('replaces a waiting job that has the same coalesce key with the newer one', async () => {
    const events: ExtractionQueueEvent[] = [];
    const queue = createExtractionQueue({ concurrency: 1, onEvent: (event) => events.push(event) });
    const ran: string[] = [];
    const job = (name: string) => async () => {
      ran.push(name);
    };
    queue.enqueue('lesson-a', job('lesson-a'));
    queue.enqueue('summary-1', job('summary-1'), { coalesceKey: 'summary' });
    queue.enqueue('summary-2', job('summary-2'), { coalesceKey: 'summary' });
    queue.enqueue('lesson-b', job('lesson-b'));
    queue.enqueue('summary-3', job('summary-3'), { coalesceKey: 'summary' });
    await queue.drain();
    expect(ran).toEqual(['lesson-a', 'summary-3', 'lesson-b']);
    expect(queue.stats.superseded).toBe(2);
    expect(
      events.filter((event) => event.name === 'extraction-superseded').map((event) => event.job),
    ).toEqual(['summary-1', 'summary-2']);
  });
});
