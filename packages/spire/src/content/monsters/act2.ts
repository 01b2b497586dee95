// Act 2 (The City) monsters: a representative set of the original's normals, elites and bosses.
// Where a mechanic is simplified, the description says so.
import type { MonsterContext, MonsterDefinition } from '../../engine/definitions.js';
import { move } from './monster.js';
import { stealGold } from './steal-gold.js';

function allies(x: MonsterContext) {
  return x.combat.livingMonsters().filter((monster) => monster !== x.monster);
}

export const ACT2_MONSTERS: readonly MonsterDefinition[] = [
  {
    id: 'SPHERIC_GUARDIAN',
    name: 'Spheric Guardian',
    hp: [20, 20],
    text: 'Barricade (keeps its Block), Artifact 3, starts with 40 Block. Activate (25 Block), then Attack (10 damage, 5 Frail), then alternates Slam (10 damage x2) and Harden (10 damage, 15 Block).',
    moves: [
      move('ACTIVATE', 'Activate', 'Defend', undefined, undefined, (x) => x.gainBlock(25)),
      move('FRAIL_ATTACK', 'Attack', 'AttackDebuff', 10, 1, (x) => x.debuffPlayer('FRAIL', 5)),
      move('SLAM', 'Slam', 'Attack', 10, 2),
      move('HARDEN', 'Harden', 'AttackDefend', 10, 1, (x) => x.gainBlock(15)),
    ],
    setup: (x) => {
      x.monster.powers.BARRICADE = 1;
      x.monster.powers.ARTIFACT = 3;
      x.monster.block = 40;
    },
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'ACTIVATE';
      if (x.lastMove('ACTIVATE')) return 'FRAIL_ATTACK';
      return x.lastMove('SLAM') ? 'HARDEN' : 'SLAM';
    },
  },
  {
    id: 'CHOSEN',
    name: 'Chosen',
    hp: [95, 99],
    text: 'Poke (5 damage x2), then Hex (whenever you play a non-Attack card, a Dazed is shuffled into your draw pile). Then alternates Debilitate (10 damage, 2 Vulnerable) or Drain (3 Weak, gains 3 Strength) with Zap (18 damage) or Poke.',
    moves: [
      move('POKE', 'Poke', 'Attack', 5, 2),
      move('HEX', 'Hex', 'StrongDebuff', undefined, undefined, (x) => x.debuffPlayer('HEX', 1)),
      move('DEBILITATE', 'Debilitate', 'AttackDebuff', 10, 1, (x) => x.debuffPlayer('VULNERABLE', 2)),
      move('DRAIN', 'Drain', 'Debuff', undefined, undefined, (x) => {
        x.debuffPlayer('WEAK', 3);
        x.buff('STRENGTH', 3);
      }),
      move('ZAP', 'Zap', 'Attack', 18),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'POKE';
      if (x.monster.history.length === 1) return 'HEX';
      if (x.lastMove('DEBILITATE') || x.lastMove('DRAIN')) return x.roll() < 60 ? 'ZAP' : 'POKE';
      return x.roll() < 50 ? 'DEBILITATE' : 'DRAIN';
    },
  },
  {
    id: 'SNECKO',
    name: 'Snecko',
    hp: [114, 120],
    text: 'Opens with Perplexing Glare (Confused: every card you draw costs 0-3 for the rest of the combat). Then Tail Whip (8 damage, 2 Vulnerable) 40%, else Bite (15 damage), never Bite three times in a row.',
    moves: [
      move('PERPLEXING_GLARE', 'Perplexing Glare', 'StrongDebuff', undefined, undefined, (x) =>
        x.debuffPlayer('CONFUSED', 1),
      ),
      move('BITE', 'Bite', 'Attack', 15),
      move('TAIL_WHIP', 'Tail Whip', 'AttackDebuff', 8, 1, (x) => x.debuffPlayer('VULNERABLE', 2)),
    ],
    // Decompiled Snecko.getMove (Ascension 0): Glare first, then Tail Whip under 40, else Bite
    // unless the last two moves were Bites.
    nextMove: (x) => {
      if (x.monster.history.length === 0 && x.monster.move.id === 'NONE') return 'PERPLEXING_GLARE';
      if (x.roll() < 40) return 'TAIL_WHIP';
      return x.lastTwoMoves('BITE') ? 'TAIL_WHIP' : 'BITE';
    },
  },
  {
    id: 'SHELLED_PARASITE',
    name: 'Shelled Parasite',
    hp: [68, 72],
    text: 'Plated Armor 14. Opens with Double Strike (6 damage x2) or Suck (10 damage, heals the unblocked damage), even odds. Then Fell (18 damage, 2 Frail) 20%, never twice in a row (it rolls again among the others); Double Strike 40% and Suck 40%, never three times in a row.',
    moves: [
      move('DOUBLE_STRIKE', 'Double Strike', 'Attack', 6, 2),
      move('SUCK', 'Suck', 'AttackBuff', 10, 1, (x) => {
        x.monster.hp = Math.min(x.monster.maxHp, x.monster.hp + 5);
      }),
      move('FELL', 'Fell', 'AttackDebuff', 18, 1, (x) => x.debuffPlayer('FRAIL', 2)),
    ],
    setup: (x) => {
      x.monster.powers.PLATED_ARMOR = 14;
    },
    // Decompiled ShelledParasite.getMove (Ascension 0): a 50/50 opener, Fell rerolled in 20-99
    // after a Fell, Double Strike and Suck each barred only after two in a row.
    nextMove: (x) => {
      if (x.monster.history.length === 0 && x.monster.move.id === 'NONE')
        return x.roll() < 50 ? 'DOUBLE_STRIKE' : 'SUCK';
      let roll = x.roll();
      if (roll < 20) {
        if (!x.lastMove('FELL')) return 'FELL';
        roll = 20 + Math.floor((x.roll() * 80) / 100);
      }
      if (roll < 60) return x.lastTwoMoves('DOUBLE_STRIKE') ? 'SUCK' : 'DOUBLE_STRIKE';
      return x.lastTwoMoves('SUCK') ? 'DOUBLE_STRIKE' : 'SUCK';
    },
  },
  {
    id: 'BYRD',
    name: 'Byrd',
    hp: [25, 31],
    text: 'Opens with Caw (+1 Strength) 37.5% or Peck (1 damage x5). Then Peck 50% (never three in a row), Swoop (12 damage) 20% and Caw 30% (never twice in a row). Flight is not modelled.',
    moves: [
      move('PECK', 'Peck', 'Attack', 1, 5),
      move('CAW', 'Caw', 'Buff', undefined, undefined, (x) => x.buff('STRENGTH', 1)),
      move('SWOOP', 'Swoop', 'Attack', 12),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return x.roll() < 38 ? 'CAW' : 'PECK';
      const roll = x.roll();
      if (roll < 50) return x.lastTwoMoves('PECK') ? (x.roll() < 40 ? 'SWOOP' : 'CAW') : 'PECK';
      if (roll < 70) return x.lastMove('SWOOP') ? 'PECK' : 'SWOOP';
      return x.lastMove('CAW') ? 'PECK' : 'CAW';
    },
  },
  {
    id: 'SNAKE_PLANT',
    name: 'Snake Plant',
    hp: [75, 79],
    text: 'Malleable 3 (gains Block when hit, more each time). Chomp (7 damage x3) 65%, never three in a row; Enfeebling Spores (2 Weak, 2 Frail) 35%, never twice in a row.',
    moves: [
      move('CHOMP', 'Chomp', 'Attack', 7, 3),
      move('SPORES', 'Enfeebling Spores', 'StrongDebuff', undefined, undefined, (x) => {
        x.debuffPlayer('WEAK', 2);
        x.debuffPlayer('FRAIL', 2);
      }),
    ],
    setup: (x) => {
      x.monster.powers.MALLEABLE = 3;
    },
    nextMove: (x) => {
      if (x.roll() < 65) return x.lastTwoMoves('CHOMP') ? 'SPORES' : 'CHOMP';
      return x.lastMove('SPORES') ? 'CHOMP' : 'SPORES';
    },
  },
  {
    id: 'CENTURION',
    name: 'Centurion',
    hp: [76, 80],
    text: 'Slash (12 damage) 65%, never three in a row; otherwise Defend (gives 15 Block to an ally) or, when alone, Fury (6 damage x3).',
    moves: [
      move('SLASH', 'Slash', 'Attack', 12),
      move('PROTECT', 'Defend', 'Defend', undefined, undefined, (x) => {
        const others = allies(x);
        const ally = others[0] ?? x.monster;
        ally.block += 15;
      }),
      move('FURY', 'Fury', 'Attack', 6, 3),
    ],
    nextMove: (x) => {
      if (x.roll() < 65 && !x.lastTwoMoves('SLASH')) return 'SLASH';
      return allies(x).length > 0 ? 'PROTECT' : 'FURY';
    },
  },
  {
    id: 'MYSTIC',
    name: 'Mystic',
    hp: [48, 56],
    text: 'Heals all allies 16 HP when they miss 15 or more HP; otherwise Buff (+2 Strength to all allies) 40% or Attack (8 damage, 2 Frail) 60%, never the same twice in a row.',
    moves: [
      move('HEAL', 'Heal', 'Buff', undefined, undefined, (x) => {
        for (const monster of x.combat.livingMonsters())
          monster.hp = Math.min(monster.maxHp, monster.hp + 16);
      }),
      move('BUFF', 'Buff', 'Buff', undefined, undefined, (x) => {
        for (const monster of x.combat.livingMonsters())
          x.combat.applyToMonster(x.combat.monsterIndex(monster), 'STRENGTH', 2);
      }),
      move('ATTACK', 'Attack', 'AttackDebuff', 8, 1, (x) => x.debuffPlayer('FRAIL', 2)),
    ],
    nextMove: (x) => {
      const missing = x.combat.livingMonsters().reduce((sum, monster) => sum + monster.maxHp - monster.hp, 0);
      if (missing >= 15 && !x.lastMove('HEAL')) return 'HEAL';
      if (x.roll() < 40 && !x.lastMove('BUFF')) return 'BUFF';
      return x.lastMove('ATTACK') ? 'BUFF' : 'ATTACK';
    },
  },
  {
    id: 'MUGGER',
    name: 'Mugger',
    hp: [48, 52],
    text: 'Thievery: each attack steals up to 15 Gold, returned if it dies. Mug (10 damage) twice, then Lunge (16 damage) or Smoke Bomb (11 Block) at 50%, Smoke Bomb after Lunge, then it escapes.',
    moves: [
      move('MUG', 'Mug', 'Attack', 10, 1, (x) => stealGold(x, 15)),
      move('LUNGE', 'Lunge', 'Attack', 16, 1, (x) => stealGold(x, 15)),
      move('SMOKE_BOMB', 'Smoke Bomb', 'Defend', undefined, undefined, (x) => x.gainBlock(11)),
      move('ESCAPE', 'Escape', 'Escape', undefined, undefined, (x) => x.escape()),
    ],
    setup: (x) => {
      x.monster.powers.THIEVERY = 15;
    },
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE' || x.monster.history.length < 2) return 'MUG';
      if (x.lastMove('SMOKE_BOMB')) return 'ESCAPE';
      if (x.lastMove('LUNGE')) return 'SMOKE_BOMB';
      return x.roll() < 50 ? 'LUNGE' : 'SMOKE_BOMB';
    },
  },
  // Elites
  {
    id: 'GREMLIN_LEADER',
    name: 'Gremlin Leader',
    hp: [140, 148],
    text: 'Rally (summons 2 gremlins) when it has fewer than 2 allies, Encourage (+3 Strength and 6 Block to all allies), Stab (6 damage x3).',
    moves: [
      move('RALLY', 'Rally!', 'Unknown', undefined, undefined, (x) => {
        const pool = ['MAD_GREMLIN', 'SNEAKY_GREMLIN', 'FAT_GREMLIN', 'SHIELD_GREMLIN', 'GREMLIN_WIZARD'];
        for (let count = 0; count < 2; count++)
          x.spawn(pool[Math.floor(x.roll() / 20)] ?? 'MAD_GREMLIN', null);
      }),
      move('ENCOURAGE', 'Encourage', 'DefendBuff', undefined, undefined, (x) => {
        for (const monster of x.combat.livingMonsters()) {
          x.combat.applyToMonster(x.combat.monsterIndex(monster), 'STRENGTH', 3);
          if (monster !== x.monster) monster.block += 6;
        }
      }),
      move('STAB', 'Stab', 'Attack', 6, 3),
    ],
    nextMove: (x) => {
      const count = allies(x).length;
      if (count < 2 && !x.lastMove('RALLY')) return 'RALLY';
      if (x.roll() < 50 && !x.lastMove('ENCOURAGE')) return 'ENCOURAGE';
      return x.lastMove('STAB') ? 'ENCOURAGE' : 'STAB';
    },
  },
  {
    id: 'BOOK_OF_STABBING',
    name: 'Book of Stabbing',
    hp: [160, 164],
    text: 'Multi-Stab (6 damage, 2 hits the first time and one more hit every use) 85%, Single Stab (21 damage) 15%; never Single Stab twice in a row, never Multi-Stab three times in a row.',
    moves: [move('MULTI_STAB', 'Multi-Stab', 'Attack', 6), move('SINGLE_STAB', 'Single Stab', 'Attack', 21)],
    setup: (x) => {
      x.monster.memory.MULTI_STAB_HITS = 1;
    },
    // Decompiled BookOfStabbing.getMove: under 15 Single Stab unless it was the last move; otherwise
    // Multi-Stab unless the last two were Multi-Stabs (then Single Stab).
    nextMove: (x) => {
      const single = x.roll() < 15 ? !x.lastMove('SINGLE_STAB') : x.lastTwoMoves('MULTI_STAB');
      if (single) return 'SINGLE_STAB';
      x.monster.memory.MULTI_STAB_HITS = (x.monster.memory.MULTI_STAB_HITS ?? 1) + 1;
      return 'MULTI_STAB';
    },
  },
  {
    id: 'TASKMASTER',
    name: 'Taskmaster',
    hp: [54, 60],
    text: 'Always uses Scouring Whip (7 damage, adds a Wound to your discard pile).',
    moves: [
      move('SCOURING_WHIP', 'Scouring Whip', 'AttackDebuff', 7, 1, (x) => x.addStatus('WOUND', 'discard', 1)),
    ],
    nextMove: () => 'SCOURING_WHIP',
  },
  // Bosses
  {
    id: 'BRONZE_AUTOMATON',
    name: 'Bronze Automaton',
    hp: [300, 300],
    text: 'Artifact 3. Spawn Orbs (2 Bronze Orbs), then repeats Flail (7 damage x2), Boost (+3 Strength, 9 Block), Flail, Hyper Beam (45 damage), Stunned.',
    moves: [
      move('SPAWN_ORBS', 'Spawn Orbs', 'Unknown', undefined, undefined, (x) => {
        x.spawn('BRONZE_ORB', null);
        x.spawn('BRONZE_ORB', null);
      }),
      move('FLAIL', 'Flail', 'Attack', 7, 2),
      move('BOOST', 'Boost', 'DefendBuff', undefined, undefined, (x) => {
        x.buff('STRENGTH', 3);
        x.gainBlock(9);
      }),
      move('HYPER_BEAM', 'Hyper Beam', 'Attack', 45),
      move('STUNNED', 'Stunned', 'Stun'),
    ],
    setup: (x) => {
      x.monster.powers.ARTIFACT = 3;
    },
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'SPAWN_ORBS';
      const cycle = ['FLAIL', 'BOOST', 'FLAIL', 'HYPER_BEAM', 'STUNNED'];
      const step = x.monster.memory.cycle ?? 0;
      x.monster.memory.cycle = (step + 1) % cycle.length;
      return cycle[step] ?? 'FLAIL';
    },
  },
  {
    id: 'BRONZE_ORB',
    name: 'Bronze Orb',
    hp: [52, 58],
    text: 'Beam (8 damage) 70% or Support Beam (12 Block to the Bronze Automaton) 30%, never the same three times in a row. Stasis is not modelled.',
    moves: [
      move('BEAM', 'Beam', 'Attack', 8),
      move('SUPPORT_BEAM', 'Support Beam', 'Defend', undefined, undefined, (x) => {
        const boss =
          x.combat.livingMonsters().find((monster) => monster.id === 'BRONZE_AUTOMATON') ?? x.monster;
        boss.block += 12;
      }),
    ],
    nextMove: (x) => {
      if (x.roll() < 70) return x.lastTwoMoves('BEAM') ? 'SUPPORT_BEAM' : 'BEAM';
      return x.lastTwoMoves('SUPPORT_BEAM') ? 'BEAM' : 'SUPPORT_BEAM';
    },
  },
  {
    id: 'THE_CHAMP',
    name: 'The Champ',
    hp: [420, 420],
    text: 'Face Slap (12 damage, 2 Frail, 2 Vulnerable), Heavy Slash (16 damage), Defensive Stance (15 Block, 5 Metallicize; at most twice), Gloat (+2 Strength), Taunt (2 Weak, 2 Vulnerable); every 4th turn Taunt. Below half HP: Anger (removes its debuffs, +6 Strength), then Execute (10 damage x2) every other turn.',
    moves: [
      move('FACE_SLAP', 'Face Slap', 'AttackDebuff', 12, 1, (x) => {
        x.debuffPlayer('FRAIL', 2);
        x.debuffPlayer('VULNERABLE', 2);
      }),
      move('HEAVY_SLASH', 'Heavy Slash', 'Attack', 16),
      move('DEFENSIVE_STANCE', 'Defensive Stance', 'DefendBuff', undefined, undefined, (x) => {
        x.gainBlock(15);
        x.buff('METALLICIZE', 5);
        x.monster.memory.stances = (x.monster.memory.stances ?? 0) + 1;
      }),
      move('GLOAT', 'Gloat', 'Buff', undefined, undefined, (x) => x.buff('STRENGTH', 2)),
      move('TAUNT', 'Taunt', 'Debuff', undefined, undefined, (x) => {
        x.debuffPlayer('WEAK', 2);
        x.debuffPlayer('VULNERABLE', 2);
      }),
      move('ANGER', 'Anger', 'Buff', undefined, undefined, (x) => {
        for (const id of ['WEAK', 'VULNERABLE', 'POISON', 'SHACKLED']) delete x.monster.powers[id];
        if ((x.monster.powers.STRENGTH ?? 0) < 0) delete x.monster.powers.STRENGTH;
        x.buff('STRENGTH', 6);
        x.monster.memory.angry = 2;
      }),
      move('EXECUTE', 'Execute', 'Attack', 10, 2),
    ],
    onDamaged: (x) => {
      if ((x.monster.memory.angry ?? 0) === 0 && x.monster.hp * 2 <= x.monster.maxHp) {
        x.monster.memory.angry = 1;
        x.setMove('ANGER');
      }
    },
    nextMove: (x) => {
      const turn = (x.monster.memory.turn ?? 0) + 1;
      x.monster.memory.turn = turn;
      if ((x.monster.memory.angry ?? 0) === 2) {
        if (!x.lastMove('EXECUTE') && !(x.monster.history[x.monster.history.length - 2] === 'EXECUTE'))
          return 'EXECUTE';
        return x.roll() < 50 ? 'HEAVY_SLASH' : 'FACE_SLAP';
      }
      if (turn % 4 === 0) return 'TAUNT';
      const roll = x.roll();
      if (roll < 15 && (x.monster.memory.stances ?? 0) < 2 && !x.lastMove('DEFENSIVE_STANCE'))
        return 'DEFENSIVE_STANCE';
      if (roll < 30 && !x.lastMove('GLOAT')) return 'GLOAT';
      if (roll < 55 && !x.lastMove('FACE_SLAP')) return 'FACE_SLAP';
      return x.lastMove('HEAVY_SLASH') ? 'FACE_SLAP' : 'HEAVY_SLASH';
    },
  },
  {
    id: 'THE_COLLECTOR',
    name: 'The Collector',
    hp: [282, 282],
    text: 'Spawn (2 Torch Heads), then Fireball (18 damage), Buff (+3 Strength to all, 15 Block) and, on its 4th turn, Mega Debuff (3 Weak, 3 Vulnerable, 3 Frail). Respawns Torch Heads when none are left.',
    moves: [
      move('SPAWN', 'Spawn', 'Unknown', undefined, undefined, (x) => {
        const heads = allies(x).length;
        for (let count = heads; count < 2; count++) x.spawn('TORCH_HEAD', null);
      }),
      move('FIREBALL', 'Fireball', 'Attack', 18),
      move('BUFF', 'Buff', 'DefendBuff', undefined, undefined, (x) => {
        x.gainBlock(15);
        for (const monster of x.combat.livingMonsters())
          x.combat.applyToMonster(x.combat.monsterIndex(monster), 'STRENGTH', 3);
      }),
      move('MEGA_DEBUFF', 'Mega Debuff', 'StrongDebuff', undefined, undefined, (x) => {
        x.debuffPlayer('WEAK', 3);
        x.debuffPlayer('VULNERABLE', 3);
        x.debuffPlayer('FRAIL', 3);
      }),
    ],
    nextMove: (x) => {
      const turn = (x.monster.memory.turn ?? 0) + 1;
      x.monster.memory.turn = turn;
      if (turn === 1) return 'SPAWN';
      if (turn === 4) return 'MEGA_DEBUFF';
      if (allies(x).length === 0 && x.roll() < 25) return 'SPAWN';
      if (x.roll() < 30 && !x.lastMove('BUFF')) return 'BUFF';
      return x.lastTwoMoves('FIREBALL') ? 'BUFF' : 'FIREBALL';
    },
  },
  {
    id: 'TORCH_HEAD',
    name: 'Torch Head',
    hp: [38, 40],
    text: 'Always uses Tackle (7 damage).',
    moves: [move('TACKLE', 'Tackle', 'Attack', 7)],
    nextMove: () => 'TACKLE',
  },
];
