import { createSimulator } from './packages/spire/src/engine/index.ts';
import { createHeuristicBot } from './packages/spire/src/bot/index.ts';
import { performance } from 'node:perf_hooks';
const bot = createHeuristicBot();
const per = new Map<string, [number, number]>(); const stepPer = new Map<string, [number, number]>();
for (let game = 0; game < 30; game++) {
  const sim = createSimulator({ seed: `b${game}`, character: game % 2 ? 'SILENT' : 'IRONCLAD' });
  for (let step = 0; step < 5000 && !sim.over; step++) {
    const a = performance.now(); const state = sim.view(); const b = performance.now();
    const e = per.get(state.screen) ?? [0, 0]; e[0] += b - a; e[1]++; per.set(state.screen, e);
    const action = bot.choose(state);
    const c = performance.now(); sim.step(action); const d = performance.now();
    const k = action.action; const f = stepPer.get(k) ?? [0, 0]; f[0] += d - c; f[1]++; stepPer.set(k, f);
  }
}
for (const [k, [t, n]] of per) console.log('view', k, n, (t / n * 1000).toFixed(1), 'µs', t.toFixed(0), 'ms');
for (const [k, [t, n]] of stepPer) console.log('step', k, n, (t / n * 1000).toFixed(1), 'µs', t.toFixed(0), 'ms');
