import { createSimulator } from './packages/spire/src/engine/index.ts';
import { createHeuristicBot } from './packages/spire/src/bot/index.ts';
import { performance } from 'node:perf_hooks';
const bot = createHeuristicBot();
let tv = 0, tb = 0, ts = 0, steps = 0;
const t0 = performance.now();
for (let game = 0; game < 30; game++) {
  const sim = createSimulator({ seed: `b${game}`, character: game % 2 ? 'SILENT' : 'IRONCLAD' });
  for (let step = 0; step < 5000 && !sim.over; step++) {
    let a = performance.now(); const state = sim.view(); let b = performance.now(); tv += b - a;
    const action = bot.choose(state); let c = performance.now(); tb += c - b;
    sim.step(action); ts += performance.now() - c; steps++;
  }
}
console.log('total', (performance.now() - t0).toFixed(0), 'view', tv.toFixed(0), 'bot', tb.toFixed(0), 'step', ts.toFixed(0), 'steps', steps);
