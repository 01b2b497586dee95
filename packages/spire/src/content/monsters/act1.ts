// Act 1 (Exordium) monsters with the original HP ranges, moves, odds and repeat limits.
import type { MonsterContext, MonsterDefinition } from '../../engine/definitions.js';
import { move, split, splitWhenHalf } from './monster.js';
import { stealGold } from './steal-gold.js';

/**
 * Acid Slime (M) and (L) at Ascension 0 (decompiled AcidSlime_M/AcidSlime_L.getMove): Spit under 30
 * unless it Spat twice running (then Tackle or Lick, even odds), Tackle under 70 unless it Tackled
 * last (then 40% Spit, else Lick), else Lick unless it Licked twice running (then 40% Spit, else Tackle).
 */
function acidSlimeMove(x: MonsterContext): string {
  const roll = x.roll();
  if (roll < 30)
    return x.lastTwoMoves('CORROSIVE_SPIT') ? (x.roll() < 50 ? 'TACKLE' : 'LICK') : 'CORROSIVE_SPIT';
  if (roll < 70) return x.lastMove('TACKLE') ? (x.roll() < 40 ? 'CORROSIVE_SPIT' : 'LICK') : 'TACKLE';
  return x.lastTwoMoves('LICK') ? (x.roll() < 40 ? 'CORROSIVE_SPIT' : 'TACKLE') : 'LICK';
}

export const ACT1_MONSTERS: readonly MonsterDefinition[] = [
  {
    id: 'CULTIST',
    name: 'Cultist',
    hp: [48, 54],
    text: 'Opens with Incantation (gains 3 Ritual: +3 Strength at the end of every later round), then always uses Dark Strike (6 damage).',
    moves: [
      move('INCANTATION', 'Incantation', 'Buff', undefined, undefined, (x) => x.buff('RITUAL', 3)),
      move('DARK_STRIKE', 'Dark Strike', 'Attack', 6),
    ],
    nextMove: (x) =>
      x.monster.history.length === 0 && x.monster.move.id === 'NONE' ? 'INCANTATION' : 'DARK_STRIKE',
  },
  {
    id: 'JAW_WORM',
    name: 'Jaw Worm',
    hp: [40, 44],
    text: 'Opens with Chomp (11 damage). Then Chomp 25%, Thrash 30% (7 damage, 5 Block), Bellow 45% (+3 Strength, 6 Block). Never Chomps or Bellows twice in a row, never Thrashes three times in a row.',
    moves: [
      move('CHOMP', 'Chomp', 'Attack', 11),
      move('THRASH', 'Thrash', 'AttackDefend', 7, 1, (x) => x.gainBlock(5)),
      move('BELLOW', 'Bellow', 'DefendBuff', undefined, undefined, (x) => {
        x.buff('STRENGTH', 3);
        x.gainBlock(6);
      }),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'CHOMP';
      const roll = x.roll();
      if (roll < 25) return x.lastMove('CHOMP') ? (x.roll() < 56 ? 'BELLOW' : 'THRASH') : 'CHOMP';
      if (roll < 55) return x.lastTwoMoves('THRASH') ? (x.roll() < 36 ? 'CHOMP' : 'BELLOW') : 'THRASH';
      return x.lastMove('BELLOW') ? (x.roll() < 42 ? 'CHOMP' : 'THRASH') : 'BELLOW';
    },
  },
  {
    id: 'RED_LOUSE',
    name: 'Red Louse',
    hp: [10, 15],
    text: 'Curls up (3-7 Block) the first time it takes attack damage. Bite (5-7 damage, rolled once) 75%, Grow (+3 Strength) 25%. Never Grows twice in a row or Bites three times in a row.',
    moves: [
      move('BITE', 'Bite', 'Attack'),
      move('GROW', 'Grow', 'Buff', undefined, undefined, (x) => x.buff('STRENGTH', 3)),
    ],
    setup: (x) => {
      x.monster.memory.BITE_DAMAGE = 5 + Math.floor(x.roll() / 34);
      x.monster.powers.CURL_UP = 3 + Math.floor(x.roll() / 20);
    },
    nextMove: (x) => {
      if (x.roll() < 25) return x.lastMove('GROW') ? 'BITE' : 'GROW';
      return x.lastTwoMoves('BITE') ? 'GROW' : 'BITE';
    },
  },
  {
    id: 'GREEN_LOUSE',
    name: 'Green Louse',
    hp: [11, 17],
    text: 'Curls up (3-7 Block) the first time it takes attack damage. Bite (5-7 damage, rolled once) 75%, Spit Web (2 Weak) 25%. Never Spits twice in a row or Bites three times in a row.',
    moves: [
      move('BITE', 'Bite', 'Attack'),
      move('SPIT_WEB', 'Spit Web', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('WEAK', 2)),
    ],
    setup: (x) => {
      x.monster.memory.BITE_DAMAGE = 5 + Math.floor(x.roll() / 34);
      x.monster.powers.CURL_UP = 3 + Math.floor(x.roll() / 20);
    },
    nextMove: (x) => {
      if (x.roll() < 25) return x.lastMove('SPIT_WEB') ? 'BITE' : 'SPIT_WEB';
      return x.lastTwoMoves('BITE') ? 'SPIT_WEB' : 'BITE';
    },
  },
  {
    id: 'SPIKE_SLIME_S',
    name: 'Spike Slime (S)',
    hp: [10, 14],
    text: 'Always uses Tackle (5 damage).',
    moves: [move('TACKLE', 'Tackle', 'Attack', 5)],
    nextMove: () => 'TACKLE',
  },
  {
    id: 'ACID_SLIME_S',
    name: 'Acid Slime (S)',
    hp: [8, 12],
    text: 'Alternates Lick (1 Weak) and Tackle (3 damage), starting with either.',
    moves: [
      move('LICK', 'Lick', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('WEAK', 1)),
      move('TACKLE', 'Tackle', 'Attack', 3),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return x.roll() < 50 ? 'LICK' : 'TACKLE';
      return x.lastMove('LICK') ? 'TACKLE' : 'LICK';
    },
  },
  {
    id: 'ACID_SLIME_M',
    name: 'Acid Slime (M)',
    hp: [28, 32],
    text: 'Corrosive Spit (7 damage, 1 Slimed into your discard pile) 30%, Tackle (10 damage) 40%, Lick (1 Weak) 30%. Never Spits or Licks three times in a row, never Tackles twice in a row.',
    moves: [
      move('CORROSIVE_SPIT', 'Corrosive Spit', 'AttackDebuff', 7, 1, (x) =>
        x.addStatus('SLIMED', 'discard', 1),
      ),
      move('TACKLE', 'Tackle', 'Attack', 10),
      move('LICK', 'Lick', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('WEAK', 1)),
    ],
    nextMove: acidSlimeMove,
  },
  {
    id: 'SPIKE_SLIME_M',
    name: 'Spike Slime (M)',
    hp: [28, 32],
    text: 'Flame Tackle (8 damage, 1 Slimed into your discard pile) 30%, Lick (1 Frail) 70%. Never the same move three times in a row.',
    moves: [
      move('FLAME_TACKLE', 'Flame Tackle', 'AttackDebuff', 8, 1, (x) => x.addStatus('SLIMED', 'discard', 1)),
      move('LICK', 'Lick', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('FRAIL', 1)),
    ],
    nextMove: (x) => {
      if (x.roll() < 30) return x.lastTwoMoves('FLAME_TACKLE') ? 'LICK' : 'FLAME_TACKLE';
      return x.lastTwoMoves('LICK') ? 'FLAME_TACKLE' : 'LICK';
    },
  },
  {
    id: 'ACID_SLIME_L',
    name: 'Acid Slime (L)',
    hp: [65, 69],
    text: 'Corrosive Spit (11 damage, 2 Slimed) 30%, Tackle (16 damage) 40%, Lick (2 Weak) 30%; never Spits or Licks three times in a row, never Tackles twice in a row. At or below 50% HP it splits into two Acid Slimes (M) with its current HP.',
    moves: [
      move('CORROSIVE_SPIT', 'Corrosive Spit', 'AttackDebuff', 11, 1, (x) =>
        x.addStatus('SLIMED', 'discard', 2),
      ),
      move('TACKLE', 'Tackle', 'Attack', 16),
      move('LICK', 'Lick', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('WEAK', 2)),
      move('SPLIT', 'Split', 'Unknown', undefined, undefined, split(['ACID_SLIME_M', 'ACID_SLIME_M'])),
    ],
    setup: (x) => {
      x.monster.powers.SPLIT = 1;
    },
    onDamaged: splitWhenHalf,
    nextMove: acidSlimeMove,
  },
  {
    id: 'SPIKE_SLIME_L',
    name: 'Spike Slime (L)',
    hp: [64, 70],
    text: 'Flame Tackle (16 damage, 2 Slimed) 30%, Lick (2 Frail) 70%; never the same move three times in a row. At or below 50% HP it splits into two Spike Slimes (M) with its current HP.',
    moves: [
      move('FLAME_TACKLE', 'Flame Tackle', 'AttackDebuff', 16, 1, (x) => x.addStatus('SLIMED', 'discard', 2)),
      move('LICK', 'Lick', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('FRAIL', 2)),
      move('SPLIT', 'Split', 'Unknown', undefined, undefined, split(['SPIKE_SLIME_M', 'SPIKE_SLIME_M'])),
    ],
    setup: (x) => {
      x.monster.powers.SPLIT = 1;
    },
    onDamaged: splitWhenHalf,
    nextMove: (x) => {
      if (x.roll() < 30) return x.lastTwoMoves('FLAME_TACKLE') ? 'LICK' : 'FLAME_TACKLE';
      return x.lastTwoMoves('LICK') ? 'FLAME_TACKLE' : 'LICK';
    },
  },
  {
    id: 'BLUE_SLAVER',
    name: 'Blue Slaver',
    hp: [46, 50],
    text: 'Stab (12 damage) 60%, Rake (7 damage, 1 Weak) 40%. Never the same move three times in a row.',
    moves: [
      move('STAB', 'Stab', 'Attack', 12),
      move('RAKE', 'Rake', 'AttackDebuff', 7, 1, (x) => x.debuffPlayer('WEAK', 1)),
    ],
    nextMove: (x) => {
      if (x.roll() >= 40 && !x.lastTwoMoves('STAB')) return 'STAB';
      return x.lastTwoMoves('RAKE') ? 'STAB' : 'RAKE';
    },
  },
  {
    id: 'RED_SLAVER',
    name: 'Red Slaver',
    hp: [46, 50],
    text: 'Opens with Stab (13 damage). Once per combat, 25% chance of Entangle (you cannot play Attacks next turn). Otherwise Scrape (8 damage, 1 Vulnerable), or, once Entangle has been used, Stab on 20% of the rolls; never the same attack three times in a row.',
    moves: [
      move('STAB', 'Stab', 'Attack', 13),
      move('SCRAPE', 'Scrape', 'AttackDebuff', 8, 1, (x) => x.debuffPlayer('VULNERABLE', 1)),
      move('ENTANGLE', 'Entangle', 'StrongDebuff', undefined, undefined, (x) => {
        x.debuffPlayer('ENTANGLED', 1);
        x.monster.memory.entangled = 1;
      }),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'STAB';
      const roll = x.roll();
      if (roll >= 75 && (x.monster.memory.entangled ?? 0) === 0) return 'ENTANGLE';
      // Rolls 55-74 stab only after Entangle (decompiled SlaverRed.getMove: num >= 55 && usedEntangle).
      if (roll >= 55 && (x.monster.memory.entangled ?? 0) > 0 && !x.lastTwoMoves('STAB')) return 'STAB';
      return x.lastTwoMoves('SCRAPE') ? 'STAB' : 'SCRAPE';
    },
  },
  {
    id: 'FUNGI_BEAST',
    name: 'Fungi Beast',
    hp: [22, 28],
    text: 'Spore Cloud: on death, applies 2 Vulnerable to you. Bite (6 damage) 60%, Grow (+3 Strength) 40%. Never Bites three times in a row or Grows twice in a row.',
    moves: [
      move('BITE', 'Bite', 'Attack', 6),
      move('GROW', 'Grow', 'Buff', undefined, undefined, (x) => x.buff('STRENGTH', 3)),
    ],
    setup: (x) => {
      x.monster.powers.SPORE_CLOUD = 2;
    },
    nextMove: (x) => {
      if (x.roll() < 60) return x.lastTwoMoves('BITE') ? 'GROW' : 'BITE';
      return x.lastMove('GROW') ? 'BITE' : 'GROW';
    },
  },
  {
    id: 'LOOTER',
    name: 'Looter',
    hp: [44, 48],
    text: 'Thievery: each attack steals up to 15 Gold, returned if it dies. Mug (10 damage) twice, then Lunge (12 damage) or Smoke Bomb (6 Block) at 50%, Smoke Bomb after Lunge, then it escapes with the Gold.',
    moves: [
      move('MUG', 'Mug', 'Attack', 10, 1, (x) => stealGold(x, 15)),
      move('LUNGE', 'Lunge', 'Attack', 12, 1, (x) => stealGold(x, 15)),
      move('SMOKE_BOMB', 'Smoke Bomb', 'Defend', undefined, undefined, (x) => x.gainBlock(6)),
      move('ESCAPE', 'Escape', 'Escape', undefined, undefined, (x) => x.escape()),
    ],
    setup: (x) => {
      x.monster.powers.THIEVERY = 15;
    },
    nextMove: (x) => {
      const history = x.monster.history;
      if (x.monster.move.id === 'NONE' || history.length < 2) return 'MUG';
      if (x.lastMove('SMOKE_BOMB')) return 'ESCAPE';
      if (x.lastMove('LUNGE')) return 'SMOKE_BOMB';
      return x.roll() < 50 ? 'LUNGE' : 'SMOKE_BOMB';
    },
  },
  {
    id: 'MAD_GREMLIN',
    name: 'Mad Gremlin',
    hp: [20, 24],
    text: 'Angry: gains 1 Strength whenever it takes attack damage. Always uses Scratch (4 damage).',
    moves: [move('SCRATCH', 'Scratch', 'Attack', 4)],
    setup: (x) => {
      x.monster.powers.ANGRY = 1;
    },
    nextMove: () => 'SCRATCH',
  },
  {
    id: 'SNEAKY_GREMLIN',
    name: 'Sneaky Gremlin',
    hp: [10, 14],
    text: 'Always uses Puncture (9 damage).',
    moves: [move('PUNCTURE', 'Puncture', 'Attack', 9)],
    nextMove: () => 'PUNCTURE',
  },
  {
    id: 'FAT_GREMLIN',
    name: 'Fat Gremlin',
    hp: [13, 17],
    text: 'Always uses Smash (4 damage, 1 Weak).',
    moves: [move('SMASH', 'Smash', 'AttackDebuff', 4, 1, (x) => x.debuffPlayer('WEAK', 1))],
    nextMove: () => 'SMASH',
  },
  {
    id: 'SHIELD_GREMLIN',
    name: 'Shield Gremlin',
    hp: [12, 15],
    text: 'Protect: gives 7 Block to a random ally. When alone, uses Shield Bash (6 damage).',
    moves: [
      move('PROTECT', 'Protect', 'Defend', undefined, undefined, (x) => {
        const allies = x.combat.livingMonsters().filter((monster) => monster !== x.monster);
        const ally = allies.length === 0 ? x.monster : allies[x.combat.randomInt(0, allies.length - 1)];
        if (ally !== undefined) ally.block += 7;
      }),
      move('SHIELD_BASH', 'Shield Bash', 'Attack', 6),
    ],
    nextMove: (x) => (x.combat.livingMonsters().length > 1 ? 'PROTECT' : 'SHIELD_BASH'),
  },
  {
    id: 'GREMLIN_WIZARD',
    name: 'Gremlin Wizard',
    hp: [21, 25],
    text: 'Charges for two turns, then casts Ultimate Blast (25 damage), then charges again.',
    moves: [move('CHARGING', 'Charging', 'Unknown'), move('ULTIMATE_BLAST', 'Ultimate Blast', 'Attack', 25)],
    nextMove: (x) => {
      const charges = x.monster.memory.charges ?? 0;
      if (charges >= 2) {
        x.monster.memory.charges = 0;
        return 'ULTIMATE_BLAST';
      }
      x.monster.memory.charges = charges + 1;
      return 'CHARGING';
    },
  },
  // Elites
  {
    id: 'GREMLIN_NOB',
    name: 'Gremlin Nob',
    hp: [82, 86],
    text: 'Opens with Bellow (gains 2 Enrage: +2 Strength whenever you play a Skill). Then Skull Bash (6 damage, 2 Vulnerable) 33%, else Rush (14 damage), never Rush three times in a row.',
    moves: [
      move('BELLOW', 'Bellow', 'Buff', undefined, undefined, (x) => x.buff('ENRAGE', 2)),
      move('RUSH', 'Rush', 'Attack', 14),
      move('SKULL_BASH', 'Skull Bash', 'AttackDebuff', 6, 1, (x) => x.debuffPlayer('VULNERABLE', 2)),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'BELLOW';
      if (x.roll() < 33) return 'SKULL_BASH';
      return x.lastTwoMoves('RUSH') ? 'SKULL_BASH' : 'RUSH';
    },
  },
  {
    id: 'LAGAVULIN',
    name: 'Lagavulin',
    hp: [109, 111],
    text: 'Starts asleep with 8 Metallicize. Wakes after 3 turns, or when it loses HP (then it is stunned for a turn). Awake, it loses Metallicize and uses Attack (18 damage) twice, then Siphon Soul (-1 Strength, -1 Dexterity), repeating.',
    moves: [
      move('SLEEP', 'Sleep', 'Sleep', undefined, undefined, (x) => {
        x.monster.memory.slept = (x.monster.memory.slept ?? 0) + 1;
        if ((x.monster.memory.slept ?? 0) >= 3) wake(x.monster);
      }),
      move('STUNNED', 'Stunned', 'Stun'),
      move('ATTACK', 'Attack', 'Attack', 18),
      move('SIPHON_SOUL', 'Siphon Soul', 'StrongDebuff', undefined, undefined, (x) => {
        x.debuffPlayer('STRENGTH', -1);
        x.debuffPlayer('DEXTERITY', -1);
      }),
    ],
    setup: (x) => {
      x.monster.memory.asleep = 1;
      x.monster.powers.METALLICIZE = 8;
      x.monster.powers.ASLEEP = 1;
    },
    onDamaged: (x) => {
      if ((x.monster.memory.asleep ?? 0) === 1) {
        wake(x.monster);
        x.setMove('STUNNED');
      }
    },
    nextMove: (x) => {
      if ((x.monster.memory.asleep ?? 0) === 1) return 'SLEEP';
      const attacks = x.monster.memory.attacks ?? 0;
      if (attacks >= 2) {
        x.monster.memory.attacks = 0;
        return 'SIPHON_SOUL';
      }
      x.monster.memory.attacks = attacks + 1;
      return 'ATTACK';
    },
  },
  {
    id: 'SENTRY',
    name: 'Sentry',
    hp: [38, 42],
    text: 'Artifact 1. Alternates Bolt (shuffles 2 Dazed into your discard pile) and Beam (9 damage); the outer Sentries open with Bolt, the middle one with Beam.',
    moves: [
      move('BOLT', 'Bolt', 'Debuff', undefined, undefined, (x) => x.addStatus('DAZED', 'discard', 2)),
      move('BEAM', 'Beam', 'Attack', 9),
    ],
    setup: (x) => {
      x.monster.powers.ARTIFACT = 1;
      x.monster.memory.startBeam = x.index % 2;
    },
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return (x.monster.memory.startBeam ?? 0) === 1 ? 'BEAM' : 'BOLT';
      return x.lastMove('BOLT') ? 'BEAM' : 'BOLT';
    },
  },
  // Bosses
  {
    id: 'SLIME_BOSS',
    name: 'Slime Boss',
    hp: [140, 140],
    text: 'Repeats Goop Spray (3 Slimed into your discard pile), Preparing, Slam (35 damage). At or below 50% HP it splits into an Acid Slime (L) and a Spike Slime (L) with its current HP.',
    moves: [
      move('GOOP_SPRAY', 'Goop Spray', 'StrongDebuff', undefined, undefined, (x) =>
        x.addStatus('SLIMED', 'discard', 3),
      ),
      move('PREPARING', 'Preparing', 'Unknown'),
      move('SLAM', 'Slam', 'Attack', 35),
      move('SPLIT', 'Split', 'Unknown', undefined, undefined, split(['ACID_SLIME_L', 'SPIKE_SLIME_L'])),
    ],
    setup: (x) => {
      x.monster.powers.SPLIT = 1;
    },
    onDamaged: splitWhenHalf,
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE' || x.lastMove('SLAM')) return 'GOOP_SPRAY';
      if (x.lastMove('GOOP_SPRAY')) return 'PREPARING';
      return 'SLAM';
    },
  },
  {
    id: 'THE_GUARDIAN',
    name: 'The Guardian',
    hp: [240, 240],
    text: 'Offensive Mode: Charging Up (9 Block), Fierce Bash (32 damage), Vent Steam (2 Weak, 2 Vulnerable), Whirlwind (5 damage x4), repeating. Mode Shift: after losing 30 HP (40, 50... later) it gains 20 Block and shifts to Defensive Mode: Sharp Hide 3 (you take 3 damage per Attack played), Roll Attack (9 damage), then Twin Slam (8 damage x2), which returns it to Offensive Mode.',
    moves: [
      move('CHARGING_UP', 'Charging Up', 'Defend', undefined, undefined, (x) => x.gainBlock(9)),
      move('FIERCE_BASH', 'Fierce Bash', 'Attack', 32),
      move('VENT_STEAM', 'Vent Steam', 'Debuff', undefined, undefined, (x) => {
        x.debuffPlayer('WEAK', 2);
        x.debuffPlayer('VULNERABLE', 2);
      }),
      move('WHIRLWIND', 'Whirlwind', 'Attack', 5, 4),
      move('DEFENSIVE_MODE', 'Defensive Mode', 'Buff', undefined, undefined, (x) => x.buff('SHARP_HIDE', 3)),
      move('ROLL_ATTACK', 'Roll Attack', 'Attack', 9),
      move('TWIN_SLAM', 'Twin Slam', 'AttackBuff', 8, 2, (x) => {
        delete x.monster.powers.SHARP_HIDE;
        x.monster.memory.defensive = 0;
        x.monster.memory.threshold = (x.monster.memory.threshold ?? 30) + 10;
        x.monster.powers.MODE_SHIFT = x.monster.memory.threshold ?? 40;
      }),
    ],
    setup: (x) => {
      x.monster.powers.MODE_SHIFT = 30;
      x.monster.memory.threshold = 30;
    },
    onDamaged: (x, amount) => {
      if ((x.monster.memory.defensive ?? 0) === 1) return;
      const left = (x.monster.powers.MODE_SHIFT ?? 0) - amount;
      if (left > 0) {
        x.monster.powers.MODE_SHIFT = left;
        return;
      }
      delete x.monster.powers.MODE_SHIFT;
      x.monster.memory.defensive = 1;
      x.gainBlock(20);
      x.setMove('DEFENSIVE_MODE');
    },
    nextMove: (x) => {
      if ((x.monster.memory.defensive ?? 0) === 1)
        return x.lastMove('DEFENSIVE_MODE') ? 'ROLL_ATTACK' : 'TWIN_SLAM';
      if (x.monster.move.id === 'NONE') return 'CHARGING_UP';
      if (x.lastMove('TWIN_SLAM')) return 'WHIRLWIND';
      const cycle = ['CHARGING_UP', 'FIERCE_BASH', 'VENT_STEAM', 'WHIRLWIND'];
      const last = x.monster.history[x.monster.history.length - 1] ?? 'WHIRLWIND';
      const position = cycle.indexOf(last);
      return cycle[(position + 1) % cycle.length] ?? 'CHARGING_UP';
    },
  },
  {
    id: 'HEXAGHOST',
    name: 'Hexaghost',
    hp: [250, 250],
    text: 'Activate (nothing), then Divider (6 hits of your current HP / 12 + 1). Then cycles Sear (6 damage, a Burn into your discard pile), Tackle (5 damage x2), Sear, Inflame (+2 Strength, 12 Block), Tackle, Sear, Inferno (2 damage x6, 3 Burns, upgrades all Burns).',
    moves: [
      move('ACTIVATE', 'Activate', 'Unknown', undefined, undefined, (x) => {
        x.monster.memory.DIVIDER_DAMAGE = Math.floor(x.combat.run.hp / 12) + 1;
      }),
      move('DIVIDER', 'Divider', 'Attack', undefined, 6),
      move('SEAR', 'Sear', 'AttackDebuff', 6, 1, (x) =>
        x.combat.addCard('BURN', 'discard', (x.monster.memory.burnUpgraded ?? 0) === 1),
      ),
      move('TACKLE', 'Tackle', 'Attack', 5, 2),
      move('INFLAME', 'Inflame', 'DefendBuff', undefined, undefined, (x) => {
        x.buff('STRENGTH', 2);
        x.gainBlock(12);
      }),
      move('INFERNO', 'Inferno', 'AttackDebuff', 2, 6, (x) => {
        x.monster.memory.burnUpgraded = 1;
        const combat = x.combat.run.combat;
        if (combat !== null)
          for (const pile of [combat.hand, combat.drawPile, combat.discardPile])
            for (const other of pile) if (other.id === 'BURN') other.upgraded = true;
        for (let copy = 0; copy < 3; copy++) x.combat.addCard('BURN', 'discard', true);
      }),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'ACTIVATE';
      if (x.lastMove('ACTIVATE')) return 'DIVIDER';
      const cycle = ['SEAR', 'TACKLE', 'SEAR', 'INFLAME', 'TACKLE', 'SEAR', 'INFERNO'];
      const step = x.monster.memory.cycle ?? 0;
      x.monster.memory.cycle = (step + 1) % cycle.length;
      return cycle[step] ?? 'SEAR';
    },
  },
];

function wake(monster: { memory: Record<string, number>; powers: Record<string, number> }): void {
  monster.memory.asleep = 0;
  delete monster.powers.METALLICIZE;
  delete monster.powers.ASLEEP;
}
