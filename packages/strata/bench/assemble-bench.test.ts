// The assemble bench at a small size: every row and every peer runs for real and is checked for
// what it reports (budgets, recounts, goals, growth laws), never for how long it took.
import { describe, expect, it } from 'vitest';
import { countChatTokens, createTiktokenTokenizer } from '../src/index.js';
import {
  buildTier,
  formatScalingTable,
  growthLaw,
  measureAppendInterleaved,
  measureTier,
  scalingGoals,
} from './assemble-scaling.js';
import { measurePeers } from './trim-peers.js';

const tokenizer = createTiktokenTokenizer('o200k_base');

describe('assemble bench: scaling rows', () => {
  it('measures every row on two small tiers, within budget, and judges the goals it can', async () => {
    const tiers = [
      { lessons: 60, knowledge: 20, events: 5 },
      { lessons: 600, knowledge: 200, events: 50 },
    ];
    const results = [];
    for (const tier of tiers) results.push(await measureTier(tier, { tokenizer, calls: 12 }));
    for (const result of results) {
      expect(result.maxTokens).toBeGreaterThan(0);
      expect(result.maxTokens).toBeLessThanOrEqual(5000);
      for (const row of [
        result.observationOnly,
        result.queryChanging,
        result.addLesson,
        result.atCapacity,
        result.appendEvent,
      ]) {
        expect(row.wall.p50).toBeGreaterThan(0);
        expect(row.wall.p99).toBeGreaterThanOrEqual(row.wall.p50);
        expect(row.cpu.p50).toBeGreaterThanOrEqual(0);
      }
      expect(result.capacity).toBe(result.tier.lessons + 12);
      // The second batch of adds runs with the layer full: most newcomers evict the weakest lesson.
      expect(result.evictions).toBeGreaterThan(0);
      expect(result.evictions).toBeLessThanOrEqual(12);
      expect(result.bytesPerLesson).toBeGreaterThan(100);
      expect(result.bytesPerKnowledgeEntry).toBeGreaterThan(100);
    }
    const table = formatScalingTable(results);
    expect(table[0]).toContain('60 / 20 / 5');
    expect(table.some((line) => line.startsWith('| query-changing'))).toBe(true);
    const goals = scalingGoals(results);
    // The 10k and 100k tiers were not measured: those goals say so instead of passing.
    expect(goals.filter((goal) => goal.met === undefined).map((goal) => goal.goal)).toEqual(
      expect.arrayContaining([
        'query-changing p50 <= 1 ms at 100k lessons',
        'adding a lesson <= 0.2 ms at capacity 10k',
        'first call at 100k lessons < 100 ms',
      ]),
    );
    expect(goals.at(-1)?.goal).toBe('growth laws stated; every per-call cost flat or log');
  });

  it('does the same work per append at 20 and 2,000 stored events: lines shown, counted, counted afresh', async () => {
    const pending = [];
    for (const events of [20, 2_000])
      pending.push(
        await buildTier(
          { lessons: 60, knowledge: 20, events },
          { tokenizer, calls: 12, interleaveAppend: true },
        ),
      );
    // Nothing appended yet: the row is measured below, on both tiers in turn.
    expect(pending.map((tier) => tier.result.appendWork.calls)).toEqual([0, 0]);
    const [small, large] = await measureAppendInterleaved(pending, 12, 3);
    expect(small?.appendWork.calls).toBe(12);
    expect(large?.appendWork.calls).toBe(12);
    // The window budget caps both tiers: the same lines are shown (within one, as line lengths vary).
    expect(small?.appendWork.shownLines).toBeGreaterThan(5);
    expect(
      Math.abs((small?.appendWork.shownLines ?? 0) - (large?.appendWork.shownLines ?? 0)),
    ).toBeLessThanOrEqual(1);
    // Per append, the new event and the new observation are counted afresh; the rest come from the cache.
    expect(small?.appendWork.freshCounts).toBe(2);
    expect(large?.appendWork.freshCounts).toBe(2);
    // Cache lookups: one per shown line, plus a few for the other layers and the line that did not fit.
    const beyondShown = (result: typeof small): number =>
      (result?.appendWork.countLookups ?? 0) - (result?.appendWork.shownLines ?? 0);
    expect(beyondShown(small)).toBeLessThan(6);
    expect(beyondShown(small)).toBe(beyondShown(large));
    const appendGoal = scalingGoals([small, large].filter((each) => each !== undefined)).find((goal) =>
      goal.goal.startsWith('appending an event'),
    );
    expect(appendGoal?.measured).toContain('the same at every size');
  });

  it('states a growth law from the first and last tier', () => {
    const sizes = [1000, 10_000, 100_000];
    expect(growthLaw(sizes, [0.2, 0.21, 0.25]).law).toBe('flat');
    expect(growthLaw(sizes, [0.2, 0.3, 0.4]).law).toBe('log');
    expect(growthLaw(sizes, [1, 10, 100]).law).toBe('linear');
    expect(growthLaw(sizes, [1, 4, 10]).law).toBe('n^0.50');
    expect(growthLaw(sizes, [1, 10, 100]).exponent).toBeCloseTo(1, 5);
  });
});

describe('assemble bench: peers on one history', () => {
  it('recounts every output exactly: memoized trimMessages, Mastra and Strata stay within the budget', async () => {
    const result = await measurePeers({ tokenizer, budget: 1200, steps: 40, calls: 4 });
    expect(result.historyMessages).toBe(81);
    expect(result.historyTokens).toBeGreaterThan(5 * 1200);
    const [memoized, chars, mastra] = result.peers;
    expect(memoized?.name).toContain('memoized by content');
    expect(chars?.name).toContain('chars/4');
    expect(mastra?.name).toContain('Mastra TokenLimiter');
    for (const row of [result.strata, ...result.peers]) {
      expect(row.calls).toBe(4);
      expect(row.lastKept).toBeGreaterThan(1);
      expect(row.maxExactTokens).toBeGreaterThan(0);
    }
    // Exact counters stay within the budget by the recount; the chars/4 estimate does not know.
    expect(result.strata.overBudget).toBe(0);
    expect(result.strata.maxExactTokens).toBeLessThanOrEqual(1200);
    expect(memoized?.overBudget).toBe(0);
    expect(mastra?.overBudget).toBe(0);
    // JSON observations cost more than one token per four characters: the estimate keeps too much.
    expect(chars?.maxExactTokens).toBeGreaterThan(1200);
    expect(countChatTokens([], tokenizer)).toBe(3);
  });
});
