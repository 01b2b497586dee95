import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ObservationLayer } from '../layers/observation-layer.js';
import type { SummaryLayer } from '../layers/summary-layer.js';
import type { WindowLayer } from '../layers/window-layer.js';
import { createInMemoryStore } from '../store/in-memory/in-memory-store.js';
import type { MemoryStore } from '../store/memory-store.js';
import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { createMemory, type Memory } from './memory.js';
import { hashText, partMatches, printPart } from './request-print.js';

const tokenizer = createTiktokenTokenizer();

/** What one request shows: a stable summary, a stable log and a dynamic observation. */
interface Scene {
  summary: string;
  log: string[];
  observation: string;
}

function memoryOf(store?: MemoryStore): Memory {
  return createMemory({
    tokenizer,
    budget: 4_000,
    system: 'You are a careful agent.',
    layers: [
      { kind: 'summary', name: 'summary', budget: 400, stable: true },
      { kind: 'window', name: 'log', budget: 1_200, stable: true },
      { kind: 'observation', name: 'now', budget: 400 },
    ],
    ...(store === undefined ? {} : { store, sessionId: 'run', namespace: 'test' }),
  });
}

function show(memory: Memory, scene: Scene): void {
  memory.layer<SummaryLayer>('summary').set(scene.summary);
  const log = memory.layer<WindowLayer>('log');
  log.reset();
  for (const line of scene.log) log.append(line);
  memory.layer<ObservationLayer<string>>('now').set(scene.observation);
}

// Lines from a small vocabulary, so two scenes often share leading lines; '/' and spaces test the
// rule that a cut is only made where both texts continue cleanly.
const line = fc.constantFrom('Gate opened.', '/path was read.', '  indented', 'Hit for 12.', 'Block 5.', 'x');
const text = fc.array(line, { minLength: 0, maxLength: 5 }).map((lines) => lines.join('\n'));
const scene = fc.record({
  summary: text,
  log: fc.array(line, { minLength: 0, maxLength: 8 }),
  observation: text.map((value) => `Now: ${value}`),
});

describe('the previous request survives a resume (RequestPrint)', () => {
  it('a resumed memory measures the same stable prefix as the one that never stopped', async () => {
    await fc.assert(
      fc.asyncProperty(scene, scene, async (first, second) => {
        const live = memoryOf();
        show(live, first);
        await live.assemble();
        show(live, second);
        const expected = (await live.assemble()).stablePrefixTokens;

        const store = createInMemoryStore();
        const before = memoryOf(store);
        show(before, first);
        await before.assemble();
        await before.commit();
        // Another process: the same session from the store, the previous request known only by its print.
        const resumed = memoryOf(store);
        await resumed.open();
        show(resumed, second);
        expect((await resumed.assemble()).stablePrefixTokens).toBe(expected);
      }),
      { numRuns: Number(process.env.STRATA_PROPERTY_RUNS ?? 150) },
    );
  });

  it('a commit before any request after the resume keeps the restored print', async () => {
    const store = createInMemoryStore();
    const scenes: Scene[] = [
      { summary: 'Act 1.', log: ['Gate opened.', 'Hit for 12.'], observation: 'Now: a' },
      { summary: 'Act 1.', log: ['Gate opened.', 'Hit for 12.', 'Block 5.'], observation: 'Now: b' },
    ];
    const live = memoryOf();
    show(live, scenes[0] as Scene);
    await live.assemble();
    show(live, scenes[1] as Scene);
    const expected = (await live.assemble()).stablePrefixTokens;

    const first = memoryOf(store);
    show(first, scenes[0] as Scene);
    await first.assemble();
    await first.commit();
    const idle = memoryOf(store);
    await idle.open();
    await idle.commit();
    const resumed = memoryOf(store);
    await resumed.open();
    show(resumed, scenes[1] as Scene);
    const context = await resumed.assemble();
    expect(expected).toBeGreaterThan(0);
    expect(context.stablePrefixTokens).toBe(expected);
  });

  it('refuses a layer named like the reserved session entry', () => {
    expect(() =>
      createMemory({ budget: 1_000, layers: [{ kind: 'observation', name: '#previous-request' }] }),
    ).toThrow(/reserved/);
  });

  it('a part matches its own print and no other text', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(partMatches(printPart(a), a)).toBe(true);
        if (a !== b) expect(partMatches(printPart(a), b)).toBe(false);
        expect(hashText(a) === hashText(b)).toBe(a === b);
      }),
    );
  });
});
