import { type ConversationMemory, createTiktokenTokenizer, type Tokenizer } from '@strata-memory/strata';
import type { RecallDataset, RecallProblem } from './recall-dataset.js';
import { createRecallMemory, type RecallStrategyName } from './recall-strategies.js';

/** Evidence kept for a group of questions. */
export interface RecallScore {
  questions: number;
  /** Questions with every evidence turn in the context. */
  strict: number;
  strictRate: number;
  /** Mean share of evidence turns in the context. */
  fractional: number;
  tokensMean: number;
  tokensMax: number;
}

/** One strategy's scores: overall and per question category. */
export interface RecallStrategyResult {
  strategy: RecallStrategyName;
  overall: RecallScore;
  categories: Record<string, RecallScore>;
  /** Wall time of replaying all turns into memory. */
  ingestMs: number;
  /** Wall time of assembling and checking every question. */
  queryMs: number;
  /** Contexts over budget by an independent recount (must stay 0: the budget is a guarantee). */
  overBudget: number;
  /** Contexts whose reported token count differs from an independent recount (must stay 0). */
  countMismatches: number;
}

/** What `evaluateRecall` returns: the data set, the budget and every strategy's result. */
export interface RecallEvaluation {
  file: string;
  budget: number;
  conversations: number;
  questions: number;
  strategies: RecallStrategyResult[];
  problems: RecallProblem[];
}

/** One assembled context, as written by `--dump`. */
export interface RecallContextRecord {
  strategy: RecallStrategyName;
  conversation: string;
  question_id: string;
  tokens: number;
  context: string;
}

/** Options of `evaluateRecall`. */
export interface EvaluateRecallOptions {
  budget: number;
  strategies: readonly RecallStrategyName[];
  tokenizer?: Tokenizer;
  /** Called after each question of each strategy. */
  onProgress?: (done: number, total: number) => void;
  /** Receives every assembled context (for `--dump`). */
  onContext?: (record: RecallContextRecord) => void | Promise<void>;
  /** Builds the memory of a strategy; defaults to the built-in ones (override to try other settings). */
  createMemory?: (
    strategy: RecallStrategyName,
    options: { tokenizer: Tokenizer; budget: number },
  ) => ConversationMemory;
}

/**
 * Replays each conversation's sessions into a fresh memory per strategy, then assembles a context per
 * question and checks which evidence turns appear verbatim in it.
 */
export async function evaluateRecall(
  dataset: RecallDataset,
  options: EvaluateRecallOptions,
): Promise<RecallEvaluation> {
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer('o200k_base');
  const questionCount = dataset.conversations.reduce((sum, item) => sum + item.questions.length, 0);
  const total = questionCount * options.strategies.length;
  let done = 0;
  const strategies: RecallStrategyResult[] = [];
  for (const strategy of options.strategies) {
    const overall = createAccumulator();
    const categories = new Map<string, ReturnType<typeof createAccumulator>>();
    let ingestMs = 0;
    let queryMs = 0;
    let overBudget = 0;
    let countMismatches = 0;
    for (const conversation of dataset.conversations) {
      const ingestStart = performance.now();
      const memory = (options.createMemory ?? createRecallMemory)(strategy, {
        tokenizer,
        budget: options.budget,
      });
      const texts = new Map<string, string>();
      for (const session of conversation.sessions) {
        memory.startSession(
          session.time === undefined ? { id: session.id } : { id: session.id, time: session.time },
        );
        for (const turn of session.turns) {
          memory.addTurn({ ...turn, sessionId: session.id });
          texts.set(turn.id, turn.text);
        }
      }
      ingestMs += performance.now() - ingestStart;
      for (const question of conversation.questions) {
        const queryStart = performance.now();
        const context = await memory.assemble({ query: question.question });
        const found = question.evidence.filter((turnId) =>
          context.text.includes(texts.get(turnId) ?? '\u0000'),
        );
        queryMs += performance.now() - queryStart;
        // The reported count is checked, not trusted: recount everything that would be sent.
        const tokens = tokenizer.count(context.text);
        if (tokens !== context.tokens) countMismatches += 1;
        if (tokens > options.budget) overBudget += 1;
        const share = found.length / question.evidence.length;
        overall.add(share, tokens);
        let category = categories.get(question.category);
        if (!category) {
          category = createAccumulator();
          categories.set(question.category, category);
        }
        category.add(share, tokens);
        await options.onContext?.({
          strategy,
          conversation: conversation.id,
          question_id: question.id,
          tokens,
          context: context.text,
        });
        done += 1;
        options.onProgress?.(done, total);
      }
    }
    strategies.push({
      strategy,
      overall: overall.score(),
      categories: Object.fromEntries(
        [...categories]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([name, value]) => [name, value.score()]),
      ),
      ingestMs: Math.round(ingestMs),
      queryMs: Math.round(queryMs),
      overBudget,
      countMismatches,
    });
  }
  return {
    file: dataset.file,
    budget: options.budget,
    conversations: dataset.conversations.length,
    questions: questionCount,
    strategies,
    problems: dataset.problems,
  };
}

function createAccumulator() {
  let questions = 0;
  let strict = 0;
  let shares = 0;
  let tokens = 0;
  let tokensMax = 0;
  return {
    add(share: number, used: number) {
      questions += 1;
      if (share === 1) strict += 1;
      shares += share;
      tokens += used;
      tokensMax = Math.max(tokensMax, used);
    },
    score(): RecallScore {
      return {
        questions,
        strict,
        strictRate: questions === 0 ? 0 : strict / questions,
        fractional: questions === 0 ? 0 : shares / questions,
        tokensMean: questions === 0 ? 0 : Math.round(tokens / questions),
        tokensMax,
      };
    },
  };
}
