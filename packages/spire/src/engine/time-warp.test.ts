// StS1's Time Warp (the Time Eater) counts a card once it resolved (TimeWarpPower.onAfterUseCard): the
// 12th card's own effect, a choice included, happens first; then the Time Eater gains 2 Strength and the
// turn ends. A Double Tap copy is a card played of its own (it counts), and the early end of the turn
// empties the card queue (callEndTurnEarlySequence; sts_lightspeed's BattleContext does the same), so a
// copy still to come is not played.
import { describe, expect, it } from 'vitest';
import type { EngineAction } from './action.js';
import { applyAction, legalActions } from './run.js';
import type { MonsterState, RunState } from './run-state.js';
import { runInFight } from './test-helpers.js';

function act(run: RunState, pick: (action: EngineAction) => boolean): void {
  const action = legalActions(run).find(pick);
  if (action === undefined) throw new Error('expected the action to be legal');
  const result = applyAction(run, action);
  if (!result.ok) throw new Error(result.error.message);
}

/** The Time Eater's fight with `played` cards played this turn, a hand of Strikes and Double Tap on. */
function doubleTapFight(played: number): { run: RunState; eater: MonsterState } {
  const { run } = runInFight({
    monsters: ['TIME_EATER'],
    deck: Array.from({ length: 10 }, () => 'STRIKE_IRONCLAD'),
  });
  const [eater] = run.combat?.monsters ?? [];
  if (run.combat === null || eater === undefined) throw new Error('expected the Time Eater fight');
  run.hp = 999;
  run.maxHp = 999;
  eater.block = 0;
  eater.powers.TIME_WARP = 12 - played;
  run.combat.player.powers.DOUBLE_TAP = 1;
  return { run, eater };
}

describe("Time Warp (StS1's Time Eater)", () => {
  it('ends the turn on the 12th card once it resolved: the Double Tap copy it queued is not played', () => {
    const { run, eater } = doubleTapFight(11);
    const hp = eater.hp;
    act(run, (action) => action.action === 'play_card' && action.target_index === 0);
    expect(hp - eater.hp).toBe(6);
    expect(run.combat?.player.powers.DOUBLE_TAP).toBeUndefined();
    expect(eater.powers.STRENGTH).toBe(2);
    expect(run.combat?.turn).toBe(2);
  });

  it("counts a Double Tap copy as a card played: the 11th card's copy is the 12th and ends the turn", () => {
    const { run, eater } = doubleTapFight(10);
    const hp = eater.hp;
    act(run, (action) => action.action === 'play_card' && action.target_index === 0);
    expect(hp - eater.hp).toBe(12);
    expect(eater.powers.STRENGTH).toBe(2);
    expect(eater.powers.TIME_WARP).toBe(12);
    expect(run.combat?.turn).toBe(2);
  });

  it("ends the turn after the 12th card's choice is made, not on the next card played", () => {
    const { run } = runInFight({
      monsters: ['TIME_EATER'],
      character: 'SILENT',
      deck: Array.from({ length: 10 }, () => 'SURVIVOR'),
    });
    const combat = run.combat;
    const [eater] = combat?.monsters ?? [];
    if (combat === null || eater === undefined) throw new Error('expected the Time Eater fight');
    run.hp = 999;
    run.maxHp = 999;
    eater.powers.TIME_WARP = 1; // 11 cards played this turn
    const survivor = combat.hand.findIndex((card) => card.id === 'SURVIVOR');
    expect(survivor).toBeGreaterThanOrEqual(0);
    act(run, (action) => action.action === 'play_card' && action.card_index === survivor);
    // Survivor asks which card to discard: its effect is not over, the turn goes on until it is.
    expect(combat.selection).not.toBeNull();
    expect(combat.turn).toBe(1);
    act(run, (action) => action.action === 'select_deck_card');
    if (combat.selection !== null) act(run, (action) => action.action === 'confirm_selection');
    expect(combat.selection).toBeNull();
    expect(eater.powers.STRENGTH).toBe(2);
    expect(eater.powers.TIME_WARP).toBe(12);
    // The turn ended with the choice: the Time Eater acted and the next turn began.
    expect(combat.turn).toBe(2);
    expect(eater.history.length).toBe(1);
  });
});
