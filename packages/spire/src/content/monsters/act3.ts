// Act 3 (The Beyond) monsters: a representative set of the original's normals, elites and bosses.
// Where a mechanic is simplified, the description says so.
import type { MonsterContext, MonsterDefinition } from '../../engine/definitions.js';
import { POWERS } from '../powers.js';
import { move } from './monster.js';

function others(x: MonsterContext) {
  return x.combat.livingMonsters().filter((monster) => monster !== x.monster);
}

/** Whether the Awakened One loses this power when it first dies: debuffs (negative Strength too), Curiosity, Shackled. */
function awakeningDrops(id: string, amount: number): boolean {
  if (id === 'CURIOSITY' || id === 'SHACKLED') return true;
  if (id === 'STRENGTH' || id === 'DEXTERITY') return amount < 0;
  return POWERS.find((power) => power.id === id)?.debuff ?? false;
}

export const ACT3_MONSTERS: readonly MonsterDefinition[] = [
  {
    id: 'DARKLING',
    name: 'Darkling',
    hp: [48, 56],
    text: 'Nip (7-11 damage, rolled once) 40%, Chomp (8 damage x2; not for the middle Darkling) 30%, Harden (12 Block) 30%; never the same move twice in a row (Nip three times). Killed while another Darkling lives, it lies half-dead (its powers gone): it Regrows on its next turn and Reincarnates with half its Max HP on the one after. The fight is won when every Darkling is down at once.',
    moves: [
      move('NIP', 'Nip', 'Attack'),
      move('CHOMP', 'Chomp', 'Attack', 8, 2),
      move('HARDEN', 'Harden', 'Defend', undefined, undefined, (x) => x.gainBlock(12)),
      // Its intents while half-dead (played by whileDown, not by a turn of its own).
      move('REGROW', 'Regrow', 'Unknown'),
      move('REINCARNATE', 'Reincarnate', 'Buff'),
    ],
    setup: (x) => {
      x.monster.memory.NIP_DAMAGE = 7 + Math.floor(x.roll() / 20);
      x.monster.memory.middle = x.index === 1 ? 1 : 0;
    },
    nextMove: (x) => {
      const roll = x.roll();
      if (roll < 40) return x.lastTwoMoves('NIP') ? 'HARDEN' : 'NIP';
      if (roll < 70 && (x.monster.memory.middle ?? 0) === 0 && !x.lastMove('CHOMP')) return 'CHOMP';
      return x.lastMove('HARDEN') ? 'NIP' : 'HARDEN';
    },
    // Decompiled Darkling.damage/takeTurn: half-dead instead of dead while another Darkling lives,
    // then Regrow (nothing) and Reincarnate (half of Max HP) on its next two turns.
    onDeath: (x) => {
      const monsters = x.combat.run.combat?.monsters ?? [];
      if (!monsters.some((other) => other !== x.monster && other.id === 'DARKLING' && other.alive)) return;
      x.monster.memory.down = 1;
      x.monster.memory.regrown = 0;
      x.monster.powers = {};
      x.setMove('REGROW');
    },
    whileDown: (x) => {
      const monster = x.monster;
      if ((monster.memory.regrown ?? 0) === 0) {
        monster.memory.regrown = 1;
        monster.history.push('REGROW');
        x.setMove('REINCARNATE');
        return;
      }
      monster.memory.down = 0;
      monster.alive = true;
      monster.hp = Math.floor(monster.maxHp / 2);
      monster.history.push('REINCARNATE');
    },
  },
  {
    id: 'ORB_WALKER',
    name: 'Orb Walker',
    hp: [90, 96],
    text: 'Gains 3 Strength at the end of every round. Laser (10 damage, a Burn into your discard and draw piles) 60%, Claw (15 damage) 40%; never the same move three times in a row.',
    moves: [
      move('LASER', 'Laser', 'AttackDebuff', 10, 1, (x) => {
        x.addStatus('BURN', 'discard', 1);
        x.addStatus('BURN', 'draw', 1);
      }),
      move('CLAW', 'Claw', 'Attack', 15),
    ],
    setup: (x) => {
      x.monster.powers.RITUAL = 3;
    },
    nextMove: (x) => {
      if (x.roll() < 60) return x.lastTwoMoves('LASER') ? 'CLAW' : 'LASER';
      return x.lastTwoMoves('CLAW') ? 'LASER' : 'CLAW';
    },
  },
  {
    id: 'SPIKER',
    name: 'Spiker',
    hp: [42, 56],
    text: 'Thorns 3. Cut (7 damage) or Spike (+2 Thorns, at most 6 times), 50% each; never Cut twice in a row.',
    moves: [
      move('CUT', 'Cut', 'Attack', 7),
      move('SPIKE', 'Spike', 'Buff', undefined, undefined, (x) => {
        x.buff('THORNS', 2);
        x.monster.memory.spikes = (x.monster.memory.spikes ?? 0) + 1;
      }),
    ],
    setup: (x) => {
      x.monster.powers.THORNS = 3;
    },
    nextMove: (x) => {
      if ((x.monster.memory.spikes ?? 0) >= 6) return 'CUT';
      if (x.roll() < 50 && !x.lastMove('CUT')) return 'CUT';
      return 'SPIKE';
    },
  },
  {
    id: 'REPULSOR',
    name: 'Repulsor',
    hp: [29, 35],
    text: 'Repulse (2 Dazed into your draw pile) 80%, Bash (11 damage) 20%, never Bash twice in a row.',
    moves: [
      move('REPULSE', 'Repulse', 'Debuff', undefined, undefined, (x) => x.addStatus('DAZED', 'draw', 2)),
      move('BASH', 'Bash', 'Attack', 11),
    ],
    nextMove: (x) => (x.roll() < 20 && !x.lastMove('BASH') ? 'BASH' : 'REPULSE'),
  },
  {
    id: 'EXPLODER',
    name: 'Exploder',
    hp: [30, 30],
    text: 'Slam (9 damage) for two turns, then Explode (30 damage) and dies.',
    moves: [
      // 9 at Ascension 0 (decompiled Exploder: 11 from Ascension 2).
      move('SLAM', 'Slam', 'Attack', 9),
      move('EXPLODE', 'Explode', 'Attack', 30, 1, (x) => {
        x.monster.hp = 0;
        x.escape();
      }),
    ],
    nextMove: (x) => (x.monster.history.length >= 2 ? 'EXPLODE' : 'SLAM'),
  },
  {
    id: 'SPIRE_GROWTH',
    name: 'Spire Growth',
    hp: [170, 170],
    text: 'Constrict (you take 10 damage at the end of each of your turns) when you are not constricted, otherwise Quick Tackle (16 damage) or Smash (22 damage); never the same attack three times in a row.',
    moves: [
      move('CONSTRICT', 'Constrict', 'StrongDebuff', undefined, undefined, (x) =>
        x.debuffPlayer('CONSTRICTED', 10),
      ),
      move('QUICK_TACKLE', 'Quick Tackle', 'Attack', 16),
      move('SMASH', 'Smash', 'Attack', 22),
    ],
    nextMove: (x) => {
      if (
        (x.combat.run.combat?.player.powers.CONSTRICTED ?? 0) === 0 &&
        !x.lastMove('CONSTRICT') &&
        x.roll() < 50
      )
        return 'CONSTRICT';
      if (x.roll() < 50) return x.lastTwoMoves('QUICK_TACKLE') ? 'SMASH' : 'QUICK_TACKLE';
      return x.lastTwoMoves('SMASH') ? 'QUICK_TACKLE' : 'SMASH';
    },
  },
  {
    id: 'TRANSIENT',
    name: 'Transient',
    hp: [999, 999],
    text: 'Fades away after 5 of its turns. Attack deals 30 damage, 10 more each turn. Shifting (losing Strength when hit) is not modelled.',
    moves: [
      move('ATTACK', 'Attack', 'Attack'),
      move('FADE', 'Fade', 'Escape', undefined, undefined, (x) => x.escape()),
    ],
    setup: (x) => {
      x.monster.powers.FADING = 5;
      x.monster.memory.ATTACK_DAMAGE = 30;
    },
    nextMove: (x) => {
      const turns = x.monster.history.length;
      x.monster.memory.ATTACK_DAMAGE = 30 + 10 * turns;
      x.monster.powers.FADING = Math.max(1, 5 - turns);
      return turns >= 5 ? 'FADE' : 'ATTACK';
    },
  },
  {
    id: 'MAW',
    name: 'The Maw',
    hp: [300, 300],
    text: 'Roar (3 Weak, 3 Frail) first, then Slam (25 damage), Nom (5 damage, one more hit every other turn) and Drool (+3 Strength), never the same move twice in a row.',
    moves: [
      move('ROAR', 'Roar', 'StrongDebuff', undefined, undefined, (x) => {
        x.debuffPlayer('WEAK', 3);
        x.debuffPlayer('FRAIL', 3);
      }),
      move('SLAM', 'Slam', 'Attack', 25),
      move('NOM', 'Nom', 'Attack', 5),
      move('DROOL', 'Drool', 'Buff', undefined, undefined, (x) => x.buff('STRENGTH', 3)),
    ],
    nextMove: (x) => {
      const turn = (x.monster.memory.turn ?? 0) + 1;
      x.monster.memory.turn = turn;
      x.monster.memory.NOM_HITS = Math.max(1, Math.floor(turn / 2));
      if (turn === 1) return 'ROAR';
      const roll = x.roll();
      if (roll < 50 && !x.lastMove('NOM')) return 'NOM';
      if (!x.lastMove('SLAM') && roll < 80) return 'SLAM';
      return x.lastMove('DROOL') ? 'SLAM' : 'DROOL';
    },
  },
  {
    id: 'WRITHING_MASS',
    name: 'Writhing Mass',
    hp: [160, 160],
    text: 'Malleable. Multi-Strike (7 damage x3), Strong Strike (32 damage), Flail (15 damage, 16 Block), Wither (10 damage, 2 Weak, 2 Vulnerable); random, never the same move twice in a row. Reactive and Implant are not modelled.',
    moves: [
      move('MULTI_STRIKE', 'Multi-Strike', 'Attack', 7, 3),
      move('STRONG_STRIKE', 'Strong Strike', 'Attack', 32),
      move('FLAIL', 'Flail', 'AttackDefend', 15, 1, (x) => x.gainBlock(16)),
      move('WITHER', 'Wither', 'AttackDebuff', 10, 1, (x) => {
        x.debuffPlayer('WEAK', 2);
        x.debuffPlayer('VULNERABLE', 2);
      }),
    ],
    setup: (x) => {
      x.monster.powers.MALLEABLE = 3;
    },
    nextMove: (x) => {
      const options = ['MULTI_STRIKE', 'STRONG_STRIKE', 'FLAIL', 'WITHER'].filter((id) => !x.lastMove(id));
      return options[Math.floor((x.roll() * options.length) / 100)] ?? 'MULTI_STRIKE';
    },
  },
  // Elites
  {
    id: 'GIANT_HEAD',
    name: 'Giant Head',
    hp: [500, 500],
    text: 'For its first 4 turns: Count (13 damage) or Glare (1 Weak), 50% each, never three in a row. Then It Is Time (30 damage, 5 more each use, up to 60). Slow: takes 10% more damage from Attacks for each card played this round.',
    moves: [
      move('COUNT', 'Count', 'Attack', 13),
      move('GLARE', 'Glare', 'Debuff', undefined, undefined, (x) => x.debuffPlayer('WEAK', 1)),
      move('IT_IS_TIME', 'It Is Time', 'Attack'),
    ],
    setup: (x) => {
      // The game's Slow starts at 0 and counts the cards played (content/monsters/slow.ts).
      x.monster.powers.SLOW = 0;
    },
    nextMove: (x) => {
      const turn = (x.monster.memory.turn ?? 0) + 1;
      x.monster.memory.turn = turn;
      if (turn > 4) {
        x.monster.memory.IT_IS_TIME_DAMAGE = Math.min(60, 30 + 5 * (turn - 5));
        return 'IT_IS_TIME';
      }
      if (x.roll() < 50) return x.lastTwoMoves('COUNT') ? 'GLARE' : 'COUNT';
      return x.lastTwoMoves('GLARE') ? 'COUNT' : 'GLARE';
    },
  },
  {
    id: 'NEMESIS',
    name: 'Nemesis',
    hp: [185, 185],
    text: 'Becomes Intangible (all damage reduced to 1) every other turn. Debuff (3 Burns into your discard pile), Scythe (45 damage, at most every other turn) and Attack (6 damage x3).',
    moves: [
      move('DEBUFF', 'Debuff', 'Debuff', undefined, undefined, (x) => x.addStatus('BURN', 'discard', 3)),
      move('SCYTHE', 'Scythe', 'Attack', 45),
      move('TRI_ATTACK', 'Attack', 'Attack', 6, 3),
    ],
    nextMove: (x) => {
      if ((x.monster.powers.INTANGIBLE ?? 0) === 0 && x.monster.history.length > 0)
        x.monster.powers.INTANGIBLE = 2;
      const roll = x.roll();
      if (
        roll < 30 &&
        !x.lastMove('SCYTHE') &&
        !(x.monster.history[x.monster.history.length - 2] === 'SCYTHE')
      )
        return 'SCYTHE';
      if (roll < 65 && !x.lastTwoMoves('TRI_ATTACK')) return 'TRI_ATTACK';
      return x.lastMove('DEBUFF') ? 'TRI_ATTACK' : 'DEBUFF';
    },
  },
  {
    id: 'REPTOMANCER',
    name: 'Reptomancer',
    hp: [180, 190],
    text: 'Summon Dagger (2 daggers; again when fewer than 4 remain), Snake Strike (13 damage x2, 1 Weak), Big Bite (30 damage).',
    moves: [
      move('SUMMON', 'Summon Dagger', 'Unknown', undefined, undefined, (x) => {
        x.spawn('SNAKE_DAGGER', null);
        x.spawn('SNAKE_DAGGER', null);
      }),
      move('SNAKE_STRIKE', 'Snake Strike', 'AttackDebuff', 13, 2, (x) => x.debuffPlayer('WEAK', 1)),
      move('BIG_BITE', 'Big Bite', 'Attack', 30),
    ],
    nextMove: (x) => {
      if (x.monster.move.id === 'NONE') return 'SUMMON';
      const roll = x.roll();
      if (roll < 33 && others(x).length < 4 && !x.lastMove('SUMMON')) return 'SUMMON';
      if (roll < 66 && !x.lastMove('SNAKE_STRIKE')) return 'SNAKE_STRIKE';
      return x.lastMove('BIG_BITE') ? 'SNAKE_STRIKE' : 'BIG_BITE';
    },
  },
  {
    id: 'SNAKE_DAGGER',
    name: 'Dagger',
    hp: [20, 25],
    text: 'Stab (9 damage, a Wound into your discard pile), then Explode (25 damage) and dies.',
    moves: [
      move('STAB', 'Stab', 'AttackDebuff', 9, 1, (x) => x.addStatus('WOUND', 'discard', 1)),
      move('EXPLODE', 'Explode', 'Attack', 25, 1, (x) => {
        x.monster.hp = 0;
        x.escape();
      }),
    ],
    nextMove: (x) => (x.monster.history.length >= 1 ? 'EXPLODE' : 'STAB'),
  },
  // Bosses
  {
    id: 'AWAKENED_ONE',
    name: 'Awakened One',
    hp: [300, 300],
    text: 'Phase 1: Regenerate 10, Curiosity 1 (gains 1 Strength whenever you play a Power); Slash (20 damage) first, then Soul Strike (6 damage x4) or Slash, never three Slashes or two Soul Strikes in a row. On its first death it lies half-dead (it cannot be targeted or hit, the fight goes on) and loses its debuffs and Curiosity but keeps its Strength and Regenerate; on its next turn it rises (Rebirth) with 300 HP, then Dark Echo (40 damage) first, then Sludge (18 damage, a Void into your draw pile) or Tackle (10 damage x3). When it dies again, the Cultists left flee.',
    moves: [
      move('SLASH', 'Slash', 'Attack', 20),
      move('SOUL_STRIKE', 'Soul Strike', 'Attack', 6, 4),
      move('REBIRTH', 'Rebirth', 'Unknown'),
      move('DARK_ECHO', 'Dark Echo', 'Attack', 40),
      move('SLUDGE', 'Sludge', 'AttackDebuff', 18, 1, (x) => x.addStatus('VOID', 'draw', 1)),
      move('TACKLE', 'Tackle', 'Attack', 10, 3),
    ],
    setup: (x) => {
      x.monster.powers.REGENERATE = 10;
      x.monster.powers.CURIOSITY = 1;
      x.monster.memory.phase = 1;
    },
    // Decompiled AwakenedOne.damage/die and sts_lightspeed's Monster::die: the first death leaves it
    // half-dead (the fight goes on, nothing can target or hit it), it keeps its buffs (Strength,
    // Regenerate) and loses its debuffs, Curiosity and Shackled; it rises in its own next turn (Rebirth).
    // It also clears the card queue (ClearCardQueueAction; sts_lightspeed: cardQueue.clear()): the
    // Double Tap or Burst copy of the card that felled it is not played.
    onDeath: (x) => {
      const monster = x.monster;
      if ((monster.memory.phase ?? 1) !== 1) {
        // Its second death ends the fight: the Cultists still standing leave (sts_lightspeed: Minion Leader).
        for (const other of others(x)) {
          other.alive = false;
          other.escaped = true;
        }
        return;
      }
      monster.memory.down = 1;
      monster.memory.rising = 1;
      x.combat.clearCardQueue();
      for (const id of Object.keys(monster.powers))
        if (awakeningDrops(id, monster.powers[id] ?? 0)) delete monster.powers[id];
      x.setMove('REBIRTH');
    },
    // Rebirth (ChangeStateAction REBIRTH): Max HP 300 and a full heal; it acts in its second form from its next turn.
    whileDown: (x) => {
      const monster = x.monster;
      monster.history.push('REBIRTH');
      monster.memory.down = 0;
      monster.memory.rising = 0;
      monster.memory.phase = 2;
      monster.alive = true;
      monster.maxHp = 300;
      monster.hp = 300;
    },
    nextMove: (x) => {
      if ((x.monster.memory.phase ?? 1) === 2) {
        if (x.lastMove('REBIRTH')) return 'DARK_ECHO';
        if (x.roll() < 50) return x.lastTwoMoves('SLUDGE') ? 'TACKLE' : 'SLUDGE';
        return x.lastTwoMoves('TACKLE') ? 'SLUDGE' : 'TACKLE';
      }
      if (x.monster.move.id === 'NONE') return 'SLASH';
      if (x.roll() < 25 && !x.lastMove('SOUL_STRIKE')) return 'SOUL_STRIKE';
      return x.lastTwoMoves('SLASH') ? 'SOUL_STRIKE' : 'SLASH';
    },
  },
  {
    id: 'TIME_EATER',
    name: 'Time Eater',
    hp: [456, 456],
    text: 'Time Warp: after you play 12 cards in a turn it ends your turn and gains 2 Strength. Reverberate (7 damage x3) 45%, Head Slam (26 damage, 1 Draw Reduction) 35%, Ripple (20 Block, 1 Vulnerable, 1 Weak) 20%; never the same move twice in a row (Reverberate three times). Once below half HP: Haste (removes its debuffs, heals to half HP).',
    moves: [
      move('REVERBERATE', 'Reverberate', 'Attack', 7, 3),
      move('HEAD_SLAM', 'Head Slam', 'AttackDebuff', 26, 1, (x) => x.debuffPlayer('DRAW_REDUCTION', 1)),
      move('RIPPLE', 'Ripple', 'DefendDebuff', undefined, undefined, (x) => {
        x.gainBlock(20);
        x.debuffPlayer('VULNERABLE', 1);
        x.debuffPlayer('WEAK', 1);
      }),
      move('HASTE', 'Haste', 'Buff', undefined, undefined, (x) => {
        for (const id of ['WEAK', 'VULNERABLE', 'POISON', 'SHACKLED']) delete x.monster.powers[id];
        if ((x.monster.powers.STRENGTH ?? 0) < 0) delete x.monster.powers.STRENGTH;
        x.monster.hp = Math.max(x.monster.hp, Math.floor(x.monster.maxHp / 2));
        x.monster.memory.hasted = 1;
      }),
    ],
    setup: (x) => {
      x.monster.powers.TIME_WARP = 12;
    },
    nextMove: (x) => {
      if ((x.monster.memory.hasted ?? 0) === 0 && x.monster.hp * 2 < x.monster.maxHp) return 'HASTE';
      const roll = x.roll();
      if (roll < 45) return x.lastTwoMoves('REVERBERATE') ? 'HEAD_SLAM' : 'REVERBERATE';
      if (roll < 80) return x.lastMove('HEAD_SLAM') ? 'REVERBERATE' : 'HEAD_SLAM';
      return x.lastMove('RIPPLE') ? 'REVERBERATE' : 'RIPPLE';
    },
  },
  {
    id: 'DONU',
    name: 'Donu',
    hp: [250, 250],
    text: 'Artifact 2. Alternates Circle of Power (+3 Strength to itself and Deca) and Beam (10 damage x2), starting with Circle of Power.',
    moves: [
      move('CIRCLE_OF_POWER', 'Circle of Power', 'Buff', undefined, undefined, (x) => {
        for (const monster of x.combat.livingMonsters())
          x.combat.applyToMonster(x.combat.monsterIndex(monster), 'STRENGTH', 3);
      }),
      move('BEAM', 'Beam', 'Attack', 10, 2),
    ],
    setup: (x) => {
      x.monster.powers.ARTIFACT = 2;
    },
    nextMove: (x) => (x.monster.move.id === 'NONE' || x.lastMove('BEAM') ? 'CIRCLE_OF_POWER' : 'BEAM'),
  },
  {
    id: 'DECA',
    name: 'Deca',
    hp: [250, 250],
    text: 'Artifact 2. Alternates Beam (10 damage x2, 2 Dazed into your discard pile) and Square of Protection (16 Block to itself and Donu), starting with Beam.',
    moves: [
      move('BEAM', 'Beam', 'AttackDebuff', 10, 2, (x) => x.addStatus('DAZED', 'discard', 2)),
      move('SQUARE_OF_PROTECTION', 'Square of Protection', 'Defend', undefined, undefined, (x) => {
        for (const monster of x.combat.livingMonsters()) monster.block += 16;
      }),
    ],
    setup: (x) => {
      x.monster.powers.ARTIFACT = 2;
    },
    nextMove: (x) =>
      x.monster.move.id === 'NONE' || x.lastMove('SQUARE_OF_PROTECTION') ? 'BEAM' : 'SQUARE_OF_PROTECTION',
  },
];
