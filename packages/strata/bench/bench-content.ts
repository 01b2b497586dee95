/**
 * Deterministic content and small statistics shared by the assemble benches: the same seeded
 * words, lessons, knowledge entries, events and observations on every run and every machine.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Deterministic pseudo-random numbers in [0, 1) (a linear congruential generator). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SYLLABLES = [
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

/** `size` distinct made-up words of 2-4 syllables. */
export function buildVocabulary(random: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let index = 0; index < length; index += 1)
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/**
 * A sentence of `words` random vocabulary words, ending with a period: one flat string, as text
 * parsed from JSON or a model's reply is (a concatenation would leave V8 a 32-byte rope on top).
 */
export function sentence(random: () => number, vocabulary: readonly string[], words: number): string {
  const out: string[] = [];
  for (let index = 0; index < words; index += 1)
    out.push(vocabulary[Math.floor(random() * vocabulary.length)] as string);
  out.push(`${out.pop() ?? ''}.`);
  return out.join(' ');
}

/** A game-state observation for call `call` (about 200 tokens of JSON). */
export function observation(call: number, random: () => number, vocabulary: readonly string[]): string {
  return JSON.stringify({
    floor: 7 + Math.floor(call / 50),
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
}

export interface Summary {
  p50: number;
  p99: number;
  mean: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * fraction))] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: samples.reduce((sum, value) => sum + value, 0) / Math.max(1, samples.length),
  };
}

/** Wall time and CPU time (this process, user + system) of each of many calls. */
export class CallTimer {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  async time<T>(run: () => T | Promise<T>): Promise<T> {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await run();
    this.wall.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    this.cpu.push((used.user + used.system) / 1000);
    return result;
  }

  get summary(): { wall: Summary; cpu: Summary } {
    return { wall: summarize(this.wall), cpu: summarize(this.cpu) };
  }
}

let collect: (() => void) | undefined;

/**
 * Bytes of live heap after a full collection. The bench is started without --expose-gc, so the
 * flag is set at run time and `gc` taken from a fresh context (a documented V8 idiom).
 */
export function liveHeapBytes(): number {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

export const ms = (value: number): string =>
  value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(3)} ms`;
