import { createSimulator } from './packages/spire/src/engine/index.ts';
import { createHeuristicBot } from './packages/spire/src/bot/index.ts';
const bot = createHeuristicBot();
const c0 = process.cpuUsage(); const t0 = Date.now(); let steps = 0; const N = 40;
for (let game = 0; game < N; game++) {
  const sim = createSimulator({ seed: `b${game}`, character: game % 2 ? 'SILENT' : 'IRONCLAD' });
  for (let step = 0; step < 5000 && !sim.over; step++) { sim.step(bot.choose(sim.view())); steps++; }
}
const cpu = process.cpuUsage(c0); const cpuMs = (cpu.user + cpu.system) / 1000;
console.log('wall ms', Date.now() - t0, 'cpu ms', cpuMs.toFixed(0), 'runs per cpu-s', (N / cpuMs * 1000).toFixed(1), 'steps', steps);
