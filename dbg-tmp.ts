import { createSimulator } from './packages/spire/src/engine/index.ts';
import { createHeuristicBot } from './packages/spire/src/bot/index.ts';
const bot = createHeuristicBot();
for (let game = 0; game < 60; game++) {
  const sim = createSimulator({ seed: `b${game}`, character: game % 2 ? 'SILENT' : 'IRONCLAD' });
  for (let step = 0; step < 5000 && !sim.over; step++) {
    const state = sim.view();
    const action = bot.choose(state);
    const result = sim.step(action);
    if (!result.ok) { console.log(JSON.stringify(state.reward), JSON.stringify(sim.run.reward), sim.run.potions, sim.legalActions()); process.exit(0); }
  }
}
