import { generateMap, createRandomState, createRun } from './packages/spire/src/engine/index.ts';
import { performance } from 'node:perf_hooks';
const r = createRandomState('a');
for (const label of ['warm', 'measure']) {
  let t = performance.now();
  for (let i = 0; i < 2000; i++) generateMap(r, 'X');
  console.log(label, 'map µs', ((performance.now() - t) / 2000 * 1000).toFixed(1));
}
let t = performance.now();
for (let i = 0; i < 500; i++) createRun({ seed: 's' + i, character: 'IRONCLAD' });
console.log('createRun µs', ((performance.now() - t) / 500 * 1000).toFixed(1));
