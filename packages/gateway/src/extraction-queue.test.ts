import { describe, expect, it } from 'vitest';
import { createExtractionQueue } from './extraction-queue.js';

/** A job that records when it starts and ends only when released. */
function gated(log: string[], name: string) {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    job: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    release: () => release(),
  };
}

describe('extraction queue', () => {
  it('keeps one waiting job per key, never overlaps a key, and flush waits for all', async () => {
    const log: string[] = [];
    const depths: number[] = [];
    const queue = createExtractionQueue({ concurrency: 2, onDepth: (depth) => depths.push(depth) });
    const a1 = gated(log, 'a1');
    const a2 = gated(log, 'a2');
    const a3 = gated(log, 'a3');
    const b1 = gated(log, 'b1');
    expect(queue.enqueue('a', a1.job)).toBe('queued');
    // a1 runs; a2 waits behind it; a3 adds nothing while a2 waits (it reads the session when it starts).
    expect(queue.enqueue('a', a2.job)).toBe('queued');
    expect(queue.enqueue('a', a3.job)).toBe('coalesced');
    expect(queue.enqueue('b', b1.job)).toBe('queued');
    expect(log).toEqual(['start a1', 'start b1']);
    expect(queue.depth).toBe(3);
    let flushed = false;
    const flushing = queue.flush().then(() => {
      flushed = true;
    });
    a1.release();
    await expect.poll(() => log.includes('start a2')).toBe(true);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    a2.release();
    b1.release();
    await flushing;
    expect(flushed).toBe(true);
    expect(log).not.toContain('start a3');
    expect(queue.depth).toBe(0);
    expect(depths.at(-1)).toBe(0);
  });

  it('refuses jobs when full or closed', async () => {
    const queue = createExtractionQueue({ concurrency: 1, maxQueued: 1 });
    const log: string[] = [];
    const first = gated(log, 'first');
    expect(queue.enqueue('x', first.job)).toBe('queued');
    expect(queue.enqueue('y', async () => undefined)).toBe('queued');
    expect(queue.enqueue('z', async () => undefined)).toBe('refused');
    const closing = queue.close();
    expect(queue.enqueue('w', async () => undefined)).toBe('refused');
    first.release();
    await closing;
    expect(queue.depth).toBe(0);
  });
});
