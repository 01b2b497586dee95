// StS1's half-dead monsters (decompiled AwakenedOne/Darkling `halfDead`; sts_lightspeed's Monster::die):
// down but not gone, they cannot be targeted or hit, take their turn to rise, and the view shows what
// they will do.
import { describe, expect, it } from 'vitest';
import type { Combat } from './combat.js';
import { toGameState } from './game-state-projection.js';
import { legalActions } from './run.js';
import type { MonsterState, RunState } from './run-state.js';
import { monstersOf, playAt, runInFight } from './test-helpers.js';

/** Plays `cardId` at `target`; the state changed outside `applyAction`, so the legal actions are computed again. */
function play(run: RunState, cardId: string, target: number): void {
  playAt(run, cardId, target);
  run.counters.steps++;
}

/** The Awakened One's fight (2 Cultists first), the player too tough to die in it. */
function awakenedFight(): {
  run: RunState;
  combat: Combat;
  awakened: MonsterState;
  cultists: MonsterState[];
} {
  const { run, combat } = runInFight({
    monsters: ['CULTIST', 'CULTIST', 'AWAKENED_ONE'],
    deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
  });
  run.hp = 999;
  run.maxHp = 999;
  const [first, second, awakened] = monstersOf(run);
  if (first === undefined || second === undefined || awakened === undefined) throw new Error('3 monsters');
  for (const monster of monstersOf(run)) monster.block = 0;
  return { run, combat, awakened, cultists: [first, second] };
}

describe("the Awakened One's first death (StS1)", () => {
  it('leaves it half-dead: not targetable, not hit by all-enemy attacks, its buffs kept and debuffs gone, Rebirth shown', () => {
    const { run, awakened } = awakenedFight();
    awakened.powers.STRENGTH = 3;
    awakened.powers.WEAK = 2;
    awakened.powers.POISON = 4;
    awakened.hp = 3;
    play(run, 'STRIKE_IRONCLAD', 2);
    expect(awakened.alive).toBe(false);
    expect(awakened.memory.down).toBe(1);
    expect(awakened.hp).toBe(0);
    expect(awakened.powers).toEqual({ STRENGTH: 3, REGENERATE: 10 });
    expect(awakened.move.id).toBe('REBIRTH');
    // Whirlwind-like attacks pass it by; no card can be aimed at it.
    play(run, 'CLEAVE', -1);
    expect(awakened.hp).toBe(0);
    const targets = legalActions(run)
      .filter((action) => action.action === 'play_card')
      .map((action) => action.target_index);
    expect(targets).not.toContain(2);
    const shown = toGameState(run).combat?.enemies[2];
    expect(shown).toMatchObject({
      is_alive: false,
      is_hittable: false,
      is_half_dead: true,
      move_id: 'REBIRTH',
      intents: [{ intent_type: 'Unknown', damage: null }],
    });
  });

  it('does not end the fight, even when the Cultists fall; it rises with 300 HP on its next turn, then Dark Echo', () => {
    const { run, combat, awakened, cultists } = awakenedFight();
    awakened.powers.STRENGTH = 3;
    combat.reduceMonsterHp(awakened, 999, true);
    for (const cultist of cultists) combat.reduceMonsterHp(cultist, 999, true);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    expect(state.over).toBe(false);
    const hp = run.hp;
    combat.endTurn();
    // Rebirth is its whole turn: no attack.
    expect(run.hp).toBe(hp);
    expect(awakened.alive).toBe(true);
    expect(awakened.memory.phase).toBe(2);
    expect(awakened.hp).toBe(300);
    expect(awakened.maxHp).toBe(300);
    expect(awakened.move.id).toBe('DARK_ECHO');
    combat.endTurn();
    // Dark Echo (40) with the Strength it kept.
    expect(hp - run.hp).toBe(43);
  });

  it('rises in the same turn when its Poison leaves it half-dead at the start of its turn', () => {
    const { combat, awakened, cultists } = awakenedFight();
    for (const cultist of cultists) cultist.hp = 999;
    awakened.hp = 2;
    awakened.powers.POISON = 5;
    combat.endTurn();
    expect(awakened.alive).toBe(true);
    expect(awakened.hp).toBe(300);
    expect(awakened.powers.POISON).toBeUndefined();
    expect(awakened.move.id).toBe('DARK_ECHO');
  });

  it('clears the card queue (ClearCardQueueAction): the Double Tap copy of the Strike that felled it is not played', () => {
    const { run, awakened, cultists } = awakenedFight();
    const hp = cultists.map((cultist) => cultist.hp);
    awakened.hp = 3;
    const combat = run.combat;
    if (combat === null) throw new Error('no combat');
    combat.player.powers.DOUBLE_TAP = 1;
    play(run, 'STRIKE_IRONCLAD', 2);
    expect(awakened.memory.down).toBe(1);
    // The charge went with the copy it queued.
    expect(combat.player.powers.DOUBLE_TAP).toBeUndefined();
    expect(cultists.map((cultist) => cultist.hp)).toEqual(hp);
  });

  it("sets off Corpse Explosion: its powers' onDeath runs before it drops its debuffs, so the Cultists take its 300 Max HP", () => {
    const { run, awakened, cultists } = awakenedFight();
    for (const cultist of cultists) cultist.hp = 400;
    awakened.powers.CORPSE_EXPLOSION = 1;
    awakened.hp = 3;
    play(run, 'STRIKE_IRONCLAD', 2);
    expect(awakened.memory.down).toBe(1);
    expect(awakened.powers.CORPSE_EXPLOSION).toBeUndefined();
    expect(cultists.map((cultist) => cultist.hp)).toEqual([100, 100]);
    // Half-dead, it is not hit by its own explosion.
    expect(awakened.hp).toBe(0);
  });

  it('ends the fight when it dies the second time: the Cultists left flee', () => {
    const { run, combat, awakened, cultists } = awakenedFight();
    awakened.memory.phase = 2;
    combat.reduceMonsterHp(awakened, 999, true);
    expect(cultists.every((cultist) => cultist.escaped === true)).toBe(true);
    expect(run.combat?.over).toBe(true);
    expect(run.combat?.victory).toBe(true);
  });
});

describe('a half-dead Darkling in the view (StS1)', () => {
  it('shows Regrow, then Reincarnate, as its intent', () => {
    const { run, combat } = runInFight({
      monsters: ['DARKLING', 'DARKLING', 'DARKLING'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    run.hp = 999;
    run.maxHp = 999;
    const [first] = monstersOf(run);
    if (first === undefined) throw new Error('3 Darklings');
    combat.reduceMonsterHp(first, 999, true);
    expect(toGameState(run).combat?.enemies[0]).toMatchObject({
      is_half_dead: true,
      move_id: 'REGROW',
      intents: [{ intent_type: 'Unknown' }],
    });
    combat.endTurn();
    expect(toGameState(run).combat?.enemies[0]).toMatchObject({
      move_id: 'REINCARNATE',
      intents: [{ intent_type: 'Buff' }],
    });
  });

  it('sets off Corpse Explosion when it goes half-dead (decompiled Darkling.damage runs onDeath before clearing its powers)', () => {
    const { run, combat } = runInFight({
      monsters: ['DARKLING', 'DARKLING', 'DARKLING'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const [first, second, third] = monstersOf(run);
    if (first === undefined || second === undefined || third === undefined) throw new Error('3 Darklings');
    second.hp = 200;
    third.hp = 200;
    first.maxHp = 50;
    first.powers.CORPSE_EXPLOSION = 1;
    combat.reduceMonsterHp(first, 999, true);
    expect(first.memory.down).toBe(1);
    expect([second.hp, third.hp]).toEqual([150, 150]);
  });
});
