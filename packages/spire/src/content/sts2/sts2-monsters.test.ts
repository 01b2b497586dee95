import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { RunState } from '../../engine/run-state.js';
import { sts2TestFight } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';

/** A Regent fight against `monsters` (300 HP each) with a deck of Defends, 300 HP so nobody dies. */
function fight(monsters: readonly string[]): { run: RunState; combat: Combat } {
  return sts2TestFight(
    'sts2-monsters',
    'REGENT',
    Array.from({ length: 10 }, () => 'DEFEND_REGENT'),
    (combat) => {
      combat.run.hp = 300;
      combat.run.maxHp = 300;
    },
    monsters,
  );
}

/** Ends `turns` turns without playing a card; returns each monster's move id before each turn ended. */
function endTurns(run: RunState, combat: Combat, turns: number): string[][] {
  const moves: string[][] = [];
  for (let turn = 0; turn < turns; turn++) {
    moves.push(run.combat?.monsters.map((monster) => monster.move.id) ?? []);
    withRuleset('sts2', () => combat.endTurn());
  }
  return moves;
}

describe('StS2 monster moves from the export', () => {
  it("Toadpoles: the front one opens with Spiken, the back one with Whirl; Spike Spit spends Spiken's Thorns", () => {
    const { run, combat } = fight(['TOADPOLE', 'TOADPOLE']);
    const moves = endTurns(run, combat, 7);
    expect(moves.slice(0, 4)).toEqual([
      ['SPIKEN_MOVE', 'WHIRL_MOVE'],
      ['SPIKE_SPIT_MOVE', 'SPIKEN_MOVE'],
      ['WHIRL_MOVE', 'SPIKE_SPIT_MOVE'],
      ['SPIKEN_MOVE', 'WHIRL_MOVE'],
    ]);
    // Two full cycles: Thorns never pile up past the 2 of one Spiken (they had reached 564 in a stalled run).
    const [front, back] = run.combat?.monsters ?? [];
    expect(front?.powers.THORNS ?? 0).toBeLessThanOrEqual(2);
    expect(back?.powers.THORNS ?? 0).toBeLessThanOrEqual(2);
    expect((front?.powers.THORNS ?? 0) + (back?.powers.THORNS ?? 0)).toBeGreaterThan(0);
  });

  it('Spiny Toad: Protruding Spikes gives it 5 Thorns, Spike Explosion removes them (from its export page)', () => {
    const { run, combat } = fight(['SPINY_TOAD']);
    const toad = run.combat?.monsters[0];
    expect(toad?.move.id).toBe('PROTRUDING_SPIKES_MOVE');
    endTurns(run, combat, 1);
    expect(toad?.powers.THORNS).toBe(5);
    expect(toad?.move.id).toBe('SPIKE_EXPLOSION_MOVE');
    endTurns(run, combat, 1);
    expect(toad?.powers.THORNS).toBeUndefined();
  });

  it("Chomper's Screech adds 3 Dazed (the page's count; the table gives none)", () => {
    const { run, combat } = fight(['CHOMPER']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    let dazed = 0;
    for (let turn = 0; turn < 4 && dazed === 0; turn++) {
      const screech = state.monsters[0]?.move.id === 'SCREECH_MOVE';
      withRuleset('sts2', () => combat.endTurn());
      const count = [...state.hand, ...state.drawPile, ...state.discardPile].filter(
        (card) => card.id === 'DAZED',
      ).length;
      if (screech) dazed = count;
    }
    expect(dazed).toBe(3);
  });

  it("Lagavulin Matriarch's Soul Siphon takes 2 Strength and 2 Dexterity from the player", () => {
    const { run, combat } = fight(['LAGAVULIN_MATRIARCH']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const matriarch = state.monsters[0];
    if (matriarch === undefined) throw new Error('no monster');
    withRuleset('sts2', () => combat.setMove(matriarch, 'SOUL_SIPHON_MOVE'));
    withRuleset('sts2', () => combat.endTurn());
    expect(state.player.powers.STRENGTH).toBe(-2);
    expect(state.player.powers.DEXTERITY).toBe(-2);
  });
});
