/**
 * Measures the two pure-JS tokenizers for o200k_base on this machine: load time and memory of a
 * fresh process, and the warm count of a ~5,000-token prompt; checks they give the same token ids.
 * Run: node --import tsx examples/tokenizer-choice/measure-tokenizers.ts
 */
import { execFileSync } from 'node:child_process';
import { countTokens as gptCount, encode as gptEncode } from 'gpt-tokenizer/encoding/o200k_base';
import { getEncoding } from 'js-tiktoken';

const LOADERS: Record<string, string> = {
  'gpt-tokenizer 4': `const t0 = performance.now(); const m = await import('gpt-tokenizer/encoding/o200k_base'); m.countTokens('warm up'); console.log(JSON.stringify({ ms: performance.now() - t0, rss: process.memoryUsage().rss }));`,
  'js-tiktoken 1': `const t0 = performance.now(); const m = await import('js-tiktoken'); const e = m.getEncoding('o200k_base'); e.encode('warm up'); console.log(JSON.stringify({ ms: performance.now() - t0, rss: process.memoryUsage().rss }));`,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** A prompt mixing prose, JSON and code, like an agent's request. */
function prompt(): string {
  const parts: string[] = [];
  for (let index = 0; parts.join('\n').length < 16_700; index += 1) {
    parts.push(
      `Step ${index}: the checkout-api p99 latency is ${200 + index} ms; the agent checked the dashboard and the runbook.`,
      JSON.stringify({
        step: index,
        hp: 80 - (index % 7),
        hand: ['Strike', 'Defend', 'Bash'],
        energy: index % 4,
      }),
      `function retry${index}(attempt: number): number { return Math.min(10_000, 200 * 2 ** attempt); }`,
    );
  }
  return parts.join('\n');
}

const runs = 5;
const text = prompt();
const tiktoken = getEncoding('o200k_base');
const same = JSON.stringify(gptEncode(text)) === JSON.stringify(tiktoken.encode(text));
console.log(
  `prompt: ${gptCount(text)} tokens (o200k_base); same token ids from both libraries: ${same ? 'yes' : 'NO'}\n`,
);

for (const [name, code] of Object.entries(LOADERS)) {
  const loads = Array.from(
    { length: runs },
    () =>
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }),
      ) as {
        ms: number;
        rss: number;
      },
  );
  const count = name.startsWith('gpt') ? () => gptCount(text) : () => tiktoken.encode(text).length;
  for (let warm = 0; warm < 20; warm += 1) count();
  const times: number[] = [];
  for (let repeat = 0; repeat < 200; repeat += 1) {
    const started = performance.now();
    count();
    times.push(performance.now() - started);
  }
  console.log(
    `${name.padEnd(16)} load (fresh process, median of ${runs}): ${median(loads.map((load) => load.ms)).toFixed(0)} ms, ` +
      `RSS ${(median(loads.map((load) => load.rss)) / 2 ** 20).toFixed(0)} MB; warm count: median ${median(times).toFixed(2)} ms`,
  );
}
