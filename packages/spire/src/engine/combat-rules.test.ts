import { describe, expect, it } from 'vitest';
import { Combat, monsterAttackDamage, playerAttackDamage, playerBlock } from './combat.js';
import type { RunState } from './run-state.js';
import { playAt as play, runInFight } from './test-helpers.js';

function combatOf(run: RunState) {
  if (run.combat === null) throw new Error('no combat');
  return run.combat;
}

function firstMonster(run: RunState) {
  const monster = run.combat?.monsters[0];
  if (monster === undefined) throw new Error('no monster');
  return monster;
}

describe('damage and block arithmetic', () => {
  it('multiplies attack damage by 1.5 against a Vulnerable monster, rounding down', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], deck: ['DEFEND_IRONCLAD'] });
    const monster = firstMonster(run);
    monster.powers.VULNERABLE = 2;
    const before = monster.hp;
    play(run, 'STRIKE_IRONCLAD');
    expect(before - monster.hp).toBe(9);
    expect(playerAttackDamage(run, combatOf(run), 7, monster)).toBe(10);
  });

  it('multiplies damage by 0.75 when the attacker is Weak, for the player and monsters', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], deck: ['DEFEND_IRONCLAD'] });
    const combat = combatOf(run);
    combat.player.powers.WEAK = 1;
    expect(playerAttackDamage(run, combat, 6, null)).toBe(4);
    delete combat.player.powers.WEAK;
    const monster = firstMonster(run);
    monster.powers.WEAK = 1;
    expect(monsterAttackDamage(run, combat, monster, 11)).toBe(8);
  });

  it('applies vulnerable to monster attacks on the player and shows it in the intent arithmetic', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], deck: ['DEFEND_IRONCLAD'] });
    const combat = combatOf(run);
    combat.player.powers.VULNERABLE = 1;
    expect(monsterAttackDamage(run, combat, firstMonster(run), 11)).toBe(16);
  });

  it('reduces block from cards by 25% when Frail and adds Dexterity first', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], deck: ['DEFEND_IRONCLAD'] });
    const combat = combatOf(run);
    combat.player.block = 0;
    combat.player.powers.FRAIL = 1;
    play(run, 'DEFEND_IRONCLAD');
    expect(combat.player.block).toBe(3);
    combat.player.powers.DEXTERITY = 3;
    expect(playerBlock(combat, 5)).toBe(6);
  });

  it('adds Strength to every hit of a multi-hit attack', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], deck: ['DEFEND_IRONCLAD'] });
    const monster = firstMonster(run);
    combatOf(run).player.powers.STRENGTH = 3;
    const before = monster.hp;
    play(run, 'TWIN_STRIKE');
    expect(before - monster.hp).toBe(2 * (5 + 3));
  });

  it('adds monster Strength to every hit of its multi-hit attack', () => {
    const { run } = runInFight({ monsters: ['THE_GUARDIAN'], deck: ['DEFEND_IRONCLAD'] });
    const guardian = firstMonster(run);
    guardian.powers.STRENGTH = 2;
    new Combat(run).setMove(guardian, 'WHIRLWIND');
    const hpBefore = run.hp;
    combatOf(run).player.block = 0;
    combatOf(run).hand = [];
    new Combat(run).endTurn();
    expect(hpBefore - run.hp).toBe(4 * (5 + 2));
  });

  it('removes the player block at the start of the next turn, after the monsters attacked', () => {
    const { run } = runInFight({
      monsters: ['CULTIST'],
      deck: ['DEFEND_IRONCLAD', 'DEFEND_IRONCLAD', 'DEFEND_IRONCLAD', 'DEFEND_IRONCLAD', 'DEFEND_IRONCLAD'],
    });
    const combat = combatOf(run);
    combat.player.block = 30;
    new Combat(run).endTurn();
    expect(combat.turn).toBe(2);
    expect(combat.player.block).toBe(0);
  });

  it('starts each turn with 3 energy and 5 cards drawn', () => {
    const { run } = runInFight({
      monsters: ['CULTIST'],
      deck: Array.from({ length: 12 }, () => 'STRIKE_IRONCLAD'),
    });
    expect(combatOf(run).player.energy).toBe(3);
    expect(combatOf(run).hand.length).toBe(5);
  });

  it('blocks a debuff with Artifact and consumes one stack', () => {
    const { run } = runInFight({ monsters: ['SENTRY'], deck: ['DEFEND_IRONCLAD'] });
    const sentry = firstMonster(run);
    expect(sentry.powers.ARTIFACT).toBe(1);
    play(run, 'BASH');
    expect(sentry.powers.VULNERABLE).toBeUndefined();
    expect(sentry.powers.ARTIFACT).toBeUndefined();
  });
});

describe('Act 1 monster patterns', () => {
  it('Cultist opens with Incantation and then always uses Dark Strike, gaining 3 Strength per later round', () => {
    const { run } = runInFight({
      monsters: ['CULTIST'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const cultist = firstMonster(run);
    expect(cultist.move.id).toBe('INCANTATION');
    new Combat(run).endTurn();
    expect(cultist.powers.RITUAL).toBe(3);
    expect(cultist.powers.STRENGTH).toBeUndefined();
    expect(cultist.move.id).toBe('DARK_STRIKE');
    new Combat(run).endTurn();
    expect(cultist.powers.STRENGTH).toBe(3);
    new Combat(run).endTurn();
    expect(cultist.powers.STRENGTH).toBe(6);
  });

  it('Jaw Worm opens with Chomp and never Chomps or Bellows twice in a row or Thrashes three times', () => {
    for (let seed = 0; seed < 25; seed++) {
      const { run } = runInFight({
        monsters: ['JAW_WORM'],
        deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
        seed: `jaw${seed}`,
      });
      const worm = firstMonster(run);
      expect(worm.move.id).toBe('CHOMP');
      const moves: string[] = [];
      for (let turn = 0; turn < 12 && run.hp > 0; turn++) {
        moves.push(worm.move.id);
        run.hp = run.maxHp;
        new Combat(run).endTurn();
      }
      for (let index = 1; index < moves.length; index++) {
        if (moves[index] === 'CHOMP') expect(moves[index - 1]).not.toBe('CHOMP');
        if (moves[index] === 'BELLOW') expect(moves[index - 1]).not.toBe('BELLOW');
        if (index >= 2 && moves[index] === 'THRASH')
          expect(moves[index - 1] === 'THRASH' && moves[index - 2] === 'THRASH').toBe(false);
      }
    }
  });

  it('Louses never use the same move three times in a row and never Grow or Spit twice in a row', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { run } = runInFight({
        monsters: ['RED_LOUSE', 'GREEN_LOUSE'],
        deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
        seed: `louse${seed}`,
      });
      const histories: string[][] = [[], []];
      for (let turn = 0; turn < 10; turn++) {
        combatOf(run).monsters.forEach((monster, index) => {
          histories[index]?.push(monster.move.id);
        });
        run.hp = run.maxHp;
        new Combat(run).endTurn();
      }
      for (const moves of histories) {
        for (let index = 1; index < moves.length; index++) {
          if (moves[index] !== 'BITE') expect(moves[index - 1]).not.toBe(moves[index]);
          if (index >= 2)
            expect(
              moves[index] === 'BITE' && moves[index - 1] === 'BITE' && moves[index - 2] === 'BITE',
            ).toBe(false);
        }
      }
    }
  });

  it('Sentries alternate Bolt and Beam, the middle one starting with Beam', () => {
    const { run } = runInFight({
      monsters: ['SENTRY', 'SENTRY', 'SENTRY'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    expect(combatOf(run).monsters.map((monster) => monster.move.id)).toEqual(['BOLT', 'BEAM', 'BOLT']);
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(combatOf(run).monsters.map((monster) => monster.move.id)).toEqual(['BEAM', 'BOLT', 'BEAM']);
    expect(
      combatOf(run).discardPile.filter((card) => card.id === 'DAZED').length +
        combatOf(run).hand.filter((card) => card.id === 'DAZED').length +
        combatOf(run).drawPile.filter((card) => card.id === 'DAZED').length +
        combatOf(run).exhaustPile.filter((card) => card.id === 'DAZED').length,
    ).toBe(4);
  });

  it('Gremlin Nob opens with Bellow and then gains Strength whenever a Skill is played', () => {
    const { run } = runInFight({
      monsters: ['GREMLIN_NOB'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    expect(firstMonster(run).move.id).toBe('BELLOW');
    new Combat(run).endTurn();
    expect(firstMonster(run).powers.ENRAGE).toBe(2);
    play(run, 'DEFEND_IRONCLAD');
    expect(firstMonster(run).powers.STRENGTH).toBe(2);
  });

  it('Lagavulin sleeps with Metallicize, wakes stunned when hit, then attacks twice and siphons', () => {
    const { run } = runInFight({
      monsters: ['LAGAVULIN'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const lagavulin = firstMonster(run);
    expect(lagavulin.move.id).toBe('SLEEP');
    expect(lagavulin.powers.METALLICIZE).toBe(8);
    play(run, 'BASH');
    expect(lagavulin.move.id).toBe('STUNNED');
    expect(lagavulin.powers.METALLICIZE).toBeUndefined();
    const moves: string[] = [];
    for (let turn = 0; turn < 5; turn++) {
      run.hp = run.maxHp;
      new Combat(run).endTurn();
      moves.push(lagavulin.move.id);
    }
    expect(moves).toEqual(['ATTACK', 'ATTACK', 'SIPHON_SOUL', 'ATTACK', 'ATTACK']);
  });

  it('splits a Large Slime at half HP into two medium slimes with its current HP', () => {
    const { run } = runInFight({
      monsters: ['ACID_SLIME_L'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const slime = firstMonster(run);
    slime.hp = 39;
    slime.maxHp = 66;
    play(run, 'STRIKE_IRONCLAD');
    expect(slime.hp).toBe(33);
    expect(slime.move.id).toBe('SPLIT');
    new Combat(run).endTurn();
    const living = combatOf(run).monsters.filter((monster) => monster.alive);
    expect(living.map((monster) => monster.id)).toEqual(['ACID_SLIME_M', 'ACID_SLIME_M']);
    expect(living.map((monster) => monster.hp)).toEqual([33, 33]);
    expect(combatOf(run).over).toBe(false);
  });

  it('splits the Slime Boss into a Large Acid and a Large Spike slime', () => {
    const { run } = runInFight({
      monsters: ['SLIME_BOSS'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const boss = firstMonster(run);
    boss.hp = 72;
    play(run, 'STRIKE_IRONCLAD');
    expect(boss.move.id).toBe('SPLIT');
    new Combat(run).endTurn();
    const living = combatOf(run).monsters.filter((monster) => monster.alive);
    expect(living.map((monster) => monster.id).sort()).toEqual(['ACID_SLIME_L', 'SPIKE_SLIME_L']);
    expect(living.every((monster) => monster.hp === 66)).toBe(true);
  });

  it('shifts the Guardian to Defensive Mode after 30 damage, with 20 Block and Sharp Hide, then back with a higher threshold', () => {
    const { run } = runInFight({
      monsters: ['THE_GUARDIAN'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const guardian = firstMonster(run);
    expect(guardian.powers.MODE_SHIFT).toBe(30);
    play(run, 'BLUDGEON');
    expect(guardian.move.id).toBe('DEFENSIVE_MODE');
    expect(guardian.block).toBe(20);
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(guardian.powers.SHARP_HIDE).toBe(3);
    const hpBefore = run.hp;
    combatOf(run).player.block = 0;
    play(run, 'STRIKE_IRONCLAD');
    expect(hpBefore - run.hp).toBe(3);
    expect(guardian.move.id).toBe('ROLL_ATTACK');
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(guardian.move.id).toBe('TWIN_SLAM');
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(guardian.powers.SHARP_HIDE).toBeUndefined();
    expect(guardian.powers.MODE_SHIFT).toBe(40);
    expect(guardian.move.id).toBe('WHIRLWIND');
  });

  it('Hexaghost activates, then Divider hits 6 times for HP/12+1', () => {
    const { run } = runInFight({
      monsters: ['HEXAGHOST'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const hexaghost = firstMonster(run);
    expect(hexaghost.move.id).toBe('ACTIVATE');
    run.hp = 60;
    new Combat(run).endTurn();
    expect(hexaghost.move.id).toBe('DIVIDER');
    expect(hexaghost.move.baseDamage).toBe(6);
    expect(hexaghost.move.hits).toBe(6);
  });

  it('Looter steals gold with its attacks and returns it when killed', () => {
    const { run } = runInFight({
      monsters: ['LOOTER'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const goldBefore = run.gold;
    combatOf(run).player.block = 0;
    new Combat(run).endTurn();
    expect(run.gold).toBe(goldBefore - 15);
    const looter = firstMonster(run);
    looter.hp = 1;
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).stolenGold).toBe(15);
  });

  it('gives 2 Vulnerable to the player when a Fungi Beast dies', () => {
    const { run } = runInFight({
      monsters: ['FUNGI_BEAST', 'JAW_WORM'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    firstMonster(run).hp = 1;
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).player.powers.VULNERABLE).toBe(2);
  });
});

describe('card keywords', () => {
  it('exhausts Ethereal cards left in hand at the end of the turn and keeps the pile count', () => {
    const { run } = runInFight({
      monsters: ['CULTIST'],
      deck: [
        'CARNAGE',
        'DEFEND_IRONCLAD',
        'DEFEND_IRONCLAD',
        'DEFEND_IRONCLAD',
        'DEFEND_IRONCLAD',
        'DEFEND_IRONCLAD',
      ],
    });
    const combat = combatOf(run);
    const carnage = combat.hand.find((card) => card.id === 'CARNAGE');
    expect(carnage).toBeDefined();
    new Combat(run).endTurn();
    expect(combat.exhaustPile.some((card) => card.id === 'CARNAGE')).toBe(true);
  });

  it('puts Innate cards in the opening hand', () => {
    for (let seed = 0; seed < 10; seed++) {
      const { run } = runInFight({
        monsters: ['CULTIST'],
        deck: ['BACKSTAB', ...Array.from({ length: 14 }, () => 'DEFEND_SILENT')],
        character: 'SILENT',
        seed: `innate${seed}`,
      });
      expect(combatOf(run).hand.some((card) => card.id === 'BACKSTAB')).toBe(true);
    }
  });

  it('spends all energy on an X-cost card and repeats the effect X times', () => {
    const { run } = runInFight({
      monsters: ['SLIME_BOSS'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const combat = combatOf(run);
    combat.hand.push({
      uid: 999,
      id: 'WHIRLWIND',
      upgraded: false,
      combatCost: null,
      turnCost: null,
      bonus: 0,
      retainOnce: false,
    });
    const boss = firstMonster(run);
    const before = boss.hp;
    new Combat(run).playCard(combat.hand.length - 1, -1);
    expect(combat.player.energy).toBe(0);
    expect(before - boss.hp).toBe(15);
  });
});

describe('debuff timing', () => {
  it('keeps a Weak applied by a monster for the whole next player turn', () => {
    const { run } = runInFight({
      monsters: ['ACID_SLIME_S'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    const slime = firstMonster(run);
    new Combat(run).setMove(slime, 'LICK');
    new Combat(run).endTurn();
    expect(combatOf(run).player.powers.WEAK).toBe(1);
    new Combat(run).endTurn();
    expect(combatOf(run).player.powers.WEAK).toBeUndefined();
  });

  it('lets Vulnerable applied by the player last two player turns for 2 stacks', () => {
    const { run } = runInFight({
      monsters: ['JAW_WORM'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD'),
    });
    play(run, 'BASH');
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(firstMonster(run).powers.VULNERABLE).toBe(1);
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(firstMonster(run).powers.VULNERABLE).toBeUndefined();
  });

  it('does not give Strength back through Piercing Wail when Artifact blocked the loss', () => {
    const { run } = runInFight({
      monsters: ['SENTRY'],
      deck: Array.from({ length: 10 }, () => 'DEFEND_SILENT'),
      character: 'SILENT',
    });
    play(run, 'PIERCING_WAIL');
    run.hp = run.maxHp;
    new Combat(run).endTurn();
    expect(firstMonster(run).powers.STRENGTH).toBeUndefined();
  });
});
