import { createSimulator } from './packages/spire/src/engine/index.ts';
import { createHeuristicBot } from './packages/spire/src/bot/index.ts';
const bot = createHeuristicBot();
const t0 = Date.now(); const floors: number[] = []; let rejects = 0; let steps = 0; const causes = new Map<string, number>();
const N = 60;
for (let game = 0; game < N; game++) {
  const sim = createSimulator({ seed: `b${game}`, character: game % 2 ? 'SILENT' : 'IRONCLAD' });
  for (let step = 0; step < 5000 && !sim.over; step++) {
    const state = sim.view();
    const action = bot.choose(state);
    const result = sim.step(action);
    steps++;
    if (!result.ok) { rejects++; if (rejects < 5) console.log('reject', state.screen, JSON.stringify(action), result.error.message); const legal = sim.legalActions(); sim.step(legal[legal.length-1]!); }
  }
  floors.push(sim.run.floor);
  const c = sim.run.result?.cause ?? 'unfinished:' + sim.run.screen; causes.set(c, (causes.get(c) ?? 0) + 1);
}
const ms = Date.now() - t0;
floors.sort((a, b) => a - b);
console.log('runs/s', (N / ms * 1000).toFixed(1), 'steps', steps, 'rejects', rejects, 'median floor', floors[N >> 1], 'max', floors[N - 1], 'act1 clear', floors.filter(f => f >= 17).length / N);
console.log([...causes].sort((a,b)=>b[1]-a[1]).slice(0,12));
