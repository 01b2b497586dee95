import { actionKey, createHeuristicBot, createSimulator } from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import { listLegalActions } from './list-legal-actions.js';

describe('listLegalActions (read from the state, for games that do not list their actions)', () => {
  it('finds exactly the simulator’s legal actions on every state of whole runs', () => {
    const bot = createHeuristicBot();
    let states = 0;
    for (const [character, seed] of [
      ['IRONCLAD', '1'],
      ['SILENT', '2'],
    ] as const) {
      const simulator = createSimulator({ ruleset: 'sts1', seed, character });
      while (!simulator.over) {
        const state = simulator.view();
        const expected = simulator.legalActions().map(actionKey).sort();
        const found = listLegalActions(state)
          .map((action) => actionKey(action))
          .sort();
        expect(found, `${character} seed ${seed} step ${states} (${state.screen})`).toEqual(expected);
        states += 1;
        simulator.step(bot.choose(state));
      }
    }
    expect(states).toBeGreaterThan(200);
  });

  it('never offers save_and_quit', () => {
    const actions = listLegalActions({
      screen: 'COMBAT',
      available_actions: ['save_and_quit', 'end_turn'],
      combat: { hand: [] },
    });
    expect(actions).toEqual([{ action: 'end_turn' }]);
  });
});
