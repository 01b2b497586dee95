/**
 * Bench: `memory.assemble` latency at a 5,000-token budget with 10,000 lessons, 2,000 knowledge
 * entries and a 200-event window, over 1,000 consecutive calls where only the observation changes;
 * against LangChain.js `trimMessages` on the same content flattened into one message history, with
 * the same tokenizer as its token counter. Also: tokenizer load time and warm count latency,
 * gpt-tokenizer against js-tiktoken, each measured in a fresh process.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BaseMessage, HumanMessage, SystemMessage, trimMessages } from '@langchain/core/messages';
import { z } from 'zod';
import {
  createMemory,
  createTiktokenTokenizer,
  type KnowledgeEntry,
  type LessonsLayer,
  type ObservationLayer,
  type StateLayer,
  type SummaryLayer,
  type WindowLayer,
} from '../src/index.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = 5000;
const CALLS = 1000;

/** Deterministic pseudo-random numbers (the same content every run). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const syllables = [
  'ka',
  'ro',
  'mi',
  'te',
  'su',
  'la',
  'von',
  'dre',
  'fi',
  'gor',
  'ash',
  'el',
  'tor',
  'quin',
  'bel',
  'um',
];
function buildVocabulary(random: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let index = 0; index < length; index += 1)
      word += syllables[Math.floor(random() * syllables.length)];
    words.add(word);
  }
  return [...words];
}

function sentence(random: () => number, vocabulary: readonly string[], words: number): string {
  const out: string[] = [];
  for (let index = 0; index < words; index += 1)
    out.push(vocabulary[Math.floor(random() * vocabulary.length)] as string);
  return `${out.join(' ')}.`;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
}

function summarize(samples: number[]): { p50: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
  };
}

const ms = (value: number): string => `${value.toFixed(3)} ms`;

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
  console.log('assemble: bounded layered memory vs LangChain trimMessages (same content, same tokenizer)');
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

  const random = createRandom(20261129);
  const vocabulary = buildVocabulary(random, 3000);
  const entries: KnowledgeEntry[] = [];
  for (let index = 0; index < 2000; index += 1) {
    entries.push({ key: `card-${index}`, title: `Card ${index}`, text: sentence(random, vocabulary, 25) });
  }
  const lessonTexts: string[] = [];
  for (let index = 0; index < 10_000; index += 1) lessonTexts.push(sentence(random, vocabulary, 14));
  const events: string[] = [];
  for (let index = 0; index < 200; index += 1)
    events.push(`Turn ${index}: ${sentence(random, vocabulary, 9)}`);
  const system =
    'You are an agent playing a deck-building card game. Read the context, then answer with exactly one action as JSON.';
  const summaryText = sentence(random, vocabulary, 60);
  const observation = (call: number): string =>
    JSON.stringify({
      floor: 7,
      turn: call,
      hp: 80 - (call % 50),
      energy: 3,
      block: call % 7,
      hand: ['Strike', 'Defend', 'Bash', 'Strike', 'Defend'].map(
        (card, index) => `${card}+${(call + index) % 3}`,
      ),
      enemies: [
        { name: 'Jaw Worm', hp: 40 - (call % 40), intent: `attack ${call % 12}` },
        { name: 'Cultist', hp: 48 - (call % 30), intent: 'ritual' },
      ],
      note: sentence(random, vocabulary, 40),
    });

  const memory = createMemory({
    budget: BUDGET,
    system,
    layers: [
      { kind: 'knowledge', entries, budget: 1200, maxResults: 20 },
      { kind: 'summary', budget: 300 },
      { kind: 'lessons', budget: 600, capacity: 10_000 },
      {
        kind: 'state',
        budget: 300,
        schema: z.object({ act: z.number(), goal: z.string() }),
        initial: { act: 1, goal: 'reach the boss' },
      },
      { kind: 'window', budget: 900, maxEvents: 200 },
      { kind: 'observation', budget: 600 },
    ],
  });
  memory.layer<SummaryLayer>('summary').set(summaryText);
  memory.layer<StateLayer>('state').patch({ act: 2 });
  const lessons = memory.layer<LessonsLayer>('lessons');
  const loadStarted = performance.now();
  for (const text of lessonTexts) await lessons.addLesson({ text, importance: random() });
  const lessonLoadMs = performance.now() - loadStarted;
  const window = memory.layer<WindowLayer>('window');
  for (const event of events) window.append(event);
  const observationLayer = memory.layer<ObservationLayer<string>>('observation');
  const query = `${vocabulary[1]} ${vocabulary[2]} ${vocabulary[3]} block strike`;
  const keys = ['card-12', 'card-57', 'card-300'];

  observationLayer.set(observation(-1));
  let started = performance.now();
  const first = await memory.assemble({ query, keys });
  const firstMs = performance.now() - started;
  const strataSamples: number[] = [];
  const strataCpu: number[] = [];
  let last = first;
  for (let call = 0; call < CALLS; call += 1) {
    observationLayer.set(observation(call));
    const cpu = process.cpuUsage();
    started = performance.now();
    last = await memory.assemble({ query, keys });
    strataSamples.push(performance.now() - started);
    strataCpu.push(process.cpuUsage(cpu).user / 1000);
    if (last.tokens > BUDGET) throw new Error(`budget broken: ${last.tokens}`);
  }
  const strata = summarize(strataSamples);
  const strataCpuTime = summarize(strataCpu);

  // The same, with a query that changes every call (retrieval and lesson ranking redone each time).
  const changingSamples: number[] = [];
  const changingCpu: number[] = [];
  for (let call = 0; call < 200; call += 1) {
    observationLayer.set(observation(CALLS + call));
    const cpu = process.cpuUsage();
    started = performance.now();
    await memory.assemble({
      query: `${vocabulary[call % vocabulary.length]} ${vocabulary[(call * 7) % vocabulary.length]} strike`,
      keys,
    });
    changingSamples.push(performance.now() - started);
    changingCpu.push(process.cpuUsage(cpu).user / 1000);
  }
  const changing = summarize(changingSamples);
  const changingCpuTime = summarize(changingCpu);

  console.log(
    `\nContent: ${lessons.lessons.length} lessons (added in ${lessonLoadMs.toFixed(0)} ms), ${entries.length} knowledge entries, ${window.events.length} window events; budget ${BUDGET}.`,
  );
  console.log(
    `Last request: ${last.tokens} tokens (${last.layers.map((layer) => `${layer.name} ${layer.tokens}`).join(', ')}), stable prefix ${last.stablePrefixTokens} tokens.`,
  );
  console.log(`Strata assemble, first (cold) call: ${ms(firstMs)}`);
  console.log(
    `Strata assemble, ${CALLS} calls, only the observation changes: p50 ${ms(strata.p50)}, p99 ${ms(strata.p99)}, mean ${ms(strata.mean)}  (goal p50 <= 1 ms, p99 <= 5 ms)`,
  );
  console.log(
    `Strata assemble, 200 calls, query changes too:              p50 ${ms(changing.p50)}, p99 ${ms(changing.p99)}, mean ${ms(changing.mean)}`,
  );
  // CPU time of this process per call: what the code costs when other processes compete for the cores.
  console.log(
    `  CPU time per call (process.cpuUsage): observation-only p50 ${ms(strataCpuTime.p50)}, p99 ${ms(strataCpuTime.p99)}; query-changing p50 ${ms(changingCpuTime.p50)}, p99 ${ms(changingCpuTime.p99)}; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );

  // LangChain: the same content as one history, trimmed to the same budget with the same tokenizer.
  // trimMessages calls the counter once per message it drops, each time over the whole remaining
  // list (quadratic); counts are memoized per message so that the run ends in seconds, not hours.
  const tokenizer = createTiktokenTokenizer('o200k_base');
  const perMessage = new WeakMap<BaseMessage, number>();
  const tokenCounter = (messages: BaseMessage[]): number => {
    let tokens = 3;
    for (const message of messages) {
      let count = perMessage.get(message);
      if (count === undefined) {
        count =
          4 +
          tokenizer.count(
            typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
          );
        perMessage.set(message, count);
      }
      tokens += count;
    }
    return tokens;
  };
  const history: BaseMessage[] = [
    new SystemMessage(`${system}\n\n${summaryText}\n\n${JSON.stringify({ act: 2, goal: 'reach the boss' })}`),
    ...entries.map((entry) => new HumanMessage(`${entry.title}: ${entry.text}`)),
    ...lessonTexts.map((text) => new HumanMessage(text)),
    ...events.map((event) => new HumanMessage(event)),
  ];
  const langchainSamples: number[] = [];
  const deadline = performance.now() + 40_000;
  let trimmedTokens = 0;
  for (let call = 0; call < CALLS && performance.now() < deadline; call += 1) {
    const messages = [...history, new HumanMessage(observation(call))];
    started = performance.now();
    const trimmed = await trimMessages(messages, {
      maxTokens: BUDGET,
      strategy: 'last',
      includeSystem: true,
      tokenCounter,
    });
    langchainSamples.push(performance.now() - started);
    if (call === 0) trimmedTokens = tokenCounter(trimmed);
  }
  const langchain = summarize(langchainSamples);
  console.log(
    `LangChain trimMessages, ${langchainSamples.length} calls${langchainSamples.length < CALLS ? ' (stopped after 40 s)' : ''} over ${history.length + 1} messages: p50 ${ms(langchain.p50)}, p99 ${ms(langchain.p99)}, mean ${ms(langchain.mean)}; result ${trimmedTokens} tokens`,
  );
  console.log(
    `Ratio (trimMessages / Strata, observation-only calls): p50 ${(langchain.p50 / strata.p50).toFixed(0)}x, p99 ${(langchain.p99 / strata.p99).toFixed(0)}x; against query-changing calls: p50 ${(langchain.p50 / changing.p50).toFixed(0)}x`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runBench();
}
