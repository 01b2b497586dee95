import { describe, expect, it } from 'vitest';
import { buildHaystack } from './build-haystack.js';
import { evaluateRecall } from './evaluate-recall.js';
import { parseRecallDataset } from './recall-dataset.js';
import { syntheticRecallLine } from './synthetic-recall-line.js';

const dataset = parseRecallDataset(
  ['one', 'two', 'three'].map((id) => syntheticRecallLine(id, 6)).join('\n'),
  'x.jsonl',
);
const [one, two, three] = dataset.conversations;

describe('buildHaystack', () => {
  it('places K other conversations before the target, ids unique, the target last and unchanged', () => {
    if (!one || !two || !three) throw new Error('fixture');
    const history = buildHaystack(one, dataset.conversations, 2, 0);
    const ids = history.sessions.flatMap((session) => session.turns.map((turn) => turn.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(3 * one.sessions.reduce((sum, session) => sum + session.turns.length, 0));
    expect(history.sessions.slice(-one.sessions.length)).toEqual(one.sessions);
    expect(history.questions).toBe(one.questions);
    const prefixes = [...new Set(history.sessions.map((session) => session.id.split('/')[0]))];
    expect(prefixes).toEqual(['h1.two', 'h2.three', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    expect(new Set(history.sessions.map((session) => session.id)).size).toBe(history.sessions.length);
  });

  it('dates every distractor session before the target, blocks in order', () => {
    if (!one) throw new Error('fixture');
    const history = buildHaystack(one, dataset.conversations, 2, 0);
    const years = history.sessions.map((session) => Number(session.time?.match(/\d{4}/)?.[0]));
    // The fixture is all 2024: the nearer block moves to 2023, the farther to 2022.
    expect(years).toEqual([...Array(6).fill(2022), ...Array(6).fill(2023), ...Array(6).fill(2024)]);
    expect(history.sessions[0]?.time).toBe('9:00 am on 1 April, 2022');
  });

  it('never uses the target as its own distractor and says what to do when K is too large', () => {
    if (!two) throw new Error('fixture');
    const history = buildHaystack(two, dataset.conversations, 2, 1);
    expect(history.sessions.some((session) => session.id.includes('.two/'))).toBe(false);
    expect(() => buildHaystack(two, dataset.conversations, 3, 1)).toThrow(
      /--haystack 3 needs 3 other.*--distractors/,
    );
  });
});

describe('evaluateRecall with a haystack', () => {
  it('reports K, history length, latency and memory; per strategy', async () => {
    const result = await evaluateRecall(dataset, {
      budget: 400,
      strategies: ['layered', 'window'],
      haystack: 2,
    });
    expect(result.haystack).toBe(2);
    expect(result.historyTurnsMean).toBe(3 * 27);
    // Every distractor repeats the target's evidence word for word (same fixture): the layered memory
    // must keep the target's own, newest copies, which count only with their own ids.
    const window = result.strategies.find((item) => item.strategy === 'window');
    expect(window?.overall.strict).toBe(3);
    const layered = result.strategies.find((item) => item.strategy === 'layered');
    expect(layered?.overall).toMatchObject({ questions: 9, strict: 9 });
    expect(layered?.latency.p99).toBeGreaterThanOrEqual(layered?.latency.p50 ?? 0);
    expect(layered?.peakHeapMb).toBeGreaterThan(0);
  });

  it('credits a distractor copy of the evidence as missing', async () => {
    // A memory that sends only the distractors' copies of the evidence text, with their own ids.
    const result = await evaluateRecall(parseRecallDataset(syntheticRecallLine('one', 6), 'a.jsonl'), {
      budget: 400,
      strategies: ['layered'],
      haystack: 1,
      distractors: parseRecallDataset(syntheticRecallLine('other', 6), 'b.jsonl'),
      createMemory: (strategy, options) => {
        const lines: string[] = [];
        return {
          strategy,
          tokenizer: options.tokenizer,
          budget: options.budget,
          turnCount: 0,
          addTurn(turn) {
            if (turn.id.startsWith('h1.other/')) lines.push(`[${turn.id}] ${turn.speaker}: ${turn.text}`);
          },
          startSession() {},
          async assemble({ query }) {
            const text = `${lines.join('\n')}\n${query}`;
            return {
              text,
              tokens: options.tokenizer.count(text),
              budget: options.budget,
              turnIds: [],
              sessionIds: [],
              droppedTurnIds: [],
              strategy,
            };
          },
        };
      },
    });
    expect(result.distractorFile).toBe('b.jsonl');
    expect(result.strategies[0]?.overall).toMatchObject({ questions: 3, strict: 0, fractional: 0 });
  });
});
