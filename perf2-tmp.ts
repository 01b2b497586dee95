import { createSimulator, toGameState } from './packages/spire/src/engine/index.ts';
import { performance } from 'node:perf_hooks';
const sim = createSimulator({ seed: 'x', character: 'IRONCLAD' });
sim.step({ action: 'choose_map_node', option_index: 0 });
console.log(sim.run.screen);
for (const label of ['warm', 'measure']) {
  let t = performance.now();
  for (let i = 0; i < 20000; i++) toGameState(sim.run);
  console.log(label, 'view µs', ((performance.now() - t) / 20000 * 1000).toFixed(1));
}
const run = sim.run;
import { legalActions } from './packages/spire/src/engine/run.ts';
let t = performance.now();
for (let i = 0; i < 20000; i++) { run.counters.steps++; legalActions(run); }
console.log('legal µs', ((performance.now() - t) / 20000 * 1000).toFixed(1));
