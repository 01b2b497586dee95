/**
 * Recall bench: replay every conversation of LoCoMo dev and assemble a 5,000-token context for each
 * question, per strategy; prints wall times and the share of questions whose evidence is all kept,
 * against the window and BM25 baselines measured in the same run.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateRecall } from '../src/evaluate-recall.js';
import { readRecallDataset } from '../src/recall-dataset.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const file = resolve(root, '../shared/data/recall/locomo-dev.jsonl');
const BUDGET = 5000;
const GOAL_SECONDS = 60;

export async function runBench(): Promise<void> {
  console.log(`Recall: LoCoMo dev, budget ${BUDGET} tokens (evidence turns kept verbatim in the context)`);
  if (!existsSync(file)) {
    console.log(`  NOT RUN: ${file} is absent (the data stays in ../shared).`);
    return;
  }
  const started = performance.now();
  const dataset = await readRecallDataset(file);
  const result = await evaluateRecall(dataset, { budget: BUDGET, strategies: ['layered', 'window', 'bm25'] });
  const total = (performance.now() - started) / 1000;
  console.log(
    `  ${result.conversations} conversations, ${result.questions} questions, ${dataset.problems.length} input problems`,
  );
  const byName = new Map(result.strategies.map((item) => [item.strategy, item]));
  const baseline = byName.get('bm25')?.overall.strictRate ?? 0;
  console.log(
    '  strategy   strict   fractional   tokens mean/max   ingest ms   query ms   per question   vs bm25',
  );
  for (const item of result.strategies) {
    const perQuestion = result.questions === 0 ? 0 : item.queryMs / result.questions;
    const ratio = baseline === 0 ? '-' : `${(item.overall.strictRate / baseline).toFixed(2)}x`;
    console.log(
      `  ${item.strategy.padEnd(9)} ${pct(item.overall.strictRate).padStart(7)} ${pct(item.overall.fractional).padStart(12)}` +
        `   ${`${item.overall.tokensMean}/${item.overall.tokensMax}`.padStart(15)} ${String(item.ingestMs).padStart(11)}` +
        ` ${String(item.queryMs).padStart(10)} ${`${perQuestion.toFixed(2)} ms`.padStart(14)} ${ratio.padStart(9)}`,
    );
  }
  const layered = byName.get('layered');
  if (layered) {
    const seconds = (layered.ingestMs + layered.queryMs) / 1000;
    console.log(
      `  layered ingest + all questions: ${seconds.toFixed(1)} s (goal < ${GOAL_SECONDS} s: ${seconds < GOAL_SECONDS ? 'met' : 'MISSED'});` +
        ` strict ${pct(layered.overall.strictRate)} (goal >= 85%: ${layered.overall.strictRate >= 0.85 ? 'met' : 'MISSED'})`,
    );
    for (const [name, score] of Object.entries(layered.categories)) {
      const others = result.strategies
        .filter((item) => item.strategy !== 'layered')
        .map((item) => `${item.strategy} ${pct(item.categories[name]?.strictRate ?? 0)}`)
        .join(', ');
      console.log(
        `    ${name.padEnd(12)} n=${String(score.questions).padStart(4)}  layered ${pct(score.strictRate)}  (${others})`,
      );
    }
  }
  console.log(`  whole section (read, 3 strategies, independent recounts): ${total.toFixed(1)} s`);
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

if (import.meta.url === `file://${process.argv[1]}`) await runBench();
