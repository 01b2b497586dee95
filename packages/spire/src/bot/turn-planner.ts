// Turn planner: picks the whole turn's card sequence together instead of one card at a time.
// A small depth-first search over play orders of the hand within energy, using only the API
// shape (intents, damage previews, block), so it works on the simulator and the real games alike.
// It returns the first action of the best plan; the bot re-plans after every card because draws
// and other effects change the hand.
import { cardCurrentBlock, cardCurrentDamage } from '../api/card-current-value.js';
import type { GameAction } from '../api/game-action.js';
import type { Enemy, GameState, HandCard, Relic } from '../api/game-state.js';
import { backAttackDamage } from './back-attack.js';

/** Plays explored per decision; deeper searches are cut there to keep a decision in the tens of microseconds. */
const NODE_BUDGET = 800;

/**
 * Value of one point of enemy HP removed, against 1.2-2.4 per point of the player's HP lost: HP is
 * what the rest of the run is paid with, and a point of damage only shortens the fight a little.
 * Tuned on seeds bench-1000..1199 (1.0 -> 0.5: StS1 wins Ironclad 21 -> 27, Silent 24 -> 29 of 200,
 * before the per-turn rise below).
 */
const DAMAGE_VALUE = 0.5;
/**
 * Added to DAMAGE_VALUE per turn the fight has lasted (up to DAMAGE_VALUE_MAX): enemies scale and
 * some (Thorns that grows, regeneration) make waiting worse, so long fights must press to end.
 * Without it the StS2 Necrobinder stalled against a Toadpole's growing Thorns until the step cap.
 */
const DAMAGE_VALUE_PER_TURN = 0.05;
const DAMAGE_VALUE_MAX = 1;
/**
 * The least damage value in StS2 boss and elite fights. Tuned on seeds bench-2000..2099 (0.5 -> 0.8:
 * StS2 Act 1 clears of the four characters 195 -> 204 of 400; 1.2: 201).
 */
const STS2_LONG_FIGHT_DAMAGE_VALUE = 0.8;
/** Plays in one StS2 turn after which the planner ends it (a Necrobinder on bench-179 stalled at the step cap). */
const STS2_MAX_PLAYS_PER_TURN = 60;
/**
 * Value of a point of Doom against a point of damage. Tuned on StS2 Necrobinder Act 1 clears (0 ->
 * 0.7 -> 1: bench-2000..2199 100 -> 107 -> 108 of 200, bench-2200..2399 111 at 0.7, 114 at 1).
 */
const DOOM_VALUE = 1;
/**
 * The Insatiable's Sandpit kills the player when it runs out (one turn per point), and each Frantic
 * Escape played adds a turn. While the Sandpit's turns, at SANDPIT_TURN_DAMAGE a turn, would not kill
 * its owner, an escape is worth ESCAPE_VALUE over the turns past the next (less while there are many
 * left: a Necrobinder at 22 HP played two instead of blocking a bite with 4 left); on the last turn it
 * is worth a life. Tuned on bench-2000..2099: the bot played one only with energy to spare; Act 2 boss
 * losses fell 147 -> 124 of 400 (35: 124), and 112 -> 110 with the fall over the turns left (30: 110).
 */
const ESCAPE_VALUE = 20;
const ESCAPE_LAST_TURN_VALUE = 200;
const SANDPIT_TURN_DAMAGE = 30;
/**
 * The Regent's Stars and Forge. A Star is worth STAR_VALUE whether gained or spent (a card that costs
 * Stars must be worth them); Forge N adds N to every later Sovereign Blade, worth FORGE_VALUE a point
 * of damage. Before, Star costs were free to the planner and Star gains and Forge a flat 6. Tuned on
 * StS2 Regent Act 1 clears, bench-2000..2199: 120 of 200 before; Stars 0/2/3/4/6: 110/125/127/127/115;
 * Forge 0/1/2: 122/127/126. bench-2200..2399: 116 -> 127.
 */
const STAR_VALUE = 3;
const FORGE_VALUE = 1;
/** This decision's damage value (set by planTurn; the planner is synchronous). */
let damageValue = DAMAGE_VALUE;
/**
 * Poison's value per point of the damage it will deal (capped at the enemy's HP), against direct
 * damage's 1, and the share of a kill's value when Poison kills an enemy before it moves. Tuned on
 * seeds bench-1000..1399 (Poison as a flat 3 per point -> modelled per enemy: StS1 Silent wins 45
 * -> 65 of 400; 0.7-2.5 and kill shares 0.5-2 all scored 62-68).
 */
const POISON_VALUE = 1;
const POISON_KILL = 1;
/**
 * Turns of Poison counted: a big stack pays out over many turns, but the fight often ends sooner
 * (and HP lost now is certain). Without the cap the bot spent a Hyper Beam turn on Catalyst and
 * Bouncing Flask instead of blocking; on bench-1000..1399 StS1 Silent wins 65 -> 71 of 400
 * (3-7 turns: 68-71).
 */
const POISON_HORIZON = 4;

/**
 * Per enemy (by plan position), the HP at or below which it spends this turn on a phase change
 * instead of its shown move (phaseChangeAt), or -1; and whether that change clears its Poison (the
 * Champ's Anger does). Set by planTurn (the planner is synchronous).
 */
let phaseAt: number[] = [];
/**
 * StS2's Surrounded (the player has it): per enemy (by plan position), its attack this turn if the
 * plan ends facing it and if not, or -1 without Back Attack. Set by planTurn.
 */
let surrounded = false;
/**
 * An enemy has Crab Rage (Crusher and Rocket): when one dies the others gain 99 Block, which lasts until
 * their turn, so damage after the kill is wasted. Set by planTurn; plays then copy every enemy.
 */
let crabRage = false;
/**
 * StS2's Asleep (the Lagavulin Matriarch): the sleeper wakes as soon as it loses HP and Slashes that
 * very turn, where its intent shows only Sleep; unwoken, it sleeps its Asleep count of turns. Per
 * enemy (by plan position), what waking it costs in the player's HP (0: not asleep), and whether any
 * enemy is. Set by planTurn.
 */
let wakeCost: number[] = [];
let anyAsleep = false;
/**
 * HP a woken sleeper takes per turn it would have slept: the Matriarch's four moves (Slash 19,
 * Disembowel 9x2, Slash 12, Soul Siphon) average 12 a turn, by the monster facts.
 */
const SLEEPER_TURN_DAMAGE = 12;
/**
 * A Slippery stack taken off (StS2's Vantom), in points of damage: the full hit a later card then lands
 * (about a Strike's, less the 1 HP this one took). Without it the planner saw a Bludgeon deal 32 into
 * Slippery 9 and deal 1.
 */
const SLIPPERY_STACK_VALUE = 5;
let facedAttack: number[] = [];
let behindAttack: number[] = [];
let phaseClearsPoison: boolean[] = [];

const VULNERABLE_CARDS: Record<string, number> = {
  BASH: 2,
  UPPERCUT: 1,
  THUNDERCLAP: 1,
  SHOCKWAVE: 3,
  TERROR: 99,
  TRIP: 2,
};
const WEAK_CARDS: Record<string, number> = {
  NEUTRALIZE: 1,
  SUCKER_PUNCH: 1,
  CLOTHESLINE: 2,
  UPPERCUT: 1,
  INTIMIDATE: 1,
  SHOCKWAVE: 3,
  LEG_SWEEP: 2,
  MALAISE: 2,
  CRIPPLING_CLOUD: 2,
};
const SELF_DAMAGE: Record<string, number> = { BLOODLETTING: 3, OFFERING: 6, HEMOKINESIS: 2 };

/** A card id's entries in the three tables above (0 where absent). */
interface CardConstants {
  readonly vulnerable: number;
  readonly weak: number;
  readonly selfDamage: number;
}

// One map probe per card per decision instead of five keyed reads on the tables (megamorphic on card ids).
const CARD_CONSTANTS = new Map<string, CardConstants>();

function cardConstants(cardId: string): CardConstants {
  let constants = CARD_CONSTANTS.get(cardId);
  if (constants === undefined) {
    if (CARD_CONSTANTS.size >= 4096) CARD_CONSTANTS.clear();
    constants = {
      vulnerable: VULNERABLE_CARDS[cardId] ?? 0,
      weak: WEAK_CARDS[cardId] ?? 0,
      selfDamage: SELF_DAMAGE[cardId] ?? 0,
    };
    CARD_CONSTANTS.set(cardId, constants);
  }
  return constants;
}

interface PlanEnemy {
  readonly index: number;
  readonly maxHp: number;
  hp: number;
  block: number;
  vulnerable: boolean;
  weak: boolean;
  readonly startedWeak: boolean;
  readonly incoming: number;
  /** Damage this enemy is worth removing over the coming turns (buffers count too). */
  readonly threat: number;
  /** Snake Plant's Malleable: block gained per hit that lands, growing by 1 each time. */
  malleable: number;
  readonly intangible: boolean;
  readonly thorns: number;
  /** HP it can still lose this turn (Invincible), or Infinity. */
  invincible: number;
  /** Poison on it now: it ticks at the start of its turn, before it moves. */
  poison: number;
  readonly startHp: number;
  readonly startPoison: number;
  /** Strength it lost for this turn only (Piercing Wail): taken off each hit of its attack. */
  strengthDown: number;
  /** Hits of its attack intent this turn. */
  readonly hits: number;
  /** A slime that splits at half HP: its move becomes the split (no attack) and both halves keep its HP. */
  readonly split: boolean;
  /** StS2's Slippery (Vantom): its next this many HP losses are 1 HP each. */
  slippery: number;
}

interface PlanCard {
  readonly card: HandCard;
  readonly cost: number;
  /** The Regent's Stars it costs and gains (StS2; 0 otherwise). */
  readonly starCost: number;
  readonly starGain: number;
  readonly energyGain: number;
  readonly block: number;
  readonly strengthGain: number;
  readonly vulnerable: number;
  readonly weak: number;
  readonly allEnemies: boolean;
  readonly isAttack: boolean;
  /** Value of what the arithmetic does not model (powers, draw, self-damage, enemy reactions). */
  readonly otherValue: number;
  readonly draws: number;
  /** Poison it applies now (to its target, to all, or spread over random enemies). */
  readonly poison: number;
  readonly poisonRandom: boolean;
  /** Catalyst: the target's Poison is multiplied by this (1 = no change). */
  readonly poisonMultiplier: number;
  /** Strength its targets lose for this turn (or for good: Malaise). */
  readonly strengthDown: number;
  /** Intangible it grants the player: this turn's hits deal 1 each. */
  readonly intangible: boolean;
  /** Small integer naming the (card id, upgraded) pair: equal cards are tried once per position. */
  keyId: number;
  readonly selfDamage: number;
  readonly damage: number | null;
  readonly hits: number;
  /**
   * Per-target damage previews, by enemy index (the API's target_previews; the first one per
   * target counts): arrays indexed by enemy index, `undefined` where a target has none. Arrays, not
   * a Map: the search reads them at every targeted play.
   */
  readonly previewDamage: readonly (number | undefined)[];
  readonly previewHits: readonly (number | undefined)[];
  /** `validTargets[enemyIndex]` is true for a valid target (the API's valid_target_indices). */
  readonly validTargets: readonly boolean[];
  /** The card's `requires_target`, read per search node. */
  readonly requiresTarget: boolean;
  /** A Power card (played early: it pays off the rest of the fight). */
  readonly isPower: boolean;
  /** The card can change an enemy (damage, debuffs, Poison, Strength down): its play copies enemies. */
  readonly touchesEnemies: boolean;
  /** StS2: Osty deals its damage, so the player's Strength gained this turn does not reach it. */
  readonly ostyAttack: boolean;
}

interface PlanState {
  energy: number;
  stars: number;
  block: number;
  strength: number;
  value: number;
  selfDamage: number;
  intangible: boolean;
  /** Plan position of the enemy the last targeted card hit (the player faces it), or -1. */
  facing: number;
  enemies: PlanEnemy[];
}

/** The powers the planner reads on an enemy (0 where absent). */
interface EnemyPowers {
  vulnerable: number;
  weak: number;
  malleable: number;
  intangible: number;
  thorns: number;
  invincible: number;
  poison: number;
  split: number;
  ritual: number;
  strength: number;
  modeShift: number;
  timeWarp: number;
  sharpHide: number;
  enrage: number;
  slippery: number;
}

/**
 * An enemy's powers in one pass over its list (the first entry of an id counts). One loop, not a
 * scan per id: planTurn is recompiled whenever a rare path first runs, and a dozen inlined scans made
 * each compile cost more than many decisions.
 */
function enemyPowers(enemy: Enemy): EnemyPowers {
  // Locals, and the object made once at the end: a store into the made object's field that no run
  // had set before (a power first met late) made V8 drop planTurn's optimized code, which had taken
  // that field for a constant, and recompile it (callgrind, 20 StS1 Silent bot runs: 6,625M -> 6,457M instructions).
  let vulnerable = 0;
  let weak = 0;
  let malleable = 0;
  let intangible = 0;
  let thorns = 0;
  let invincible = 0;
  let poison = 0;
  let split = 0;
  let ritual = 0;
  let strength = 0;
  let modeShift = 0;
  let timeWarp = 0;
  let sharpHide = 0;
  let enrage = 0;
  let slippery = 0;
  // Backwards, so that the first entry of a repeated id is the one left.
  for (let index = enemy.powers.length - 1; index >= 0; index--) {
    const entry = enemy.powers[index] as Enemy['powers'][number];
    const amount = entry.amount ?? 0;
    switch (entry.power_id) {
      case 'VULNERABLE_POWER':
        vulnerable = amount;
        break;
      case 'WEAK_POWER':
        weak = amount;
        break;
      case 'MALLEABLE_POWER':
        malleable = amount;
        break;
      case 'INTANGIBLE_POWER':
        intangible = amount;
        break;
      case 'THORNS_POWER':
        thorns = amount;
        break;
      case 'INVINCIBLE_POWER':
        invincible = amount;
        break;
      case 'POISON_POWER':
        poison = amount;
        break;
      case 'SPLIT_POWER':
        split = amount;
        break;
      case 'RITUAL_POWER':
        ritual = amount;
        break;
      case 'STRENGTH_POWER':
        strength = amount;
        break;
      case 'MODE_SHIFT_POWER':
        modeShift = amount;
        break;
      case 'TIME_WARP_POWER':
        timeWarp = amount;
        break;
      case 'SHARP_HIDE_POWER':
        sharpHide = amount;
        break;
      case 'ENRAGE_POWER':
        enrage = amount;
        break;
      case 'SLIPPERY_POWER':
        slippery = amount;
        break;
    }
  }
  return {
    vulnerable,
    weak,
    malleable,
    intangible,
    thorns,
    invincible,
    poison,
    split,
    ritual,
    strength,
    modeShift,
    timeWarp,
    sharpHide,
    enrage,
    slippery,
  };
}

function intentDamage(enemy: Enemy): number {
  let total = 0;
  for (const intent of enemy.intents) total += intent.total_damage ?? 0;
  return total;
}

function intentHits(enemy: Enemy): number {
  let hits = 0;
  for (const intent of enemy.intents) if ((intent.total_damage ?? 0) > 0) hits += intent.hits ?? 1;
  return hits;
}

function threatOf(enemy: Enemy, powers: EnemyPowers): number {
  const damage = intentDamage(enemy);
  // Cultists and other buffers show no damage now but hit harder every turn they live.
  const scaling = powers.ritual * 3 + Math.max(0, powers.strength);
  return Math.max(damage, 6) + scaling;
}

function numberIn(text: string, pattern: RegExp): number {
  const match = pattern.exec(text);
  return match?.[1] === undefined ? 0 : Number(match[1]);
}

/** The numbers the planner reads from a card's text. */
interface TextNumbers {
  readonly draws: number;
  readonly poison: number;
  readonly shivs: number;
  readonly energy: number;
  readonly strength: number;
  readonly poisonRandomTimes: number;
  readonly strengthDown: number;
  readonly poisonMultiplier: number;
  readonly intangible: number;
  /** Poison or another effect that comes later (Noxious Fumes, Envenom), not now. */
  readonly delayed: boolean;
}

// A hand's texts repeat every decision: each is parsed once (bounded: cleared when it grows large).
const TEXT_NUMBERS = new Map<string, TextNumbers>();

function textNumbers(text: string): TextNumbers {
  let numbers = TEXT_NUMBERS.get(text);
  if (numbers === undefined) {
    if (TEXT_NUMBERS.size >= 4096) TEXT_NUMBERS.clear();
    numbers = {
      draws: numberIn(text, /draw (\d+) card/i),
      poison: numberIn(text, /apply (\d+) poison/i),
      shivs: numberIn(text, /add (\d+) shiv/i),
      energy: numberIn(text, /gain (\d+) energy/i),
      strength: numberIn(text, /gain (\d+) strength/i),
      poisonRandomTimes: numberIn(text, /poison to a random enemy (\d+) times/i),
      strengthDown: numberIn(text, /loses? (\d+) strength this turn/i),
      poisonMultiplier: /triple an enemy's poison/i.test(text)
        ? 3
        : /double an enemy's poison/i.test(text)
          ? 2
          : 1,
      intangible: numberIn(text, /gain (\d+) intangible/i),
      delayed: /start of your turn|whenever/i.test(text),
    };
    TEXT_NUMBERS.set(text, numbers);
  }
  return numbers;
}

/** Facts of the hand's situation that every card's planCard reads (computed once per decision). */
interface HandFacts {
  /** The player has No Draw (after Battle Trance). */
  readonly noDraw: boolean;
  /** The enemies' Sharp Hide, summed. */
  readonly sharpHide: number;
  /** The enemies' Enrage, summed. */
  readonly enrage: number;
  /** The living enemies' threats (threatOf), summed. */
  readonly threat: number;
  /** An StS2 state (the player has a Star count): the StS2 card rules below apply. */
  readonly sts2: boolean;
  /** HP of the player's living companion (StS2's Osty), 0 without one. */
  readonly ostyHp: number;
  /** The least Sandpit on a living enemy (StS2's The Insatiable): turns left before it kills; 0 = none. */
  readonly sandpit: number;
  /** HP of the enemy with that Sandpit. */
  readonly sandpitHp: number;
  /** Damage the player takes at the end of the turn, Block first (the Knowledge Demon's Disintegration). */
  readonly endOfTurnDamage: number;
  /** The player has Sloth (from Curse of Knowledge): at most 3 cards a turn. */
  readonly sloth: boolean;
  /** The player has Surrounded (Crusher and Rocket): enemies it does not face hit harder. */
  readonly surrounded: boolean;
}

function handFacts(state: GameState, powers: readonly EnemyPowers[], threats: readonly number[]): HandFacts {
  let noDraw = false;
  for (const entry of state.combat?.player.powers ?? [])
    if (entry.power_id === 'NO_DRAW_POWER') noDraw = true;
  let sharpHide = 0;
  let enrage = 0;
  for (const enemy of powers) {
    sharpHide += enemy.sharpHide;
    enrage += enemy.enrage;
  }
  let threat = 0;
  for (const enemyThreat of threats) threat += enemyThreat;
  const player = state.combat?.player;
  const sts2 = player?.stars !== undefined;
  let ostyHp = 0;
  let sandpit = 0;
  let sandpitHp = 0;
  let endOfTurnDamage = 0;
  let sloth = false;
  let surrounded = false;
  if (sts2) {
    for (const entry of player?.powers ?? []) {
      if (entry.power_id === 'DISINTEGRATION_POWER') endOfTurnDamage += entry.amount ?? 0;
      if (entry.power_id === 'SLOTH_POWER') sloth = true;
      if (entry.power_id === 'SURROUNDED_POWER') surrounded = true;
    }
    for (const summon of player?.summons ?? []) if (summon.is_alive) ostyHp += summon.current_hp;
    for (const enemy of state.combat?.enemies ?? []) {
      if (!enemy.is_alive) continue;
      for (const power of enemy.powers)
        if (
          power.power_id === 'SANDPIT_POWER' &&
          (power.amount ?? 0) > 0 &&
          (sandpit === 0 || (power.amount ?? 0) < sandpit)
        ) {
          sandpit = power.amount ?? 0;
          sandpitHp = enemy.current_hp;
        }
    }
  }
  return {
    noDraw,
    sharpHide,
    enrage,
    threat,
    sts2,
    ostyHp,
    sandpit,
    sandpitHp,
    endOfTurnDamage,
    sloth,
    surrounded,
  };
}

/** What the planner reads from an StS2 card's text (parsed only for StS2 states). */
interface Sts2Numbers {
  readonly vulnerable: number;
  readonly weak: number;
  /** "Osty deals N damage": Osty's attack, which needs a living Osty. */
  readonly ostyDamage: number;
  /** "Summon N" now (not "Next turn, Summon"): Osty's HP, which takes unblocked attack damage. */
  readonly summon: number;
  /** HP lost or damage taken at the end of the turn while the card is in the hand (Soul Fysh's Beckon). */
  readonly heldCost: number;
  /** Doom it applies: an enemy whose HP is at most its Doom dies at the end of its turn. */
  readonly doom: number;
  /** Stars it gains now ("Next turn, ... Star" is not counted). */
  readonly starGain: number;
  /** Forge: damage added to Sovereign Blade for the rest of the fight. */
  readonly forge: number;
}

const STS2_NUMBERS = new Map<string, Sts2Numbers>();

function modelledSts2Skill(text: string): boolean {
  const numbers = sts2Numbers(text);
  return (
    numbers.ostyDamage > 0 ||
    numbers.summon > 0 ||
    numbers.vulnerable > 0 ||
    numbers.weak > 0 ||
    numbers.doom > 0 ||
    numbers.starGain > 0 ||
    numbers.forge > 0
  );
}

function sts2Numbers(text: string): Sts2Numbers {
  let numbers = STS2_NUMBERS.get(text);
  if (numbers === undefined) {
    if (STS2_NUMBERS.size >= 4096) STS2_NUMBERS.clear();
    numbers = {
      vulnerable: numberIn(text, /apply (\d+) vulnerable/i),
      weak: numberIn(text, /apply (\d+) weak/i),
      ostyDamage: numberIn(text, /osty deals (\d+) damage/i),
      summon: /next turn, summon/i.test(text) ? 0 : numberIn(text, /summon (\d+)/i),
      heldCost: numberIn(text, /end of your turn, if this is in your hand, (?:lose|take) (\d+)/i),
      doom: numberIn(text, /apply (\d+) doom/i),
      starGain: numberIn(text, /gain (\d+) stars?\b/i),
      forge: numberIn(text, /forge (\d+)/i),
    };
    STS2_NUMBERS.set(text, numbers);
  }
  return numbers;
}

/** What playing a Frantic Escape (one more turn before the Sandpit kills) is worth now. */
function escapeValue(facts: HandFacts): number {
  if (facts.sandpit <= 1) return ESCAPE_LAST_TURN_VALUE;
  return facts.sandpit * SANDPIT_TURN_DAMAGE < facts.sandpitHp ? ESCAPE_VALUE / (facts.sandpit - 1) : 0;
}

function planCard(
  state: GameState,
  card: HandCard,
  energy: number,
  longFight: boolean,
  danger: boolean,
  facts: HandFacts,
): PlanCard | null {
  if (!card.playable) return null;
  const type = card.card_type;
  const text = card.resolved_rules_text ?? card.rules_text ?? '';
  const constants = cardConstants(card.card_id);
  const selfDamage = constants.selfDamage;
  const hp = state.combat?.player.current_hp ?? 1;
  if (selfDamage > 0 && hp <= selfDamage * 3) return null;
  if (card.costs_x && energy < 2) return null;
  // The numbers after the player's modifiers (StS2 keeps them in dynamic_values, StS1 in damage/block).
  const cardDamage = cardCurrentDamage(card);
  const block = cardCurrentBlock(card) ?? 0;
  let otherValue = 0;
  if (type === 'Status' || type === 'Curse') otherValue = 0.2;
  const numbers = textNumbers(text);
  if (numbers.intangible > 0) {
    // Intangible is this turn's block (evaluate caps every hit at 1) plus the turns after it;
    // Wraith Form's Dexterity loss then shrinks every later Block card.
    otherValue += (numbers.intangible - 1) * facts.threat * 0.8;
    if (/lose \d+ dexterity/i.test(text)) otherValue -= longFight ? 12 : 20;
  } else if (type === 'Power') otherValue += danger ? 6 : longFight ? 50 : 15;
  // Under No Draw (after Battle Trance) a draw card draws nothing: one that only draws is a waste.
  const noDraw = facts.noDraw;
  if (noDraw && numbers.draws > 0 && type === 'Skill' && block === 0 && !/energy|strength|apply/i.test(text))
    return null;
  const draws = noDraw ? 0 : numbers.draws;
  otherValue += draws * 2.5;
  const isAttack = type === 'Attack';
  const hasDamage = cardDamage !== null;
  // Poison applied now is modelled per enemy (evaluate); poison applied later (Noxious Fumes,
  // Envenom) is the card's lasting value.
  const delayed = numbers.delayed;
  const poisonRandom = numbers.poisonRandomTimes > 0;
  const poison = delayed ? 0 : numbers.poison * (poisonRandom ? numbers.poisonRandomTimes : 1);
  if (delayed && numbers.poison > 0) otherValue += numbers.poison * 3;
  let strengthDown = numbers.strengthDown;
  if (card.card_id === 'MALAISE') strengthDown = energy + (card.upgraded ? 1 : 0);
  // Shivs and other added cards play for free later this turn.
  otherValue += numbers.shivs * 4;
  if (
    type === 'Skill' &&
    !hasDamage &&
    block === 0 &&
    draws === 0 &&
    otherValue === 0 &&
    poison === 0 &&
    strengthDown === 0 &&
    numbers.poisonMultiplier === 1
  ) {
    // A Skill that does nothing the planner models is played for what it may do; StS2 Skills
    // whose Osty attack, Summon or debuff is modelled below are valued for that instead.
    if (constants.weak === 0 && constants.vulnerable === 0 && !(facts.sts2 && modelledSts2Skill(text)))
      otherValue += 6;
  }
  if (card.card_id === 'POWER_THROUGH' && !danger) return null;
  if (isAttack) {
    const sharpHide = facts.sharpHide;
    if (sharpHide > 0) otherValue -= sharpHide * (hp < 25 ? 3 : 1.2);
  }
  if (type === 'Skill') {
    const enrage = facts.enrage;
    if (enrage > 0) otherValue -= enrage * 4;
  }
  const previewDamage: (number | undefined)[] = [];
  const previewHits: (number | undefined)[] = [];
  for (const preview of card.target_previews ?? [])
    if (previewDamage[preview.target_index] === undefined) {
      previewDamage[preview.target_index] = preview.damage;
      previewHits[preview.target_index] = preview.hits;
    }
  const validTargets: boolean[] = [];
  for (const target of card.valid_target_indices ?? []) validTargets[target] = true;
  let damage = cardDamage;
  let vulnerable = constants.vulnerable;
  let weak = constants.weak;
  let summonBlock = 0;
  let starCost = 0;
  let starGain = 0;
  let ostyAttack = false;
  if (facts.sts2) {
    // StS2 cards the id tables do not know: debuffs, Osty's attacks and Summons read from the text.
    const extra = sts2Numbers(text);
    if (vulnerable === 0) vulnerable = extra.vulnerable;
    if (weak === 0) weak = extra.weak;
    // Osty takes the unblocked attack damage before the player: a Summon is Block that lasts, and
    // makes Unleash hit harder later.
    summonBlock = extra.summon;
    otherValue += extra.summon * 0.6;
    // A playable Status that costs HP while held (Beckon): playing it saves that HP.
    if (extra.heldCost > 0) otherValue += extra.heldCost * lossWeight(hp, state.combat?.player.max_hp ?? hp);
    // Doom is damage that lands all at once when the enemy's HP falls to it: most of a damage point.
    otherValue += extra.doom * DOOM_VALUE * damageValue;
    if (card.card_id === 'FRANTIC_ESCAPE' && facts.sandpit > 0) otherValue += escapeValue(facts);
    starCost = card.star_costs_x === true ? 0 : (card.star_cost ?? 0);
    starGain = extra.starGain;
    otherValue += (starGain - starCost) * STAR_VALUE + extra.forge * FORGE_VALUE * damageValue;
    // Osty's attack needs a living Osty; Unleash's shown damage and previews count his HP already.
    if (extra.ostyDamage > 0) {
      ostyAttack = true;
      if (facts.ostyHp + extra.summon <= 0) damage = null;
      else damage ??= extra.ostyDamage;
    }
  }
  return {
    card,
    keyId: 0,
    selfDamage,
    damage,
    hits: card.hits ?? 1,
    previewDamage,
    previewHits,
    validTargets,
    requiresTarget: card.requires_target,
    isPower: type === 'Power',
    touchesEnemies:
      damage !== null ||
      vulnerable > 0 ||
      weak > 0 ||
      poison > 0 ||
      numbers.poisonMultiplier !== 1 ||
      strengthDown > 0,
    ostyAttack,
    cost: card.costs_x ? energy : card.energy_cost,
    starCost,
    starGain,
    energyGain: numbers.energy,
    block: block + summonBlock,
    strengthGain: type === 'Power' ? numbers.strength : 0,
    vulnerable,
    weak,
    allEnemies: card.target_type === 'AllEnemies',
    isAttack,
    otherValue,
    draws,
    poison,
    poisonRandom,
    poisonMultiplier: numbers.poisonMultiplier,
    strengthDown,
    intangible: numbers.intangible > 0,
  };
}

/**
 * Reused plan states, one per search depth: a state is only read by the plays below it, which are
 * over before its next sibling is built, so each depth overwrites its own slot (no allocation per
 * search node; the copies were most of a decision's garbage).
 */
interface DepthSlot {
  readonly state: PlanState;
  readonly enemies: PlanEnemy[];
  readonly copies: PlanEnemy[];
  /**
   * The plan (`generation`) each copy was made in: within one plan the enemy at an index keeps its
   * fixed fields (max HP, intent, threat...), so a copy made in this plan needs only the fields a
   * play changes.
   */
  readonly copiedIn: number[];
}

/** Counts the plans made (planTurn): a slot's copies from an earlier plan are copied in full. */
let generation = 0;

// Shared by every plan: planTurn never runs inside another one (JavaScript runs one search at a time).
const SLOTS: DepthSlot[] = [];

function createSlot(): DepthSlot {
  return {
    state: {
      energy: 0,
      stars: 0,
      block: 0,
      strength: 0,
      value: 0,
      selfDamage: 0,
      intangible: false,
      facing: -1,
      enemies: [],
    },
    enemies: [],
    copies: [],
    copiedIn: [],
  };
}

/**
 * Copies the plan state for a play into `slot`. Enemies are shared unless the card can change them;
 * a card aimed at one enemy copies only that enemy (most plays are cheap, and this runs per search node).
 */
function cloneState(state: PlanState, touchesEnemies: boolean, only: number, slot: DepthSlot): PlanState {
  let enemies = state.enemies;
  if (touchesEnemies) {
    enemies = slot.enemies;
    // Setting an array's length is a slow builtin: only when the plan's enemy count changed.
    if (enemies.length !== state.enemies.length) enemies.length = state.enemies.length;
    for (let index = 0; index < state.enemies.length; index++) {
      const enemy = state.enemies[index] as PlanEnemy;
      enemies[index] = only < 0 || index === only ? copyEnemy(enemy, slot, index) : enemy;
    }
  }
  const next = slot.state;
  next.energy = state.energy;
  next.stars = state.stars;
  next.block = state.block;
  next.strength = state.strength;
  next.value = state.value;
  next.selfDamage = state.selfDamage;
  next.intangible = state.intangible;
  next.facing = state.facing;
  next.enemies = enemies;
  return next;
}

type MutableEnemy = { -readonly [Key in keyof PlanEnemy]: PlanEnemy[Key] };

/** The enemy copied into the slot's reusable object at `index` (created the first time). */
function copyEnemy(enemy: PlanEnemy, slot: DepthSlot, index: number): PlanEnemy {
  const copy = slot.copies[index] as MutableEnemy | undefined;
  if (copy === undefined) {
    const created = cloneEnemy(enemy);
    slot.copies[index] = created;
    slot.copiedIn[index] = generation;
    return created;
  }
  // The fields a play changes (see hit, debuff and play); within one plan the others are its already.
  copy.hp = enemy.hp;
  copy.block = enemy.block;
  copy.vulnerable = enemy.vulnerable;
  copy.weak = enemy.weak;
  copy.malleable = enemy.malleable;
  copy.invincible = enemy.invincible;
  copy.poison = enemy.poison;
  copy.strengthDown = enemy.strengthDown;
  copy.slippery = enemy.slippery;
  if (slot.copiedIn[index] === generation) return copy;
  slot.copiedIn[index] = generation;
  copy.index = enemy.index;
  copy.maxHp = enemy.maxHp;
  copy.startedWeak = enemy.startedWeak;
  copy.incoming = enemy.incoming;
  copy.threat = enemy.threat;
  copy.intangible = enemy.intangible;
  copy.thorns = enemy.thorns;
  copy.startHp = enemy.startHp;
  copy.startPoison = enemy.startPoison;
  copy.hits = enemy.hits;
  copy.split = enemy.split;
  return copy;
}

function cloneEnemy(enemy: PlanEnemy): PlanEnemy {
  return {
    index: enemy.index,
    maxHp: enemy.maxHp,
    hp: enemy.hp,
    block: enemy.block,
    vulnerable: enemy.vulnerable,
    weak: enemy.weak,
    startedWeak: enemy.startedWeak,
    incoming: enemy.incoming,
    threat: enemy.threat,
    malleable: enemy.malleable,
    intangible: enemy.intangible,
    thorns: enemy.thorns,
    invincible: enemy.invincible,
    poison: enemy.poison,
    startHp: enemy.startHp,
    startPoison: enemy.startPoison,
    strengthDown: enemy.strengthDown,
    hits: enemy.hits,
    split: enemy.split,
    slippery: enemy.slippery,
  };
}

/** Deals `hits` hits of `perHit` to one enemy, scoring what was dealt and any kill. */
function hit(state: PlanState, enemy: PlanEnemy, perHit: number, hits: number): void {
  for (let count = 0; count < hits && enemy.hp > 0; count++) {
    const damage = enemy.intangible ? Math.min(1, perHit) : perHit;
    const stripped = Math.min(damage, enemy.block);
    enemy.block -= stripped;
    let dealt = Math.min(damage - stripped, enemy.hp, enemy.invincible);
    if (dealt > 0 && enemy.slippery > 0) {
      // Slippery takes the hit down to 1 HP and a stack off: the later hits land in full.
      dealt = 1;
      enemy.slippery--;
      state.value += SLIPPERY_STACK_VALUE * damageValue;
    }
    enemy.hp -= dealt;
    enemy.invincible -= dealt;
    state.selfDamage += enemy.thorns;
    if (dealt > 0 && enemy.malleable > 0) {
      enemy.block += enemy.malleable;
      enemy.malleable++;
    }
    state.value += (dealt + stripped * 0.3) * damageValue;
    if (enemy.hp <= 0) {
      state.value += 10 + enemy.threat * 1.5;
      if (crabRage) for (const other of state.enemies) if (other.hp > 0) other.block += 99;
    }
  }
}

function debuff(state: PlanState, card: PlanCard, enemy: PlanEnemy): void {
  if (enemy.hp <= 0) return;
  if (card.vulnerable > 0 && !enemy.vulnerable) {
    enemy.vulnerable = true;
    state.value += Math.min(enemy.hp, 40) * 0.15;
  }
  if (card.weak > 0 && !enemy.weak) {
    enemy.weak = true;
    // This turn's saving is counted at the end of the turn; later turns are worth a little.
    state.value += enemy.threat * 0.2 + 1;
  }
}

/**
 * Plays one card on a copy of the plan state; `null` when it cannot be played. `slot` is the
 * target's position in `state.enemies` (-1 for no target).
 */
function play(
  state: PlanState,
  card: PlanCard,
  slot: number,
  position: number,
  into: DepthSlot,
): PlanState | null {
  if (card.cost > state.energy || card.starCost > state.stars) return null;
  const damage = card.damage;
  const single = slot >= 0 && !card.allEnemies;
  const next = cloneState(state, card.touchesEnemies, single && !crabRage ? slot : -1, into);
  next.energy = next.energy - card.cost + card.energyGain;
  next.stars = next.stars - card.starCost + card.starGain;
  next.block += card.block;
  next.selfDamage += card.selfDamage;
  // Draw and powers first: drawn cards widen the next plan, powers pay off the rest of the fight.
  next.value += card.otherValue + (card.draws > 0 || card.isPower ? 0.5 - position * 0.05 : 0);
  const enemies = next.enemies;
  const target = slot >= 0 ? (enemies[slot] as PlanEnemy) : null;
  if (target !== null) next.facing = slot;
  if (damage !== null) {
    // Strength gained this turn (Inflame, Prowess): the shown numbers count only what the player had.
    const strength = card.ostyAttack ? 0 : next.strength;
    if (target !== null) {
      const preview = card.previewDamage[target.index];
      let perHit = (preview ?? damage) + strength;
      if (target.vulnerable && preview !== undefined && preview === damage) perHit = Math.floor(perHit * 1.5);
      hit(next, target, perHit, card.previewHits[target.index] ?? card.hits);
    } else if (card.allEnemies) {
      for (let index = 0; index < enemies.length; index++) {
        const enemy = enemies[index] as PlanEnemy;
        if (enemy.hp <= 0) continue;
        const perHit = damage + strength;
        hit(next, enemy, enemy.vulnerable ? Math.floor(perHit * 1.5) : perHit, card.hits);
      }
    } else {
      // Random targets: spread the total over the living enemies.
      const share = Math.floor(((damage + strength) * card.hits) / Math.max(1, livingCount(enemies)));
      for (let index = 0; index < enemies.length; index++) {
        const enemy = enemies[index] as PlanEnemy;
        if (enemy.hp > 0) hit(next, enemy, share, 1);
      }
    }
  }
  if (card.vulnerable > 0 || card.weak > 0) {
    if (card.allEnemies || target === null)
      for (let index = 0; index < enemies.length; index++) debuff(next, card, enemies[index] as PlanEnemy);
    else debuff(next, card, target);
  }
  if (card.poison > 0) {
    if (card.poisonRandom) {
      const share = Math.floor(card.poison / Math.max(1, livingCount(enemies)));
      addPoison(enemies, share);
    } else if (card.allEnemies || target === null) addPoison(enemies, card.poison);
    else target.poison += card.poison;
  }
  if (card.poisonMultiplier !== 1 && target !== null) target.poison *= card.poisonMultiplier;
  if (card.strengthDown > 0) {
    if (card.allEnemies || target === null) {
      for (let index = 0; index < enemies.length; index++) {
        const enemy = enemies[index] as PlanEnemy;
        if (enemy.hp > 0) enemy.strengthDown += card.strengthDown;
      }
    } else target.strengthDown += card.strengthDown;
  }
  next.strength += card.strengthGain;
  if (card.intangible) next.intangible = true;
  return next;
}

function livingCount(enemies: readonly PlanEnemy[]): number {
  let living = 0;
  for (let index = 0; index < enemies.length; index++) if ((enemies[index] as PlanEnemy).hp > 0) living++;
  return living;
}

/** Adds `amount` Poison to every living enemy. */
function addPoison(enemies: readonly PlanEnemy[], amount: number): void {
  for (let index = 0; index < enemies.length; index++) {
    const enemy = enemies[index] as PlanEnemy;
    if (enemy.hp > 0) enemy.poison += amount;
  }
}

/** Damage Poison `amount` deals over the coming turns to an enemy with `hp` (it falls by 1 a turn). */
function poisonDamage(amount: number, hp: number): number {
  const turns = Math.min(amount, POISON_HORIZON);
  return Math.min(hp, turns * amount - (turns * (turns - 1)) / 2);
}

interface Evaluation {
  readonly hp: number;
  readonly maxHp: number;
  /** The value of a point of HP lost (see evaluate): fixed for a decision, so computed once per plan. */
  readonly weight: number;
  /** Damage taken at the end of the turn besides the enemies' attacks (HandFacts.endOfTurnDamage). */
  readonly endOfTurnDamage: number;
}

/** Blocked damage is worth more the lower the HP: it is what the rest of the run is paid with. */
function lossWeight(hp: number, maxHp: number): number {
  return 1.2 * (1.4 + (1 - hp / Math.max(1, maxHp)));
}

/**
 * Scores a plan state into `search.score`, and whether an enemy is still alive into `search.alive`:
 * fields, not a returned number, since the search calls this without inlining it and a returned
 * fraction would be a new heap number per search node.
 */
function evaluate(state: PlanState, context: Evaluation): void {
  let incoming = context.endOfTurnDamage;
  let poisonValue = 0;
  let anyAlive = false;
  for (let position = 0; position < state.enemies.length; position++) {
    const enemy = state.enemies[position] as PlanEnemy;
    if (enemy.hp <= 0) continue;
    anyAlive = true;
    // HP lost now, or Poison that ticks before its move, wakes a sleeper it does not kill.
    if (anyAsleep && (enemy.hp < enemy.startHp || enemy.poison > enemy.startPoison))
      incoming += wakeCost[position] ?? 0;
    const at = phaseAt[position] ?? -1;
    if (at >= 0 && enemy.hp <= at) {
      // Its phase change replaces this turn's move; Poison the change clears ticks once first.
      if (enemy.poison !== enemy.startPoison)
        poisonValue +=
          phaseClearsPoison[position] === true
            ? Math.min(enemy.poison, enemy.hp) - Math.min(enemy.startPoison, enemy.startHp)
            : poisonDamage(enemy.poison, enemy.startHp) - poisonDamage(enemy.startPoison, enemy.startHp);
      continue;
    }
    if (enemy.poison !== enemy.startPoison)
      poisonValue +=
        poisonDamage(enemy.poison, enemy.startHp) - poisonDamage(enemy.startPoison, enemy.startHp);
    // Poison that kills it at the start of its turn: it never moves.
    if (enemy.poison >= enemy.hp) {
      if (enemy.startPoison < enemy.startHp) poisonValue += (10 + enemy.threat * 1.5) * POISON_KILL;
      continue;
    }
    // A slime brought to half HP splits instead of attacking.
    if (enemy.split && enemy.hp * 2 <= enemy.maxHp) continue;
    let attack = enemy.incoming;
    if (surrounded && state.facing >= 0) {
      const faced = facedAttack[position] ?? -1;
      if (faced >= 0) attack = state.facing === position ? faced : (behindAttack[position] ?? attack);
    }
    if (enemy.strengthDown > 0 && attack > 0)
      attack = Math.max(0, attack - enemy.strengthDown * Math.max(1, enemy.hits));
    if (enemy.weak && !enemy.startedWeak) attack = Math.floor(attack * 0.75);
    incoming += state.intangible && attack > 0 ? Math.min(attack, Math.max(1, enemy.hits)) : attack;
  }
  const hp = context.hp;
  const loss = Math.max(0, incoming - state.block) + state.selfDamage;
  let score =
    state.value +
    poisonValue * POISON_VALUE * damageValue -
    loss * context.weight +
    Math.max(0, state.block - incoming) * 0.05;
  if (loss >= hp && anyAlive) score -= 1000;
  search.score = score;
  search.alive = anyAlive;
}

/** A living enemy as the plan starts from it. */
function rootEnemy(enemy: Enemy, powers: EnemyPowers, threat: number): PlanEnemy {
  const hp = enemy.is_hittable === false ? 0 : enemy.current_hp;
  return {
    index: enemy.index,
    maxHp: enemy.max_hp,
    hp,
    block: enemy.block,
    vulnerable: powers.vulnerable > 0,
    weak: powers.weak > 0,
    startedWeak: powers.weak > 0,
    incoming: intentDamage(enemy),
    threat,
    malleable: powers.malleable,
    intangible: powers.intangible > 0,
    thorns: powers.thorns,
    invincible: powers.invincible > 0 ? powers.invincible : Number.POSITIVE_INFINITY,
    poison: powers.poison,
    startHp: hp,
    startPoison: powers.poison,
    strengthDown: 0,
    hits: intentHits(enemy),
    split: powers.split > 0,
    slippery: powers.slippery,
  };
}

function isChamp(enemy: Enemy): boolean {
  return enemy.enemy_id === 'THE_CHAMP' || enemy.enemy_id === 'Champ';
}

/**
 * The HP at or below which the enemy spends this turn on a phase change instead of its shown move,
 * or -1: the Champ above half HP turns to Anger (no attack; clears its Poison) when brought to half,
 * and the Guardian shifts to Defensive Mode once it has lost what its Mode Shift counter shows.
 */
function phaseChangeAt(enemy: Enemy, powers: EnemyPowers): number {
  if (isChamp(enemy) && enemy.current_hp * 2 > enemy.max_hp) return Math.floor(enemy.max_hp / 2);
  const shift = powers.modeShift;
  if (shift > 0) return enemy.current_hp - shift;
  return -1;
}

/** The first action of the best turn plan, or `end_turn` when playing nothing is best. */
export function planTurn(state: GameState): GameAction {
  const combat = state.combat;
  if (combat === null || combat === undefined) return { action: 'end_turn' };
  const player = combat.player;
  // Plain loops here and in play, not map/reduce/for-of: those are recompiled whenever a rare path
  // first runs, and each inlined iterator or callback made a compile cost as much as many decisions.
  const living: Enemy[] = [];
  const powers: EnemyPowers[] = [];
  const threats: number[] = [];
  let incoming = 0;
  for (let index = 0; index < combat.enemies.length; index++) {
    const enemy = combat.enemies[index] as Enemy;
    if (!enemy.is_alive) continue;
    const enemyPower = enemyPowers(enemy);
    living.push(enemy);
    powers.push(enemyPower);
    threats.push(threatOf(enemy, enemyPower));
    incoming += intentDamage(enemy);
  }
  const danger = incoming - player.block > player.current_hp * 0.4;
  const longFight = state.combat_type === 'boss' || state.combat_type === 'elite';
  damageValue = Math.min(
    DAMAGE_VALUE_MAX,
    DAMAGE_VALUE + Math.max(0, (state.turn ?? 1) - 1) * DAMAGE_VALUE_PER_TURN,
  );
  const cards: PlanCard[] = [];
  const facts = handFacts(state, powers, threats);
  // StS2 bosses and elites have two to three times the HP of StS1's and gain Strength or heal while
  // the fight lasts: damage that shortens it is worth more from the first turn.
  if (facts.sts2 && longFight) damageValue = Math.max(damageValue, STS2_LONG_FIGHT_DAMAGE_VALUE);
  // A free card that comes back (Undeath's copy, drawn again by Neurosurge) could be played for
  // ever, each play worth a little Block: the turn ends after this many plays.
  if (facts.sts2 && (player.cards_played_this_turn ?? 0) >= STS2_MAX_PLAYS_PER_TURN)
    return { action: 'end_turn' };
  for (let index = 0; index < combat.hand.length; index++) {
    const planned = planCard(state, combat.hand[index] as HandCard, player.energy, longFight, danger, facts);
    if (planned !== null) cards.push(planned);
  }
  const enemies: PlanEnemy[] = [];
  phaseAt = [];
  phaseClearsPoison = [];
  surrounded = facts.surrounded;
  crabRage = false;
  anyAsleep = false;
  if (facts.sts2) {
    // Read only while anyAsleep: StS1's decisions neither fill nor allocate it.
    wakeCost = [];
    for (let position = 0; position < living.length; position++) {
      let cost = 0;
      for (const entry of (living[position] as Enemy).powers) {
        if (entry.power_id === 'CRAB_RAGE_POWER') crabRage = true;
        if (entry.power_id === 'ASLEEP_POWER') cost = (entry.amount ?? 1) * SLEEPER_TURN_DAMAGE;
      }
      // Poison already on it wakes it at its turn whatever the plan does.
      if (cost > 0 && (powers[position] as EnemyPowers).poison === 0) anyAsleep = true;
      else cost = 0;
      wakeCost.push(cost);
    }
  }
  if (surrounded) {
    facedAttack = [];
    behindAttack = [];
    const vulnerable = player.powers.some((entry) => entry.power_id === 'VULNERABLE_POWER') ? 1.5 : 1;
    for (const enemy of living) {
      const attack = backAttackDamage(enemy, vulnerable);
      facedAttack.push(attack === null ? -1 : attack.faced);
      behindAttack.push(attack === null ? -1 : attack.behind);
    }
  }
  for (let position = 0; position < living.length; position++) {
    const enemy = living[position] as Enemy;
    const enemyPower = powers[position] as EnemyPowers;
    enemies.push(rootEnemy(enemy, enemyPower, threats[position] as number));
    phaseAt.push(phaseChangeAt(enemy, enemyPower));
    phaseClearsPoison.push(isChamp(enemy));
  }
  const root: PlanState = {
    energy: player.energy,
    stars: player.stars ?? 0,
    // Osty takes the attack damage the Block leaves.
    block: player.block + facts.ostyHp,
    strength: 0,
    value: 0,
    selfDamage: 0,
    intangible: false,
    facing: -1,
    enemies,
  };
  const maxHp = Math.max(1, player.max_hp);
  const context: Evaluation = {
    hp: player.current_hp,
    maxHp,
    weight: lossWeight(player.current_hp, maxHp),
    endOfTurnDamage: facts.endOfTurnDamage,
  };
  // Ids in order of first appearance: a card takes the id of the first earlier card equal to it.
  let distinct = 0;
  for (let position = 0; position < cards.length; position++) {
    const card = cards[position] as PlanCard;
    let id = -1;
    for (let earlier = 0; earlier < position && id < 0; earlier++) {
      const other = cards[earlier] as PlanCard;
      if (other.card.card_id === card.card.card_id && !other.card.upgraded === !card.card.upgraded)
        id = other.keyId;
    }
    card.keyId = id >= 0 ? id : distinct++;
  }
  search.cards = cards;
  search.context = context;
  // One array for every plan, cleared here (no new array per decision).
  const used = search.used;
  for (let position = 0; position < cards.length; position++) used[position] = false;
  search.nodes = 0;
  evaluate(root, context);
  search.bestScore = search.score;
  search.bestCard = -1;
  search.bestTarget = -1;
  // The Time Eater's Time Warp ends the turn on the card that brings its count to 0, and Velvet
  // Choker allows 6 cards a turn: plans stop there.
  let playsLeft = Number.POSITIVE_INFINITY;
  let choker = false;
  const relics = state.run?.relics ?? [];
  for (let index = 0; index < relics.length; index++)
    if ((relics[index] as Relic).relic_id === 'VELVET_CHOKER') choker = true;
  if (choker) playsLeft = Math.max(1, 6 - (player.cards_played_this_turn ?? 0));
  // Sloth allows 3 cards a turn: the plan picks the best 3, not the best of all played in order.
  if (facts.sloth) playsLeft = Math.min(playsLeft, Math.max(1, 3 - (player.cards_played_this_turn ?? 0)));
  for (let position = 0; position < powers.length; position++) {
    const warp = (powers[position] as EnemyPowers).timeWarp;
    if (warp > 0) playsLeft = Math.min(playsLeft, warp);
  }
  search.playsLeft = playsLeft;
  // The first plays share the budget, so the first card's deep subtree cannot use it all before the
  // later first plays are tried.
  let firstPlays = 0;
  let seenKeys = 0;
  for (let position = 0; position < cards.length; position++) {
    const card = cards[position] as PlanCard;
    if (card.cost > root.energy) continue;
    if (card.keyId < 31) {
      if ((seenKeys & (1 << card.keyId)) !== 0) continue;
      seenKeys |= 1 << card.keyId;
    }
    if (!card.requiresTarget) firstPlays++;
    else
      for (let slot = 0; slot < enemies.length; slot++) {
        const enemy = enemies[slot] as PlanEnemy;
        if (enemy.hp > 0 && card.validTargets[enemy.index] === true) firstPlays++;
      }
  }
  search.firstPlaysLeft = firstPlays;
  generation++;
  searchFrom(root, -1, -1, 0, NODE_BUDGET, -1, -1);
  const bestCard = search.bestCard;
  const bestTarget = search.bestTarget;
  search.cards = [];
  if (bestCard < 0) return { action: 'end_turn' };
  const chosen = cards[bestCard] as PlanCard;
  const action: GameAction = { action: 'play_card', card_index: chosen.card.index };
  if (bestTarget >= 0) action.target_index = bestTarget;
  return action;
}

/**
 * The search's state for the plan being made (planTurn never runs inside another one): a module
 * object rather than variables closed over by a search function made per decision.
 */
const search = {
  cards: [] as PlanCard[],
  used: [] as boolean[],
  context: { hp: 1, maxHp: 1, weight: 1, endOfTurnDamage: 0 } as Evaluation,
  nodes: 0,
  /** The last evaluate's score and whether an enemy was alive in it. */
  score: 0.5,
  alive: false,
  bestScore: 0.5,
  // The best plan's first play, as (card position, target enemy index); -1 = end the turn.
  bestCard: -1,
  bestTarget: -1,
  playsLeft: Number.POSITIVE_INFINITY,
  /** First plays (distinct card and target) not yet tried: each gets an equal part of the budget left. */
  firstPlaysLeft: 0,
};

function slotAt(depth: number): DepthSlot {
  let slot = SLOTS[depth];
  if (slot === undefined) {
    slot = createSlot();
    SLOTS[depth] = slot;
  }
  return slot;
}

/** Depth-first over the plays from `current`, keeping the best plan's first play in `search`. */
function searchFrom(
  current: PlanState,
  firstCard: number,
  firstTarget: number,
  depth: number,
  limit: number,
  lastPosition: number,
  lastSlot: number,
): void {
  const cards = search.cards;
  const last = lastPosition >= 0 ? (cards[lastPosition] as PlanCard) : null;
  const used = search.used;
  // Equal cards are tried once per level: a bit per key (hands hold fewer than 31 distinct keys).
  let tried = 0;
  // Keys past 31 (rare: hands of many distinct cards) are listed; the list is made only when needed.
  let wide: number[] | null = null;
  for (let position = 0; position < cards.length; position++) {
    if (used[position] === true) continue;
    const card = cards[position] as PlanCard;
    if (card.cost > current.energy) continue;
    if (card.keyId < 31) {
      if ((tried & (1 << card.keyId)) !== 0) continue;
      tried |= 1 << card.keyId;
    } else {
      if (wide === null) wide = [];
      else if (wide.includes(card.keyId)) continue;
      wide.push(card.keyId);
    }
    const targeted = card.requiresTarget;
    const slots = targeted ? current.enemies.length : 1;
    for (let slot = 0; slot < slots; slot++) {
      const entry = targeted ? (current.enemies[slot] as PlanEnemy) : null;
      if (entry !== null && (entry.hp <= 0 || card.validTargets[entry.index] !== true)) continue;
      if (search.nodes >= limit) break;
      const subtreeLimit =
        depth === 0
          ? search.nodes +
            Math.max(1, Math.floor((NODE_BUDGET - search.nodes) / Math.max(1, search.firstPlaysLeft--)))
          : limit;
      search.nodes++;
      // Two plays that commute give the same state in either order: only the order with the lower
      // hand position first is searched (unless this play ends the fight, which the other order
      // never reaches). The order left out still counts as a node: with the budget spent as before,
      // StS1 wins on bench-0..199 stay 76 (Ironclad) and 113 (Silent); not counting it gave 77 and 111.
      const reordered = last !== null && position < lastPosition && commute(last, lastSlot, card, slot);
      if (reordered && !card.touchesEnemies) continue;
      const next = play(current, card, entry === null ? -1 : slot, depth, slotAt(depth));
      if (next === null) continue;
      if (reordered && livingCount(next.enemies) > 0) continue;
      const rootCard = firstCard >= 0 ? firstCard : position;
      const rootTarget = firstCard >= 0 ? firstTarget : entry === null ? -1 : entry.index;
      evaluate(next, search.context);
      if (search.score > search.bestScore + 1e-9) {
        search.bestScore = search.score;
        search.bestCard = rootCard;
        search.bestTarget = rootTarget;
      }
      if (!search.alive || depth + 1 >= search.playsLeft) continue;
      used[position] = true;
      searchFrom(next, rootCard, rootTarget, depth + 1, subtreeLimit, position, entry === null ? -1 : slot);
      used[position] = false;
    }
    if (search.nodes >= limit) break;
  }
}

/**
 * Whether playing `card` (at enemy slot `slot`, -1 for none) right after `last` (at `lastSlot`) gives
 * the same plan state as playing them the other way round, with `card` playable first: neither
 * reads what the other writes. Draws and Powers are valued by their place in the plan, energy or
 * Stars gained by `last` may be what pays for `card`, Strength gained changes later attacks, and
 * two cards that change enemies commute only when each changes its own one target.
 */
function commute(last: PlanCard, lastSlot: number, card: PlanCard, slot: number): boolean {
  if (last.draws > 0 || last.isPower || card.draws > 0 || card.isPower) return false;
  if (last.energyGain > 0 || last.starGain > 0) return false;
  if (last.strengthGain > 0 && card.damage !== null) return false;
  if (card.strengthGain > 0 && last.damage !== null) return false;
  // The player faces the enemy the last targeted card hit.
  if (surrounded && last.requiresTarget && card.requiresTarget && lastSlot !== slot) return false;
  if (!last.touchesEnemies || !card.touchesEnemies) return true;
  return !crabRage && singleTarget(last) && singleTarget(card) && lastSlot !== slot;
}

/** A card that changes only the enemy it targets. */
function singleTarget(card: PlanCard): boolean {
  return card.requiresTarget && !card.allEnemies && !card.poisonRandom;
}
