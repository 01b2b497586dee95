/**
 * Bench `agents`: the structured agent (Strata layers) against the window and naive baselines on
 * the same seeds and the same trajectory (heuristic policy), every prompt counted exactly (o200k).
 * Run: npm run bench -- agents
 */
import { createTiktokenTokenizer } from '@strata-memory/strata';
import { formatRunsSummary, playRun, summarizeRuns } from '../src/agent/index.js';
import type { DecisionRecord, PlayResult } from '../src/trace/decision-record.js';

const SEEDS = Array.from({ length: 10 }, (_, index) => index + 1);
const AGENTS = ['structured', 'window', 'naive'] as const;

export async function runBench(): Promise<void> {
  console.log(
    'AgenticSTS agents: prompt tokens per decision on full runs (heuristic policy, IRONCLAD, seeds 1-10)',
  );
  console.log(
    'Baselines measured in this same run: window (system + state JSON + last 8 turns) and naive (append-only log).',
  );
  const tokenizer = createTiktokenTokenizer('o200k_base');
  const results: PlayResult[] = [];
  const records: DecisionRecord[] = [];
  const seconds: Record<string, number> = {};
  for (const agent of AGENTS) {
    const started = performance.now();
    for (const seed of SEEDS) {
      const result = await playRun({
        agent,
        seed,
        tokenizer,
        runId: `bench-${agent}-${seed}`,
        onDecision: (record) => records.push(record),
      });
      results.push(result);
    }
    seconds[agent] = (performance.now() - started) / 1000;
  }
  console.log(formatRunsSummary(summarizeRuns(results, records)));
  const perSeed = SEEDS.map((seed) => {
    const row = AGENTS.map((agent) =>
      results.find((result) => result.agent === agent && result.seed === seed),
    );
    const [structured, , naive] = row;
    return `seed ${seed}: ${structured?.steps ?? 0} decisions, ${structured?.won ? 'won' : `died floor ${structured?.floor}`}; structured max ${structured?.promptTokens.max}, naive last ${lastTokens(records, naive?.runId)}`;
  });
  console.log(perSeed.join('\n'));
  console.log(
    `wall time: ${AGENTS.map((agent) => `${agent} ${(seconds[agent] ?? 0).toFixed(1)} s`).join(', ')}`,
  );
}

function lastTokens(records: readonly DecisionRecord[], runId: string | undefined): number {
  let last = 0;
  for (const record of records) if (record.runId === runId) last = record.promptTokens;
  return last;
}

// Runs on its own too: node --import tsx packages/agent/bench/agents.bench.ts
if (import.meta.url === `file://${process.argv[1]}`) await runBench();
