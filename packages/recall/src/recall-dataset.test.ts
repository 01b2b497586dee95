import { describe, expect, it } from 'vitest';
import { evaluateRecall } from './evaluate-recall.js';
import { parseRecallDataset } from './recall-dataset.js';
import { syntheticRecallLine } from './synthetic-recall-line.js';

describe('parseRecallDataset', () => {
  const good = syntheticRecallLine('chat-a');
  const text = [
    good,
    '{"id": "broken", "sessions": [',
    JSON.stringify({ id: 'empty', speakers: ['A', 'B'], sessions: [], questions: [] }),
    '',
    JSON.stringify({
      ...JSON.parse(syntheticRecallLine('chat-b')),
      questions: [
        { id: 'b-ok', question: 'Where did Ana move?', evidence: ['S2:2'], category: 'single-hop' },
        { id: 'b-bad', question: 'Who?', evidence: ['S2:2', 'S99:1'], category: 'single-hop' },
        { id: 'b-none', question: 'What?', evidence: [], category: 'single-hop' },
        { question: 'no id' },
      ],
    }),
    '{"id": "no-sessions", "questions": []}',
  ].join('\n');
  const dataset = parseRecallDataset(text, 'set.jsonl');

  it('names file and line of a line that is not JSON, and keeps the other lines', () => {
    expect(dataset.problems).toContainEqual(
      expect.objectContaining({ where: 'set.jsonl:2', message: expect.stringMatching(/not valid JSON/) }),
    );
    expect(dataset.conversations.map((item) => item.id)).toEqual(['chat-a', 'chat-b']);
  });

  it('reports an empty conversation with its line', () => {
    expect(dataset.problems).toContainEqual(
      expect.objectContaining({ where: 'set.jsonl:3', message: expect.stringMatching(/no turns/) }),
    );
  });

  it('reports a question citing unknown evidence ids, by line and id, and skips only that question', () => {
    expect(dataset.problems).toContainEqual(
      expect.objectContaining({
        where: 'set.jsonl:5',
        question: 'b-bad',
        message: expect.stringMatching(/unknown evidence turn ids 'S99:1'/),
      }),
    );
    expect(
      dataset.problems.some(
        (problem) => problem.where === 'set.jsonl:5' && /no evidence/.test(problem.message),
      ),
    ).toBe(true);
    expect(
      dataset.problems.some(
        (problem) => problem.where === 'set.jsonl:5' && /question #4 is malformed/.test(problem.message),
      ),
    ).toBe(true);
    expect(dataset.conversations[1]?.questions.map((question) => question.id)).toEqual(['b-ok']);
  });

  it('reports a line whose shape is wrong, naming the missing field', () => {
    expect(dataset.problems).toContainEqual(
      expect.objectContaining({ where: 'set.jsonl:6', message: expect.stringMatching(/sessions/) }),
    );
  });

  it('still evaluates the valid questions of a file with problems', async () => {
    const result = await evaluateRecall(dataset, { budget: 400, strategies: ['bm25'] });
    expect(result.questions).toBe(
      dataset.conversations.reduce((sum, item) => sum + item.questions.length, 0),
    );
    expect(result.strategies[0]?.overall.questions).toBe(result.questions);
    expect(result.problems).toBe(dataset.problems);
  });
});
