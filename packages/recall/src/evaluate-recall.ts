import {
  type ConversationLexicon,
  type ConversationMemory,
  createTiktokenTokenizer,
  StrataError,
  type Tokenizer,
} from '@strata-memory/strata';
import { buildHaystack } from './build-haystack.js';
import type { RecallConversation, RecallDataset, RecallProblem } from './recall-dataset.js';
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
  /** Scores per conversation, in the data set's order (for held-out checks: tune on some, report on the rest). */
  conversations: Array<{ id: string; score: RecallScore }>;
  /** Wall time of replaying all turns into memory. */
  ingestMs: number;
  /** Wall time of assembling and checking every question. */
  queryMs: number;
  /** Contexts over budget by an independent recount (must stay 0: the budget is a guarantee). */
  overBudget: number;
  /** Contexts whose reported token count differs from an independent recount (must stay 0). */
  countMismatches: number;
  /** Per-question assemble time (ms): median and 99th percentile. */
  latency: { p50: number; p99: number };
  /** Largest heap in use (MB), sampled after each ingest and each question of this strategy. */
  peakHeapMb: number;
}

/** What `evaluateRecall` returns: the data set, the budget and every strategy's result. */
export interface RecallEvaluation {
  file: string;
  budget: number;
  conversations: number;
  questions: number;
  /** Other conversations' sessions placed before each conversation (0: each conversation alone). */
  haystack: number;
  /** Where the distractor conversations came from (the data set itself unless `--distractors`). */
  distractorFile: string;
  /** Mean turns in a history (the target conversation plus its distractors). */
  historyTurnsMean: number;
  /** The lexicon the layered strategy expanded queries with, if any. */
  lexicon?: string;
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
  /**
   * Places the sessions of this many other conversations before each conversation (dated earlier,
   * ids prefixed), so the evidence is a small share of a long history. Default 0.
   */
  haystack?: number;
  /** Where the haystack's distractor conversations come from; defaults to the data set itself. */
  distractors?: RecallDataset;
  /** Query expansion for the layered strategy (e.g. WordNet from `@strata-memory/strata/wordnet`). */
  lexicon?: ConversationLexicon;
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
  const haystack = options.haystack ?? 0;
  if (!Number.isInteger(haystack) || haystack < 0) {
    throw new StrataError('INPUT_INVALID', `haystack must be a whole number >= 0, got ${haystack}.`);
  }
  const pool = options.distractors ?? dataset;
  const histories: RecallConversation[] = dataset.conversations.map((conversation, position) =>
    buildHaystack(conversation, pool.conversations, haystack, position),
  );
  const historyTurns = histories.map((item) =>
    item.sessions.reduce((sum, session) => sum + session.turns.length, 0),
  );
  const strategies: RecallStrategyResult[] = [];
  for (const strategy of options.strategies) {
    const overall = createAccumulator();
    const categories = new Map<string, ReturnType<typeof createAccumulator>>();
    const perConversation: Array<{ id: string; score: RecallScore }> = [];
    let ingestMs = 0;
    let queryMs = 0;
    let overBudget = 0;
    let countMismatches = 0;
    const latencies: number[] = [];
    let peakHeap = 0;
    const sampleHeap = () => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    };
    for (const conversation of histories) {
      const ingestStart = performance.now();
      const memory = options.createMemory
        ? options.createMemory(strategy, { tokenizer, budget: options.budget })
        : createRecallMemory(strategy, {
            tokenizer,
            budget: options.budget,
            ...(options.lexicon ? { lexicon: options.lexicon } : {}),
          });
      const texts = new Map<string, string>();
      // A text said more than once in the history (a distractor may repeat "Thanks!") counts only
      // with its own turn id beside it.
      const textUses = new Map<string, number>();
      for (const session of conversation.sessions) {
        memory.startSession(
          session.time === undefined ? { id: session.id } : { id: session.id, time: session.time },
        );
        for (const turn of session.turns) {
          memory.addTurn({ ...turn, sessionId: session.id });
          texts.set(turn.id, turn.text);
          textUses.set(turn.text, (textUses.get(turn.text) ?? 0) + 1);
        }
      }
      ingestMs += performance.now() - ingestStart;
      sampleHeap();
      const own = createAccumulator();
      for (const question of conversation.questions) {
        const queryStart = performance.now();
        const context = await memory.assemble({ query: question.question });
        latencies.push(performance.now() - queryStart);
        sampleHeap();
        const found = question.evidence.filter((turnId) => {
          const text = texts.get(turnId);
          if (text === undefined || !context.text.includes(text)) return false;
          return (textUses.get(text) ?? 0) <= 1 || context.text.includes(`[${turnId}] `);
        });
        queryMs += performance.now() - queryStart;
        // The reported count is checked, not trusted: recount everything that would be sent.
        const tokens = tokenizer.count(context.text);
        if (tokens !== context.tokens) countMismatches += 1;
        if (tokens > options.budget) overBudget += 1;
        const share = found.length / question.evidence.length;
        overall.add(share, tokens);
        own.add(share, tokens);
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
      perConversation.push({ id: conversation.id, score: own.score() });
    }
    strategies.push({
      strategy,
      overall: overall.score(),
      categories: Object.fromEntries(
        [...categories]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([name, value]) => [name, value.score()]),
      ),
      conversations: perConversation,
      ingestMs: Math.round(ingestMs),
      queryMs: Math.round(queryMs),
      overBudget,
      countMismatches,
      latency: { p50: round2(percentile(latencies, 0.5)), p99: round2(percentile(latencies, 0.99)) },
      peakHeapMb: Math.round(peakHeap / 2 ** 20),
    });
  }
  return {
    file: dataset.file,
    budget: options.budget,
    conversations: dataset.conversations.length,
    questions: questionCount,
    haystack,
    distractorFile: pool.file,
    historyTurnsMean:
      historyTurns.length === 0
        ? 0
        : Math.round(historyTurns.reduce((a, b) => a + b, 0) / historyTurns.length),
    strategies,
    problems: dataset.problems,
    ...(options.lexicon && !options.createMemory ? { lexicon: options.lexicon.name } : {}),
  };
}

/** Nearest-rank percentile of a list of numbers (0 for an empty list). */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] as number;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
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
