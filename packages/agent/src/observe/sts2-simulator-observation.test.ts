import { readFileSync } from 'node:fs';
import {
  createHeuristicBot,
  createSimulator,
  fromSts2State,
  parseGameState,
  toGameState,
} from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import { sts2SnapshotsFixture as fixture } from '../test-support/spawn-strata.js';
import { observeState } from './render-observation.js';

// The four real StS2 states kept in spire (CC BY 4.0): `fixture`.
const real = readFileSync(fixture, 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => (JSON.parse(line) as { raw_state: unknown }).raw_state);

function line(text: string, prefix: string): string {
  return text.split('\n').find((each) => each.startsWith(prefix)) ?? '';
}

/** A hand line's `, deals 9x2` and `, blocks 6`. */
function shownNumbers(text: string): string {
  return (text.match(/, (deals \d+(x\d+)?|blocks \d+)/g) ?? []).join('');
}

/** Each real state beside the same combat loaded into the simulator, both observed. */
function* observedPairs() {
  for (const state of real) {
    const run = fromSts2State(state).run;
    if (run === null) continue;
    const simulated = parseGameState(toGameState(run));
    yield {
      state,
      simulated,
      fromGame: observeState(state).text,
      fromSimulator: observeState(simulated).text,
    };
  }
}

describe('the simulator StS2 ruleset through the observer', () => {
  it('renders a real state and the same combat loaded into the simulator with the same facts', () => {
    for (const { simulated, fromGame, fromSimulator } of observedPairs()) {
      // The player's line: HP, block, energy (and stars when the game shows them).
      expect(line(fromSimulator, 'You ')).toBe(line(fromGame, 'You '));
      for (const card of simulated.combat?.hand ?? []) expect(fromSimulator).toContain(card.name);
      for (const enemy of simulated.combat?.enemies ?? []) {
        expect(fromSimulator).toContain(`${enemy.name}:`);
        expect(fromSimulator).toContain(`HP ${enemy.current_hp}/${enemy.max_hp}`);
      }
    }
  });

  it("shows a hand card's damage and Block after the player's modifiers, the same from the game and the simulator", () => {
    let compared = 0;
    for (const { state, fromGame, fromSimulator } of observedPairs()) {
      const hand = parseGameState(state).combat?.hand ?? [];
      for (const card of hand) {
        // The game's number after Strength, Weak, Dexterity... (`damage` is the card's own).
        const damage = card.dynamic_values?.find((value) => value.name === 'Damage')?.current_value;
        const block = card.dynamic_values?.find((value) => value.name === 'Block')?.current_value;
        if (damage === undefined && block === undefined) continue;
        const shown = line(fromGame, `h${card.index} `);
        if (damage !== undefined) expect(shown).toContain(`, deals ${damage}`);
        if (block !== undefined) expect(shown).toContain(`, blocks ${block}`);
        expect(shownNumbers(line(fromSimulator, `h${card.index} `))).toBe(shownNumbers(shown));
        compared++;
      }
    }
    // Whirlwind+ at 10 with Strength 2 (damage 8), Fight Me!, Seeker Strike, Unrelenting, Defends...
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it('renders every state of a Regent and a Necrobinder run of the simulator within the observation cap', () => {
    for (const character of ['REGENT', 'NECROBINDER'] as const) {
      const game = createSimulator({ seed: 'observe', character, ruleset: 'sts2' });
      const bot = createHeuristicBot();
      for (let step = 0; step < 300 && !game.over; step++) {
        const state = game.view();
        const observation = observeState(state);
        expect(observation.text.length).toBeGreaterThan(0);
        if (state.combat !== null && state.combat !== undefined) {
          expect(line(observation.text, 'You ')).toContain(`energy ${state.combat.player.energy}`);
        }
        game.step(bot.choose(state));
      }
    }
  });
});
