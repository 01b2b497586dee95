import { describe, expect, it } from 'vitest';
import type { SummaryLayer } from '../layers/summary-layer.js';
import { createMemory } from '../memory/memory.js';
import { createInMemoryTelemetrySink } from '../telemetry/in-memory-telemetry-sink.js';
import type { Extractor } from './extractor.js';

/** A slow model: every extraction takes `delayMs`, as a 0.5 s model call would. */
function slowExtractor(name: string, delayMs: number, calls: string[]): Extractor {
  return {
    name,
    async run(input) {
      calls.push(input.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { idempotencyKey: input.idempotencyKey, summary: `summary at step ${input.step}` };
    },
  };
}

describe('the extraction backlog of a memory', () => {
  it('stays bounded when transitions come faster than the model, and telemetry shows it', async () => {
    const calls: string[] = [];
    const telemetry = createInMemoryTelemetrySink();
    const memory = createMemory({
      budget: 500,
      layers: [{ kind: 'summary', budget: 200 }],
      transitions: { 'step-end': [{ extract: slowExtractor('notes', 20, calls) }] },
      extraction: { concurrency: 1, maxPending: 4 },
      telemetry,
    });
    let peak = 0;
    for (let step = 0; step < 200; step += 1) {
      await memory.assemble();
      await memory.transition('step-end');
      peak = Math.max(peak, memory.pendingExtractions);
    }
    expect(peak).toBeLessThanOrEqual(5);
    const last = telemetry.records.filter((record) => record.type === 'assemble').at(-1);
    if (last?.type !== 'assemble') throw new Error('expected an assemble record');
    expect(last.extractions.waiting).toBeLessThanOrEqual(4);
    expect(last.extractions.dropped).toBeGreaterThan(150);
    await memory.flush();
    // Stale jobs never reached the model: at most the bound plus the running ones were called.
    expect(calls.length).toBe(200 - memory.extractionStats.dropped);
    expect(
      telemetry.records.filter((record) => record.type === 'event' && record.name === 'extraction-dropped'),
    ).toHaveLength(memory.extractionStats.dropped);
  });

  it('lets a latestOnly binding replace its waiting job, so only the newest summary is computed', async () => {
    const calls: string[] = [];
    const memory = createMemory({
      budget: 500,
      layers: [{ kind: 'summary', budget: 200 }],
      transitions: {
        'floor-change': [
          { extract: slowExtractor('summary', 5, calls), into: ['summary'], latestOnly: true },
        ],
      },
      extraction: { concurrency: 1 },
    });
    for (let floor = 0; floor < 30; floor += 1) {
      await memory.assemble();
      await memory.transition('floor-change');
    }
    await memory.flush();
    expect(calls.length).toBeLessThan(10);
    expect(memory.extractionStats.superseded).toBe(30 - calls.length);
    expect(memory.layer<SummaryLayer>('summary').snapshot()).toMatchObject({ text: 'summary at step 30' });
  });
});
