/**
 * Bench: the messages layer's per-call cost as the history grows. For 20 / 200 / 2,000 kept turns
 * (maxTurns = the history), each call appends one turn (a tool exchange every fifth call) and
 * assembles a 5,000-token request with a 2,000-token messages budget. Appends should be flat:
 * turns are kept in a ring, rendered and counted once, and a fit walks back only over what it shows.
 */
import { cpus, loadavg } from 'node:os';
import {
  createMemory,
  createTiktokenTokenizer,
  type MessagesLayer,
  type ObservationLayer,
} from '../src/index.js';

const CALLS = 1000;
const SIZES = [20, 200, 2000];

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function sentence(index: number): string {
  return `turn ${index}: the customer asks about order ${index % 97} and the shipping window ${'again '.repeat(index % 7)}`;
}

export async function runBench(): Promise<void> {
  const tokenizer = createTiktokenTokenizer('o200k_base');
  console.log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (other work may be running)`,
  );
  console.log('kept turns | append p50 ms | append p99 ms | append+assemble p50 ms | p99 ms | tokens max');
  const rows: Array<{ size: number; p50: number }> = [];
  for (const size of SIZES) {
    const memory = createMemory({
      budget: 5000,
      tokenizer,
      system: 'You are a support agent.',
      layers: [
        { kind: 'messages', maxTurns: size, budget: 2000 },
        { kind: 'observation', budget: 200 },
      ],
    });
    const layer = memory.layer<MessagesLayer>('messages');
    const observation = memory.layer<ObservationLayer<string>>('observation');
    let next = 0;
    const addOne = (): void => {
      const index = next++;
      if (index % 5 === 4) {
        const id = `call_${index}`;
        layer.add({
          role: 'assistant',
          content: '',
          toolCalls: [
            { id, type: 'function', function: { name: 'lookup', arguments: `{"order":${index % 97}}` } },
          ],
        });
        layer.add({ role: 'tool', content: `order ${index % 97}: in transit`, toolCallId: id });
      } else layer.add({ role: index % 2 === 0 ? 'user' : 'assistant', content: sentence(index) });
    };
    for (let index = 0; index < size; index += 1) addOne();
    observation.set('ticket open');
    await memory.assemble();
    const appends: number[] = [];
    const calls: number[] = [];
    let maxTokens = 0;
    for (let call = 0; call < CALLS; call += 1) {
      const started = performance.now();
      addOne();
      const appended = performance.now();
      const context = await memory.assemble();
      const done = performance.now();
      appends.push(appended - started);
      calls.push(done - started);
      maxTokens = Math.max(maxTokens, context.tokens);
      if (context.tokens > 5000) throw new Error(`budget broken: ${context.tokens}`);
    }
    const p50 = percentile(calls, 0.5);
    rows.push({ size, p50 });
    console.log(
      `${String(size).padStart(10)} | ${percentile(appends, 0.5).toFixed(4).padStart(13)} | ${percentile(appends, 0.99).toFixed(4).padStart(13)} | ${p50.toFixed(3).padStart(22)} | ${percentile(calls, 0.99).toFixed(3).padStart(6)} | ${maxTokens}`,
    );
  }
  // From 200 kept turns on, the 2,000-token messages budget is full: the same is shown, more is stored.
  const shown = rows.find((row) => row.size === 200)?.p50 ?? 0;
  const last = rows.at(-1)?.p50 ?? 0;
  console.log(
    `append+assemble with ${SIZES.at(-1)} vs 200 kept turns (same tokens shown): ${(last / shown).toFixed(2)}x (flat = about 1x)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runBench();
