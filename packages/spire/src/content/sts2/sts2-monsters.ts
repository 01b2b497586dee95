// StS2 monsters: every monster of the facts table, with its HP, moves (damage and hits at ascension
// 0), the effects of its moves and its move order. Where the export gives an order, the monster
// follows it; where it does not, the simulator picks uniformly among its other moves (said in the
// description). Bosses with phases (Doormaker, Waterfall Giant, Test Subject, Queen) have
// hand-written rules, built from the export and the real states.
import type { MonsterContext, MonsterDefinition, MonsterMoveDefinition } from '../../engine/definitions.js';
import type { CombatCard, IntentType } from '../../engine/run-state.js';
import { stealCard } from '../monsters/steal-card.js';
import { stealGold } from '../monsters/steal-gold.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import { STS2_MONSTER_FACTS } from './data/sts2-monster-facts.js';
import type { Sts2Effect, Sts2MonsterFacts, Sts2MoveFacts } from './facts.js';
import { sts2SpawnAmount } from './sts2-spawn-amounts.js';

/** The engine's intent for a move's list of intents (the first kinds decide). */
export function intentOf(intents: readonly string[]): IntentType {
  const has = (kind: string): boolean => intents.includes(kind);
  const attack = has('attack') || has('multi_attack') || has('SingleAttackIntent');
  if (has('death_blow')) return 'DeathBlow';
  if (attack && has('block')) return 'AttackDefend';
  if (attack && (has('debuff') || has('status'))) return 'AttackDebuff';
  if (attack && has('buff')) return 'AttackBuff';
  if (attack) return 'Attack';
  if (has('summon')) return 'Summon';
  if (has('heal')) return 'Heal';
  if (has('status')) return 'StatusCard';
  if (has('block') && has('buff')) return 'DefendBuff';
  if (has('block') && has('debuff')) return 'DefendDebuff';
  if (has('block')) return 'Defend';
  if (has('debuff')) return 'Debuff';
  if (has('buff')) return 'Buff';
  if (has('stun')) return 'Stun';
  if (has('sleep')) return 'Sleep';
  if (has('escape')) return 'Escape';
  return 'Unknown';
}

/**
 * The most monsters alive at once that a summon can reach: the export does not give the game's slot
 * limit; 5 is the simulator's reading (StS1's largest fights). Summons past it do not happen.
 */
const MAX_LIVING_MONSTERS = 5;

/** Summons `count` of `monster` ("A|B": one of them at random), as minions when the page says so. */
function summon(context: MonsterContext, monster: string, count: number, minion: boolean): void {
  const options = monster.split('|');
  for (let copy = 0; copy < count; copy++) {
    const combat = context.combat.run.combat;
    if (combat === null || combat.monsters.filter((other) => other.alive).length >= MAX_LIVING_MONSTERS)
      return;
    const id = options[Math.floor((context.roll() * options.length) / 100)] ?? (options[0] as string);
    const spawned = context.spawn(id, null);
    spawned.memory.summoned = 1;
    if (minion) spawned.powers.MINION = 1;
  }
}

function runMoveEffects(context: MonsterContext, effects: readonly Sts2Effect[]): void {
  for (const effect of effects) {
    const amount = typeof effect.amount === 'number' ? effect.amount : 1;
    switch (effect.kind) {
      case 'power':
        if (effect.to === 'player') context.debuffPlayer(String(effect.power), amount);
        else if (effect.to === 'allies') {
          // Every other living monster of the fight ("Apply 3 Strength to all allies").
          const monsters = context.combat.run.combat?.monsters ?? [];
          for (let index = 0; index < monsters.length; index++)
            if (monsters[index] !== context.monster)
              context.combat.applyToMonster(index, String(effect.power), amount);
        } else context.buff(String(effect.power), amount);
        break;
      case 'block':
        context.gainBlock(amount);
        break;
      case 'spawn':
        summon(context, String(effect.monster), amount, effect.minion === true);
        break;
      case 'die':
        // Its move done, it is gone (the Gas Bomb's Explode), as StS1's Exploder.
        context.monster.hp = 0;
        context.escape();
        break;
      case 'heal':
        context.monster.hp = Math.min(context.monster.maxHp, context.monster.hp + amount);
        break;
      case 'status': {
        const pile = effect.pile === 'draw' ? 'draw' : effect.pile === 'hand' ? 'hand' : 'discard';
        if (context.combat.run.combat !== null) context.addStatus(String(effect.card), pile, amount);
        break;
      }
      default:
        break;
    }
  }
}

/**
 * A monster's name without the placeholders the game fills in at run time ("Test Subject #C{Count}":
 * the real states show a number the facts do not give, so the simulator shows "Test Subject").
 */
export function monsterName(facts: Sts2MonsterFacts): string {
  return facts.name.replace(/\s*#?[A-Z]?\{[^}]*\}/g, '').trim();
}

/** A generic definition's moves with one move's effect written from the monster's page instead. */
function withMoveEffect(
  moves: readonly MonsterMoveDefinition[],
  id: string,
  effect: (context: MonsterContext) => void,
): MonsterMoveDefinition[] {
  return moves.map((move) => (move.id === id ? { ...move, effect } : move));
}

/** Damage the real states show where the export has none. */
const OBSERVED_DAMAGE: Readonly<Record<string, number>> = { 'WATERFALL_GIANT/PRESSURE_GUN_MOVE': 25 };

const CARD_RARITY = new Map(STS2_CARD_FACTS.map((facts) => [facts.id, facts.rarity]));

/**
 * The Thieving Hopper's order of choice (its page's notes): non-Imbued Uncommon cards first, then
 * Common, Rare or Event, then Basic or Quest, last Ancient or Imbued ones (lower tiers first). Curses
 * and Statuses are not in its list: the simulator never takes them.
 */
function hopperTier(card: CombatCard): number | null {
  if (card.enchantment?.id === 'IMBUED') return 3;
  switch (CARD_RARITY.get(card.id)) {
    case 'Uncommon':
      return 0;
    case 'Common':
    case 'Rare':
    case 'Event':
      return 1;
    case 'Basic':
    case 'Quest':
      return 2;
    case 'Ancient':
      return 3;
    default:
      return null;
  }
}

/**
 * The Thieving Hopper's Thievery (its page, and v0.101.0's notes): it steals one card of the Draw or
 * Discard Pile that has a deck card (not one made in the fight), by hopperTier, and gains 1 Swipe;
 * killed, it gives the card back (to the deck: the card stays out of this fight, as those notes say).
 * Among cards of the best tier the page names no order: the simulator picks one at random.
 */
function hopperThievery(context: MonsterContext): void {
  const run = context.combat.run;
  const combat = run.combat;
  if (combat === null) return;
  const inDeck = new Set(run.deck.map((card) => card.uid));
  let best: CombatCard[] = [];
  let bestTier = Number.POSITIVE_INFINITY;
  for (const card of [...combat.drawPile, ...combat.discardPile]) {
    const tier = hopperTier(card);
    if (tier === null || !inDeck.has(card.uid) || tier > bestTier) continue;
    if (tier < bestTier) {
      best = [];
      bestTier = tier;
    }
    best.push(card);
  }
  if (best.length === 0) return;
  const card = best[Math.floor((context.roll() * best.length) / 100)] ?? (best[0] as CombatCard);
  stealCard(context, card);
  context.buff('SWIPE', 1);
}

/**
 * Move effects written from the monsters' export pages where the facts cannot say them (they replace
 * the facts' effects of that move): the move then counts as simulated.
 */
const PAGE_MOVE_EFFECTS: Readonly<Record<string, (context: MonsterContext) => void>> = {
  // "Guard gives 15 Block to all Fabricator monsters in the same combat, not to itself."
  'GUARDBOT/GUARD_MOVE': (context) => {
    for (const other of context.combat.run.combat?.monsters ?? [])
      if (other.alive && other.id === 'FABRICATOR') other.block += 15;
  },
  // Below 3 Personal Hive it gains 1 more and 1 Strength; from 3 on, 2 Strength.
  'ENTOMANCER/PHEROMONE_SPIT_MOVE': (context) => {
    if ((context.monster.powers.PERSONAL_HIVE ?? 0) < 3) {
      context.buff('PERSONAL_HIVE', 1);
      context.buff('STRENGTH', 1);
    } else context.buff('STRENGTH', 2);
  },
  'FAT_GREMLIN/FLEE_MOVE': (context) => context.escape(),
  'THIEVING_HOPPER/THIEVERY_MOVE': hopperThievery,
  'THIEVING_HOPPER/ESCAPE_MOVE': (context) => context.escape(),
};

/** Whether a monster's move has page-written effects (PAGE_MOVE_EFFECTS). */
export function hasPageMoveEffects(monster: string, move: string): boolean {
  return PAGE_MOVE_EFFECTS[`${monster}/${move}`] !== undefined;
}

function moveOf(monster: Sts2MonsterFacts, facts: Sts2MoveFacts): MonsterMoveDefinition {
  const damage = OBSERVED_DAMAGE[`${monster.id}/${facts.id}`] ?? facts.damage;
  const attacks = damage !== null && damage > 0;
  const written = PAGE_MOVE_EFFECTS[`${monster.id}/${facts.id}`];
  const definition: MonsterMoveDefinition = {
    id: facts.id,
    name: facts.name,
    intent: attacks
      ? intentOf(facts.intents.includes('attack') ? facts.intents : ['attack', ...facts.intents])
      : intentOf(facts.intents),
    ...(attacks ? { damage, hits: Math.max(1, facts.hits) } : {}),
    ...(written !== undefined
      ? { effect: written }
      : facts.effects.length > 0
        ? { effect: (context: MonsterContext) => runMoveEffects(context, facts.effects) }
        : {}),
  };
  return definition;
}

/**
 * Openings that depend on the monster's place among those of its kind in the fight (the export's
 * pages say so; its table has no opening for them). `position` counts from the front: the simulator
 * reads the first of its kind in the encounter as the front one. Corpse Slugs are staggered from a
 * random start the front one rolls, so each opens on a different move of the cycle.
 */
const OPENINGS: Readonly<
  Record<string, (position: number, count: number, context: MonsterContext) => string>
> = {
  TOADPOLE: (position) => (position === 0 ? 'SPIKEN_MOVE' : 'WHIRL_MOVE'),
  NIBBIT: (position, count) => (count === 1 ? 'BUTT_MOVE' : position === 0 ? 'SLICE_MOVE' : 'HISS_MOVE'),
  INKLET: (position, count) => (count >= 3 && position === 1 ? 'WHIRLWIND_MOVE' : 'JAB_MOVE'),
  CORPSE_SLUG: (position, _count, context) =>
    staggeredOpening(['WHIP_SLAP_MOVE', 'GLOMP_MOVE', 'GOOP_MOVE'], position, context),
  // Its page: "Starting move is determined by StarterMoveIdx % 3: 0 = Writhe, 1 = Bulk, 2 = Constrict";
  // the encounter's: each segment gets a different one by RNG. The simulator staggers the segments'
  // StarterMoveIdx from a random start, as the Corpse Slugs'.
  DECIMILLIPEDE_SEGMENT: (position, _count, context) =>
    staggeredOpening(['WRITHE_MOVE', 'BULK_MOVE', 'CONSTRICT_MOVE'], position, context),
};

/** The opening `position` places after a random start the front one of its kind rolls, along `cycle`. */
function staggeredOpening(cycle: readonly string[], position: number, context: MonsterContext): string {
  const kind = context.combat.run.combat?.monsters.filter((other) => other.id === context.monster.id) ?? [];
  const front = kind[0] ?? context.monster;
  if (front.memory.cycleStart === undefined) front.memory.cycleStart = Math.floor(context.roll() / 34);
  return cycle[(front.memory.cycleStart + position) % cycle.length] as string;
}

/**
 * Moves a monster may pick at random only under its page's conditions. A Two-Tailed Rat calls for
 * backup from its third turn on, while fewer than 3 rats have been called this fight and no other rat
 * has the call as its next move.
 */
const MOVE_ALLOWED: Readonly<Record<string, (move: string, context: MonsterContext) => boolean>> = {
  TWO_TAILED_RAT: (move, context) => {
    if (move !== 'CALL_FOR_BACKUP_MOVE') return true;
    const combat = context.combat.run.combat;
    if (combat === null) return false;
    // The move rolled now is its next turn's (this turn's at the start of the fight).
    const acting = context.monster.history.length === 0 ? combat.turn : combat.turn + 1;
    if (acting < 3) return false;
    const rats = combat.monsters.filter((other) => other.id === 'TWO_TAILED_RAT');
    return (
      rats.filter((rat) => rat.memory.summoned === 1).length < 3 &&
      !rats.some((rat) => rat !== context.monster && rat.alive && rat.move.id === 'CALL_FOR_BACKUP_MOVE')
    );
  },
};

/** The move after the last one: the export's order, else uniformly among the other moves. */
function patternNext(facts: Sts2MonsterFacts, context: MonsterContext): string {
  const history = context.monster.history;
  const last = history[history.length - 1];
  if (last === undefined) {
    const opening = OPENINGS[facts.id];
    if (opening !== undefined) {
      const kind = context.combat.run.combat?.monsters.filter((other) => other.id === facts.id) ?? [];
      return opening(Math.max(0, kind.indexOf(context.monster)), kind.length, context);
    }
    return facts.startsWith ?? facts.moves[0]?.id ?? 'NONE';
  }
  const next = facts.followUps[last];
  if (next !== undefined && next.length > 0) {
    const valid = next.filter((id) => facts.moves.some((move) => move.id === id));
    if (valid.length === 1) return valid[0] as string;
    if (valid.length > 1)
      return valid[Math.floor((context.roll() * valid.length) / 100)] ?? (valid[0] as string);
  }
  if (facts.repeats.length > 0) return facts.repeats[0] as string;
  const allowed = MOVE_ALLOWED[facts.id];
  const others = facts.moves.filter(
    (move) =>
      move.id !== last &&
      (allowed === undefined || allowed(move.id, context)) &&
      // A summon is picked only where the simulator does it (its 'spawn' effect).
      !(move.intents.includes('summon') && !move.effects.some((effect) => effect.kind === 'spawn')) &&
      !move.intents.some((intent) => ['stun', 'sleep', 'escape', 'death_blow', 'hidden'].includes(intent)),
  );
  if (others.length === 0) return last;
  return others[Math.floor((context.roll() * others.length) / 100)]?.id ?? last;
}

/** How the monsters of OPENINGS open, for their texts. */
const OPENING_TEXT: Readonly<Record<string, string>> = {
  TOADPOLE: 'The front one of a pair opens with Spiken, the back one with Whirl',
  NIBBIT:
    'Alone it opens with Butt; of a pair, the front one opens with Hesitant Slice, the back one with Hiss',
  INKLET: 'The middle one of three opens with Whirlwind, the others with Jab',
  CORPSE_SLUG: 'Several open on different moves of their cycle, from a random start',
  DECIMILLIPEDE_SEGMENT:
    'Its segments open on different moves (Writhe, Bulk, Constrict, staggered from a random start)',
};

function orderText(facts: Sts2MonsterFacts): string {
  const steps = Object.entries(facts.followUps).map(([from, to]) => `${from} -> ${to.join(' or ')}`);
  if (steps.length === 0)
    return 'Its move order is not in the facts the simulator has: it picks uniformly among its other moves.';
  return `${OPENING_TEXT[facts.id] ?? `Opens with ${facts.startsWith ?? 'its first move'}`}; then ${steps.join('; ')}.`;
}

/**
 * Powers that stun their monster the first time its HP falls to a threshold (the real game's texts):
 * Plow at its amount (and it loses its Strength: a real state shows both gone once the HP crossed),
 * Shriek at half its max HP. The stun replaces the move it had.
 */
function stunAtThreshold(context: MonsterContext): void {
  const monster = context.monster;
  const plow = monster.powers.PLOW ?? 0;
  if (plow > 0 && monster.hp <= plow) {
    delete monster.powers.PLOW;
    delete monster.powers.STRENGTH;
    context.setMove('STUN_MOVE');
  } else if ((monster.powers.SHRIEK ?? 0) > 0 && monster.hp * 2 <= monster.maxHp) {
    delete monster.powers.SHRIEK;
    context.setMove('STUN_MOVE');
  }
}

const THRESHOLD_TEXT: Readonly<Record<string, string>> = {
  PLOW: ' Plow: the first time its HP falls to the Plow amount or below, it loses Plow and its Strength and is stunned.',
  SHRIEK: ' Shriek: the first time its HP falls to half or below, it is stunned.',
};

function genericDefinition(facts: Sts2MonsterFacts, text: string): MonsterDefinition {
  // Moves written from the pages (PAGE_MOVE_EFFECTS) are simulated whole.
  const unmodelled = facts.moves.reduce(
    (sum, move) => sum + (hasPageMoveEffects(facts.id, move.id) ? 0 : move.unmodelled),
    0,
  );
  const hpUnknown = facts.hp[1] <= 0;
  // Only monsters with a stun move and a threshold power (on spawn or from a move) get the hook.
  const thresholds = Object.keys(THRESHOLD_TEXT).filter(
    (power) =>
      facts.powersOnSpawn.includes(power) ||
      facts.moves.some((move) =>
        move.effects.some((effect) => effect.kind === 'power' && effect.power === power),
      ),
  );
  const stuns = thresholds.length > 0 && facts.moves.some((move) => move.id === 'STUN_MOVE');
  return {
    id: facts.id,
    name: monsterName(facts),
    hp: hpUnknown ? [1, 1] : [facts.hp[0], facts.hp[1]],
    text:
      text +
      (hpUnknown ? ' Its HP is not in the facts the simulator has.' : '') +
      (unmodelled > 0 ? ` ${unmodelled} move effect(s) of the real monster are not simulated.` : '') +
      (stuns ? thresholds.map((power) => THRESHOLD_TEXT[power]).join('') : ''),
    moves: facts.moves.map((move) => moveOf(facts, move)),
    ...(stuns ? { onDamaged: stunAtThreshold } : {}),
    setup: (context) => {
      // The facts name the powers a monster spawns with; amounts from its page where it gives one, else 1.
      // Surrounded is the player's (the monsters flank them), whoever spawns it.
      for (const power of facts.powersOnSpawn) {
        if (power === 'SURROUNDED') {
          if ((context.combat.run.combat?.player.powers.SURROUNDED ?? 0) === 0)
            context.debuffPlayer(power, 1);
        } else {
          context.buff(power, sts2SpawnAmount(facts.id, power));
          // IllusionPower's notes: an Illusion is also a Minion (it leaves with the last non-minion).
          if (power === 'ILLUSION') context.buff('MINION', 1);
        }
      }
    },
    nextMove: (context) => patternNext(facts, context),
  };
}

const FACTS = new Map(STS2_MONSTER_FACTS.map((facts) => [facts.id, facts]));

function factsOf(id: string): Sts2MonsterFacts {
  const facts = FACTS.get(id);
  if (facts === undefined) throw new Error(`no StS2 monster facts for ${id}`);
  return facts;
}

/** A placeholder HP the real game shows while a monster cannot be hurt (the Door, the exploding Giant). */
export const UNHITTABLE_HP = 999_999_999;

function doormaker(): MonsterDefinition {
  const facts = factsOf('DOORMAKER');
  const base = genericDefinition(facts, '');
  const phases: Readonly<Record<string, [string, string]>> = {
    HUNGER_MOVE: ['HUNGER', 'SCRUTINY'],
    SCRUTINY_MOVE: ['SCRUTINY', 'GRASP'],
    GRASP_MOVE: ['GRASP', 'HUNGER'],
  };
  return {
    ...base,
    hp: [UNHITTABLE_HP, UNHITTABLE_HP],
    name: 'Door',
    text:
      'The Doormaker (final boss of Glory): starts as a Door that cannot be worn down (999,999,999 HP) and opens on its first turn (Dramatic Open): it becomes the Doormaker with 489 HP, loses its powers and enters its Hunger phase. It then cycles Hunger (30 damage; while in Hunger your Attacks and Skills Exhaust), Scrutiny (24 damage; you cannot draw extra cards) and Grasp (10x2 damage and 3 Strength; each card you play costs you 1 Energy). ' +
      orderText(facts),
    setup: () => {},
    moves: base.moves.map((move) => {
      if (move.id === 'DRAMATIC_OPEN_MOVE') {
        return {
          ...move,
          effect: (context: MonsterContext) => {
            const monster = context.monster;
            monster.hp = facts.hp[0];
            monster.maxHp = facts.hp[0];
            monster.name = monsterName(facts);
            monster.powers = {};
            context.buff('HUNGER', 1);
          },
        };
      }
      const phase = phases[move.id];
      if (phase === undefined) return move;
      return {
        ...move,
        effect: (context: MonsterContext) => {
          move.effect?.(context);
          if (move.id === 'GRASP_MOVE') context.buff('STRENGTH', 3);
          delete context.monster.powers[phase[0]];
          context.buff(phase[1], 1);
        },
      };
    }),
    nextMove: (context) => {
      const last = context.monster.history[context.monster.history.length - 1];
      if (last === undefined) return 'DRAMATIC_OPEN_MOVE';
      if (last === 'DRAMATIC_OPEN_MOVE' || last === 'GRASP_MOVE') return 'HUNGER_MOVE';
      if (last === 'HUNGER_MOVE') return 'SCRUTINY_MOVE';
      return 'GRASP_MOVE';
    },
  };
}

function waterfallGiant(): MonsterDefinition {
  const facts = factsOf('WATERFALL_GIANT');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text:
      'Waterfall Giant (boss of Underdocks): builds Steam Eruption every turn (15 on Pressurize, then 3 per move). When killed it does not die at once: it is About to Blow (cannot be worn down, 999,999,999 HP) for a turn, then Explodes for damage equal to its Steam Eruption and leaves. ' +
      orderText(facts),
    moves: withMoveEffect(base.moves, 'EXPLODE_MOVE', (context) => context.escape()),
    onDeath: (context) => {
      const monster = context.monster;
      if ((monster.memory.exploding ?? 0) > 0) return;
      monster.memory.exploding = 1;
      monster.memory.EXPLODE_MOVE_DAMAGE = monster.powers.STEAM_ERUPTION ?? 0;
      monster.memory.EXPLODE_MOVE_HITS = 1;
      monster.alive = true;
      monster.hp = UNHITTABLE_HP;
      monster.maxHp = UNHITTABLE_HP;
      monster.powers = { STEAM_ERUPTION: monster.memory.EXPLODE_MOVE_DAMAGE };
      context.setMove('ABOUT_TO_BLOW_MOVE');
    },
    nextMove: (context) => {
      if ((context.monster.memory.exploding ?? 0) > 0) return 'EXPLODE_MOVE';
      return patternNext(facts, context);
    },
  };
}

/** Test Subject's phases: the HP of phase 2 and 3 are the real states'; phase 1's is not known. */
const TEST_SUBJECT_PHASE_HP = [100, 200, 300] as const;

function testSubject(): MonsterDefinition {
  const facts = factsOf('TEST_SUBJECT');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    hp: [TEST_SUBJECT_PHASE_HP[0], TEST_SUBJECT_PHASE_HP[0]],
    text: 'Test Subject (boss of Glory) fights in three phases; it starts with Enrage 3 (its page: whenever you play a Skill, it gains 3 Strength; the revive keeps only Adaptable, as the page does not say Enrage lasts). Phase 1 alternates Bite (20) and Skull Bash (14, 1 Vulnerable); its HP is not known to the simulator, which uses 100. When a phase ends (Adaptable) it revives at once at the next phase HP (200, then 300, as the real states show) and spends its next turn on Respawn: phase 2 gains Painful Stabs and uses Multi Claw (10 damage, one more hit each time, from 3); phase 3 loses Adaptable, gains Nemesis and cycles Lacerate (10x3), Big Pounce (45) and Burning Growl (2 Strength, a Burn into your discard pile). The simulator revives it at once, where the real game leaves it at 0 HP for that turn.',
    setup: (context) => {
      context.monster.memory.phase = 1;
      context.buff('ADAPTABLE', 1);
      context.buff('ENRAGE', sts2SpawnAmount(facts.id, 'ENRAGE'));
    },
    moves: base.moves.map((move) => {
      if (move.id === 'RESPAWN_MOVE') {
        return {
          ...move,
          effect: (context: MonsterContext) => {
            if ((context.monster.memory.phase ?? 1) === 2) context.buff('PAINFUL_STABS', 1);
            else context.buff('NEMESIS', 1);
          },
        };
      }
      if (move.id === 'MULTI_CLAW_MOVE') {
        // One more hit each time it is used: damage and hits live in the monster's memory.
        return { id: move.id, name: move.name, intent: 'Attack' as const };
      }
      if (move.id === 'BURNING_GROWL_MOVE') {
        return {
          ...move,
          effect: (context: MonsterContext) => {
            context.buff('STRENGTH', 2);
            context.addStatus('BURN', 'discard', 1);
          },
        };
      }
      return move;
    }),
    onDeath: (context) => {
      const monster = context.monster;
      const phase = monster.memory.phase ?? 1;
      if (phase >= 3) return;
      monster.memory.phase = phase + 1;
      monster.memory.claws = 0;
      monster.alive = true;
      monster.maxHp = TEST_SUBJECT_PHASE_HP[phase] ?? 300;
      monster.hp = monster.maxHp;
      monster.block = 0;
      const keep: Record<string, number> = {};
      if (phase + 1 < 3) keep.ADAPTABLE = 1;
      monster.powers = keep;
      context.setMove('RESPAWN_MOVE');
    },
    nextMove: (context) => {
      const monster = context.monster;
      const last = monster.history[monster.history.length - 1];
      const phase = monster.memory.phase ?? 1;
      if (phase === 1) return last === 'BITE_MOVE' ? 'SKULL_BASH_MOVE' : 'BITE_MOVE';
      if (phase === 2) {
        monster.memory.claws = (monster.memory.claws ?? 0) + 1;
        monster.memory.MULTI_CLAW_MOVE_HITS = 2 + (monster.memory.claws ?? 1);
        monster.memory.MULTI_CLAW_MOVE_DAMAGE = 10;
        return 'MULTI_CLAW_MOVE';
      }
      if (last === 'PHASE3_LACERATE_MOVE') return 'BIG_POUNCE_MOVE';
      if (last === 'BIG_POUNCE_MOVE') return 'BURNING_GROWL_MOVE';
      return 'PHASE3_LACERATE_MOVE';
    },
  };
}

function queen(): MonsterDefinition {
  const facts = factsOf('QUEEN');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: 'Queen (boss of Glory, with her Torch Head Amalgam): opens with Puppet Strings (3 Chains of Binding) and Your Mine (99 Frail, Weak and Vulnerable), then, while the Amalgam lives, Burn Bright for Me (she gains 20 Block, the Amalgam 1 Strength); once it is dead she cycles Off with Your Head (3x5), Execution (15) and Enrage (2 Strength).',
    moves: withMoveEffect(base.moves, 'BURN_BRIGHT_FOR_ME_MOVE', (context) => {
      context.gainBlock(20);
      const combat = context.combat.run.combat;
      if (combat === null) return;
      combat.monsters.forEach((other, index) => {
        if (other !== context.monster && other.alive) context.combat.applyToMonster(index, 'STRENGTH', 1);
      });
    }),
    nextMove: (context) => {
      const monster = context.monster;
      const last = monster.history[monster.history.length - 1];
      if (last === undefined) return 'PUPPET_STRINGS_MOVE';
      if (last === 'PUPPET_STRINGS_MOVE') return 'YOUR_MINE_MOVE';
      const allies = context.combat.livingMonsters().some((other) => other !== monster);
      if (allies) return 'BURN_BRIGHT_FOR_ME_MOVE';
      if (last === 'OFF_WITH_YOUR_HEAD_MOVE') return 'EXECUTION_MOVE';
      if (last === 'EXECUTION_MOVE') return 'ENRAGE_MOVE';
      return 'OFF_WITH_YOUR_HEAD_MOVE';
    },
  };
}

/**
 * Owl Magistrate: Judicial Flight gives it Soar (half damage from attacks) "until it lands"; the
 * simulator lands it when it next moves, on Verdict (the move its flight always leads to).
 */
function owlMagistrate(): MonsterDefinition {
  const facts = factsOf('OWL_MAGISTRATE');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Soar (from Judicial Flight) halves the damage of attacks on it until it lands on its next move. ${orderText(facts)}`,
    moves: base.moves.map((move) =>
      move.id === 'JUDICIAL_FLIGHT'
        ? move
        : {
            ...move,
            effect: (context: MonsterContext) => {
              delete context.monster.powers.SOAR;
              move.effect?.(context);
            },
          },
    ),
  };
}

/**
 * Toadpole (the export's page, not its table): Spike Spit spends the 2 Thorns Spiken gave (its
 * staggered opening is in OPENINGS). Without the spend, Thorns piled up every cycle.
 */
function toadpole(): MonsterDefinition {
  const facts = factsOf('TOADPOLE');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Spike Spit removes the 2 Thorns Spiken gave. ${orderText(facts)}`,
    moves: withMoveEffect(base.moves, 'SPIKE_SPIT_MOVE', (context) => {
      const thorns = context.monster.powers.THORNS ?? 0;
      if (thorns > 0) context.buff('THORNS', -Math.min(2, thorns));
    }),
  };
}

/**
 * Fabricator (its export page): while fewer than 4 allies are alive it picks Fabricate or Fabricating
 * Strike at random, else Disintegrate; its bots are minions. (That a new bot avoids the type of the
 * last one is not simulated.)
 */
function fabricator(): MonsterDefinition {
  const facts = factsOf('FABRICATOR');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. While fewer than 4 allies are alive, Fabricate (a defensive and an aggressive bot) or Fabricating Strike (an aggressive bot), at random; else Disintegrate. Its bots are minions. That a new bot avoids the type of the last one is not simulated.`,
    // Its page's notes: the bots it builds are minions (its table's spawn effects do not say so).
    moves: base.moves.map((move) => {
      const effects = facts.moves
        .find((other) => other.id === move.id)
        ?.effects.map((effect) => (effect.kind === 'spawn' ? { ...effect, minion: true } : effect));
      return effects === undefined || effects.length === 0
        ? move
        : { ...move, effect: (context: MonsterContext) => runMoveEffects(context, effects) };
    }),
    nextMove: (context) => {
      const allies = context.combat.livingMonsters().filter((other) => other !== context.monster).length;
      if (allies >= 4) return 'DISINTEGRATE_MOVE';
      return context.roll() < 50 ? 'FABRICATE_MOVE' : 'FABRICATING_STRIKE_MOVE';
    },
  };
}

/**
 * The Insatiable (its export page and Sandpit's): Liquify Ground gives it 4 Sandpit and shuffles 6
 * Frantic Escape into the player's piles (3 into the Draw Pile, 3 into the Discard Pile). Sandpit
 * falls by 1 each of its turns; when it reaches 0 the player is killed. Each Frantic Escape played
 * raises it by 1. The simulator lowers Sandpit before each move after Liquify Ground's, so the player
 * has 4 turns after the one it was applied in, plus one per Frantic Escape (the game's order is not
 * in the export). Its killing Osty as well is not simulated.
 */
function theInsatiable(): MonsterDefinition {
  const facts = factsOf('THE_INSATIABLE');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Liquify Ground: 4 Sandpit, and 6 Frantic Escape into your Draw and Discard Piles. Sandpit falls by 1 before each of its later moves; at 0 you are killed. Playing a Frantic Escape raises it by 1. ${orderText(facts)}`,
    moves: base.moves.map((move) => ({
      ...move,
      effect: (context: MonsterContext) => {
        const sandpit = context.monster.powers.SANDPIT ?? 0;
        if (sandpit > 0) {
          context.buff('SANDPIT', -1);
          if (sandpit === 1) {
            context.combat.loseHp(context.combat.run.hp);
            if (context.combat.run.hp <= 0) return;
          }
        }
        // Liquify Ground's 4 Sandpit is in its facts; its Frantic Escape is only on its page.
        move.effect?.(context);
        if (move.id === 'LIQUIFY_GROUND_MOVE') {
          context.addStatus('FRANTIC_ESCAPE', 'draw', 3);
          context.addStatus('FRANTIC_ESCAPE', 'discard', 3);
        }
      },
    })),
  };
}

/** The status Curse of Knowledge offers beside Disintegration, by its use (1st, 2nd, 3rd). */
const KNOWLEDGE_CURSES = ['MIND_ROT', 'SLOTH', 'WASTE_AWAY'];

/**
 * Knowledge Demon (its export page, and the real states): Curse of Knowledge -> Slap -> Knowledge
 * Overwhelming -> Ponder, three times, then Slap -> Knowledge Overwhelming -> Ponder. Each Curse of
 * Knowledge makes the player choose Disintegration (6, 7, then 8 damage at the end of each turn) or
 * Mind Rot, Sloth, then Waste Away; the chosen card becomes a power of that name (the real states show
 * DISINTEGRATION_POWER 13 after two choices, and WASTE_AWAY_POWER 1). The page lists the three statuses
 * without their order; the simulator offers them in the page's order. The choice is made when the
 * monsters' turn ends, before the player's turn starts.
 */
function knowledgeDemon(): MonsterDefinition {
  const facts = factsOf('KNOWLEDGE_DEMON');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Curse of Knowledge: choose Disintegration (6, then 7, then 8 damage at the end of each of your turns) or Mind Rot, then Sloth, then Waste Away; its order: Curse of Knowledge, Slap, Knowledge Overwhelming, Ponder three times, then without the Curse.`,
    moves: withMoveEffect(base.moves, 'CURSE_OF_KNOWLEDGE_MOVE', (context) => {
      const use = Math.min(KNOWLEDGE_CURSES.length, (context.monster.memory.curses ?? 0) + 1);
      context.monster.memory.curses = use;
      context.combat.requestSelection({
        source: 'generated',
        generated: ['DISINTEGRATION', KNOWLEDGE_CURSES[use - 1] as string],
        count: 1,
        prompt: 'Curse of Knowledge: choose the curse you take.',
        monster: 'KNOWLEDGE_DEMON',
      });
    }),
    onSelect: (context, chosen) => {
      const demon = context.run.combat?.monsters.find((monster) => monster.id === 'KNOWLEDGE_DEMON');
      const use = demon?.memory.curses ?? 1;
      const card = chosen[0];
      if (card === undefined) return;
      if (card.id === 'DISINTEGRATION') context.applyToPlayer('DISINTEGRATION', 5 + use);
      else context.applyToPlayer(card.id, 1);
    },
    nextMove: (context) => {
      const monster = context.monster;
      const last = monster.history[monster.history.length - 1];
      if (last === undefined) return 'CURSE_OF_KNOWLEDGE_MOVE';
      if (last === 'CURSE_OF_KNOWLEDGE_MOVE') return 'SLAP_MOVE';
      if (last === 'SLAP_MOVE') return 'KNOWLEDGE_OVERWHELMING_MOVE';
      if (last === 'KNOWLEDGE_OVERWHELMING_MOVE') return 'PONDER_MOVE';
      return (monster.memory.curses ?? 0) < KNOWLEDGE_CURSES.length ? 'CURSE_OF_KNOWLEDGE_MOVE' : 'SLAP_MOVE';
    },
  };
}

/**
 * Bowlbug (Rock) (its export page and Imbalanced's): when its Headbutt is fully blocked (the player
 * loses no HP to it) it is Off Balance and spends its next turn Dizzy, which clears it; else it
 * Headbutts again.
 */
function bowlbugRock(): MonsterDefinition {
  const facts = factsOf('BOWLBUG_ROCK');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Headbutt every turn; a Headbutt fully blocked puts it Off Balance, and it spends its next turn Dizzy.`,
    moves: withMoveEffect(base.moves, 'DIZZY_MOVE', (context) => {
      delete context.monster.memory.offBalance;
    }),
    nextMove: (context) =>
      context.monster.history.at(-1) === 'HEADBUTT_MOVE' && context.monster.memory.offBalance === 1
        ? 'DIZZY_MOVE'
        : 'HEADBUTT_MOVE',
  };
}

/**
 * Gold the Gremlin Merc's Thievery takes with each of its moves. Its page gives "Thievery (20 stacks)"
 * and the power "Steals Gold when Attacking"; the earlier exports' pages (v0.98.2 to v0.101.0) say
 * "Steal gold" for each move and "every move triggers Thievery, stealing gold from the player after
 * dealing damage". The simulator reads that as 20 Gold once per move (not per hit), after its damage.
 * (v0.103.2's "Steal a card from each player's deck" contradicts its own Thievery and Heist powers.)
 */
const MERC_THIEVERY = 20;

/**
 * Gremlin Merc (its export page and the Surprise, Thievery and Heist powers): Gimme, Double Smash and
 * Hehe each steal Gold. When it dies, Surprise spawns a Sneaky Gremlin and a Fat Gremlin, and the Fat
 * Gremlin carries the stolen Gold as Heist: killing it returns the Gold (a 'stolen_gold' reward, as
 * StS1's Looter); when it flees, the Gold is gone.
 */
function gremlinMerc(): MonsterDefinition {
  const facts = factsOf('GREMLIN_MERC');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Thievery: each of its moves steals ${MERC_THIEVERY} Gold after its damage. Surprise: when it dies, a Sneaky Gremlin and a Fat Gremlin appear; the Fat Gremlin holds the stolen Gold (Heist) and gives it back if killed, but tries to flee. ${orderText(facts)}`,
    setup: (context) => {
      context.buff('SURPRISE', 1);
      context.buff('THIEVERY', MERC_THIEVERY);
    },
    moves: base.moves.map((move) => ({
      ...move,
      effect: (context: MonsterContext) => {
        move.effect?.(context);
        stealGold(context, context.monster.powers.THIEVERY ?? 0);
      },
    })),
    onDeath: (context) => {
      const merc = context.monster;
      if ((merc.powers.SURPRISE ?? 0) === 0) return;
      delete merc.powers.SURPRISE;
      context.spawn('SNEAKY_GREMLIN', null);
      const fat = context.spawn('FAT_GREMLIN', null);
      // The Merc's Gold goes with the Fat Gremlin: the engine returns what a killed monster holds.
      const stolen = merc.memory.stolen ?? 0;
      if (stolen > 0) {
        fat.memory.stolen = stolen;
        fat.powers.HEIST = stolen;
        merc.memory.stolen = 0;
      }
    },
  };
}

/** The Hatch a Tough Egg spawns with (its page: "HatchPower (2 stacks)"). */
const EGG_HATCH = 2;

/**
 * Tough Egg (its export page and Hatch's): it spawns with 2 Hatch ("hatches after 2 turns"); its first
 * move, Hatch, removes Hatch and every other power but Minion, and it is the Hatchling from then on,
 * Nibbling every turn. The simulator reads the page's move order as the hatching time (the egg hatches
 * on its first move; the Hatch amount is shown, not counted down). The Hatchling's HP is left out: the
 * export gives 20-23 only at ascension, not at ascension 0, so the Hatchling keeps the egg's HP and the
 * monster stays partly modelled.
 */
function toughEgg(): MonsterDefinition {
  const facts = factsOf('TOUGH_EGG');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)}. Spawns with ${EGG_HATCH} Hatch. Hatch, its first move: it loses Hatch and every power but Minion and becomes the Hatchling, which Nibbles every turn. The Hatchling's HP is not simulated (the export gives it only at ascension, 20-23): it keeps the egg's HP.`,
    setup: (context) => context.buff('HATCH', EGG_HATCH),
    moves: withMoveEffect(base.moves, 'HATCH_MOVE', (context) => {
      const monster = context.monster;
      for (const power of Object.keys(monster.powers)) if (power !== 'MINION') delete monster.powers[power];
      monster.name = 'Hatchling';
    }),
  };
}

/** What a segment's Reattach brings it back with (its page: "ReattachPower (25)", "revives ... with 25 HP"). */
const REATTACH_HP = 25;
/** A segment's attack cycle (its page's moves but Dead and Reattach). */
const SEGMENT_CYCLE = ['WRITHE_MOVE', 'BULK_MOVE', 'CONSTRICT_MOVE'];

/**
 * Decimillipede segment (its export page, Reattach's and the encounter's): three segments, each with a
 * unique even HP (rolled, rounded down to even, the simulator's reading; 2 more while another segment
 * has it) and 25 Reattach. Killed while another segment lives, a segment lies dead (its powers but
 * Reattach gone, as a dead creature's; the simulator's reading) and cannot be hit: it plays Dead, then
 * Reattach, coming back with 25 HP, and resumes with Writhe, Bulk or Constrict at random, not the last
 * it used. Killed when no other segment lives, it dies, and so does the fight.
 */
function decimillipedeSegment(): MonsterDefinition {
  const facts = factsOf('DECIMILLIPEDE_SEGMENT');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    text: `${monsterName(facts)} (one of three segments). Each has a different even HP and ${REATTACH_HP} Reattach. Killed while another segment lives, it lies dead for its next turn, then Reattaches with ${REATTACH_HP} HP and resumes with Writhe, Bulk or Constrict at random (not the last it used). The fight is won when every segment is down at once. ${orderText(facts)}`,
    setup: (context) => {
      context.buff('REATTACH', REATTACH_HP);
      const monster = context.monster;
      const taken = new Set(
        context.combat.run.combat?.monsters
          .slice(0, context.index)
          .filter((other) => other.id === monster.id)
          .map((other) => other.maxHp),
      );
      let hp = monster.maxHp - (monster.maxHp % 2);
      while (taken.has(hp)) hp += 2;
      monster.maxHp = hp;
      monster.hp = hp;
    },
    onDeath: (context) => {
      const monster = context.monster;
      const reattach = monster.powers.REATTACH ?? 0;
      const others = context.combat.run.combat?.monsters.some(
        (other) => other !== monster && other.id === monster.id && other.alive,
      );
      if (reattach === 0 || others !== true) return;
      monster.memory.down = 1;
      monster.powers = { REATTACH: reattach };
      context.setMove('DEAD_MOVE');
    },
    whileDown: (context) => {
      const monster = context.monster;
      if (monster.move.id === 'DEAD_MOVE') {
        monster.history.push('DEAD_MOVE');
        context.setMove('REATTACH_MOVE');
        return;
      }
      monster.history.push('REATTACH_MOVE');
      monster.memory.down = 0;
      monster.alive = true;
      monster.hp = Math.min(monster.maxHp, monster.powers.REATTACH ?? REATTACH_HP);
    },
    nextMove: (context) => {
      const history = context.monster.history;
      if (history.at(-1) !== 'REATTACH_MOVE') return patternNext(facts, context);
      const last = history.findLast((id) => SEGMENT_CYCLE.includes(id));
      const moves = SEGMENT_CYCLE.filter((id) => id !== last);
      return moves[Math.floor((context.roll() * moves.length) / 100)] ?? (moves[0] as string);
    },
  };
}

/** What the Mysterious Knight spawns with beyond the Flail Knight's (its page: "StrengthPower (6)", "PlatingPower (6)"). */
const MYSTERIOUS_KNIGHT_SPAWN = { STRENGTH: 6, PLATING: 6 } as const;

/**
 * Mysterious Knight (its export page; the monster table lacks it), the Lantern Key event's fight: the
 * Flail Knight (its notes: "the same HP, moves, and move pattern") with 6 Strength and 6 Plating.
 */
function mysteriousKnight(): MonsterDefinition {
  const facts = factsOf('FLAIL_KNIGHT');
  const base = genericDefinition(facts, '');
  return {
    ...base,
    id: 'MYSTERIOUS_KNIGHT',
    name: 'Mysterious Knight',
    text: `Mysterious Knight: the Flail Knight with ${MYSTERIOUS_KNIGHT_SPAWN.STRENGTH} Strength and ${MYSTERIOUS_KNIGHT_SPAWN.PLATING} Plating from the start. ${orderText(facts)}`,
    setup: (context) => {
      base.setup?.(context);
      for (const [power, amount] of Object.entries(MYSTERIOUS_KNIGHT_SPAWN)) context.buff(power, amount);
    },
  };
}

const HAND_WRITTEN: Readonly<Record<string, () => MonsterDefinition>> = {
  DECIMILLIPEDE_SEGMENT: decimillipedeSegment,
  BOWLBUG_ROCK: bowlbugRock,
  FABRICATOR: fabricator,
  GREMLIN_MERC: gremlinMerc,
  KNOWLEDGE_DEMON: knowledgeDemon,
  THE_INSATIABLE: theInsatiable,
  TOADPOLE: toadpole,
  DOORMAKER: doormaker,
  WATERFALL_GIANT: waterfallGiant,
  TEST_SUBJECT: testSubject,
  QUEEN: queen,
  OWL_MAGISTRATE: owlMagistrate,
};

/**
 * Hand-written rules that still leave part of the real monster out (said in its text): the coverage
 * counts these by their facts, as partly modelled.
 */
const PARTLY_HAND_WRITTEN: Readonly<Record<string, () => MonsterDefinition>> = {
  TOUGH_EGG: toughEgg,
};

/** Whether a monster has hand-written rules for what its facts cannot say (the coverage counts it whole). */
export function isHandWrittenSts2Monster(id: string): boolean {
  return HAND_WRITTEN[id] !== undefined;
}

export function buildSts2Monsters(): MonsterDefinition[] {
  const monsters = STS2_MONSTER_FACTS.map((facts) => {
    const special = HAND_WRITTEN[facts.id] ?? PARTLY_HAND_WRITTEN[facts.id];
    if (special !== undefined) return special();
    return genericDefinition(facts, `${monsterName(facts)}. ${orderText(facts)}`);
  });
  // Monsters only their own export pages give.
  return [...monsters, mysteriousKnight()];
}
