import { createTiktokenTokenizer } from '../tokenizer/tiktoken-tokenizer.js';
import { createConversationLog } from './conversation-log.js';
import type { ConversationMemory, ConversationMemoryBaseOptions } from './conversation-memory.js';
import { fitConversationContext } from './fit-conversation-context.js';
import { validateBudget } from './validate-budget.js';

/** Baseline: the most recent turns that fit the budget, with their session date headers. */
export function createWindowConversationMemory(options: ConversationMemoryBaseOptions): ConversationMemory {
  const tokenizer = options.tokenizer ?? createTiktokenTokenizer();
  const budget = validateBudget(options.budget);
  const log = createConversationLog(tokenizer);
  return {
    strategy: 'window',
    tokenizer,
    budget,
    get turnCount() {
      return log.turns.length;
    },
    addTurn(turn) {
      log.add(turn);
    },
    startSession(session) {
      log.startSession(session);
    },
    async assemble({ query, budget: override }) {
      return fitConversationContext({
        log,
        tokenizer,
        budget: validateBudget(override ?? budget),
        query,
        // Newer is worth more; the window stops at the first turn that does not fit.
        candidates: log.turns.map((turn) => ({ index: turn.index, value: turn.index + 1 })),
        costExponent: 0,
        stopAtFirstMiss: true,
        strategy: 'window',
      });
    },
  };
}
