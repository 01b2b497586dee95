import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { createConversationLog } from './conversation-log.js';
import type { ConversationMemory, ConversationMemoryBaseOptions } from './conversation-memory.js';
import { fitConversationContext } from './fit-conversation-context.js';
import { contentTerms } from './text-terms.js';
import { createTurnIndex } from './turn-index.js';
import { validateBudget } from './validate-budget.js';

/** Baseline: plain BM25 over turns (stemmed, stopwords removed); the best-scoring turns that fit. */
export function createBm25ConversationMemory(options: ConversationMemoryBaseOptions): ConversationMemory {
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer();
  const budget = validateBudget(options.budget);
  const log = createConversationLog(tokenizer);
  const index = createTurnIndex();
  return {
    strategy: 'bm25',
    tokenizer,
    budget,
    get turnCount() {
      return log.turns.length;
    },
    addTurn(turn) {
      const logged = log.add(turn);
      index.add(logged.index, contentTerms(`${turn.speaker} ${turn.text}`));
    },
    startSession(session) {
      log.startSession(session);
    },
    async assemble({ query, budget: override }) {
      const weights = new Map(contentTerms(query).map((term) => [term, 1]));
      const scores = index.search(weights);
      return fitConversationContext({
        log,
        tokenizer,
        budget: validateBudget(override ?? budget),
        query,
        candidates: [...scores].map(([turn, score]) => ({ index: turn, value: score })),
        costExponent: 0,
        strategy: 'bm25',
      });
    },
  };
}
