/**
 * Pieces bench: each retrieval piece of the layered memory switched on or off on its own against the
 * defaults, on LoCoMo dev at 5,000 tokens, alone (K = 0) and in a haystack of 4 other conversations
 * (K = 4). Besides the whole file it prints the first three and the last two conversations of the
 * file apart, so a piece that helps only one half shows it (the file's order, not its names).
 */
import { createConversationMemory, type LayeredConversationOptions } from '@strata-memory/strata';
import { createWordNetLexicon } from '@strata-memory/strata/wordnet';
import { evaluateRecall, type RecallStrategyResult } from '../src/evaluate-recall.js';
import type { RecallDataset } from '../src/recall-dataset.js';

// One WordNet lexicon for every variant that uses it (its caches then warm across conversations,
// as in a long-running process).
const wordnet = await createWordNetLexicon();

/** Each variant differs from the defaults in one setting. */
const VARIANTS: Array<{ name: string; options: Partial<LayeredConversationOptions> }> = [
  { name: 'defaults', options: {} },
  {
    name: 'RM3 feedback off',
    options: { feedback: { turns: 0, terms: 0, weight: 0 }, listFeedback: { turns: 0, terms: 0, weight: 0 } },
  },
  { name: 'speaker pre-filter off', options: { speakerFilter: false } },
  { name: 'date cues off', options: { dates: { boost: 0, share: 0 } } },
  { name: 'session after a day off', options: { dates: { after: 0 } } },
  { name: 'list neighbour scale off', options: { listNeighbourScale: 1 } },
  { name: 'list feedback off', options: { listFeedback: { turns: 5, terms: 8, weight: 0.3 } } },
  { name: 'answer-type focus off', options: { focusBoost: 1 } },
  { name: 'compound spellings off', options: { compoundSpellings: false } },
  { name: '+ PPMI expansion (8 terms)', options: { expansion: { terms: 8 } } },
  { name: '+ MMR diversity (0.5)', options: { diversityPenalty: 0.5 } },
  { name: '+ WordNet lexicon', options: { lexicon: wordnet } },
  { name: '+ WordNet, head limit off', options: { lexicon: wordnet, lexical: { focusSourceFrequency: 0 } } },
];
const HAYSTACKS = [0, 4];
const SPLIT = 3;

export async function runPiecesBench(dataset: RecallDataset, budget: number): Promise<void> {
  console.log(
    `\nRetrieval pieces, each on its own against the defaults (strict recall; first ${SPLIT} / last ${dataset.conversations.length - SPLIT} conversations of the file apart)`,
  );
  console.log(
    '  K  variant                       overall   multi-hop   open-domain   first / last      p50/p99 ms',
  );
  for (const haystack of HAYSTACKS) {
    for (const variant of VARIANTS) {
      const result = await evaluateRecall(dataset, {
        budget,
        strategies: ['layered'],
        haystack,
        createMemory: (_strategy, base) => createConversationMemory({ ...base, ...variant.options }),
      });
      const layered = result.strategies[0] as RecallStrategyResult;
      const [first, last] = halves(layered);
      console.log(
        `  ${haystack}  ${variant.name.padEnd(28)}  ${pct(layered.overall.strictRate).padStart(7)}   ${pct(layered.categories['multi-hop']?.strictRate ?? 0).padStart(9)}` +
          `   ${pct(layered.categories['open-domain']?.strictRate ?? 0).padStart(11)}   ${`${pct(first)} / ${pct(last)}`.padStart(15)}   ${`${layered.latency.p50.toFixed(2)}/${layered.latency.p99.toFixed(2)}`.padStart(12)}`,
      );
    }
  }
}

/** Strict recall of the first SPLIT conversations and of the rest. */
function halves(result: RecallStrategyResult): [number, number] {
  const rate = (items: RecallStrategyResult['conversations']): number => {
    const questions = items.reduce((sum, item) => sum + item.score.questions, 0);
    return questions === 0 ? 0 : items.reduce((sum, item) => sum + item.score.strict, 0) / questions;
  };
  return [rate(result.conversations.slice(0, SPLIT)), rate(result.conversations.slice(SPLIT))];
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}
