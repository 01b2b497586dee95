// A targeted attack's later hits stay on the creature it was aimed at. StS1's DamageAction cancels a hit whose
// target is dying, half-dead or gone (sts_lightspeed's AttackEnemy: `if isDeadOrEscaped() return`); a
// random-target hit (AttackDamageRandomEnemyAction) picks among the living each time.
import { describe, expect, it } from 'vitest';
import { withRuleset } from '../content/registry.js';
import { sts2MonsterFight } from '../test-support/sts2-test-fight.js';
import type { RunState } from './run-state.js';
import { monstersOf, playAt, runInFight } from './test-helpers.js';

/** A StS1 fight against `monsters`, no Block on them, an empty hand. */
function fight(monsters: readonly string[]): RunState {
  const { run } = runInFight({ monsters, deck: ['DEFEND_IRONCLAD'] });
  if (run.combat === null) throw new Error('no combat');
  run.combat.hand = [];
  for (const monster of run.combat.monsters) monster.block = 0;
  return run;
}

describe('the hits of a targeted attack (StS1)', () => {
  it("stop when the target dies: Twin Strike's second hit does not go to another monster", () => {
    const run = fight(['JAW_WORM', 'JAW_WORM']);
    const [target, other] = monstersOf(run);
    if (target === undefined || other === undefined) throw new Error('expected two Jaw Worms');
    target.hp = 3;
    const otherHp = other.hp;
    playAt(run, 'TWIN_STRIKE', 0);
    expect(target.alive).toBe(false);
    expect(other.hp).toBe(otherHp);
  });

  it("land no later attack of the same card on the dead target (Bane's second hit)", () => {
    const run = fight(['JAW_WORM', 'JAW_WORM']);
    const [target, other] = monstersOf(run);
    if (target === undefined || other === undefined) throw new Error('expected two Jaw Worms');
    target.hp = 3;
    target.powers.POISON = 5;
    const otherHp = other.hp;
    playAt(run, 'BANE', 0);
    expect(target.alive).toBe(false);
    expect(other.hp).toBe(otherHp);
  });

  it('stop when the Awakened One falls half-dead (it rises on its own turn)', () => {
    const run = fight(['AWAKENED_ONE']);
    const [awakened] = monstersOf(run);
    if (awakened === undefined) throw new Error('expected the Awakened One');
    awakened.hp = 3;
    playAt(run, 'TWIN_STRIKE', 0);
    expect(awakened.memory.down).toBe(1);
    expect(awakened.hp).toBe(0);
    expect(run.combat?.over).toBe(false);
  });
});

describe('the hits of a targeted attack (StS2)', () => {
  it('do not land on the Axebot that takes the dead one’s place', () => {
    const { run, combat } = sts2MonsterFight('targeted-attack', ['AXEBOT'], ['TWIN_STRIKE']);
    const [axebot] = monstersOf(run);
    if (axebot === undefined) throw new Error('expected the Axebot');
    axebot.hp = 3;
    withRuleset('sts2', () => combat.playCard(0, 0));
    const living = monstersOf(run).filter((monster) => monster.alive);
    expect(living.map((monster) => monster.id)).toEqual(['AXEBOT']);
    expect(living[0]).not.toBe(axebot);
    expect(living[0]?.hp).toBe(living[0]?.maxHp);
  });
});
