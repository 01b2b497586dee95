import { describe, expect, it } from 'vitest';
import { createHeuristicBot } from '../bot/index.js';
import { Simulator } from '../engine/simulator.js';
import { formatGameAction } from './game-action.js';
import { gameStateSchema } from './game-state-schema.js';
import { legalActionsFromState } from './legal-actions-from-state.js';
import { formatIssuePath } from './state-malformed-error.js';

// The contract between the engine and every agent: what the simulator emits is what the real mod's
// schema accepts, on every screen a run visits.
describe('simulator states against the wire schema', () => {
  it('validates every state of a bot-played run, and the wire-level legal actions equal the engine ones', () => {
    const screens = new Set<string>();
    for (const character of ['IRONCLAD', 'SILENT'] as const) {
      const simulator = new Simulator({ seed: `contract-${character}`, character });
      const bot = createHeuristicBot();
      for (let step = 0; step < 200 && !simulator.over; step += 1) {
        const view = simulator.view();
        const result = gameStateSchema.safeParse(JSON.parse(JSON.stringify(view)));
        const issues = result.success
          ? []
          : result.error.issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`);
        expect(issues, `step ${step} of ${character}`).toEqual([]);
        screens.add(view.screen);
        const fromWire = legalActionsFromState(view).map(formatGameAction).sort();
        const fromEngine = simulator.legalActions().map(formatGameAction).sort();
        expect(fromWire, `legal actions at step ${step} of ${character} (${view.screen})`).toEqual(
          fromEngine,
        );
        const outcome = simulator.step(bot.choose(view));
        if (!outcome.ok) {
          const legal = simulator.legalActions()[0];
          if (legal === undefined) break;
          simulator.step(legal);
        }
      }
    }
    expect([...screens]).toEqual(expect.arrayContaining(['MAP', 'COMBAT', 'REWARD']));
  });
});
