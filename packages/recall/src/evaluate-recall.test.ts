import { createTiktokenTokenizer } from '@strata-memory/strata';
import { describe, expect, it } from 'vitest';
import { evaluateRecall, type RecallContextRecord } from './evaluate-recall.js';
import { parseRecallDataset } from './recall-dataset.js';
import { syntheticRecallLine } from './synthetic-recall-line.js';

describe('evaluateRecall', () => {
  const dataset = parseRecallDataset(
    `${syntheticRecallLine('one', 12)}\n${syntheticRecallLine('two', 12)}\n`,
    'x.jsonl',
  );
  const tokenizer = createTiktokenTokenizer('o200k_base');

  it('finds the evidence with the layered strategy under a tight budget, per category and overall', async () => {
    const contexts: RecallContextRecord[] = [];
    const result = await evaluateRecall(dataset, {
      budget: 250,
      strategies: ['layered', 'window'],
      onContext: (record) => {
        contexts.push(record);
      },
    });
    const layered = result.strategies.find((item) => item.strategy === 'layered');
    expect(layered?.overall).toMatchObject({ questions: 6, strict: 6, strictRate: 1, fractional: 1 });
    expect(Object.keys(layered?.categories ?? {})).toEqual(['multi-hop', 'single-hop', 'temporal']);
    // The window only holds the latest session, so it misses the old facts: the check can fail.
    const window = result.strategies.find((item) => item.strategy === 'window');
    expect(window?.overall.strictRate).toBe(0);
    expect(contexts).toHaveLength(12);
    for (const record of contexts) {
      expect(record.tokens).toBe(tokenizer.count(record.context));
      expect(record.tokens).toBeLessThanOrEqual(250);
    }
  });

  it('counts evidence only when its text appears verbatim', async () => {
    const result = await evaluateRecall(dataset, {
      budget: 250,
      strategies: ['layered'],
      // A memory that sends only the question: no evidence can be present.
      createMemory: (strategy, options) => ({
        strategy,
        tokenizer: options.tokenizer,
        budget: options.budget,
        turnCount: 0,
        addTurn() {},
        startSession() {},
        async assemble({ query }) {
          return {
            text: query,
            tokens: options.tokenizer.count(query),
            budget: options.budget,
            turnIds: [],
            sessionIds: [],
            droppedTurnIds: [],
            strategy,
          };
        },
      }),
    });
    expect(result.strategies[0]?.overall).toMatchObject({ strict: 0, fractional: 0 });
  });
});
