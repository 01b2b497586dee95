/**
 * Bench: `memory.assemble` at a 5,000-token budget as the stored content grows (1k / 10k / 100k
 * lessons, 200 / 2k / 20k knowledge entries, 20 / 200 / 2,000 window events): observation-only,
 * query-changing, one lesson added per call, one event appended per call, at capacity, the first
 * call and memory per item, with the goals of issue 14 judged on the numbers. Then the messages
 * layer against fair peers (LangChain.js trimMessages, Mastra's TokenLimiter) on one agent history.
 * Also: tokenizer load time and warm count latency, gpt-tokenizer against js-tiktoken, each in a
 * fresh process.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTiktokenTokenizer } from '../src/index.js';
import {
  buildTier,
  formatScalingTable,
  measureAppendInterleaved,
  type PendingTier,
  SCALING_TIERS,
  type ScalingTier,
  scalingGoals,
  WINDOW_BUDGET,
} from './assemble-scaling.js';
import { ms } from './bench-content.js';
import { measurePeers } from './trim-peers.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Loads a tokenizer in a fresh process and times its load and warm counts. */
function measureTokenizer(label: string, setup: string, countExpression: string): string {
  const code = `
    const t0 = performance.now();
    ${setup}
    const loadMs = performance.now() - t0;
    const rss = process.memoryUsage().rss;
    const line = 'Turn 12: the Ironclad plays Strike on the Jaw Worm for 6 damage; HP 54/80, block 5, energy 2. ';
    const text = line.repeat(200);
    const count = (value) => ${countExpression};
    const tokens = count(text);
    for (let i = 0; i < 5; i += 1) count(text);
    const samples = [];
    for (let i = 0; i < 30; i += 1) { const s = performance.now(); count(text); samples.push(performance.now() - s); }
    samples.sort((a, b) => a - b);
    console.log(JSON.stringify({ loadMs, rssMb: rss / 1e6, tokens, warmMs: samples[15] }));
  `;
  try {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: packageDir,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
      loadMs: number;
      rssMb: number;
      tokens: number;
      warmMs: number;
    };
    return `${label.padEnd(14)} load ${result.loadMs.toFixed(0).padStart(5)} ms, RSS ${result.rssMb.toFixed(0).padStart(4)} MB, warm count of ${result.tokens} tokens: ${ms(result.warmMs)}`;
  } catch (error) {
    return `${label}: could not measure (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

/** Prints the assemble section of `npm run bench`. */
export async function runBench(): Promise<void> {
  const started = performance.now();
  const machine = (): string =>
    `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (other processes share them)`;
  console.log(`assemble: cost against stored content, and the messages layer against peers; ${machine()}`);
  console.log('\nTokenizers (o200k_base, fresh process each):');
  console.log(
    measureTokenizer(
      'gpt-tokenizer',
      `const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');`,
      'countTokens(value)',
    ),
  );
  console.log(
    measureTokenizer(
      'js-tiktoken',
      `const { Tiktoken } = await import('js-tiktoken/lite'); const { default: ranks } = await import('js-tiktoken/ranks/o200k_base'); const encoder = new Tiktoken(ranks);`,
      'encoder.encode(value).length',
    ),
  );

  // One loaded tokenizer for everything below: the first call measures counting, not loading.
  const tokenizer = createTiktokenTokenizer('o200k_base');
  tokenizer.count('load the encoding before any timing');
  const calls = 500;
  console.log(
    `\nScaling (budget 5,000; ${calls} calls per row, each with a new observation; wall p50 / p99 and CPU p50 per call):`,
  );
  const pending: PendingTier[] = [];
  for (const tier of SCALING_TIERS) {
    const tierStarted = performance.now();
    process.stdout.write(`  measuring ${describeTier(tier)} ... `);
    pending.push(await buildTier(tier, { tokenizer, calls, interleaveAppend: true }));
    console.log(`${((performance.now() - tierStarted) / 1000).toFixed(1)} s; ${machine()}`);
  }
  process.stdout.write('  measuring the append row on every tier in turn ... ');
  const appendStarted = performance.now();
  const results = await measureAppendInterleaved(pending, calls);
  console.log(`${((performance.now() - appendStarted) / 1000).toFixed(1)} s; ${machine()}`);
  for (const line of formatScalingTable(results)) console.log(line);
  console.log(
    'Growth: between the first and last tier (100x the content), from CPU p50 (wall time moves with the load): flat <= 1.5x, log <= 3x, linear ~ n^1; then the factor of each 10x step.',
  );
  console.log(
    `Append row: the window budget (${WINDOW_BUDGET} tokens) is below what 20 events take, so every tier shows the same number of window lines (a larger budget shows fewer lines at 20 events than at 200, and the 20-event append then costs less for a reason that is not the store size); its calls run in 10 rounds over the three tiers in turn, so each tier sees the same load and heap; "work" counts, per call, the window lines shown, the lines looked up in the token-count cache and the texts counted afresh.`,
  );
  console.log('\nGoals (issue 14), judged on wall time at the stated tier:');
  for (const goal of scalingGoals(results)) {
    const verdict = goal.met === undefined ? 'not measured' : goal.met ? 'met' : 'NOT met';
    console.log(`  [${verdict}] ${goal.goal}: ${goal.measured}`);
  }

  console.log(
    '\nPeers: the same agent history trimmed to the same budget on every call (each call adds one step):',
  );
  const peers = await measurePeers({ tokenizer });
  console.log(
    `History: ${peers.steps} steps, ${peers.historyMessages} messages, ${peers.historyTokens.toLocaleString('en-US')} tokens; budget ${peers.budget}; ${peers.strata.calls} calls each; exact recount with o200k_base and OpenAI chat framing.`,
  );
  const rows = [peers.strata, ...peers.peers];
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    const ratio = row === peers.strata ? '1x' : `${(row.wall.p50 / peers.strata.wall.p50).toFixed(0)}x`;
    const cpuRatio = row === peers.strata ? '1x' : `${(row.cpu.p50 / peers.strata.cpu.p50).toFixed(0)}x`;
    const within =
      row.overBudget === 0
        ? `within budget (max ${row.maxExactTokens})`
        : `OVER budget in ${row.overBudget}/${row.calls} calls (max ${row.maxExactTokens}, +${(((row.maxExactTokens - peers.budget) / peers.budget) * 100).toFixed(0)}%)`;
    console.log(
      `  ${row.name.padEnd(width)}  p50 ${ms(row.wall.p50).padStart(9)}  p99 ${ms(row.wall.p99).padStart(9)}  CPU p50 ${ms(row.cpu.p50).padStart(9)}  ratio ${ratio.padStart(5)} (CPU ${cpuRatio})  kept ${row.lastKept}  ${within}`,
    );
  }
  console.log(`(assemble bench: ${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

function describeTier(tier: ScalingTier): string {
  return `${tier.lessons} lessons, ${tier.knowledge} knowledge entries, ${tier.events} events`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runBench();
}
