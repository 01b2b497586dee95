/**
 * `npm run bench`: every benchmark section, measured in one run on this machine.
 * Usage: npm run bench [-- section ...]   sections: assemble messages stores engine agents recall queue gateway
 * Each section prints its numbers next to a baseline measured in the same run.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const sections: Record<string, string> = {
  assemble: 'packages/strata/bench/assemble.bench.ts',
  messages: 'packages/strata/bench/messages.bench.ts',
  stores: 'packages/strata/bench/stores.bench.ts',
  engine: 'packages/spire/bench/engine.bench.ts',
  agents: 'packages/agent/bench/agents.bench.ts',
  recall: 'packages/recall/bench/recall.bench.ts',
  queue: 'packages/agent/bench/queue.bench.ts',
  gateway: 'packages/gateway/bench/gateway.bench.ts',
};

const wanted = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    `npm run bench [-- <section> ...]\nsections: ${Object.keys(sections).join(', ')} (default: all)`,
  );
  process.exit(0);
}
const unknown = wanted.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(
    `Unknown bench section(s): ${unknown.join(', ')}. Choose from: ${Object.keys(sections).join(', ')}.`,
  );
  process.exit(2);
}

let failed = 0;
for (const [name, file] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const path = join(root, file);
  if (!existsSync(path)) {
    console.error(`\n== ${name}: ${file} is missing; section not run`);
    failed += 1;
    continue;
  }
  console.log(`\n==================== bench: ${name} ====================`);
  const started = performance.now();
  try {
    const module = (await import(path)) as { runBench?: () => Promise<void> };
    if (typeof module.runBench !== 'function') throw new Error(`${file} does not export runBench()`);
    await module.runBench();
  } catch (error) {
    failed += 1;
    console.error(`bench ${name} failed:`, error);
  }
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failed > 0 ? 1 : 0);
