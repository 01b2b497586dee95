import { describe, expect, it } from 'vitest';
import { Combat } from '../../engine/combat.js';
import { createRun } from '../../engine/run.js';
import type { CombatCard, RunState } from '../../engine/run-state.js';
import { sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getMonster, withRuleset } from '../registry.js';
import { STS2_MONSTER_FACTS } from './data/sts2-monster-facts.js';
import { isModelledSts2Entity, sts2MonsterCoverage, UNUSED_STS2_MONSTERS } from './sts2-coverage.js';

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

describe('StS2 monster facts from the export pages', () => {
  it("Mecha Knight's Flamethrower adds 4 Burns to the hand (the table said 1 to the discard pile)", () => {
    const { run, combat } = fight(['MECHA_KNIGHT']);
    const state = run.combat;
    const knight = state?.monsters[0];
    if (state === null || knight === undefined) throw new Error('no combat');
    withRuleset('sts2', () => combat.setMove(knight, 'FLAMETHROWER_MOVE'));
    state.hand = [];
    withRuleset('sts2', () => combat.endTurn());
    // The next turn's draw follows the Burns: they are in the hand, none in the discard pile.
    expect(state.hand.filter((card) => card.id === 'BURN')).toHaveLength(4);
    expect(state.discardPile.filter((card) => card.id === 'BURN')).toHaveLength(0);
  });

  it("The Obscura's Sail gives its allies 3 Strength, not itself", () => {
    const { run, combat } = fight(['THE_OBSCURA', 'SEAPUNK']);
    const state = run.combat;
    const obscura = state?.monsters[0];
    if (state === null || obscura === undefined) throw new Error('no combat');
    withRuleset('sts2', () => combat.setMove(obscura, 'SAIL_MOVE'));
    withRuleset('sts2', () => combat.endTurn());
    expect(state.monsters[1]?.powers.STRENGTH).toBe(3);
    expect(obscura.powers.STRENGTH).toBeUndefined();
  });

  it('multi-hit moves hit as often as at ascension 0 (the export lists ascension 9 first)', () => {
    const hits = (monster: string, move: string): number | undefined =>
      STS2_MONSTER_FACTS.find((facts) => facts.id === monster)?.moves.find((facts) => facts.id === move)
        ?.hits;
    expect(hits('EXOSKELETON', 'SKITTER_MOVE')).toBe(3);
    expect(hits('TRACKER_RUBY_RAIDER', 'HOUNDS_MOVE')).toBe(8);
    expect(hits('ENTOMANCER', 'BEES_MOVE')).toBe(7);
  });

  it('a monster whose export page names a move effect counts as modelled once the simulator does it', () => {
    // Steals and hatching: the pages list them, and the simulator does them (the Tough Egg's Hatchling HP too).
    for (const id of [
      'TOUGH_EGG',
      'THIEVING_HOPPER',
      'SPINY_TOAD',
      'TOADPOLE',
      'MECHA_KNIGHT',
      'EXOSKELETON',
      'FABRICATOR',
      'TWO_TAILED_RAT',
      'GREMLIN_MERC',
    ])
      expect(isModelledSts2Entity('enemy', id), id).toBe(true);
  });

  it('a monster that spawns with or applies a power the simulator only tracks counts as partly modelled', () => {
    // No monster power is left without a rule; a monster power the engine does not know (an id only
    // the facts have) is not modelled, and a monster spawning with one is not either.
    expect(isModelledSts2Entity('power', 'NOT_A_POWER')).toBe(false);
    for (const monster of STS2_MONSTER_FACTS)
      for (const power of monster.powersOnSpawn)
        expect(isModelledSts2Entity('power', power), `${monster.id} ${power}`).toBe(true);
    // A power that now has its rule no longer holds its monsters back (Tender: the Hunter Killer).
    expect(isModelledSts2Entity('power', 'TENDER')).toBe(true);
    expect(isModelledSts2Entity('enemy', 'HUNTER_KILLER')).toBe(true);
  });

  it('counts 116 monsters, all fully modelled; the unused Deprecated Monster is left out with its reason', () => {
    const { counted, modelled } = sts2MonsterCoverage();
    expect([counted.length, modelled.length, STS2_MONSTER_FACTS.length]).toEqual([116, 116, 117]);
    expect(counted).not.toContain('DEPRECATED_MONSTER');
    expect(UNUSED_STS2_MONSTERS.DEPRECATED_MONSTER).toMatch(/spawns no monsters/);
    // Left out, not given rules: it stays unmodelled, and no encounter of the simulator has it.
    expect(isModelledSts2Entity('enemy', 'DEPRECATED_MONSTER')).toBe(false);
    for (const monster of [
      'GLOBE_HEAD',
      'PHROG_PARASITE',
      'THIEVING_HOPPER',
      'TUNNELER',
      'TOUGH_EGG',
      'BATTLE_FRIEND_V1',
      'BATTLE_FRIEND_V2',
      'BATTLE_FRIEND_V3',
    ])
      expect(modelled, monster).toContain(monster);
  });
});

describe('StS2 openings by place (the export pages)', () => {
  const openings = (monsters: readonly string[]): string[] =>
    fight(monsters).run.combat?.monsters.map((monster) => monster.move.id) ?? [];

  it('Nibbits: alone Butt; a pair opens Hesitant Slice (front) and Hiss (back)', () => {
    expect(openings(['NIBBIT'])).toEqual(['BUTT_MOVE']);
    expect(openings(['NIBBIT', 'NIBBIT'])).toEqual(['SLICE_MOVE', 'HISS_MOVE']);
  });

  it('Inklets: the middle one of three opens with Whirlwind, the others with Jab', () => {
    expect(openings(['INKLET', 'INKLET', 'INKLET'])).toEqual(['JAB_MOVE', 'WHIRLWIND_MOVE', 'JAB_MOVE']);
  });

  it('Corpse Slugs open on three different moves of their cycle, in cycle order', () => {
    const cycle = ['WHIP_SLAP_MOVE', 'GLOMP_MOVE', 'GOOP_MOVE'];
    const moves = openings(['CORPSE_SLUG', 'CORPSE_SLUG', 'CORPSE_SLUG']);
    expect(new Set(moves).size).toBe(3);
    const start = cycle.indexOf(moves[0] as string);
    expect(moves).toEqual([0, 1, 2].map((offset) => cycle[(start + offset) % 3]));
  });
});

describe('StS2 monsters that summon (the export pages)', () => {
  /** Sets the monster at `index` to `move` and ends the turn; returns the fight's monster ids after. */
  function after(run: RunState, combat: Combat, index: number, move: string): string[] {
    const state = run.combat;
    const monster = state?.monsters[index];
    if (state === null || monster === undefined) throw new Error('no monster');
    withRuleset('sts2', () => combat.setMove(monster, move));
    withRuleset('sts2', () => combat.endTurn());
    return state.monsters.filter((other) => other.alive).map((other) => other.id);
  }

  it('Fabricate builds one defensive bot (Guardbot or Noisebot) and one aggressive bot (Zapbot or Stabbot)', () => {
    const { run, combat } = fight(['FABRICATOR']);
    const ids = after(run, combat, 0, 'FABRICATE_MOVE');
    expect(ids).toHaveLength(3);
    expect(ids.filter((id) => id === 'GUARDBOT' || id === 'NOISEBOT')).toHaveLength(1);
    expect(ids.filter((id) => id === 'ZAPBOT' || id === 'STABBOT')).toHaveLength(1);
  });

  it('Ovicopter lays 3 Tough Eggs as minions; summons stop at 5 living monsters', () => {
    const { run, combat } = fight(['OVICOPTER']);
    after(run, combat, 0, 'LAY_EGGS_MOVE');
    const eggs = run.combat?.monsters.filter((monster) => monster.id === 'TOUGH_EGG') ?? [];
    expect(eggs).toHaveLength(3);
    for (const egg of eggs) expect(egg.powers.MINION).toBe(1);
    const ovicopter = run.combat?.monsters.findIndex((monster) => monster.id === 'OVICOPTER') ?? -1;
    expect(after(run, combat, ovicopter, 'LAY_EGGS_MOVE')).toHaveLength(5);
  });

  it("the Gas Bomb is gone after its Explode; Living Fog's Bloat summons one", () => {
    const { run, combat } = fight(['LIVING_FOG']);
    expect(after(run, combat, 0, 'BLOAT_MOVE').filter((id) => id === 'GAS_BOMB')).toHaveLength(1);
    const bomb = run.combat?.monsters.findIndex((monster) => monster.id === 'GAS_BOMB') ?? -1;
    expect(after(run, combat, bomb, 'EXPLODE_MOVE')).toEqual(['LIVING_FOG']);
  });

  it('Two-Tailed Rats call for backup only from turn 3, and at most 3 rats are called in a fight', () => {
    let earliest = Number.POSITIVE_INFINITY;
    let most = 0;
    for (let seed = 0; seed < 20; seed++) {
      const { run, combat } = sts2TestFight(
        `rats-${seed}`,
        'REGENT',
        ['DEFEND_REGENT'],
        (prepared) => {
          prepared.run.hp = 999;
          prepared.run.maxHp = 999;
        },
        ['TWO_TAILED_RAT', 'TWO_TAILED_RAT'],
      );
      const state = run.combat;
      if (state === null) throw new Error('no combat');
      for (let turn = 0; turn < 20 && run.combat !== null; turn++) {
        if (state.monsters.some((rat) => rat.alive && rat.move.id === 'CALL_FOR_BACKUP_MOVE'))
          earliest = Math.min(earliest, state.turn);
        withRuleset('sts2', () => combat.endTurn());
      }
      most = Math.max(most, state.monsters.filter((rat) => rat.memory.summoned === 1).length);
    }
    expect(earliest).toBe(3);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
  });
});

describe('StS2 monster moves written from the export pages', () => {
  it('Guardbot guards the Fabricators, not itself', () => {
    const { run, combat } = fight(['FABRICATOR', 'GUARDBOT']);
    const state = run.combat;
    const [fabricator, guardbot] = state?.monsters ?? [];
    if (state === null || fabricator === undefined || guardbot === undefined) throw new Error('no combat');
    withRuleset('sts2', () => combat.setMove(fabricator, 'DISINTEGRATE_MOVE'));
    withRuleset('sts2', () => combat.setMove(guardbot, 'GUARD_MOVE'));
    withRuleset('sts2', () => combat.endTurn());
    expect(fabricator.block).toBe(15);
    expect(guardbot.block).toBe(0);
  });

  it('Fabricator builds bots while fewer than 4 allies live, then Disintegrates; its bots are minions', () => {
    const { run, combat } = fight(['FABRICATOR']);
    const state = run.combat;
    const fabricator = state?.monsters[0];
    if (state === null || fabricator === undefined) throw new Error('no combat');
    const moves: string[] = [];
    for (let turn = 0; turn < 8; turn++) {
      moves.push(fabricator.move.id);
      withRuleset('sts2', () => combat.endTurn());
    }
    const bots = state.monsters.filter((monster) => monster !== fabricator);
    expect(bots.length).toBeGreaterThanOrEqual(4);
    for (const bot of bots) expect(bot.powers.MINION).toBe(1);
    expect(moves.at(-1)).toBe('DISINTEGRATE_MOVE');
    expect(moves[0]).not.toBe('DISINTEGRATE_MOVE');
  });

  it("Entomancer's Pheromone Spit grows its Personal Hive to 3 with 1 Strength each, then gives 2 Strength", () => {
    const { run, combat } = fight(['ENTOMANCER']);
    const entomancer = run.combat?.monsters[0];
    if (entomancer === undefined) throw new Error('no combat');
    const strength: number[] = [];
    for (let spit = 0; spit < 4; spit++) {
      withRuleset('sts2', () => combat.setMove(entomancer, 'PHEROMONE_SPIT_MOVE'));
      withRuleset('sts2', () => combat.endTurn());
      strength.push(entomancer.powers.STRENGTH ?? 0);
    }
    expect(entomancer.powers.PERSONAL_HIVE).toBe(3);
    expect(strength).toEqual([1, 2, 4, 6]);
  });

  it('Fat Gremlin flees on its Flee move', () => {
    const { run, combat } = fight(['FAT_GREMLIN', 'SEAPUNK']);
    const gremlin = run.combat?.monsters[0];
    if (gremlin === undefined) throw new Error('no combat');
    withRuleset('sts2', () => combat.setMove(gremlin, 'FLEE_MOVE'));
    withRuleset('sts2', () => combat.endTurn());
    expect(gremlin.escaped).toBe(true);
  });
});

describe('StS2 thieves (the export pages)', () => {
  it('Gremlin Merc steals 20 Gold a move; dead, its Fat Gremlin holds the Gold and gives it back when killed', () => {
    const { run, combat } = fight(['GREMLIN_MERC']);
    const state = run.combat;
    const merc = state?.monsters[0];
    if (state === null || merc === undefined) throw new Error('no combat');
    run.gold = 50;
    endTurns(run, combat, 3);
    // Gimme, Double Smash, Hehe: 20, 20, then the 10 left.
    expect(merc.history).toEqual(['GIMME_MOVE', 'DOUBLE_SMASH_MOVE', 'HEHE_MOVE']);
    expect(run.gold).toBe(0);
    withRuleset('sts2', () => combat.damageMonster(state.monsters.indexOf(merc), 999));
    expect(state.over).toBe(false);
    expect(state.monsters.filter((monster) => monster.alive).map((monster) => monster.id)).toEqual([
      'SNEAKY_GREMLIN',
      'FAT_GREMLIN',
    ]);
    const fat = state.monsters.find((monster) => monster.id === 'FAT_GREMLIN');
    expect(fat?.powers.HEIST).toBe(50);
    expect(state.stolenGold).toBe(0);
    for (const id of ['SNEAKY_GREMLIN', 'FAT_GREMLIN'])
      withRuleset('sts2', () =>
        combat.damageMonster(
          state.monsters.findIndex((m) => m.id === id),
          999,
        ),
      );
    expect(state.over).toBe(true);
    expect(state.stolenGold).toBe(50);
  });

  it("the Gremlin Merc's Gold is lost when its Fat Gremlin flees", () => {
    const { run, combat } = fight(['GREMLIN_MERC']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    run.gold = 100;
    endTurns(run, combat, 1);
    expect(run.gold).toBe(80);
    withRuleset('sts2', () => combat.damageMonster(0, 999));
    withRuleset('sts2', () =>
      combat.damageMonster(
        state.monsters.findIndex((m) => m.id === 'SNEAKY_GREMLIN'),
        999,
      ),
    );
    // Spawned (stunned), then Flee.
    endTurns(run, combat, 2);
    expect(state.monsters.find((monster) => monster.id === 'FAT_GREMLIN')?.escaped).toBe(true);
    expect(state.over).toBe(true);
    expect(state.stolenGold).toBe(0);
    expect(run.gold).toBe(80);
  });
});

describe('The Thieving Hopper steals deck cards (the export page)', () => {
  /** A Hopper fight with a deck of 4 Defends (Basic), Astral Pulse (Common) and Bulwark (Uncommon). */
  function hopperFight(): { run: RunState; combat: Combat } {
    const deck = [
      'DEFEND_REGENT',
      'DEFEND_REGENT',
      'ASTRAL_PULSE',
      'DEFEND_REGENT',
      'BULWARK',
      'DEFEND_REGENT',
    ];
    return sts2TestFight(
      'sts2-hopper',
      'REGENT',
      deck,
      (combat) => {
        combat.run.hp = 300;
        combat.run.maxHp = 300;
      },
      ['THIEVING_HOPPER'],
    );
  }
  const ids = (cards: readonly { id: string }[]): string[] => cards.map((card) => card.id).sort();
  const inFight = (run: RunState): string[] => {
    const state = run.combat;
    return state === null ? [] : ids([...state.hand, ...state.drawPile, ...state.discardPile]);
  };

  it('Thievery takes an Uncommon card first, then a Common one, then a Basic one, out of deck and fight; killed, it gives them back', () => {
    const { run, combat } = hopperFight();
    const hopper = run.combat?.monsters[0];
    if (hopper === undefined) throw new Error('no combat');
    const before = ids(run.deck);
    const stolen: string[] = [];
    for (let steal = 0; steal < 3; steal++) {
      withRuleset('sts2', () => combat.setMove(hopper, 'THIEVERY_MOVE'));
      withRuleset('sts2', () => combat.endTurn());
      stolen.push(hopper.stolenCards?.at(-1)?.id ?? 'none');
    }
    expect(stolen).toEqual(['BULWARK', 'ASTRAL_PULSE', 'DEFEND_REGENT']);
    expect(hopper.powers.SWIPE).toBe(3);
    expect(ids(run.deck)).toEqual(['DEFEND_REGENT', 'DEFEND_REGENT', 'DEFEND_REGENT']);
    expect(inFight(run)).toEqual(['DEFEND_REGENT', 'DEFEND_REGENT', 'DEFEND_REGENT']);
    withRuleset('sts2', () => combat.damageMonster(0, 999));
    expect(ids(run.deck)).toEqual(before);
    expect(hopper.stolenCards).toBeUndefined();
    // Its text no longer says a move effect is missing.
    expect(withRuleset('sts2', () => getMonster('THIEVING_HOPPER').text)).not.toContain('not simulated');
  });

  it('a Hopper that escapes keeps its card', () => {
    const { run, combat } = hopperFight();
    const hopper = run.combat?.monsters[0];
    if (hopper === undefined) throw new Error('no combat');
    endTurns(run, combat, 5);
    expect(hopper.history).toEqual([
      'THIEVERY_MOVE',
      'FLUTTER_MOVE',
      'HAT_TRICK_MOVE',
      'NAB_MOVE',
      'ESCAPE_MOVE',
    ]);
    expect(hopper.escaped).toBe(true);
    expect(run.combat?.over).toBe(true);
    expect(ids(run.deck)).not.toContain('BULWARK');
    expect(run.deck).toHaveLength(5);
  });
});

describe('Tough Egg (the export page)', () => {
  it('spawns with 2 Hatch; its Hatch removes every power but Minion and makes it the Hatchling, which Nibbles', () => {
    const { run, combat } = fight(['TOUGH_EGG']);
    const egg = run.combat?.monsters[0];
    if (egg === undefined) throw new Error('no combat');
    expect(egg.powers.HATCH).toBe(2);
    expect(egg.move.id).toBe('HATCH_MOVE');
    egg.powers.MINION = 1;
    egg.powers.STRENGTH = 3;
    egg.powers.POISON = 5;
    withRuleset('sts2', () => combat.endTurn());
    expect({ ...egg.powers }).toEqual({ MINION: 1 });
    expect(egg.name).toBe('Hatchling');
    // The Hatchling's HP replaces the egg's (300 in this fight): 20-23, the export's only value (ascension's).
    expect(egg.maxHp).toBeGreaterThanOrEqual(20);
    expect(egg.maxHp).toBeLessThanOrEqual(23);
    expect(egg.hp).toBe(egg.maxHp);
    expect(endTurns(run, combat, 2).map((moves) => moves[0])).toEqual(['NIBBLE_MOVE', 'NIBBLE_MOVE']);
    expect(isModelledSts2Entity('enemy', 'TOUGH_EGG')).toBe(true);
    expect(withRuleset('sts2', () => getMonster('TOUGH_EGG').text)).toContain(
      "The export gives the Hatchling's HP only at ascension",
    );
  });
});

describe('The Insatiable and its Sandpit', () => {
  it('Liquify Ground: 4 Sandpit and 6 Frantic Escape; Sandpit falls each later move and kills at 0', () => {
    const { run, combat } = fight(['THE_INSATIABLE']);
    const state = run.combat;
    const insatiable = state?.monsters[0];
    if (state === null || insatiable === undefined) throw new Error('no combat');
    expect(insatiable.move.id).toBe('LIQUIFY_GROUND_MOVE');
    state.drawPile = [];
    state.discardPile = [];
    withRuleset('sts2', () => combat.endTurn());
    expect(insatiable.powers.SANDPIT).toBe(4);
    const escapes = [...state.hand, ...state.drawPile, ...state.discardPile].filter(
      (card) => card.id === 'FRANTIC_ESCAPE',
    );
    expect(escapes).toHaveLength(6);
    const sandpit: number[] = [];
    for (let turn = 0; turn < 3; turn++) {
      withRuleset('sts2', () => combat.endTurn());
      sandpit.push(insatiable.powers.SANDPIT ?? 0);
    }
    expect(sandpit).toEqual([3, 2, 1]);
    expect(run.hp).toBeGreaterThan(0);
    withRuleset('sts2', () => combat.endTurn());
    expect(run.hp).toBe(0);
  });

  it('Frantic Escape raises Sandpit by 1 and costs 1 more each time it is played', () => {
    const { run, combat } = fight(['THE_INSATIABLE']);
    const state = run.combat;
    const insatiable = state?.monsters[0];
    if (state === null || insatiable === undefined) throw new Error('no combat');
    insatiable.powers.SANDPIT = 2;
    const frantic = testCombatCard(run, 'FRANTIC_ESCAPE');
    state.hand = [frantic];
    state.player.energy = 9;
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(insatiable.powers.SANDPIT).toBe(3);
    expect(frantic.combatCost).toBe(2);
    state.hand = [frantic];
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(insatiable.powers.SANDPIT).toBe(4);
    expect(state.player.energy).toBe(9 - 1 - 2);
  });
});

describe("The Knowledge Demon's Curse of Knowledge", () => {
  /** Ends the turn, then picks the curse card `id` from the choice the demon opened. */
  function curse(run: RunState, combat: Combat, id: string): (string | undefined)[] {
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const turn = state.turn;
    withRuleset('sts2', () => combat.endTurn());
    const selection = state.selection;
    expect(selection?.monster).toBe('KNOWLEDGE_DEMON');
    // The player's turn waits for the choice.
    expect(state.turn).toBe(turn);
    const offered = (selection?.options ?? []).map(
      (uid) => selection?.generated.find((card) => card.uid === uid)?.id,
    );
    expect(offered).toContain(id);
    withRuleset('sts2', () => combat.choose(offered.indexOf(id)));
    expect(state.selection).toBeNull();
    expect(state.turn).toBe(turn + 1);
    return offered;
  }

  it('offers Disintegration or Mind Rot, then Sloth, then Waste Away, and the choice becomes a power', () => {
    const { run, combat } = fight(['KNOWLEDGE_DEMON']);
    // Sixteen turns of its attacks and Disintegration: enough HP to see them all.
    run.hp = 999;
    run.maxHp = 999;
    const state = run.combat;
    const demon = state?.monsters[0];
    if (state === null || demon === undefined) throw new Error('no combat');
    expect(demon.move.id).toBe('CURSE_OF_KNOWLEDGE_MOVE');
    expect(curse(run, combat, 'DISINTEGRATION')).toEqual(['DISINTEGRATION', 'MIND_ROT']);
    expect(state.player.powers.DISINTEGRATION).toBe(6);
    const moves: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      moves.push(demon.move.id);
      withRuleset('sts2', () => combat.endTurn());
    }
    expect(moves).toEqual(['SLAP_MOVE', 'KNOWLEDGE_OVERWHELMING_MOVE', 'PONDER_MOVE']);
    expect(demon.move.id).toBe('CURSE_OF_KNOWLEDGE_MOVE');
    expect(curse(run, combat, 'DISINTEGRATION')).toEqual(['DISINTEGRATION', 'SLOTH']);
    // 6 + 7, as a real state shows (DISINTEGRATION_POWER 13 after two choices).
    expect(state.player.powers.DISINTEGRATION).toBe(13);
    for (let turn = 0; turn < 3; turn++) withRuleset('sts2', () => combat.endTurn());
    expect(curse(run, combat, 'WASTE_AWAY')).toEqual(['DISINTEGRATION', 'WASTE_AWAY']);
    expect(state.player.powers.WASTE_AWAY).toBe(1);
    // Three curses given: the cycle goes on without it.
    const later: string[] = [];
    for (let turn = 0; turn < 4; turn++) {
      later.push(demon.move.id);
      withRuleset('sts2', () => combat.endTurn());
    }
    expect(later).toEqual(['SLAP_MOVE', 'KNOWLEDGE_OVERWHELMING_MOVE', 'PONDER_MOVE', 'SLAP_MOVE']);
  });

  it('Mind Rot draws 1 fewer card; Sloth allows 3 cards a turn', () => {
    const { run, combat } = fight(['KNOWLEDGE_DEMON']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    curse(run, combat, 'MIND_ROT');
    expect(state.player.powers.MIND_ROT).toBe(1);
    expect(state.hand).toHaveLength(4);
    state.player.powers.SLOTH = 1;
    state.player.energy = 9;
    state.hand = Array.from({ length: 5 }, () => testCombatCard(run, 'DEFEND_REGENT'));
    for (let card = 0; card < 3; card++) withRuleset('sts2', () => combat.playCard(0, -1));
    expect(withRuleset('sts2', () => combat.unplayableReason(state.hand[0] as CombatCard))).toMatch(/Sloth/);
  });
});

describe('Bowlbug (Rock) and Imbalanced', () => {
  it('a fully blocked Headbutt puts it Off Balance: Dizzy next turn, then Headbutt; an unblocked one does not', () => {
    const { run, combat } = fight(['BOWLBUG_ROCK']);
    const state = run.combat;
    const bowlbug = state?.monsters[0];
    if (state === null || bowlbug === undefined) throw new Error('no combat');
    const moves: string[] = [];
    for (const block of [0, 99, 0, 0]) {
      moves.push(bowlbug.move.id);
      state.player.block = block;
      withRuleset('sts2', () => combat.endTurn());
    }
    expect(moves).toEqual(['HEADBUTT_MOVE', 'HEADBUTT_MOVE', 'DIZZY_MOVE', 'HEADBUTT_MOVE']);
    expect(bowlbug.memory.offBalance).toBeUndefined();
  });
});

describe('Decimillipede (its segment pages and Reattach)', () => {
  const SEGMENTS = ['DECIMILLIPEDE_SEGMENT', 'DECIMILLIPEDE_SEGMENT', 'DECIMILLIPEDE_SEGMENT'];
  const CYCLE = ['WRITHE_MOVE', 'BULK_MOVE', 'CONSTRICT_MOVE'];

  it('its three segments spawn with different even HP and 25 Reattach, and open on different moves', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const run = createRun({ seed: `decimillipede-${seed}`, character: 'REGENT', ruleset: 'sts2' });
      const combat = withRuleset('sts2', () => Combat.start(run, 'TEST', SEGMENTS, 'elite'));
      const segments = combat.combat.monsters;
      const hps = segments.map((segment) => segment.maxHp);
      expect(new Set(hps).size, hps.join()).toBe(3);
      for (const segment of segments) {
        expect(segment.maxHp % 2).toBe(0);
        expect(segment.hp).toBe(segment.maxHp);
        expect(segment.powers.REATTACH).toBe(25);
      }
      const moves = segments.map((segment) => segment.move.id);
      expect(new Set(moves).size).toBe(3);
      for (const move of moves) expect(CYCLE).toContain(move);
    }
  });

  it('a segment killed while another lives lies dead, then Reattaches with 25 HP and resumes a new move', () => {
    const { run, combat } = fight(SEGMENTS);
    const state = run.combat;
    const segment = state?.monsters[0];
    if (state === null || segment === undefined) throw new Error('no combat');
    segment.powers.STRENGTH = 2;
    withRuleset('sts2', () => combat.damageMonster(0, 999));
    expect(segment.alive).toBe(false);
    expect(state.over).toBe(false);
    expect(segment.move.id).toBe('DEAD_MOVE');
    expect({ ...segment.powers }).toEqual({ REATTACH: 25 });
    const lastAttack = segment.history.at(-1) ?? segment.move.id;
    withRuleset('sts2', () => combat.endTurn());
    expect(segment.alive).toBe(false);
    expect(segment.move.id).toBe('REATTACH_MOVE');
    withRuleset('sts2', () => combat.endTurn());
    expect(segment.alive).toBe(true);
    expect(segment.hp).toBe(25);
    expect(segment.history.slice(-2)).toEqual(['DEAD_MOVE', 'REATTACH_MOVE']);
    expect(CYCLE).toContain(segment.move.id);
    if (CYCLE.includes(lastAttack)) expect(segment.move.id).not.toBe(lastAttack);
  });

  it('the fight is won when every segment is down at once', () => {
    const { run, combat } = fight(SEGMENTS);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    withRuleset('sts2', () => combat.damageMonster(0, 999));
    withRuleset('sts2', () => combat.damageMonster(1, 999));
    expect(state.over).toBe(false);
    expect(state.monsters.map((segment) => segment.memory.down ?? 0)).toEqual([1, 1, 0]);
    // The last living segment has no other to rejoin: it dies, and the two lying dead with it.
    withRuleset('sts2', () => combat.damageMonster(2, 999));
    expect(state.over).toBe(true);
    expect(state.victory).toBe(true);
  });

  it('counts as fully modelled, and so does Reattach', () => {
    expect(isModelledSts2Entity('enemy', 'DECIMILLIPEDE_SEGMENT')).toBe(true);
    expect(isModelledSts2Entity('power', 'REATTACH_POWER')).toBe(true);
    expect(withRuleset('sts2', () => getMonster('DECIMILLIPEDE_SEGMENT').text)).not.toContain(
      'not simulated',
    );
  });
});

describe('Mysterious Knight (its export page) and Plating on monsters', () => {
  it("the Flail Knight's moves with 6 Strength and 6 Plating: 6 Block at the end of its turn, then 1 less each turn", () => {
    const { run, combat } = fight(['MYSTERIOUS_KNIGHT']);
    const knight = run.combat?.monsters[0];
    if (knight === undefined) throw new Error('no combat');
    expect({ ...knight.powers }).toEqual({ STRENGTH: 6, PLATING: 6 });
    expect(knight.move.id).toBe('RAM_MOVE');
    const blocks: number[] = [];
    for (let turn = 0; turn < 3; turn++) {
      withRuleset('sts2', () => combat.endTurn());
      blocks.push(knight.block);
    }
    expect(blocks).toEqual([6, 5, 4]);
    expect(knight.powers.PLATING).toBe(3);
  });
});

describe("Soul Fysh's Fade", () => {
  it('gives 2 Intangible that falls by 1 each round: it shields the next player turn only', () => {
    const { run, combat } = fight(['SOUL_FYSH']);
    const fysh = run.combat?.monsters[0];
    // Beckon, De-Gas, Gaze, then Fade.
    const moves = endTurns(run, combat, 3);
    expect(moves.map((move) => move[0])).toEqual(['BECKON_MOVE', 'DE_GAS_MOVE', 'GAZE_MOVE']);
    expect(fysh?.move.id).toBe('FADE_MOVE');
    endTurns(run, combat, 1);
    // Fade's 2, less the 1 of the round it came in: the player's turn now hits it for 1.
    expect(fysh?.powers.INTANGIBLE).toBe(1);
    const hp = fysh?.hp ?? 0;
    withRuleset('sts2', () => combat.damageMonster(0, 30));
    expect(fysh?.hp).toBe(hp - 1);
    endTurns(run, combat, 1);
    // Worn off: it was stacking for good (4 after the next Fade), and every hit dealt 1 for the rest of the fight.
    expect(fysh?.powers.INTANGIBLE).toBeUndefined();
    withRuleset('sts2', () => combat.damageMonster(0, 30));
    expect(fysh?.hp).toBe(hp - 31);
  });
});

describe("The Hunter Killer's Tender", () => {
  it('each card played costs 1 Strength and 1 Dexterity for the rest of the turn; the turn ends, they come back', () => {
    const { run, combat } = fight(['HUNTER_KILLER']);
    const state = run.combat;
    if (state === null) throw new Error('no combat');
    const killer = state.monsters[0];
    if (killer === undefined) throw new Error('no monster');
    withRuleset('sts2', () => combat.setMove(killer, 'TENDERIZING_GOOP_MOVE'));
    withRuleset('sts2', () => combat.endTurn());
    expect(state.player.powers.TENDER).toBe(1);
    state.player.powers.STRENGTH = 2;
    state.player.energy = 3;
    state.hand = [testCombatCard(run, 'DEFEND_REGENT'), testCombatCard(run, 'DEFEND_REGENT')];
    const blockBefore = state.player.block;
    withRuleset('sts2', () => combat.playCard(0, -1));
    // The first Defend gave its full 5; then Tender took 1 Strength and 1 Dexterity.
    expect(state.player.block - blockBefore).toBe(5);
    expect(state.player.powers.STRENGTH).toBe(1);
    expect(state.player.powers.DEXTERITY).toBe(-1);
    withRuleset('sts2', () => combat.playCard(0, -1));
    expect(state.player.block - blockBefore).toBe(5 + 4);
    expect(state.player.powers.STRENGTH ?? 0).toBe(0);
    expect(state.player.powers.DEXTERITY).toBe(-2);
    withRuleset('sts2', () => combat.endTurn());
    expect(state.player.powers.STRENGTH).toBe(2);
    expect(state.player.powers.DEXTERITY).toBeUndefined();
  });
});
