/**
 * Recall bench: replay every conversation of LoCoMo dev and assemble a 5,000-token context for each
 * question, per strategy, alone (K = 0) and inside a haystack of K other conversations' sessions
 * (K = 2, 4); per-category tables, per-question latency p50/p99 and peak heap, against the window and
 * BM25 baselines measured in the same run.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWordNetLexicon } from '@strata-memory/strata/wordnet';
import { evaluateRecall } from '../src/evaluate-recall.js';
import { formatRecallReport } from '../src/format-recall-report.js';
import { readRecallDataset } from '../src/recall-dataset.js';
import { runPiecesBench } from './recall-pieces.bench.js';
import { runScaleBench } from './recall-scale.bench.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const file = resolve(root, '../shared/data/recall/locomo-dev.jsonl');
const BUDGET = 5000;
const HAYSTACKS = [0, 2, 4];
/** The goals for the layered strategy (strict recall). */
const GOALS: Record<number, { overall: number; categories?: Record<string, number> }> = {
  0: { overall: 0.93, categories: { 'multi-hop': 0.7, 'open-domain': 0.7 } },
  4: { overall: 0.88 },
};

export async function runBench(): Promise<void> {
  console.log(`Recall: LoCoMo dev, budget ${BUDGET} tokens (evidence turns kept verbatim in the context)`);
  if (!existsSync(file)) {
    console.log(`  NOT RUN: ${file} is absent (the data stays in ../shared).`);
  } else {
    await runLocomo();
  }
  console.log('');
  await runScaleBench();
}

async function runLocomo(): Promise<void> {
  const dataset = await readRecallDataset(file);
  // The layered strategy at its best: with the WordNet lexicon (the pieces table below shows the
  // defaults without it, and each piece apart).
  const lexicon = await createWordNetLexicon();
  for (const haystack of HAYSTACKS) {
    const started = performance.now();
    const result = await evaluateRecall(dataset, {
      budget: BUDGET,
      strategies: ['layered', 'window', 'bm25'],
      haystack,
      lexicon,
    });
    console.log(`\n--- K = ${haystack} (${result.historyTurnsMean} turns per history on average)`);
    process.stdout.write(formatRecallReport(result));
    const layered = result.strategies.find((item) => item.strategy === 'layered');
    const bm25 = result.strategies.find((item) => item.strategy === 'bm25');
    const goal = GOALS[haystack];
    if (layered && bm25) {
      console.log(
        `  layered vs bm25: ${(layered.overall.strictRate / Math.max(1e-9, bm25.overall.strictRate)).toFixed(2)}x strict`,
      );
    }
    if (layered && goal) {
      const checks = [
        `strict ${pct(layered.overall.strictRate)} (goal >= ${pct(goal.overall)}: ${layered.overall.strictRate >= goal.overall ? 'met' : 'MISSED'})`,
        ...Object.entries(goal.categories ?? {}).map(([name, target]) => {
          const rate = layered.categories[name]?.strictRate ?? 0;
          return `${name} ${pct(rate)} (goal >= ${pct(target)}: ${rate >= target ? 'met' : 'MISSED'})`;
        }),
      ];
      console.log(`  goals K=${haystack}: ${checks.join('; ')}`);
    }
    console.log(`  (K = ${haystack}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  await runPiecesBench(dataset, BUDGET);
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

if (import.meta.url === `file://${process.argv[1]}`) await runBench();
