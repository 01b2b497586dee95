import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameAction } from '../api/game-action.js';
import { SpireError } from '../api/game-error.js';
import { actionKey } from './action.js';
import { legalActions } from './run.js';
import type { RunState } from './run-state.js';
import { createSimulator, type Simulator } from './simulator.js';

/** Plays a run with choices drawn from a list of numbers (cycled), returning the simulator. */
function playRandom(
  seed: string,
  character: 'IRONCLAD' | 'SILENT',
  choices: readonly number[],
  maxSteps: number,
  check?: (run: RunState) => void,
): Simulator {
  const simulator = createSimulator({ ruleset: 'sts1', seed, character });
  for (let step = 0; step < maxSteps && !simulator.over; step++) {
    const legal = simulator.legalActions();
    expect(legal.length).toBeGreaterThan(0);
    const choice = choices.length === 0 ? step : (choices[step % choices.length] ?? 0) + step;
    const action = legal[choice % legal.length] as GameAction;
    const result = simulator.step(action);
    expect(result.ok).toBe(true);
    check?.(simulator.run);
  }
  return simulator;
}

function checkInvariants(run: RunState): void {
  expect(run.hp).toBeGreaterThanOrEqual(0);
  expect(run.hp).toBeLessThanOrEqual(run.maxHp);
  expect(run.gold).toBeGreaterThanOrEqual(0);
  const combat = run.combat;
  if (combat !== null && run.screen === 'COMBAT') {
    expect(combat.player.energy).toBeGreaterThanOrEqual(0);
    expect(combat.hand.length).toBeLessThanOrEqual(10);
    const seen = new Map<number, number>();
    for (const pile of [
      combat.hand,
      combat.drawPile,
      combat.discardPile,
      combat.exhaustPile,
      combat.removedCards,
    ]) {
      for (const card of pile) seen.set(card.uid, (seen.get(card.uid) ?? 0) + 1);
    }
    for (const count of seen.values()) expect(count).toBe(1);
    for (const card of run.deck) expect(seen.get(card.uid)).toBe(1);
    for (const monster of combat.monsters) {
      expect(monster.hp).toBeGreaterThanOrEqual(0);
      expect(monster.hp).toBeLessThanOrEqual(monster.maxHp);
    }
  }
}

describe('simulator', () => {
  it('replays a seed and its action list to byte-identical states', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(50), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        (seed, choices, silent) => {
          const character = silent ? 'SILENT' : 'IRONCLAD';
          const first = playRandom(seed, character, choices, 150);
          const replay = createSimulator({ ruleset: 'sts1', seed, character });
          const firstStates: string[] = [];
          const again = createSimulator({ ruleset: 'sts1', seed, character });
          for (const action of first.history) {
            expect(replay.step(action).ok).toBe(true);
            expect(again.step(action).ok).toBe(true);
            firstStates.push(JSON.stringify(replay.view()));
            expect(JSON.stringify(again.view())).toBe(firstStates[firstStates.length - 1]);
          }
          expect(JSON.stringify(replay.run)).toBe(JSON.stringify(first.run));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('keeps HP, energy and the card piles consistent after every action', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(100), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (seed, choices, silent) => {
          playRandom(seed, silent ? 'SILENT' : 'IRONCLAD', choices, 250, checkInvariants);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('rejects every action legalActions does not list and leaves the state unchanged', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.nat(120),
        fc.constantFrom(
          'play_card',
          'end_turn',
          'use_potion',
          'choose_map_node',
          'claim_reward',
          'choose_reward_card',
          'buy_card',
          'proceed',
          'select_deck_card',
          'choose_event_option',
          'open_chest',
          'choose_rest_option',
        ),
        fc.integer({ min: -2, max: 12 }),
        fc.integer({ min: -2, max: 6 }),
        (seed, steps, name, index, target) => {
          const simulator = playRandom(seed, 'IRONCLAD', [], steps);
          const candidate: GameAction = {
            action: name as GameAction['action'],
            option_index: index,
            card_index: index,
            target_index: target,
          };
          const legal = legalActions(simulator.run).map(actionKey);
          if (legal.includes(actionKey(candidate))) return;
          const before = JSON.stringify(simulator.run);
          const result = simulator.step(candidate);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(['invalid_action', 'invalid_target']).toContain(result.error.code);
          expect(JSON.stringify(simulator.run)).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('plays 1,000 games of random legal actions without an exception or a rejected legal action', () => {
    // Plain checks instead of expect() per step: a thousand games would otherwise be dominated by it.
    const problems: string[] = [];
    let finished = 0;
    for (let game = 0; game < 1_000; game++) {
      const simulator = createSimulator({
        ruleset: 'sts1',
        seed: `random-${game}`,
        character: game % 2 === 0 ? 'IRONCLAD' : 'SILENT',
      });
      let choice = game * 2654435761;
      for (let step = 0; step < 400 && !simulator.over; step++) {
        const legal = simulator.legalActions();
        if (legal.length === 0) {
          problems.push(`game ${game}: no legal action on ${simulator.run.screen}`);
          break;
        }
        choice = (Math.imul(choice, 1664525) + 1013904223) >>> 0;
        const result = simulator.step(legal[choice % legal.length] as GameAction);
        if (!result.ok) problems.push(`game ${game}: legal action rejected: ${result.error.message}`);
      }
      if (simulator.over) finished++;
    }
    expect(problems).toEqual([]);
    // Random play dies early, so most games end within the step budget.
    expect(finished).toBeGreaterThan(500);
  });

  it('answers an illegal action through the Game interface with a SpireError and the mod code', async () => {
    const simulator = createSimulator({ ruleset: 'sts1', seed: 'game', character: 'SILENT' });
    const state = await simulator.state();
    expect(state.screen).toBe('MAP');
    await expect(simulator.act({ action: 'end_turn' })).rejects.toSatisfy(
      (error: unknown) =>
        SpireError.is(error, 'INVALID_ACTION') && error.toModError().code === 'invalid_action',
    );
    const next = await simulator.act({ action: 'choose_map_node', option_index: 0 });
    expect(next.screen).toBe('COMBAT');
    const hand = next.combat?.hand ?? [];
    const targeted = hand.find((card) => card.requires_target && card.playable);
    if (targeted !== undefined) {
      await expect(
        simulator.act({ action: 'play_card', card_index: targeted.index, target_index: 7 }),
      ).rejects.toSatisfy((error: unknown) => SpireError.is(error, 'INVALID_TARGET'));
    }
    expect(JSON.stringify(await simulator.state())).toBe(JSON.stringify(next));
  });

  it('rejects a malformed action with a clear message', async () => {
    const simulator = createSimulator({ ruleset: 'sts1', seed: 'bad', character: 'IRONCLAD' });
    await expect(simulator.act({ action: 'choose_map_node', option_index: 1.5 })).rejects.toThrow(
      /option_index/,
    );
    expect(() => createSimulator({ ruleset: 'sts1', seed: '', character: 'IRONCLAD' })).toThrow(/seed/);
    expect(() => createSimulator({ ruleset: 'sts1', seed: 'x', character: 'WATCHER' as 'IRONCLAD' })).toThrow(
      /IRONCLAD, SILENT/,
    );
  });

  it('refuses a step with a fractional index with the index message, changing nothing', () => {
    const simulator = createSimulator({ ruleset: 'sts1', seed: 'bad-step', character: 'IRONCLAD' });
    const before = JSON.stringify(simulator.run);
    const result = simulator.step({ action: 'choose_map_node', option_index: 0.5 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/"option_index" must be an integer/);
    expect(simulator.step(null as unknown as GameAction).ok).toBe(false);
    expect(JSON.stringify(simulator.run)).toBe(before);
    expect(simulator.history).toEqual([]);
  });

  it('lists in available_actions exactly the action names legalActions offers', () => {
    const simulator = playRandom('names', 'IRONCLAD', [3, 1, 4, 1, 5], 60);
    // Detached on purpose: callers pass `simulator.legalActions` around as a plain function.
    const { legalActions: listLegal } = simulator;
    const names = [...new Set(listLegal().map((action) => action.action))];
    expect(simulator.view().available_actions).toEqual(names);
  });
});
