import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { MonsterState, RunState } from '../../engine/run-state.js';
import { sts2MonsterFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';

/** An Ironclad fight against `monsters` with the powers they spawn with, `hand` in hand, 70 HP and no Block. */
function fight(monsters: readonly string[], hand: readonly string[] = []): { run: RunState; combat: Combat } {
  return sts2MonsterFight('monster-turn-powers', monsters, hand);
}

function monsterOf(run: RunState, id: string): MonsterState {
  const monster = run.combat?.monsters.find((candidate) => candidate.id === id);
  if (monster === undefined) throw new Error(`no ${id}`);
  return monster;
}

const endTurn = (combat: Combat): void => withRuleset('sts2', () => combat.endTurn());

describe('StS2 monster powers at the turns and on deaths', () => {
  it('Territorial: the Byrdonis gains Strength at the end of its turn', () => {
    const { run, combat } = fight(['BYRDONIS']);
    const byrdonis = monsterOf(run, 'BYRDONIS');
    expect(byrdonis.powers.TERRITORIAL).toBe(1);
    expect(byrdonis.powers.STRENGTH).toBeUndefined();
    endTurn(combat);
    expect(byrdonis.powers.STRENGTH).toBe(1);
  });

  it('High Voltage: the Zapbot gains 2 Strength as its turn starts, before it Zaps', () => {
    const { run, combat } = fight(['ZAPBOT']);
    expect(monsterOf(run, 'ZAPBOT').powers.HIGH_VOLTAGE).toBe(2);
    endTurn(combat);
    expect(monsterOf(run, 'ZAPBOT').powers.STRENGTH).toBe(2);
    // Zap is 14: the 2 Strength is already in it.
    expect(run.hp).toBe(70 - 16);
  });

  it("Rampart: the Turret Operator gains 25 Block at the start of the player's turn", () => {
    const { run, combat } = fight(['LIVING_SHIELD', 'TURRET_OPERATOR']);
    expect(monsterOf(run, 'LIVING_SHIELD').powers.RAMPART).toBe(25);
    endTurn(combat);
    expect(monsterOf(run, 'TURRET_OPERATOR').block).toBe(25);
    expect(monsterOf(run, 'LIVING_SHIELD').block).toBe(0);
  });

  it('Enrage: the Test Subject gains 3 Strength whenever a Skill is played', () => {
    const { run, combat } = fight(['TEST_SUBJECT'], ['DEFEND_IRONCLAD', 'STRIKE_IRONCLAD']);
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(monsterOf(run, 'TEST_SUBJECT').powers.STRENGTH).toBe(3);
    withRuleset('sts2', () => combat.playCard(0, 0));
    expect(monsterOf(run, 'TEST_SUBJECT').powers.STRENGTH).toBe(3);
  });

  it('Ravenous: when another enemy dies, the Corpse Slug eats it, is Stunned and gains 5 Strength', () => {
    const { run, combat } = fight(['CORPSE_SLUG', 'SEAPUNK']);
    const slug = monsterOf(run, 'CORPSE_SLUG');
    const hpBefore = run.hp;
    withRuleset('sts2', () => combat.damageMonster(1, 1000));
    expect(monsterOf(run, 'SEAPUNK').alive).toBe(false);
    expect(slug.powers.STRENGTH).toBe(5);
    expect(slug.move.intent).toBe('Stun');
    endTurn(combat);
    // The stunned turn did nothing, and the slug goes back to its moves.
    expect(run.hp).toBe(hpBefore);
    expect(slug.move.intent).not.toBe('Stun');
  });

  it('Slumber: the Slumbering Beetle Snores for its 3 turns unless it loses HP, then wakes without Plating', () => {
    const { run, combat } = fight(['SLUMBERING_BEETLE']);
    const beetle = monsterOf(run, 'SLUMBERING_BEETLE');
    expect(beetle.powers.SLUMBER).toBe(3);
    expect(beetle.powers.PLATING).toBe(18);
    endTurn(combat);
    expect(beetle.move.id).toBe('SNORE_MOVE');
    expect(beetle.powers.SLUMBER).toBe(2);
    // 100 damage goes through its Plating's Block: each hit that costs HP counts.
    withRuleset('sts2', () => combat.damageMonster(0, 100));
    expect(beetle.powers.SLUMBER).toBe(1);
    expect(beetle.move.id).toBe('SNORE_MOVE');
    withRuleset('sts2', () => combat.damageMonster(0, 100));
    expect(beetle.powers.SLUMBER).toBeUndefined();
    expect(beetle.powers.PLATING).toBeUndefined();
    expect(beetle.move.id).toBe('ROLL_OUT_MOVE');
  });

  it('Asleep: the Lagavulin Matriarch Sleeps for 3 turns, and wakes at once when it loses HP', () => {
    const { run, combat } = fight(['LAGAVULIN_MATRIARCH']);
    const matriarch = monsterOf(run, 'LAGAVULIN_MATRIARCH');
    expect(matriarch.powers.ASLEEP).toBe(3);
    endTurn(combat);
    endTurn(combat);
    expect(matriarch.move.id).toBe('SLEEP_MOVE');
    expect(matriarch.powers.ASLEEP).toBe(1);
    withRuleset('sts2', () => combat.damageMonster(0, 100));
    expect(matriarch.powers.ASLEEP).toBeUndefined();
    expect(matriarch.move.id).toBe('SLASH_MOVE');
  });

  it('Asleep: left alone, the Lagavulin Matriarch wakes after its third turn', () => {
    const { run, combat } = fight(['LAGAVULIN_MATRIARCH']);
    const matriarch = monsterOf(run, 'LAGAVULIN_MATRIARCH');
    const hpBefore = run.hp;
    for (let turn = 0; turn < 3; turn++) endTurn(combat);
    expect(run.hp).toBe(hpBefore);
    expect(matriarch.move.id).toBe('SLASH_MOVE');
  });

  it('Stock: a killed Axebot is replaced by a new one with 1 less Stock, twice, then the fight is won', () => {
    const { run, combat } = fight(['AXEBOT']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const living = (): MonsterState[] => state.monsters.filter((monster) => monster.alive);
    const killLiving = (): void => {
      const index = state.monsters.findIndex((monster) => monster.alive);
      withRuleset('sts2', () => combat.damageMonster(index, 1000));
    };
    expect(living()[0]?.powers.STOCK).toBe(2);
    killLiving();
    expect(state.over).toBe(false);
    expect(living().map((monster) => [monster.id, monster.powers.STOCK, monster.move.id])).toEqual([
      ['AXEBOT', 1, 'BOOT_UP_MOVE'],
    ]);
    killLiving();
    expect(living().map((monster) => [monster.id, monster.powers.STOCK])).toEqual([['AXEBOT', undefined]]);
    killLiving();
    expect(state.over).toBe(true);
    expect(state.victory).toBe(true);
  });

  it('Illusion: a killed Parafright revives at full HP in the next enemy turn, and leaves with its last ally', () => {
    const { run, combat } = fight(['SEAPUNK', 'PARAFRIGHT']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const parafright = monsterOf(run, 'PARAFRIGHT');
    expect(parafright.powers.ILLUSION).toBe(1);
    withRuleset('sts2', () => combat.damageMonster(1, 1000));
    expect(parafright.alive).toBe(false);
    expect(state.over).toBe(false);
    endTurn(combat);
    expect(parafright.alive).toBe(true);
    expect(parafright.hp).toBe(parafright.maxHp);
    withRuleset('sts2', () => combat.damageMonster(0, 1000));
    expect(parafright.escaped).toBe(true);
    expect(state.over).toBe(true);
    expect(state.victory).toBe(true);
  });

  it('Dampen: the Magi Knight downgrades your cards while it lives, and its death gives the upgrades back', () => {
    const { run, combat } = fight(['MAGI_KNIGHT']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    state.hand = [testCombatCard(run, 'STRIKE_IRONCLAD', true), testCombatCard(run, 'DEFEND_IRONCLAD')];
    const knight = monsterOf(run, 'MAGI_KNIGHT');
    withRuleset('sts2', () => combat.setMove(knight, 'DAMPEN_MOVE'));
    endTurn(combat);
    expect(state.player.powers.DAMPEN).toBe(1);
    const strike = (): boolean | undefined =>
      [...state.hand, ...state.drawPile, ...state.discardPile].find((card) => card.id === 'STRIKE_IRONCLAD')
        ?.upgraded;
    expect(strike()).toBe(false);
    withRuleset('sts2', () => combat.damageMonster(0, 1000));
    expect(strike()).toBe(true);
    expect(state.player.powers.DAMPEN).toBeUndefined();
  });

  it('Possess Strength: killing The Lost gives back the Strength its Debilitating Smog took', () => {
    const { run, combat } = fight(['THE_LOST']);
    const lost = monsterOf(run, 'THE_LOST');
    withRuleset('sts2', () => combat.setMove(lost, 'DEBILITATING_SMOG'));
    endTurn(combat);
    expect(run.combat?.player.powers.STRENGTH).toBe(-2);
    withRuleset('sts2', () => combat.damageMonster(0, 1000));
    expect(lost.alive).toBe(false);
    expect(run.combat?.player.powers.STRENGTH ?? 0).toBe(0);
  });

  it('Possess Speed: killing The Forgotten gives back the Dexterity its Miasma took', () => {
    const { run, combat } = fight(['THE_FORGOTTEN']);
    const forgotten = monsterOf(run, 'THE_FORGOTTEN');
    withRuleset('sts2', () => combat.setMove(forgotten, 'MIASMA'));
    endTurn(combat);
    expect(run.combat?.player.powers.DEXTERITY).toBe(-2);
    withRuleset('sts2', () => combat.damageMonster(0, 1000));
    expect(forgotten.alive).toBe(false);
    expect(run.combat?.player.powers.DEXTERITY ?? 0).toBe(0);
  });

  it('Infested: the Phrog Parasite dying releases 4 Wrigglers, which spend their first turn stunned', () => {
    const { run, combat } = fight(['PHROG_PARASITE']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const infested = monsterOf(run, 'PHROG_PARASITE').powers.INFESTED;
    withRuleset('sts2', () => combat.damageMonster(0, 1000));
    const wrigglers = state.monsters.filter((monster) => monster.alive);
    expect(state.over).toBe(false);
    expect(wrigglers.map((monster) => [monster.id, monster.move.id])).toEqual(
      Array.from({ length: 4 }, () => ['WRIGGLER', 'SPAWNED_MOVE']),
    );
    for (const wriggler of wrigglers) expect(wriggler.hp).toBeGreaterThanOrEqual(17);
    // Their stunned turn deals nothing; then each bites or wriggles.
    endTurn(combat);
    expect(run.hp).toBe(70);
    for (const wriggler of wrigglers) expect(['NASTY_BITE_MOVE', 'WRIGGLE_MOVE']).toContain(wriggler.move.id);
    // Its page's "Infested (4)" (shown; the 4 Wrigglers are the power's, whatever the amount).
    expect(infested).toBe(4);
  });

  it('Time Limit: the Battleworn Dummy leaves after the third turn and the fight ends without its reward', () => {
    const { run, combat } = fight(['BATTLE_FRIEND_V1']);
    const state = run.combat;
    const dummy = monsterOf(run, 'BATTLE_FRIEND_V1');
    const limit = dummy.powers.BATTLEWORN_DUMMY_TIME_LIMIT;
    endTurn(combat);
    endTurn(combat);
    expect(state?.over).toBe(false);
    endTurn(combat);
    expect([state?.over, dummy.alive, dummy.escaped, run.pendingRewards]).toEqual([
      true,
      false,
      true,
      undefined,
    ]);
    expect(limit).toBe(3);
  });

  it('Time Limit: a dummy defeated in time gives its setting: a potion, 2 upgrades, a relic', () => {
    const defeat = (dummy: string): RunState => {
      const { run, combat } = fight([dummy]);
      endTurn(combat);
      withRuleset('sts2', () => combat.damageMonster(0, 1000));
      expect(run.combat?.over).toBe(true);
      return run;
    };
    expect(defeat('BATTLE_FRIEND_V1').pendingRewards?.map((item) => item.kind)).toEqual(['potion']);
    const upgraded = defeat('BATTLE_FRIEND_V2');
    expect([upgraded.pendingRewards, upgraded.deck.map((card) => card.upgraded)]).toEqual([
      undefined,
      [true],
    ]);
    expect(defeat('BATTLE_FRIEND_V3').pendingRewards?.map((item) => item.kind)).toEqual(['relic']);
  });
});
