import {
  type ConversationLexicon,
  type ConversationMemory,
  createBm25ConversationMemory,
  createConversationMemory,
  createWindowConversationMemory,
  StrataError,
  type Tokenizer,
} from '@strata-memory/strata';

/** The memory strategies the evaluation compares. */
export const RECALL_STRATEGIES = ['layered', 'window', 'bm25'] as const;
/** The name of a recall strategy. */
export type RecallStrategyName = (typeof RECALL_STRATEGIES)[number];

/** A fresh memory of the named strategy (`lexicon` expands the layered strategy's queries). */
export function createRecallMemory(
  strategy: RecallStrategyName,
  options: { tokenizer: Tokenizer; budget: number; lexicon?: ConversationLexicon },
): ConversationMemory {
  const { lexicon, ...base } = options;
  switch (strategy) {
    case 'layered':
      return createConversationMemory(lexicon ? { ...base, lexicon } : base);
    case 'window':
      return createWindowConversationMemory(base);
    case 'bm25':
      return createBm25ConversationMemory(base);
  }
}

/** Parses `layered,window` style lists (repeatable); duplicates collapse, order is kept. */
export function parseRecallStrategies(values: readonly string[]): RecallStrategyName[] {
  const out: RecallStrategyName[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const name = part.trim();
      if (name === '') continue;
      if (!(RECALL_STRATEGIES as readonly string[]).includes(name)) {
        throw new StrataError(
          'INPUT_INVALID',
          `Unknown strategy '${name}'. Use one or more of: ${RECALL_STRATEGIES.join(', ')}.`,
        );
      }
      if (!out.includes(name as RecallStrategyName)) out.push(name as RecallStrategyName);
    }
  }
  return out.length > 0 ? out : [...RECALL_STRATEGIES];
}
