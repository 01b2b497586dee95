// Combat rules: turns, energy, draw, block, damage arithmetic, powers, monster turns and intents.
// One `Combat` object wraps a run's combat state and implements the content's CombatContext.

import type { UnplayableReason } from '../api/game-state.js';
import { countSlowCard, resetSlow, slowedDamage } from '../content/monsters/slow.js';
import {
  anyRelicHas,
  cardPool,
  colorlessPool,
  costRelicIds,
  getCard,
  getMonster,
  getPotion,
  getPower,
  getRelic,
  otherCardPlayedIds,
  turnBasedPowerIds,
} from '../content/registry.js';
import {
  enchantedBlock,
  enchantedDamage,
  enchantPlayedKey,
  findEnchantment,
} from '../content/sts2/sts2-enchantments.js';
import { sts2GalvanizedDamage } from '../content/sts2/sts2-galvanized.js';
import {
  afterSts2MonsterHit,
  afterSts2UnblockedHit,
  cappedSts2Damage,
  noteSts2CardPlayed,
  startSts2MonsterTurnMarks,
  sts2HpLoss,
  sts2SlowMultiplier,
} from '../content/sts2/sts2-monster-defences.js';
import { afterSts2BlockBroken, afterSts2FlutterHit } from '../content/sts2/sts2-monster-stuns.js';
import {
  sts2DeadMonsterTurn,
  sts2MonsterDeath,
  sts2MonsterLostHp,
  sts2MonsterTurnEnd,
  sts2MonsterTurnStart,
  sts2PlayerTurnStart,
} from '../content/sts2/sts2-monster-turn-powers.js';
import { cardReplays } from './card-replays.js';
import { toCombatCard } from './combat-card.js';
import type {
  AttackTarget,
  CardDefinition,
  CardPlay,
  CardType,
  CombatContext,
  EnchantmentDefinition,
  MonsterContext,
  MonsterDefinition,
  MonsterMoveDefinition,
  SelectionRequest,
} from './definitions.js';
import { CARD_STUN, CARD_STUN_MOVE, HAND_LIMIT } from './definitions.js';
import { nextFloat, nextInt, shuffleInPlace } from './random.js';
import { gainGold } from './rewards.js';
import type { CombatCard, CombatState, MonsterState, Powers, RunState } from './run-state.js';
import { upgradableCards } from './upgradable-cards.js';

export { HAND_LIMIT };
export const BASE_ENERGY = 3;
export const BASE_DRAW = 5;
const HISTORY_LIMIT = 6;

/** Player-wide facts read by `costOf` and `unplayableReason` (see `Combat.handRules`). */
export interface HandRules {
  readonly corruption: boolean;
  readonly freeAttack: boolean;
  readonly freeSkill: boolean;
  /** Void Form still makes this turn's cards free. */
  readonly voidForm: boolean;
  readonly entangled: boolean;
  /** Velvet Choker and 6 cards played this turn. */
  readonly choked: boolean;
  /** Some card was bound this turn (StS2). */
  readonly bound: boolean;
  /** StS2 relics: Energy added to the cost of Powers (Spiked Gauntlets). */
  readonly powerCostIncrease: number;
  /** StS2 relics: the next card played is free (Brilliant Scarf's 5th card of the turn). */
  readonly nextCardFree: boolean;
  /** StS2's Ringing and a card already played this turn. */
  readonly ringing: boolean;
  /** StS2's Smoggy and a Skill already played this turn. */
  readonly smoggy: boolean;
  /** StS2's Sloth and 3 cards already played this turn. */
  readonly sloth: boolean;
  /** StS2's Tangled: Energy added to the cost of Attacks. */
  readonly tangled: number;
  /** StS2's Borrowed Time: Energy added to the cost of every card this turn. */
  readonly borrowed: number;
  /** StS2: cards in hand whose `whileInHand` may forbid playing the others (Normality, Enthralled). */
  readonly holders: readonly CombatCard[];
  /** StS2's Veilpiercer: the next Ethereal card costs 0. */
  readonly veilpiercer: boolean;
}

const NO_HOLDERS: readonly CombatCard[] = [];

/** Why a card cannot be played (`Combat.blockedBy`), in the order the rules are checked. */
const Blocked = {
  No: 0,
  Unplayable: 1,
  Selection: 2,
  Entangled: 3,
  Choker: 4,
  Energy: 5,
  Stars: 6,
  Bound: 7,
  Ringing: 8,
  Smoggy: 9,
  Held: 10,
  Sloth: 11,
} as const;
type Blocked = (typeof Blocked)[keyof typeof Blocked];

/** The API's code for an `unplayableReason` message (the engine's own messages, or a card's). */
export function unplayableCodeOf(reason: string | null): UnplayableReason | null {
  if (reason === null) return null;
  if (reason.startsWith('Not enough energy')) return 'not_enough_energy';
  if (reason.startsWith('Not enough stars')) return 'not_enough_stars';
  if (reason.startsWith('This card cannot')) return 'unplayable';
  return 'blocked_by_hook';
}

/** Resolves an upgradable number of a card. */
export function cardValue(value: readonly [number, number] | undefined, upgraded: boolean): number {
  if (value === undefined) return 0;
  return upgraded ? value[1] : value[0];
}

export function cardFlag(
  value: readonly [boolean, boolean] | boolean | undefined,
  upgraded: boolean,
): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  return upgraded ? value[1] : value[0];
}

export function baseCost(definition: CardDefinition, upgraded: boolean): number {
  const cost = definition.cost;
  if (typeof cost === 'number') return cost;
  return upgraded ? cost[1] : cost[0];
}

export { toCombatCard };

/** Renders a card's rules text with its numbers. */
export function cardText(definition: CardDefinition, upgraded: boolean, bonus = 0): string {
  const template =
    upgraded && definition.upgradedText !== undefined ? definition.upgradedText : definition.text;
  return template
    .replaceAll('!D!', String(cardValue(definition.damage, upgraded) + bonus))
    .replaceAll('!B!', String(cardValue(definition.block, upgraded)))
    .replaceAll('!M!', String(cardValue(definition.magic, upgraded)));
}

/** `items.splice(index, 1)` for an index in range, without the array splice builds for its result. */
function removeAt<T>(items: T[], index: number): void {
  for (let at = index; at < items.length - 1; at++) items[at] = items[at + 1] as T;
  items.pop();
}

/**
 * A power's amount when its id is only known at run time. A known id is read as `(powers.ID ?? 0)`
 * instead: each such read keeps its own inline cache, where this one shared keyed read sees every id and
 * every powers object and goes megamorphic (about twice the cost per read, and almost every read is of an
 * absent power).
 */
function power(powers: Record<string, number>, id: string): number {
  return powers[id] ?? 0;
}

function findMove(definition: MonsterDefinition, id: string): MonsterMoveDefinition | undefined {
  for (const move of definition.moves) if (move.id === id) return move;
  return undefined;
}

/**
 * A key string made from an id once and kept: a template string built per use is a new string,
 * rebuilt and rehashed every turn.
 */
function keyCache(make: (id: string) => string): (id: string) => string {
  const keys = new Map<string, string>();
  return (id) => {
    let key = keys.get(id);
    if (key === undefined) {
      key = make(id);
      keys.set(id, key);
    }
    return key;
  };
}

/** `${moveId}${suffix}`, once per move. */
const MEMORY_KEYS = {
  _DAMAGE: keyCache((moveId) => `${moveId}_DAMAGE`),
  _HITS: keyCache((moveId) => `${moveId}_HITS`),
};
function memoryKey(moveId: string, suffix: '_DAMAGE' | '_HITS'): string {
  return MEMORY_KEYS[suffix](moveId);
}

/** Orbit's step: the Energy spent per Energy given back (the export's text: "Every 4 energy you spend"; not in its vars). */
const ORBIT_ENERGY_STEP = 4;

/** `fresh:${id}`, the mark of a debuff applied in the monsters' turn, once per power id. */
const freshKey = keyCache((id) => `fresh:${id}`);

/**
 * A new, empty powers (or counters) record without a prototype: V8 gives every such object one shared map, so
 * each of the engine's many power lookups stays a monomorphic dictionary probe (and never searches
 * Object.prototype for a power that is absent) instead of a megamorphic lookup over every shape a
 * powers object ever had. It serialises, spreads and enumerates like `{}`.
 * Measured and not kept (branch speed-records): powers records with one fixed shape (every power id
 * preset to `undefined`, removal by `= undefined`) cost back in building the records, keyed reads and
 * the view's enumeration what they saved in LoadIC. Callgrind: StS1 random playouts -0.7% (another
 * pair +0.2%), StS2 random +1.7%, StS1 bot runs +3.9% instructions.
 */
export function emptyRecord(): Powers {
  return Object.create(null) as Powers;
}

/**
 * `delete record[id]` only when present: deleting an absent key is a runtime call and makes the object a slow dictionary.
 * For an id known when written, the same test and delete are written out at the call site
 * (`if (powers.ID !== undefined) delete powers.ID`): each keeps its own inline cache, where this shared
 * keyed one goes megamorphic (callgrind, 1,400 random playouts: 1.9% fewer instructions on sts1, 3.7% on sts2).
 */
function clear(record: Record<string, number>, id: string): void {
  if (record[id] !== undefined) delete record[id];
}

/** The player's powers `startPlayerTurn` reads before its draw (see `hasAnyOf`). */
const TURN_START_POWERS: ReadonlySet<string> = new Set([
  'BLUR',
  'BARRICADE',
  'NEXT_TURN_ENERGY',
  'ENERGY_NEXT_TURN',
  'BERSERK',
  'PYRE',
  'WASTE_AWAY',
  'DOUBLE_DAMAGE_NEXT',
  'NEXT_TURN_BLOCK',
  'DEMON_FORM',
  'RITUAL',
  'NOXIOUS_FUMES',
  'INFINITE_BLADES',
  'BRUTALITY',
  'NEXT_TURN_DRAW',
  'DRAW_REDUCTION',
  'DRAW_CARDS_NEXT_TURN',
  'MIND_ROT',
]);

/** The player's powers `endTurn` reads before it discards the hand. */
const TURN_END_POWERS: ReadonlySet<string> = new Set([
  'METALLICIZE',
  'PLATING',
  'DISINTEGRATION',
  'ANTICIPATE',
  'REPTILE_TRINKET',
  'PLATED_ARMOR',
  'COMBUST',
  'CONSTRICTED',
  'CONSTRICT',
  'LOSE_STRENGTH',
  'LOSE_DEXTERITY',
  'WRAITH_FORM',
  'NO_DRAW',
  'DOUBLE_TAP',
  'BURST',
  'RAGE',
  'ENTANGLED',
  'CORROSIVE_WAVE',
  'MONOLOGUE',
  'SHADOWMELD',
  'DOUBLE_DAMAGE',
  'HEX',
  'RETAIN_HAND',
]);

/**
 * Whether `record` holds any of `ids`. A for-in over a record holding no key costs less than one probe, and
 * over one holding a few, about as much as a dozen: it replaces a run of probes for powers that are rarely
 * present, each of which costs the same absent or not.
 */
function hasAnyOf(record: Record<string, number>, ids: ReadonlySet<string>): boolean {
  for (const id in record) if (ids.has(id)) return true;
  return false;
}

/** StS2: the `sly:<uid>` mark of a card that is Sly for the rest of the combat (Master Planner). */
const SLY_FOR_COMBAT = -1;

/** Attack damage of one hit from the player to a monster, as shown and as dealt. */
export function playerAttackDamage(
  run: RunState,
  combat: CombatState,
  base: number,
  monster: MonsterState | null,
): number {
  const powers = combat.player.powers;
  let damage = base + (powers.STRENGTH ?? 0) + (powers.VIGOR ?? 0);
  if ((powers.WEAK ?? 0) > 0) damage *= 0.75;
  if ((powers.DOUBLE_DAMAGE ?? 0) > 0) damage *= 2;
  // StS2's Gigantification: the next Attack deals triple damage.
  const sts2 = run.ruleset === 'sts2';
  if (sts2 && (powers.GIGANTIFICATION ?? 0) > 0) damage *= 3;
  // Lethality (StS2): the turn's first Attack (counted when it is played; before any, the next one).
  if (sts2 && (powers.LETHALITY ?? 0) > 0 && (combat.counters.attacksThisTurn ?? 0) <= 1)
    damage *= 1 + (powers.LETHALITY ?? 0) / 100;
  if (monster !== null) {
    // Cruelty (StS2) adds its amount in percent to Vulnerable's 50%.
    if ((monster.powers.VULNERABLE ?? 0) > 0)
      damage *= debilitated(
        monster,
        (hasRelic(run, 'PAPER_PHROG') ? 1.75 : 1.5) + (sts2 ? (powers.CRUELTY ?? 0) / 100 : 0),
      );
    // StS2's Tracking: Weak enemies take double damage.
    if (sts2 && (monster.powers.WEAK ?? 0) > 0 && (powers.TRACKING ?? 0) > 0) damage *= 2;
    // StS2's Flutter and Soar: attacks deal half damage.
    if (sts2 && ((monster.powers.FLUTTER ?? 0) > 0 || (monster.powers.SOAR ?? 0) > 0)) damage *= 0.5;
    if (sts2 && (monster.powers.SLOW ?? 0) > 0) damage *= sts2SlowMultiplier(monster);
    else if (!sts2 && (monster.powers.SLOW ?? 0) > 0) damage = slowedDamage(monster, damage);
  }
  damage = Math.max(0, Math.floor(damage));
  if (monster !== null && (monster.powers.INTANGIBLE ?? 0) > 0 && damage > 1) damage = 1;
  return damage;
}

/**
 * What a hit of `amount` does to `monster` before its Block: Vulnerable (unless ignored), then
 * Intangible. Damage that already counted Vulnerable (the player's attacks) does not come here.
 */
export function damageTaken(monster: MonsterState, amount: number, ignoreVulnerable: boolean): number {
  let damage = amount;
  if (!ignoreVulnerable && (monster.powers.VULNERABLE ?? 0) > 0)
    damage = Math.floor(damage * debilitated(monster, 1.5));
  if ((monster.powers.INTANGIBLE ?? 0) > 0 && damage > 1) damage = 1;
  return damage;
}

/** StS2: one hit of Osty's attack of `base` damage on `monster` (null: before the target's side), as shown and as dealt. */
export function summonAttackDamage(combat: CombatState, base: number, monster: MonsterState | null): number {
  // Calcify adds to each of Osty's hits; the player's Strength and Weak do not reach them.
  const amount = base + (combat.player.powers.CALCIFY ?? 0);
  return monster === null ? amount : damageTaken(monster, amount, false);
}

/** A Vulnerable or Weak multiplier on `monster`, twice as far from 1 while it has StS2's Debilitate. */
function debilitated(monster: MonsterState, multiplier: number): number {
  return (monster.powers.DEBILITATE ?? 0) > 0 ? 1 + 2 * (multiplier - 1) : multiplier;
}

/** Damage of one hit of a monster's attack on the player, exactly as the intent shows it. */
export function monsterAttackDamage(
  run: RunState,
  combat: CombatState,
  monster: MonsterState,
  base: number,
): number {
  let damage = base + (monster.powers.STRENGTH ?? 0);
  if ((monster.powers.WEAK ?? 0) > 0)
    damage *= debilitated(monster, hasRelic(run, 'PAPER_KRANE') ? 0.6 : 0.75);
  if ((combat.player.powers.VULNERABLE ?? 0) > 0) damage *= hasRelic(run, 'ODD_MUSHROOM') ? 1.25 : 1.5;
  // The rest is StS2's only (no StS1 content gives these powers): an StS1 hit does not look them up.
  if (run.ruleset === 'sts2') damage = sts2MonsterAttackDamage(run, combat, monster, damage);
  damage = Math.max(0, Math.floor(damage));
  if ((combat.player.powers.INTANGIBLE ?? 0) > 0 && damage > 1) damage = 1;
  return damage;
}

/** StS2's multipliers of a monster's hit on the player, after Weak and Vulnerable. */
function sts2MonsterAttackDamage(
  run: RunState,
  combat: CombatState,
  monster: MonsterState,
  amount: number,
): number {
  let damage = amount;
  if (attacksFromBehind(combat, monster)) damage *= 1.5;
  if ((combat.player.powers.COLOSSUS ?? 0) > 0 && (monster.powers.VULNERABLE ?? 0) > 0) damage *= 0.5;
  if ((combat.player.powers.TANK ?? 0) > 0) damage *= 2;
  // Shrink: the monster's attacks deal 30% less while it lasts.
  if ((monster.powers.SHRINK ?? 0) > 0) damage *= 0.7;
  // The Diamond Diadem power (set by the relic after a quiet turn): half damage until your next turn.
  if ((combat.player.powers.DIAMOND_DIADEM ?? 0) > 0) damage *= 0.5;
  // Undying Sigil: enemies Doomed to die (Doom at least their HP) deal half damage.
  const doom = monster.powers.DOOM ?? 0;
  if (doom > 0 && doom >= monster.hp && hasRelic(run, 'UNDYING_SIGIL')) damage *= 0.5;
  return damage;
}

/**
 * StS2's Surrounded: a monster with Back Attack hits from behind unless the player faces it. The
 * player faces the last monster a card or potion targeted (`counters.facing` holds its uid); until
 * then, the first monster with Back Attack.
 */
function attacksFromBehind(combat: CombatState, monster: MonsterState): boolean {
  if ((combat.player.powers.SURROUNDED ?? 0) <= 0) return false;
  if ((monster.powers.BACK_ATTACK_LEFT ?? 0) <= 0 && (monster.powers.BACK_ATTACK_RIGHT ?? 0) <= 0)
    return false;
  const facing = combat.counters.facing;
  if (facing === undefined) {
    const first = combat.monsters.find(
      (other) =>
        other.alive &&
        ((other.powers.BACK_ATTACK_LEFT ?? 0) > 0 || (other.powers.BACK_ATTACK_RIGHT ?? 0) > 0),
    );
    return first !== monster;
  }
  return facing !== monster.uid;
}

/** Block the player gains from a card's base block. */
export function playerBlock(combat: CombatState, base: number): number {
  let block = base + (combat.player.powers.DEXTERITY ?? 0);
  if ((combat.player.powers.FRAIL ?? 0) > 0) block *= 0.75;
  return Math.max(0, Math.floor(block));
}

/** Energy at the start of each turn: 3 plus energy relics. */
export function energyPerTurn(run: RunState): number {
  let energy = BASE_ENERGY;
  for (const relic of run.relics) energy += getRelic(relic.id).energy ?? 0;
  return energy;
}

/** Whether a card is Ethereal: by its own keyword or given in combat (StS2's Music Box, Ghost Seed). */
function isEthereal(card: CombatCard, definition: CardDefinition): boolean {
  return card.ethereal === true || cardFlag(definition.ethereal, card.upgraded);
}

/** The rule of a card's StS2 enchantment, if it has one. */
function enchantmentOf(card: CombatCard): EnchantmentDefinition | undefined {
  return card.enchantment === undefined ? undefined : findEnchantment(card.enchantment.id);
}

export function hasRelic(run: RunState, id: string): boolean {
  for (const relic of run.relics) if (relic.id === id) return true;
  return false;
}

/** The combat rules bound to one run. Cheap to create; holds no state of its own besides the run. */
export class Combat implements CombatContext {
  readonly run: RunState;
  readonly combat: CombatState;
  xValue = 0;
  energySpent = 0;
  /** Whether this object wrote a `fresh:` counter (a debuff applied in its monster turn) not yet cleared. */
  private freshMarked = false;

  constructor(run: RunState) {
    if (run.combat === null) throw new Error('no combat in progress');
    this.run = run;
    this.combat = run.combat;
  }

  // ---- setup -------------------------------------------------------------

  /** Creates the combat state for an encounter and starts the first player turn. */
  static start(
    run: RunState,
    encounterId: string,
    monsterIds: readonly string[],
    kind: CombatState['kind'],
  ): Combat {
    const cards = run.deck.map(toCombatCard);
    shuffleInPlace(run.random, 'shuffle', cards);
    // Innate cards go on top of the draw pile (the end of the array is the top).
    const innate: CombatCard[] = [];
    const rest: CombatCard[] = [];
    for (const card of cards)
      (cardFlag(getCard(card.id).innate, card.upgraded) || enchantmentOf(card)?.innate === true
        ? innate
        : rest
      ).push(card);
    run.combat = {
      encounterId,
      kind,
      turn: 0,
      player: { block: 0, energy: 0, stars: 0, powers: emptyRecord() },
      hand: [],
      drawPile: [...rest, ...innate],
      discardPile: [],
      exhaustPile: [],
      removedCards: [],
      monsters: [],
      summon: null,
      selection: null,
      counters: emptyRecord(),
      stolenGold: 0,
      over: false,
      victory: false,
    };
    const combat = new Combat(run);
    for (const monsterId of monsterIds) combat.spawn(monsterId, null);
    for (const relic of run.relics) getRelic(relic.id).atCombatStart?.(combat);
    for (let index = 0; index < combat.combat.monsters.length; index++) combat.rollMove(index);
    combat.playImbuedCards();
    combat.startPlayerTurn();
    if (run.ruleset === 'sts2') combat.playFirstTurnForPlayer();
    return combat;
  }

  /**
   * StS2's Whispering Earring: Vakuu plays the first turn, then ends it. The game does not say how it
   * picks; here the left-most playable card each time, at the first living enemy, and in a card choice
   * the fewest cards it must take, the first ones offered.
   */
  private playFirstTurnForPlayer(): void {
    let limit = 0;
    for (const relic of this.run.relics) limit = Math.max(limit, getRelic(relic.id).playsFirstTurn ?? 0);
    if (limit === 0) return;
    for (let played = 0; played < limit; played++) {
      this.finishSelectionForPlayer();
      if (this.finished()) return;
      const rules = this.handRules();
      const index = this.combat.hand.findIndex((card) => this.isPlayable(card, getCard(card.id), rules));
      if (index < 0) break;
      this.playCard(index, this.firstLivingMonsterIndex(), rules);
      if (this.finished()) return;
    }
    this.finishSelectionForPlayer();
    if (!this.finished()) this.endTurn();
  }

  /** The first living monster's index (Vakuu's target). */
  private firstLivingMonsterIndex(): number {
    const index = this.combat.monsters.findIndex((monster) => monster.alive);
    return Math.max(0, index);
  }

  /** Resolves an open card choice for the player: the fewest cards allowed, the first ones offered. */
  private finishSelectionForPlayer(): void {
    for (let step = 0; step < 100 && this.combat.selection !== null && !this.combat.over; step++) {
      const selection = this.combat.selection;
      if (selection.chosen.length >= selection.minimum || selection.options.length === 0)
        this.resolveSelection();
      else this.choose(0);
    }
  }

  /** StS2's Imbued: enchanted cards in the draw pile are played (free) before the first draw. */
  private playImbuedCards(): void {
    const combat = this.combat;
    for (const card of [...combat.drawPile]) {
      if (card.enchantment === undefined || enchantmentOf(card)?.playedAtCombatStart !== true) continue;
      const index = combat.drawPile.indexOf(card);
      if (index < 0) continue;
      combat.drawPile.splice(index, 1);
      this.playFree(card, false);
      if (this.finished()) return;
    }
  }

  /** Adds a monster to the combat (HP rolled from its range unless given), at `atIndex` or at the end. */
  spawn(monsterId: string, hp: number | null, atIndex: number | null = null): MonsterState {
    const definition = getMonster(monsterId);
    const maxHp = hp ?? nextInt(this.run.random, 'monster', definition.hp[0], definition.hp[1]);
    const monster: MonsterState = {
      uid: this.run.counters.nextUid++,
      id: definition.id,
      name: definition.name,
      hp: maxHp,
      maxHp,
      block: 0,
      powers: emptyRecord(),
      alive: true,
      escaped: false,
      move: { id: 'NONE', name: 'None', intent: 'Unknown', baseDamage: null, hits: 0 },
      history: [],
      memory: emptyRecord(),
    };
    if (atIndex === null) this.combat.monsters.push(monster);
    else this.combat.monsters.splice(atIndex, 0, monster);
    definition.setup?.(this.monsterContext(this.combat.monsters.indexOf(monster)));
    if (this.run.ruleset === 'sts2')
      for (const relic of this.run.relics) getRelic(relic.id).onMonsterSpawned?.(this, monster);
    return monster;
  }

  /** The context a monster's definition runs in. */
  monsterContext(index: number): MonsterContext {
    const monster = this.combat.monsters[index];
    if (monster === undefined) throw new Error(`no monster at ${index}`);
    return new MonsterTurnContext(this, monster, index);
  }

  /** Rolls a monster's next move and stores its intent. */
  rollMove(index: number): void {
    const monster = this.combat.monsters[index];
    if (monster === undefined || !monster.alive) return;
    const definition = getMonster(monster.id);
    const moveId = definition.nextMove(this.monsterContext(index));
    this.setMove(monster, moveId, definition);
  }

  /** Sets a monster's next move (its intent); `definition` is the monster's, when the caller has it. */
  setMove(
    monster: MonsterState,
    moveId: string,
    definition: MonsterDefinition = getMonster(monster.id),
  ): void {
    const move = findMove(definition, moveId);
    if (move === undefined) throw new Error(`monster ${monster.id} has no move ${moveId}`);
    monster.move = {
      id: move.id,
      name: move.name,
      intent: move.intent,
      baseDamage: move.damage ?? monster.memory[memoryKey(move.id, '_DAMAGE')] ?? null,
      hits: move.hits ?? monster.memory[memoryKey(move.id, '_HITS')] ?? (move.damage !== undefined ? 1 : 0),
    };
  }

  // ---- turn structure ----------------------------------------------------

  /** Energy the player gets each turn (base plus relics). */
  energyPerTurn(): number {
    return energyPerTurn(this.run);
  }

  /** Starts the player's turn: block removed, energy refilled, cards drawn, turn-start effects. */
  startPlayerTurn(): void {
    const combat = this.combat;
    combat.turn += 1;
    combat.counters.cardsThisTurn = 0;
    combat.counters.attacksThisTurn = 0;
    combat.counters.skillsThisTurn = 0;
    combat.counters.discardedThisTurn = 0;
    combat.counters.exhaustedThisTurn = 0;
    combat.counters.hpLostThisTurn = 0;
    combat.counters.blockFromCardsThisTurn = 0;
    combat.counters.starsGainedThisTurn = 0;
    const powers = combat.player.powers;
    // StS2-only powers are read behind one check: an StS1 turn does not look them up (each lookup in
    // these prototype-less records is a hash probe, absent or not).
    const sts2 = this.run.ruleset === 'sts2';
    if (powers.FLAME_BARRIER !== undefined) delete powers.FLAME_BARRIER;
    if (sts2 && powers.DIAMOND_DIADEM !== undefined) delete powers.DIAMOND_DIADEM;
    this.startSts2Turn();
    // Most turns start with none of the powers read below (three in four of StS1 random playouts' turns
    // start with no power at all): one enumeration of the record, which holds none or a few powers, stands
    // for their probes then (callgrind: -1.7% instructions on random playouts). While none is present,
    // nothing below changes the powers.
    const some = hasAnyOf(powers, TURN_START_POWERS);
    // Block is lost as each turn after the first starts: Block gained before the first turn (Anchor's, at
    // the start of combat) lasts through it, as in both games.
    // Each power below is read once where it is also cleared or reduced (each read is a hash probe).
    const blur = some ? (powers.BLUR ?? 0) : 0;
    if (combat.turn > 1 && (!some || (powers.BARRICADE ?? 0) === 0) && blur === 0) {
      const block = combat.player.block;
      if (hasRelic(this.run, 'CALIPERS')) combat.player.block = Math.max(0, block - 15);
      else combat.player.block = 0;
      if (block > 0)
        combat.player.block = Math.max(combat.player.block, Math.min(block, this.retainedBlock()));
    }
    if (blur > 0) this.reducePlayerPower('BLUR', 1);
    let energy = this.energyPerTurn();
    if (some) {
      const nextTurnEnergy = powers.NEXT_TURN_ENERGY;
      const energyNextTurn = sts2 ? powers.ENERGY_NEXT_TURN : undefined;
      energy +=
        (nextTurnEnergy ?? 0) +
        (powers.BERSERK ?? 0) +
        (sts2 ? (energyNextTurn ?? 0) + (powers.PYRE ?? 0) - (powers.WASTE_AWAY ?? 0) : 0);
      if (nextTurnEnergy !== undefined) delete powers.NEXT_TURN_ENERGY;
      if (energyNextTurn !== undefined) delete powers.ENERGY_NEXT_TURN;
    }
    combat.player.energy = Math.max(0, energy);
    let draw = BASE_DRAW;
    if (some) {
      if ((powers.DOUBLE_DAMAGE_NEXT ?? 0) > 0) {
        if (powers.DOUBLE_DAMAGE_NEXT !== undefined) delete powers.DOUBLE_DAMAGE_NEXT;
        powers.DOUBLE_DAMAGE = 1;
      }
      if ((powers.NEXT_TURN_BLOCK ?? 0) > 0) {
        combat.player.block += powers.NEXT_TURN_BLOCK ?? 0;
        if (powers.NEXT_TURN_BLOCK !== undefined) delete powers.NEXT_TURN_BLOCK;
      }
      if ((powers.DEMON_FORM ?? 0) > 0) this.applyToPlayer('STRENGTH', powers.DEMON_FORM ?? 0);
      if ((powers.RITUAL ?? 0) > 0) this.applyToPlayer('STRENGTH', powers.RITUAL ?? 0);
      if ((powers.NOXIOUS_FUMES ?? 0) > 0) this.applyToAllMonsters('POISON', powers.NOXIOUS_FUMES ?? 0);
      if ((powers.INFINITE_BLADES ?? 0) > 0) {
        for (let copy = 0; copy < (powers.INFINITE_BLADES ?? 0); copy++) this.addCard('SHIV', 'hand');
      }
      if ((powers.BRUTALITY ?? 0) > 0) {
        this.loseHp(powers.BRUTALITY ?? 0);
        this.draw(powers.BRUTALITY ?? 0);
      }
      const nextTurnDraw = powers.NEXT_TURN_DRAW;
      const drawReduction = powers.DRAW_REDUCTION;
      const drawCardsNextTurn = sts2 ? powers.DRAW_CARDS_NEXT_TURN : undefined;
      draw +=
        (nextTurnDraw ?? 0) -
        (drawReduction ?? 0) +
        (sts2 ? (drawCardsNextTurn ?? 0) - (powers.MIND_ROT ?? 0) : 0);
      if (nextTurnDraw !== undefined) delete powers.NEXT_TURN_DRAW;
      if (drawCardsNextTurn !== undefined) delete powers.DRAW_CARDS_NEXT_TURN;
      if (drawReduction !== undefined) delete powers.DRAW_REDUCTION;
    }
    if (combat.turn === 1) {
      if (hasRelic(this.run, 'RING_OF_THE_SNAKE')) draw += 2;
      if (hasRelic(this.run, 'BAG_OF_PREPARATION')) draw += 2;
    }
    if (sts2) {
      this.startOfTurnCardMoves();
      if (this.finished()) return;
    }
    this.draw(Math.max(0, draw));
    const tools = powers.TOOLS_OF_THE_TRADE ?? 0;
    if (tools > 0) {
      // Tools of the Trade: draw 1 card, then discard 1 card (per copy), after the turn's draw.
      this.draw(tools);
      this.requestSelectionFor('TOOLS_OF_THE_TRADE', {
        source: 'hand',
        count: tools,
        prompt: 'Choose a card to discard.',
      });
    }
    combat.counters.turnDrawDone = 1;
    if ((powers.NIGHTMARE ?? 0) > 0) this.deliverNightmares();
    if (sts2 && (powers.FURNACE ?? 0) > 0) this.forge(powers.FURNACE ?? 0);
    this.afterSts2TurnStart();
    for (const relic of this.run.relics) getRelic(relic.id).atTurnStart?.(this, combat.turn);
  }

  /**
   * StS2 cards that come back at the start of a turn, before its draw: those played last turn that
   * return to the hand (Bolas, if still in the Discard Pile), then those that play themselves from the
   * Exhaust Pile (Bombardment), each taken out of the pile first so that it ends back there once.
   */
  private startOfTurnCardMoves(): void {
    const combat = this.combat;
    const counters = combat.counters;
    if ((counters.returnsPending ?? 0) > 0) {
      for (const card of [...combat.discardPile])
        if (counters[`return:${card.uid}`] !== undefined && combat.hand.length < HAND_LIMIT) {
          removeAt(combat.discardPile, combat.discardPile.indexOf(card));
          combat.hand.push(card);
        }
      // Every mark goes, also of cards that left the Discard Pile some other way.
      for (const key of Object.keys(counters)) if (key.startsWith('return:')) delete counters[key];
      delete counters.returnsPending;
    }
    for (const card of [...combat.exhaustPile]) {
      if (this.finished()) return;
      if (getCard(card.id).afterPlay !== 'replayFromExhaust') continue;
      removeAt(combat.exhaustPile, combat.exhaustPile.indexOf(card));
      this.playFree(card, true);
    }
  }

  /** The most Block a relic keeps at the start of a turn (Sturdy Clamp), 0 without one. */
  private retainedBlock(): number {
    let kept = 0;
    if (anyRelicHas('retainedBlock'))
      for (const relic of this.run.relics) kept = Math.max(kept, getRelic(relic.id).retainedBlock ?? 0);
    return kept;
  }

  /** Nightmare: the copies chosen last turn go into the hand (overflow to the discard pile). */
  private deliverNightmares(): void {
    const counters = this.combat.counters;
    if (this.combat.player.powers.NIGHTMARE !== undefined) delete this.combat.player.powers.NIGHTMARE;
    for (const key of Object.keys(counters)) {
      if (!key.startsWith('nightmare:')) continue;
      const [, id, upgraded] = key.split(':');
      for (let copy = 0; copy < (counters[key] ?? 0); copy++)
        this.addCard(id ?? '', 'hand', upgraded === '1');
      delete counters[key];
    }
  }

  /**
   * Well-Laid Plans: before the turn ends, a choice of up to that many cards to Retain. Returns true
   * when the choice was opened (the turn ends once it is confirmed), false when there is none to make.
   */
  openRetainChoice(): boolean {
    const combat = this.combat;
    const count = combat.player.powers.WELL_LAID_PLANS ?? 0;
    if (count <= 0 || (combat.counters.retainChosen ?? 0) > 0) return false;
    const retainable = (card: CombatCard) => {
      const definition = getCard(card.id);
      return !card.retainOnce && !cardFlag(definition.retain, card.upgraded) && !isEthereal(card, definition);
    };
    if (!combat.hand.some(retainable)) return false;
    combat.counters.retainChosen = 1;
    this.requestSelectionFor('WELL_LAID_PLANS', {
      source: 'hand',
      count,
      minimum: 0,
      prompt: `Choose up to ${count} card(s) to Retain.`,
      filter: retainable,
    });
    return combat.selection !== null;
  }

  /**
   * A power that lent Strength or Dexterity for the turn takes it back at the turn's end, and goes.
   * `amount` is the power's, read by the caller by name: a keyed read here, shared by four ids, would be
   * a megamorphic lookup every turn.
   */
  private takeBack(power: string, amount: number, stat: 'STRENGTH' | 'DEXTERITY'): void {
    if (amount <= 0) return;
    this.applyToPlayer(stat, -amount);
    delete this.combat.player.powers[power];
  }

  /** Ends the player's turn, runs the monsters' turn and starts the next player turn. */
  endTurn(): void {
    const combat = this.combat;
    if (combat.counters.forceEndTurn !== undefined) delete combat.counters.forceEndTurn;
    if (combat.counters.retainChosen !== undefined) delete combat.counters.retainChosen;
    // StS2-only powers are read behind one check: an StS1 turn does not look them up.
    const sts2 = this.run.ruleset === 'sts2';
    for (const monster of combat.monsters) {
      if (monster.powers.CHOKED !== undefined) delete monster.powers.CHOKED;
      if (!sts2) continue;
      if (monster.powers.OBLIVION !== undefined) delete monster.powers.OBLIVION;
      if (monster.powers.SIC_EM !== undefined) delete monster.powers.SIC_EM;
    }
    const powers = combat.player.powers;
    // End-of-turn effects of cards in hand (over a copy of the hand, only when some card has one).
    let endOfTurnHooks = false;
    for (const card of combat.hand)
      if (getCard(card.id).endOfTurnInHand !== undefined || card.enchantment !== undefined) {
        endOfTurnHooks = true;
        break;
      }
    if (endOfTurnHooks)
      for (const card of [...combat.hand]) {
        const definition = getCard(card.id);
        definition.endOfTurnInHand?.(this, this.cardPlay(card, -1, definition));
        if (this.finished()) return;
        const enchantment = card.enchantment;
        if (enchantment !== undefined)
          findEnchantment(enchantment.id)?.endOfTurnInHand?.(
            this,
            card,
            enchantment.amount,
            this.costOf(card, definition),
          );
      }
    // The powers read from here to the discard are probed only when the record holds one of them (most
    // turns end with no power at all; see `hasAnyOf`): while none is present, nothing here changes the
    // powers but a relic's turn-end rule or StS2's, after which the record is looked at again (callgrind:
    // -1.5% instructions on random playouts).
    let some = hasAnyOf(powers, TURN_END_POWERS);
    if (some && (powers.METALLICIZE ?? 0) > 0) this.gainBlock(powers.METALLICIZE ?? 0, true);
    if (sts2) {
      if (some) {
        if ((powers.PLATING ?? 0) > 0) this.gainBlock(powers.PLATING ?? 0, true);
        if ((powers.DISINTEGRATION ?? 0) > 0) {
          this.damagePlayer(powers.DISINTEGRATION ?? 0, null);
          if (this.finished()) return;
        }
        this.takeBack('ANTICIPATE', powers.ANTICIPATE ?? 0, 'DEXTERITY');
        this.takeBack('REPTILE_TRINKET', powers.REPTILE_TRINKET ?? 0, 'STRENGTH');
      }
      for (const monster of combat.monsters) {
        if (monster.powers.CONQUEROR !== undefined) delete monster.powers.CONQUEROR;
        if (monster.powers.STRANGLE !== undefined) delete monster.powers.STRANGLE;
      }
    }
    if (some) {
      if ((powers.PLATED_ARMOR ?? 0) > 0) this.gainBlock(powers.PLATED_ARMOR ?? 0, true);
      if ((powers.COMBUST ?? 0) > 0) {
        this.loseHp(combat.counters.combustLoss ?? 1);
        this.damageAllMonsters(powers.COMBUST ?? 0);
        if (this.finished()) return;
      }
      if ((powers.CONSTRICTED ?? 0) > 0) {
        this.damagePlayer(powers.CONSTRICTED ?? 0, null);
        if (this.finished()) return;
      }
      // StS2's Constrict hurts only while the Slithering Strangler that applied it lives.
      if (sts2 && (powers.CONSTRICT ?? 0) > 0 && this.isAlive('SLITHERING_STRANGLER')) {
        this.damagePlayer(powers.CONSTRICT ?? 0, null);
        if (this.finished()) return;
      }
    }
    let relicRan = false;
    for (const relic of this.run.relics) {
      const definition = getRelic(relic.id);
      if (definition.atTurnEnd === undefined) continue;
      definition.atTurnEnd(this);
      relicRan = true;
    }
    this.endSts2Turn();
    if (this.finished()) return;
    if (!some && (relicRan || sts2)) some = hasAnyOf(powers, TURN_END_POWERS);
    if (some) {
      this.takeBack('LOSE_STRENGTH', powers.LOSE_STRENGTH ?? 0, 'STRENGTH');
      this.takeBack('LOSE_DEXTERITY', powers.LOSE_DEXTERITY ?? 0, 'DEXTERITY');
      if ((powers.WRAITH_FORM ?? 0) > 0) this.applyToPlayer('DEXTERITY', -(powers.WRAITH_FORM ?? 0));
      if (powers.NO_DRAW !== undefined) delete powers.NO_DRAW;
      if (powers.DOUBLE_TAP !== undefined) delete powers.DOUBLE_TAP;
      if (powers.BURST !== undefined) delete powers.BURST;
      if (powers.RAGE !== undefined) delete powers.RAGE;
      if (powers.ENTANGLED !== undefined) delete powers.ENTANGLED;
      if (sts2) {
        if (powers.CORROSIVE_WAVE !== undefined) delete powers.CORROSIVE_WAVE;
        if (powers.MONOLOGUE !== undefined) delete powers.MONOLOGUE;
        if (powers.SHADOWMELD !== undefined) delete powers.SHADOWMELD;
      }
      if (powers.DOUBLE_DAMAGE !== undefined) delete powers.DOUBLE_DAMAGE;
    }
    // Discard the hand: ethereal cards exhaust, retained cards stay.
    const kept: CombatCard[] = [];
    // Discarding gains no relic: Runic Pyramid is looked up once, not per card.
    const pyramid = hasRelic(this.run, 'RUNIC_PYRAMID');
    // StS2's Hex: every card is Ethereal while the Spectral Knight lives.
    const hexed = sts2 && some && (powers.HEX ?? 0) > 0 && this.isAlive('SPECTRAL_KNIGHT');
    // StS2's Retain Hand (Stable Serum): the whole hand stays, for as many turns as its amount.
    const retainHand = sts2 && some && (powers.RETAIN_HAND ?? 0) > 0;
    if (retainHand) this.reducePlayerPower('RETAIN_HAND', 1);
    // The loop walks the hand as it was. Only an exhaust changes the hand (and its hooks may draw):
    // the hand is copied then, not at every end of turn.
    const hand = combat.hand;
    for (const card of hand) {
      const definition = getCard(card.id);
      card.turnCost = null;
      if (hexed || isEthereal(card, definition)) {
        if (combat.hand === hand) combat.hand = hand.slice();
        this.moveToExhaust(card, combat.hand);
      } else if (
        cardFlag(definition.retain, card.upgraded) ||
        card.retainOnce ||
        card.retain === true ||
        pyramid ||
        retainHand ||
        (card.enchantment !== undefined && enchantmentOf(card)?.retain === true)
      ) {
        card.retainOnce = false;
        kept.push(card);
      } else {
        combat.discardPile.push(card);
      }
    }
    // Nothing exhausted: every kept card is still in the hand.
    combat.hand = combat.hand === hand ? kept : kept.filter((card) => combat.hand.includes(card));
    if (this.finished()) return;
    if (combat.hand.length > 0)
      for (const relic of this.run.relics) getRelic(relic.id).onCardsRetained?.(this, combat.hand);
    // StS2's extra turn (Pael's Eye): the enemies take no turn and the round goes on; the next turn
    // starts as any turn of the player's does.
    if (sts2 && (combat.counters.extraTurn ?? 0) > 0) {
      combat.counters.extraTurn = 0;
      this.startPlayerTurn();
      return;
    }
    this.monsterTurn();
    if (this.finished()) return;
    this.endOfRound();
    if (this.finished()) return;
    // A monster asked the player to choose (StS2's Knowledge Demon): the turn starts once they have.
    if (this.combat.selection?.monster !== undefined) return;
    this.startPlayerTurn();
  }

  private monsterTurn(): void {
    const combat = this.combat;
    // Debuffs monsters apply now must survive this round's decrement (the original's "just applied").
    combat.counters.monsterTurn = 1;
    const sts2 = this.run.ruleset === 'sts2';
    for (const monster of [...combat.monsters]) {
      if (!monster.alive) {
        if (sts2) sts2DeadMonsterTurn(this, monster);
        if (monster.memory.down === 1) this.turnWhileDown(monster);
        continue;
      }
      // StS2's Burrowed keeps Block as Barricade does.
      if ((monster.powers.BARRICADE ?? 0) === 0 && (!sts2 || (monster.powers.BURROWED ?? 0) === 0))
        monster.block = 0;
      if (sts2) sts2MonsterTurnStart(this, monster);
      const poison = monster.powers.POISON ?? 0;
      if (poison > 0) {
        // Accelerant (StS2): Poison triggers that many more times.
        const ticks = 1 + (sts2 ? (combat.player.powers.ACCELERANT ?? 0) : 0);
        for (let tick = 0; tick < ticks && monster.alive; tick++) {
          this.reduceMonsterHp(monster, monster.powers.POISON ?? 0, false);
          if (monster.alive) this.reducePower(monster.powers, 'POISON', 1);
          if (this.finished()) return;
        }
        if (this.finished()) return;
        if (!monster.alive) {
          // StS1: Poison ticks before the monsters act, so one left half-dead by it still takes this turn.
          if (!sts2 && monster.memory.down === 1) this.turnWhileDown(monster);
          continue;
        }
      }
      this.executeMove(combat.monsters.indexOf(monster));
      if (this.finished()) return;
      if (sts2 && monster.alive) sts2MonsterTurnEnd(this, monster);
      if (sts2) {
        // StS2's Demise: HP lost at the end of each of its turns; Shrink and Debilitate wear off by 1.
        if (monster.alive && (monster.powers.DEMISE ?? 0) > 0) {
          this.reduceMonsterHp(monster, monster.powers.DEMISE ?? 0, false, true);
          if (this.finished()) return;
        }
        if ((monster.powers.SHRINK ?? 0) > 0) this.reducePower(monster.powers, 'SHRINK', 1);
        if ((monster.powers.DEBILITATE ?? 0) > 0) this.reducePower(monster.powers, 'DEBILITATE', 1);
      }
      // StS2's Doom: not looked up in StS1, which has none.
      const doom = sts2 && monster.alive ? (monster.powers.DOOM ?? 0) : 0;
      if (doom > 0 && monster.hp <= doom) {
        this.reduceMonsterHp(monster, monster.hp, false, true);
        if (!monster.alive && (monster.powers.MINION ?? 0) === 0)
          for (const relic of this.run.relics) getRelic(relic.id).onDoomKill?.(this);
        if (this.finished()) return;
      }
    }
  }

  private executeMove(index: number): void {
    const monster = this.combat.monsters[index];
    if (monster === undefined || !monster.alive) return;
    if (this.run.ruleset === 'sts2' && (monster.memory[CARD_STUN] ?? 0) > 0) {
      // A move its own rules set since (a phase change) replaces the stun.
      if (monster.move.id !== CARD_STUN_MOVE) delete monster.memory[CARD_STUN];
      else {
        this.endCardStun(monster, index);
        return;
      }
    }
    const move = findMove(getMonster(monster.id), monster.move.id);
    if (move === undefined) throw new Error(`monster ${monster.id} has no move ${monster.move.id}`);
    const context = this.monsterContext(index);
    if (monster.move.baseDamage !== null) {
      // StS2's Imbalanced: an attack fully blocked (no HP lost to it) puts its attacker off balance.
      const imbalanced = this.run.ruleset === 'sts2' && (monster.powers.IMBALANCED ?? 0) > 0;
      const hpBefore = this.run.hp;
      for (let hit = 0; hit < monster.move.hits; hit++) {
        if (!monster.alive || this.finished()) break;
        this.damagePlayer(
          monsterAttackDamage(this.run, this.combat, monster, monster.move.baseDamage),
          monster,
        );
      }
      if (imbalanced && this.run.hp === hpBefore) monster.memory.offBalance = 1;
    }
    if (this.finished()) return;
    if (monster.alive) move.effect?.(context);
    monster.history.push(move.id);
    if (monster.history.length > HISTORY_LIMIT) monster.history.shift();
    if (monster.alive && !this.finished()) {
      const currentIndex = this.combat.monsters.indexOf(monster);
      if (currentIndex >= 0) this.rollMove(currentIndex);
    }
  }

  /**
   * StS2: a monster a card stunned (`CARD_STUN` holds its interrupted move's index + 1) does nothing this
   * turn, then makes the move it was stunned out of (the game's Stun follows up with it).
   */
  private endCardStun(monster: MonsterState, index: number): void {
    const resumed = getMonster(monster.id).moves[(monster.memory[CARD_STUN] ?? 0) - 1];
    delete monster.memory[CARD_STUN];
    if (resumed !== undefined) this.setMove(monster, resumed.id);
    else this.rollMove(index);
  }

  private endOfRound(): void {
    const combat = this.combat;
    const sts2 = this.run.ruleset === 'sts2';
    for (const monster of combat.monsters) {
      if (!monster.alive) continue;
      if ((monster.powers.METALLICIZE ?? 0) > 0) monster.block += monster.powers.METALLICIZE ?? 0;
      if ((monster.powers.PLATED_ARMOR ?? 0) > 0) monster.block += monster.powers.PLATED_ARMOR ?? 0;
      // StS2's Plating (a monster's): that much Block at the end of its turn, then 1 less. (The text takes
      // the 1 off at the start of its next turn; a monster spawned with it gives the full amount first.)
      if (sts2 && (monster.powers.PLATING ?? 0) > 0) {
        monster.block += monster.powers.PLATING ?? 0;
        this.reducePower(monster.powers, 'PLATING', 1);
      }
      if ((monster.powers.REGENERATE ?? 0) > 0)
        monster.hp = Math.min(monster.maxHp, monster.hp + (monster.powers.REGENERATE ?? 0));
      if ((monster.powers.RITUAL ?? 0) > 0) {
        if ((monster.memory.ritualFresh ?? 0) > 0) monster.memory.ritualFresh = 0;
        else this.applyToMonster(combat.monsters.indexOf(monster), 'STRENGTH', monster.powers.RITUAL ?? 0);
      }
      if ((monster.powers.SHACKLED ?? 0) > 0) {
        monster.powers.STRENGTH = (monster.powers.STRENGTH ?? 0) + (monster.powers.SHACKLED ?? 0);
        if (monster.powers.STRENGTH === 0) clear(monster.powers, 'STRENGTH');
        if (monster.powers.SHACKLED !== undefined) delete monster.powers.SHACKLED;
      }
      if ((monster.powers.NEMESIS ?? 0) > 0) {
        if ((monster.powers.INTANGIBLE ?? 0) > 0) clear(monster.powers, 'INTANGIBLE');
        else monster.powers.INTANGIBLE = 1;
      } else if (sts2 && (monster.powers.INTANGIBLE ?? 0) > 0) {
        // StS2's Intangible lasts its amount in turns for every creature: a monster's falls by 1 at the end
        // of each round, as the player's does. Soul Fysh's Fade gives 2 in its own turn, so it shields the
        // monster through the player's next turn (1 would have run out unused).
        this.reducePower(monster.powers, 'INTANGIBLE', 1);
      }
      this.decrementTurnBased(monster.powers);
      if (!sts2) resetSlow(monster);
    }
    // 0 rather than deleted: every reader treats 0 as absent, and a delete makes the counters a dictionary.
    combat.counters.monsterTurn = 0;
    // Fresh marks are only written by this object during its monster turn: no scan of the counters otherwise.
    // Only `applyToPlayer` writes them, for turn-based powers: their keys are looked up, not found by
    // listing every counter (`Object.keys` of a dictionary object is a runtime call).
    const fresh: string[] = [];
    if (this.freshMarked) {
      this.freshMarked = false;
      for (const id of turnBasedPowerIds()) {
        const key = freshKey(id);
        if (key in combat.counters) {
          fresh.push(key);
          delete combat.counters[key];
        }
      }
    }
    const playerPowers = combat.player.powers;
    for (const id of turnBasedPowerIds()) {
      if (id in playerPowers && (fresh.length === 0 || !fresh.includes(freshKey(id))))
        this.reducePower(playerPowers, id, 1);
    }
    if ((combat.player.powers.INTANGIBLE ?? 0) > 0) this.reducePlayerPower('INTANGIBLE', 1);
  }

  /**
   * Every turn-based power present loses 1. Visits the content's few turn-based ids rather than
   * `Object.keys(powers)` (a runtime call on these dictionary objects, per creature per round): each
   * id's decrement touches only that id, so the order of the visits changes nothing.
   */
  private decrementTurnBased(powers: Record<string, number>): void {
    for (const id of turnBasedPowerIds()) if (id in powers) this.reducePower(powers, id, 1);
  }

  // ---- cards -------------------------------------------------------------

  /** The resolved numbers of a card played at `target`. */
  cardPlay(card: CombatCard, target: number, definition: CardDefinition = getCard(card.id)): CardPlay {
    let damage = cardValue(definition.damage, card.upgraded) + card.bonus;
    let block = cardValue(definition.block, card.upgraded);
    if (card.enchantment !== undefined) {
      // StS2: the enchantment changes the card's own numbers, before Strength and Dexterity.
      if (definition.damage !== undefined) damage = enchantedDamage(card, damage, this.firstPlay(card));
      if (definition.block !== undefined) block = enchantedBlock(card, block);
    }
    return {
      card,
      upgraded: card.upgraded,
      damage,
      block,
      magic: cardValue(definition.magic, card.upgraded),
      target,
    };
  }

  /** Whether the card has not been played yet this combat (for enchantments' "the first time"). */
  private firstPlay(card: CombatCard): boolean {
    return (this.combat.counters[enchantPlayedKey(card.uid)] ?? 0) === 0;
  }

  /**
   * The player-wide facts that costs and playability read, read once: a scan of the hand (legal
   * actions, the state's view) passes one to every card instead of looking the powers up per card.
   * Valid until the state changes.
   */
  handRules(): HandRules {
    const powers = this.combat.player.powers;
    const counters = this.combat.counters;
    // StS2-only powers and counters (Free Attack, Free Skill, Void Form, Bound...) are read behind one
    // check: every read of these dictionary records is a hash probe, and this runs twice per card
    // played. In StS1 the cards played this turn are read only for Velvet Choker (a scan of the relics
    // is cheaper than the probe). callgrind: with playCard reusing the listed rules, -54M of 332M
    // LoadIC instructions (-3.3% of all) on 1,000 random playouts.
    const sts2 = this.run.ruleset === 'sts2';
    const costRelics = costRelicIds();
    const choker = hasRelic(this.run, 'VELVET_CHOKER');
    const cards = sts2 || choker || costRelics.length > 0 ? (counters.cardsThisTurn ?? 0) : 0;
    // The relics' cost changes: only the ruleset's few relics that have one are looked up.
    let powerCostIncrease = 0;
    let nextCardFree = false;
    if (costRelics.length > 0)
      for (const relic of this.run.relics) {
        if (!costRelics.includes(relic.id)) continue;
        const definition = getRelic(relic.id);
        powerCostIncrease += definition.powerCostIncrease ?? 0;
        if (definition.freeCardOfTurn === cards + 1) nextCardFree = true;
      }
    // StS2's Curious (Mad Science): Powers cost that much less.
    if (sts2) powerCostIncrease -= powers.CURIOUS ?? 0;
    return {
      corruption: (powers.CORRUPTION ?? 0) > 0,
      freeAttack: sts2 && (powers.FREE_ATTACK ?? 0) > 0,
      freeSkill: sts2 && (powers.FREE_SKILL ?? 0) > 0,
      voidForm: sts2 && cards < (powers.VOID_FORM ?? 0),
      entangled: (powers.ENTANGLED ?? 0) > 0,
      choked: choker && cards >= 6,
      bound: sts2 && (counters.boundThisTurn ?? 0) > 0,
      powerCostIncrease,
      nextCardFree,
      ringing: sts2 && (powers.RINGING ?? 0) > 0 && cards >= 1,
      smoggy: sts2 && (powers.SMOGGY ?? 0) > 0 && (counters.skillsThisTurn ?? 0) >= 1,
      sloth: sts2 && (powers.SLOTH ?? 0) > 0 && cards >= 3,
      tangled: sts2 && (powers.TANGLED ?? 0) > 0 ? 1 : 0,
      borrowed: sts2 && (powers.BORROWED_TIME ?? 0) > 0 ? 1 : 0,
      holders: sts2 ? this.handHolders() : NO_HOLDERS,
      veilpiercer: sts2 && (powers.VEILPIERCER ?? 0) > 0,
    };
  }

  /** StS2: the cards in hand that may hold the others back (most hands have none). */
  private handHolders(): readonly CombatCard[] {
    let holders: CombatCard[] | null = null;
    for (const card of this.combat.hand) {
      if (getCard(card.id).whileInHand === undefined) continue;
      if (holders === null) holders = [];
      holders.push(card);
    }
    return holders ?? NO_HOLDERS;
  }

  /** Why a card in hand holds `card` back (Normality, Enthralled), or null. */
  private heldReason(card: CombatCard, rules: HandRules): string | null {
    for (const holder of rules.holders) {
      if (holder === card) continue;
      const reason = getCard(holder.id).whileInHand?.(this, card) ?? null;
      if (reason !== null) return reason;
    }
    return null;
  }

  /** The energy a card costs right now (-1 for X, -2 unplayable). */
  costOf(
    card: CombatCard,
    definition: CardDefinition = getCard(card.id),
    rules: HandRules = this.handRules(),
  ): number {
    let cost = baseCost(definition, card.upgraded);
    if (cost < 0) return cost;
    if (card.combatCost !== null) cost = card.combatCost;
    if (card.turnCost !== null) cost = card.turnCost;
    if (card.enchantment !== undefined) cost = enchantmentOf(card)?.cost ?? cost;
    if (definition.dynamicCost !== undefined) cost = definition.dynamicCost(this, cost);
    if (definition.type === 'Power') cost += rules.powerCostIncrease;
    if (definition.type === 'Attack') cost += rules.tangled;
    cost += rules.borrowed;
    if (rules.nextCardFree) cost = 0;
    if (definition.type === 'Skill' && rules.corruption) cost = 0;
    if (definition.type === 'Attack' && rules.freeAttack) cost = 0;
    if (definition.type === 'Skill' && rules.freeSkill) cost = 0;
    if (rules.voidForm) cost = 0;
    if (rules.veilpiercer && isEthereal(card, definition)) cost = 0;
    return Math.max(0, cost);
  }

  /** Why a card in hand cannot be played now, or null when it can. */
  unplayableReason(
    card: CombatCard,
    definition: CardDefinition = getCard(card.id),
    cost: number = this.costOf(card, definition),
    rules: HandRules = this.handRules(),
  ): string | null {
    switch (this.blockedBy(card, definition, cost, rules)) {
      case Blocked.Unplayable:
        return 'This card cannot be played.';
      case Blocked.Selection:
        return 'Finish the current card selection first.';
      case Blocked.Entangled:
        return 'Entangled: you cannot play Attacks this turn.';
      case Blocked.Choker:
        return 'Velvet Choker: you cannot play more than 6 cards this turn.';
      case Blocked.Energy:
        return `Not enough energy (costs ${cost}, have ${this.combat.player.energy}).`;
      case Blocked.Stars:
        return `Not enough stars (costs ${definition.starCost ?? 0}, have ${this.combat.player.stars}).`;
      case Blocked.Bound:
        return 'Bound: this card cannot be played this turn.';
      case Blocked.Ringing:
        return 'Ringing: you can only play 1 card this turn.';
      case Blocked.Smoggy:
        return 'Smoggy: you can only play 1 Skill per turn.';
      case Blocked.Sloth:
        return 'Sloth: you cannot play more than 3 cards this turn.';
      case Blocked.Held:
        return this.heldReason(card, rules) ?? '';
      default:
        return definition.unplayableReason?.(this, this.cardPlay(card, -1, definition)) ?? null;
    }
  }

  /**
   * The API's code for `unplayableReason(...)` (null when the card can be played), without building
   * the message: the state's view asks it of every card in hand at every step.
   */
  unplayableCode(
    card: CombatCard,
    definition: CardDefinition,
    cost: number,
    rules: HandRules,
  ): UnplayableReason | null {
    switch (this.blockedBy(card, definition, cost, rules)) {
      case Blocked.No:
        return unplayableCodeOf(
          definition.unplayableReason?.(this, this.cardPlay(card, -1, definition)) ?? null,
        );
      case Blocked.Unplayable:
        return 'unplayable';
      case Blocked.Energy:
        return 'not_enough_energy';
      case Blocked.Stars:
        return 'not_enough_stars';
      default:
        return 'blocked_by_hook';
    }
  }

  /** `unplayableReason(...) === null` without building the message of a card that cannot be played. */
  isPlayable(card: CombatCard, definition: CardDefinition, rules: HandRules): boolean {
    if (this.blockedBy(card, definition, this.costOf(card, definition, rules), rules) !== Blocked.No)
      return false;
    return (definition.unplayableReason?.(this, this.cardPlay(card, -1, definition)) ?? null) === null;
  }

  /** The first of the engine's own rules that forbids playing the card now (the card's own rule aside). */
  private blockedBy(card: CombatCard, definition: CardDefinition, cost: number, rules: HandRules): Blocked {
    if (cost === -2) return Blocked.Unplayable;
    if (this.combat.selection !== null) return Blocked.Selection;
    if (definition.type === 'Attack' && rules.entangled) return Blocked.Entangled;
    if (rules.choked) return Blocked.Choker;
    if (rules.ringing) return Blocked.Ringing;
    if (rules.sloth) return Blocked.Sloth;
    if (definition.type === 'Skill' && rules.smoggy) return Blocked.Smoggy;
    if (rules.holders.length > 0 && this.heldReason(card, rules) !== null) return Blocked.Held;
    if (cost > this.combat.player.energy) return Blocked.Energy;
    if ((definition.starCost ?? 0) > this.combat.player.stars) return Blocked.Stars;
    // Bound marks exist only on turns that bound a card (no key built per card otherwise).
    if (rules.bound && (this.combat.counters[`bound:${card.uid}`] ?? 0) > 0) return Blocked.Bound;
    return Blocked.No;
  }

  /**
   * Plays the card at `handIndex`; the caller has checked it is legal. `rules` are the hand's rules
   * of the state now, when the caller has them (the legal actions it checked were listed with them).
   */
  playCard(handIndex: number, target: number, rules: HandRules = this.handRules()): void {
    const combat = this.combat;
    const card = combat.hand[handIndex];
    if (card === undefined) throw new Error(`no card at hand index ${handIndex}`);
    const definition = getCard(card.id);
    const cost = this.costOf(card, definition, rules);
    removeAt(combat.hand, handIndex);
    if (cost === -1) {
      // StS2's Brilliant Scarf: an X-cost card played as the turn's free card keeps the Energy (X is
      // still the Energy held, as for a card played for free).
      const free = rules.nextCardFree;
      this.energySpent = free ? 0 : combat.player.energy;
      this.xValue = combat.player.energy + (hasRelic(this.run, 'CHEMICAL_X') ? 2 : 0);
      if (!free) combat.player.energy = 0;
    } else {
      this.energySpent = cost;
      combat.player.energy -= cost;
    }
    const starsSpent = Math.min(combat.player.stars, definition.starCost ?? 0);
    combat.player.stars -= starsSpent;
    // The StS2-only powers (free Attacks and Skills, Veilpiercer, Orbit, Danse Macabre) behind one check.
    const sts2 = this.run.ruleset === 'sts2';
    if (sts2 && definition.type === 'Attack' && (combat.player.powers.FREE_ATTACK ?? 0) > 0)
      this.reducePlayerPower('FREE_ATTACK', 1);
    if (sts2 && definition.type === 'Skill' && (combat.player.powers.FREE_SKILL ?? 0) > 0)
      this.reducePlayerPower('FREE_SKILL', 1);
    // StS2's Veilpiercer: spent by the Ethereal card it made free (before the card plays: Veilpiercer is one).
    if (sts2 && (combat.player.powers.VEILPIERCER ?? 0) > 0 && isEthereal(card, definition))
      this.reducePlayerPower('VEILPIERCER', 1);
    if (starsSpent > 0) this.onStarsChanged(starsSpent, true);
    if (definition.target === 'AnyEnemy') {
      const facing = combat.monsters[target];
      if (facing !== undefined) combat.counters.facing = facing.uid;
    }
    card.turnCost = null;
    if (sts2 && this.energySpent > 0 && (combat.player.powers.ORBIT ?? 0) > 0) this.orbit(this.energySpent);
    if (sts2 && cost >= 2 && (combat.player.powers.DANSE_MACABRE ?? 0) > 0)
      this.gainBlock(combat.player.powers.DANSE_MACABRE ?? 0, true);
    this.resolvePlay(card, target, definition, false);
    if (this.finished()) return;
  }

  private resolvePlay(card: CombatCard, target: number, definition: CardDefinition, free: boolean): void {
    const combat = this.combat;
    const counters = combat.counters;
    // Nested plays (Havoc, Mayhem) set their own: the cards reacting afterwards read this card's.
    const energyPaid = this.energySpent;
    if (!this.beginUse(definition)) return;
    const play = this.cardPlay(card, target, definition);
    const penNib = this.doublesAttack(card, definition);
    if (penNib) combat.player.powers.DOUBLE_DAMAGE = 1;
    // Plays can nest (Hellraiser, Cascade, Havoc): the outer card is the current one again afterwards.
    const outer = this.currentCard;
    const outerBonus = this.attackBonus;
    this.currentCard = card;
    this.attackBonus = definition.type === 'Attack' ? this.attackBonusOf(card) : 0;
    const sts2 = this.run.ruleset === 'sts2';
    // StS1: Double Tap and Burst queue their copy as the card is used (their onUseCard, run by
    // UseCardAction's constructor after card.use only queued the card's actions), so a card this one
    // plays (Havoc's) finds the charge spent and Burst does not copy itself.
    let repeats = sts2 ? 0 : this.queueCopy(definition);
    // Read only when copies may follow (StS2 counts them after the play): the loop below reads it
    // after `repeat < repeats`: one dictionary probe less per StS1 card played.
    const queueClears = sts2 || repeats > 0 ? counters.cardQueueClears : undefined;
    definition.play?.(this, play);
    // StS1: the player's onUseCard hooks and Pen Nib's removal resolve (queued at the bottom) before a
    // copy is used from the card queue, and the copy fires them again (sts_lightspeed onUseAttackCard /
    // onUseSkillCard run for purgeOnUse copies too): the copy is not doubled by the Pen Nib the original used.
    if (!sts2) {
      if (penNib) clear(combat.player.powers, 'DOUBLE_DAMAGE');
      this.playerUsedCard(definition, play);
    }
    // StS1's Slow and Time Warp count the card once it resolved (onAfterUseCard); a copy (Double Tap,
    // Burst) is a card played of its own. Time Warp ending the turn drops the copies still to come
    // (callEndTurnEarlySequence empties the card queue), though the Double Tap they used is spent.
    let warped = !sts2 && this.countSts1CardPlayed();
    if (sts2) repeats = this.queueCopy(definition);
    // StS2's Duplication: the next card of any type is played an extra time.
    if (sts2 && (combat.player.powers.DUPLICATION ?? 0) > 0) {
      this.reducePlayerPower('DUPLICATION', 1);
      repeats += 1;
    }
    // StS2's Replay of the card (Transfigure, Hidden Gem, Glam, Spiral), as the state's view shows it.
    if (sts2) repeats += cardReplays(card, counters);
    const enchantment = card.enchantment;
    const enchantmentRule = enchantment === undefined ? undefined : findEnchantment(enchantment.id);
    const first = enchantment !== undefined && this.firstPlay(card);
    for (
      let repeat = 0;
      repeat < repeats &&
      !warped &&
      counters.cardQueueClears === queueClears &&
      !this.finished() &&
      combat.selection === null;
      repeat++
    ) {
      // StS1: a copy is used as a card of its own: it counts as a card (an Attack, a Skill) played this
      // turn, the monsters' onUseCard reacts to it (UseCardAction's constructor runs them for every card,
      // a purgeOnUse copy included), Hex shuffles a Dazed for it, and Pen Nib doubles it if it is the 10th Attack.
      let copyPenNib = false;
      if (!sts2) {
        if (!this.beginUse(definition)) break;
        copyPenNib = this.doublesAttack(card, definition);
        if (copyPenNib) combat.player.powers.DOUBLE_DAMAGE = 1;
      }
      const again = this.cardPlay(card, this.validTarget(target));
      definition.play?.(this, again);
      warped = !sts2 && this.countSts1CardPlayed();
      if (!sts2) {
        if (copyPenNib) clear(combat.player.powers, 'DOUBLE_DAMAGE');
        this.playerUsedCard(definition, again);
      }
    }
    if (enchantment !== undefined) {
      enchantmentRule?.onPlayed?.(this, card, enchantment.amount, first);
      combat.counters[enchantPlayedKey(card.uid)] = 1;
    }
    this.currentCard = outer;
    this.attackBonus = outerBonus;
    if (penNib && sts2) clear(combat.player.powers, 'DOUBLE_DAMAGE');
    if (definition.type === 'Attack' && (combat.player.powers.VIGOR ?? 0) > 0)
      if (combat.player.powers.VIGOR !== undefined) delete combat.player.powers.VIGOR;
    if (sts2) {
      // Player powers reacting to the play, once for the card and its repeats.
      if ((combat.player.powers.AFTER_IMAGE ?? 0) > 0)
        this.gainBlock(combat.player.powers.AFTER_IMAGE ?? 0, true);
      this.afterSts2Play(definition, card);
      if (this.finished()) return;
      this.playerUsedCard(definition, play, false);
    } else if (this.finished()) return;
    // Rebound (StS2): the next card played after the Rebound goes on top of the Draw Pile.
    const rebound = sts2 && (combat.player.powers.REBOUND ?? 0) > 0 && counters.reboundCard !== card.uid;
    if (rebound) this.reducePlayerPower('REBOUND', 1);
    // Where the card goes.
    if (definition.type === 'Power') {
      combat.removedCards.push(card);
    } else if (
      free ||
      (enchantmentRule?.exhaust ?? cardFlag(definition.exhaust, card.upgraded)) ||
      (sts2 &&
        (definition.type === 'Attack' || definition.type === 'Skill') &&
        this.livingMonsterHas('HUNGER')) ||
      (definition.type === 'Skill' && (combat.player.powers.CORRUPTION ?? 0) > 0)
    ) {
      if (free) combat.exhaustPile.push(card);
      else this.moveToExhaust(card, null);
    } else if (rebound) {
      combat.drawPile.push(card);
    } else if (
      sts2 &&
      (combat.player.powers.NOSTALGIA ?? 0) > 0 &&
      (definition.type === 'Attack' || definition.type === 'Skill') &&
      (counters.attacksThisTurn ?? 0) + (counters.skillsThisTurn ?? 0) === 1
    ) {
      // Nostalgia (StS2): the turn's first Attack or Skill goes on top of the Draw Pile.
      combat.drawPile.push(card);
    } else if (definition.afterPlay === 'hand' && combat.hand.length < HAND_LIMIT) {
      combat.hand.push(card);
    } else {
      combat.discardPile.push(card);
      if (definition.afterPlay === 'handNextTurn') {
        counters[`return:${card.uid}`] = 1;
        counters.returnsPending = (counters.returnsPending ?? 0) + 1;
      }
    }
    if (sts2 && !combat.over) this.afterSts2CardPlaced(card, definition, energyPaid);
    this.checkCombatOver();
  }

  /** Monsters react to a card being played (Enrage, Curiosity, Choke, Sharp Hide); stops once the fight is over. */
  private monstersReactToCard(type: CardType): void {
    const monsters = this.combat.monsters;
    for (let index = 0; index < monsters.length; index++) {
      const monster = monsters[index];
      if (monster === undefined || !monster.alive) continue;
      if (type === 'Skill' && (monster.powers.ENRAGE ?? 0) > 0) {
        this.applyToMonster(index, 'STRENGTH', monster.powers.ENRAGE ?? 0);
      }
      if (type === 'Power' && (monster.powers.CURIOSITY ?? 0) > 0) {
        this.applyToMonster(index, 'STRENGTH', monster.powers.CURIOSITY ?? 0);
      }
      // Choke: the choked enemy loses HP for every card played after it this turn.
      if ((monster.powers.CHOKED ?? 0) > 0) {
        this.reduceMonsterHp(monster, monster.powers.CHOKED ?? 0, false);
        if (this.finished()) return;
        if (!monster.alive) continue;
      }
      if (type === 'Attack' && (monster.powers.SHARP_HIDE ?? 0) > 0) {
        this.damagePlayer(monster.powers.SHARP_HIDE ?? 0, null);
        if (this.finished()) return;
      }
    }
  }

  /**
   * A card used, or a copy of it (StS1): counted as played this turn and combat (as an Attack or a
   * Skill too), the monsters react, and Hex shuffles a Dazed for a non-Attack. False when the
   * monsters' reaction ended the fight.
   */
  private beginUse(definition: CardDefinition): boolean {
    const counters = this.combat.counters;
    counters.cardsThisTurn = (counters.cardsThisTurn ?? 0) + 1;
    counters.cardsThisCombat = (counters.cardsThisCombat ?? 0) + 1;
    if (definition.type === 'Attack') counters.attacksThisTurn = (counters.attacksThisTurn ?? 0) + 1;
    if (definition.type === 'Skill') counters.skillsThisTurn = (counters.skillsThisTurn ?? 0) + 1;
    this.monstersReactToCard(definition.type);
    if (this.finished()) return false;
    if (definition.type !== 'Attack' && (this.combat.player.powers.HEX ?? 0) > 0)
      this.addEnemyCard('DAZED', 'drawRandom');
    return true;
  }

  /** Whether this Attack is doubled: Pen Nib's 10th Attack, or (StS2) a relic's (Vitruvian Minion). */
  private doublesAttack(card: CombatCard, definition: CardDefinition): boolean {
    // The relics first (a scan of the run's few relics, pure reads): the powers' probe only when one doubles it.
    return (
      definition.type === 'Attack' &&
      (this.penNibReady() || (this.run.ruleset === 'sts2' && this.relicDoublesAttack(card))) &&
      (this.combat.player.powers.DOUBLE_DAMAGE ?? 0) === 0
    );
  }

  /**
   * The player's powers and relics reacting to a card used: After Image (unless `afterImage` is false:
   * StS2 gives it before its own play hooks), Thousand Cuts, Rage and the relics' onCardPlayed (Shuriken,
   * Kunai, Ornamental Fan, Letter Opener, Pen Nib's count...).
   */
  private playerUsedCard(definition: CardDefinition, play: CardPlay, afterImage = true): void {
    const powers = this.combat.player.powers;
    if (afterImage && (powers.AFTER_IMAGE ?? 0) > 0) this.gainBlock(powers.AFTER_IMAGE ?? 0, true);
    // A card that ended the fight fires no more than After Image.
    if (this.finished()) return;
    if ((powers.THOUSAND_CUTS ?? 0) > 0) this.damageAllMonsters(powers.THOUSAND_CUTS ?? 0);
    if (definition.type === 'Attack' && (powers.RAGE ?? 0) > 0) this.gainBlock(powers.RAGE ?? 0, true);
    for (const relic of this.run.relics) getRelic(relic.id).onCardPlayed?.(this, play, definition.type);
  }

  /** Spends the Double Tap (an Attack) or Burst (a Skill) charge that copies this card: the copies (0 or 1). */
  private queueCopy(definition: CardDefinition): number {
    const powers = this.combat.player.powers;
    if (definition.type === 'Attack' && (powers.DOUBLE_TAP ?? 0) > 0) {
      this.reducePlayerPower('DOUBLE_TAP', 1);
      return 1;
    }
    if (definition.type === 'Skill' && (powers.BURST ?? 0) > 0) {
      this.reducePlayerPower('BURST', 1);
      return 1;
    }
    return 0;
  }

  /**
   * StS1's monster powers that count a card once it resolved, in one pass over the monsters: Slow, and
   * Time Warp, whose 12th card gives the monster 2 Strength and ends the turn (then true).
   */
  private countSts1CardPlayed(): boolean {
    let warped = false;
    const monsters = this.combat.monsters;
    for (let index = 0; index < monsters.length; index++) {
      const monster = monsters[index];
      if (monster === undefined || !monster.alive) continue;
      countSlowCard(monster);
      const timeWarp = monster.powers.TIME_WARP ?? 0;
      if (timeWarp <= 0) continue;
      if (timeWarp > 1) {
        monster.powers.TIME_WARP = timeWarp - 1;
        continue;
      }
      monster.powers.TIME_WARP = 12;
      this.applyToMonster(index, 'STRENGTH', 2);
      this.combat.counters.forceEndTurn = 1;
      warped = true;
    }
    return warped;
  }

  /** Flat damage the relics add to each hit of this Attack card (Strike Dummy, Miniature Cannon). */
  attackBonusOf(card: CombatCard): number {
    let bonus = 0;
    if (!anyRelicHas('attackDamageBonus')) return bonus;
    for (const relic of this.run.relics) {
      const hook = getRelic(relic.id).attackDamageBonus;
      if (hook !== undefined) bonus += hook(this, card);
    }
    return bonus;
  }

  /** StS2: whether a relic doubles this Attack's damage (Vitruvian Minion); one doubling, as Pen Nib's. */
  private relicDoublesAttack(card: CombatCard): boolean {
    for (const relic of this.run.relics)
      if (getRelic(relic.id).doublesAttackDamage?.(card) === true) return true;
    return false;
  }

  private penNibReady(): boolean {
    for (const relic of this.run.relics) if (relic.id === 'PEN_NIB') return relic.counter === 9;
    return false;
  }

  /** Whether a living monster has the power (a loop, not a closure per card played or drawn). */
  private livingMonsterHas(id: string): boolean {
    for (const monster of this.combat.monsters)
      if (monster.alive && power(monster.powers, id) > 0) return true;
    return false;
  }

  private validTarget(target: number): number {
    const monster = this.combat.monsters[target];
    if (monster?.alive === true) return target;
    return this.randomMonsterIndex();
  }

  playFree(card: CombatCard, exhaust: boolean): void {
    const definition = getCard(card.id);
    if (
      definition.type === 'Status' ||
      definition.type === 'Curse' ||
      baseCost(definition, card.upgraded) === -2
    ) {
      if (exhaust) this.moveToExhaust(card, null);
      else this.combat.discardPile.push(card);
      return;
    }
    this.xValue = this.combat.player.energy;
    this.energySpent = 0;
    this.resolvePlay(card, this.randomMonsterIndex(), definition, exhaust);
  }

  /** Resolves one choice of the pending selection (index into its options). */
  choose(optionIndex: number): void {
    const selection = this.combat.selection;
    if (selection === null) throw new Error('no selection pending');
    const uid = selection.options[optionIndex];
    if (uid === undefined) throw new Error(`no option ${optionIndex}`);
    selection.chosen.push(uid);
    selection.options.splice(optionIndex, 1);
    if (selection.chosen.length >= selection.count || selection.options.length === 0) this.resolveSelection();
  }

  /** Confirms a selection with fewer than `count` (but at least `minimum`) choices. */
  resolveSelection(): void {
    const selection = this.combat.selection;
    if (selection === null) throw new Error('no selection pending');
    this.combat.selection = null;
    const pile = selection.source === 'generated' ? selection.generated : this.pileOf(selection.source);
    const chosen: CombatCard[] = [];
    for (const uid of selection.chosen) {
      const card = pile.find((candidate) => candidate.uid === uid);
      if (card !== undefined) chosen.push(card);
    }
    if (selection.relic !== null) {
      getRelic(selection.relic).onSelect?.(this, chosen);
      this.afterSelection();
      return;
    }
    if (selection.potion !== undefined) {
      getPotion(selection.potion).onSelect?.(this, chosen);
      this.afterSelection();
      return;
    }
    if (selection.monster !== undefined) {
      // Asked during the monsters' turn: the player's turn starts now that the choice is made.
      getMonster(selection.monster).onSelect?.(this, chosen);
      this.afterSelection();
      if (!this.finished()) this.startPlayerTurn();
      return;
    }
    const definition = getCard(selection.cardId);
    const fake: CombatCard = {
      uid: -1,
      id: selection.cardId,
      upgraded: selection.upgraded,
      combatCost: null,
      turnCost: null,
      bonus: 0,
      retainOnce: false,
    };
    definition.onSelect?.(this, chosen, this.cardPlay(fake, -1));
    this.afterSelection();
  }

  private afterSelection(): void {
    this.checkCombatOver();
    if (this.combat.over) return;
    if (anyRelicHas('onSelectionResolved'))
      for (const relic of this.run.relics) getRelic(relic.id).onSelectionResolved?.(this);
  }

  private pileOf(source: SelectionRequest['source'] | 'generated'): CombatCard[] {
    switch (source) {
      case 'hand':
        return this.combat.hand;
      case 'discard':
        return this.combat.discardPile;
      case 'draw':
        return this.combat.drawPile;
      case 'exhaust':
        return this.combat.exhaustPile;
      default:
        return [];
    }
  }

  // ---- CombatContext -----------------------------------------------------

  attack(target: AttackTarget, amount: number, hits = 1): number {
    const base = amount + this.attackBonus;
    if (typeof target === 'number') return this.attackOne(target, base, hits);
    let total = 0;
    for (let hit = 0; hit < hits; hit++) {
      if (this.combat.over) break;
      if (target === 'all') {
        for (const monster of [...this.combat.monsters]) {
          if (!monster.alive) continue;
          total += this.hitMonster(monster, playerAttackDamage(this.run, this.combat, base, monster));
        }
      } else {
        // A random hit picks among the living each time.
        const monster = this.combat.monsters[this.randomMonsterIndex()];
        if (monster === undefined || !monster.alive) continue;
        total += this.hitMonster(monster, playerAttackDamage(this.run, this.combat, base, monster));
      }
    }
    return total;
  }

  /**
   * A targeted attack's hits, all at the creature in slot `target` as the attack starts. In both games a hit
   * on a dead (StS1: or half-dead) target does nothing: the hits stop when it dies, a target already dead
   * (Bane's second hit) takes none, and neither one that rises again at once (the Awakened One) nor a
   * creature spawned into its slot meanwhile (StS2's Axebot) is hit. An empty slot: a random living one.
   */
  private attackOne(target: number, base: number, hits: number): number {
    const monster = this.combat.monsters[target] ?? this.combat.monsters[this.randomMonsterIndex()];
    if (monster === undefined) return 0;
    let total = 0;
    for (let hit = 0; hit < hits && monster.alive && !this.combat.over; hit++) {
      const hp = monster.hp;
      const lost = this.hitMonster(monster, playerAttackDamage(this.run, this.combat, base, monster));
      total += lost;
      if (lost >= hp) break;
    }
    return total;
  }

  private hitMonster(monster: MonsterState, damage: number): number {
    // Only a played card's hits (Beat into Shape's "powered attacks"): not a potion's or a relic's.
    if (this.run.ruleset === 'sts2' && this.currentCard !== null) this.countSts2Hit(monster);
    const lost = this.reduceMonsterHp(monster, damage, true);
    const sts2 = this.run.ruleset === 'sts2';
    if (sts2) afterSts2MonsterHit(this, monster, lost);
    // Reaper Form and Monarch's Gaze are StS2's: an StS1 hit does not look them up.
    const reaper = sts2 ? (this.combat.player.powers.REAPER_FORM ?? 0) : 0;
    if (reaper > 0 && lost > 0 && monster.alive)
      this.applyToMonster(this.combat.monsters.indexOf(monster), 'DOOM', lost * reaper);
    const gaze = sts2 ? (this.combat.player.powers.MONARCHS_GAZE ?? 0) : 0;
    if (gaze > 0 && monster.alive) {
      // Monarch's Gaze (StS2): the Strength comes back at the end of the round (as Shackled).
      this.applyToMonster(this.combat.monsters.indexOf(monster), 'STRENGTH', -gaze);
      monster.powers.SHACKLED = (monster.powers.SHACKLED ?? 0) + gaze;
    }
    if (monster.alive) {
      if (lost > 0 && (this.combat.player.powers.ENVENOM ?? 0) > 0) {
        this.applyToMonster(
          this.combat.monsters.indexOf(monster),
          'POISON',
          this.combat.player.powers.ENVENOM ?? 0,
        );
      }
      if (lost > 0 && (monster.powers.PLATED_ARMOR ?? 0) > 0)
        this.reducePower(monster.powers, 'PLATED_ARMOR', 1);
      if (lost > 0 && sts2) afterSts2FlutterHit(this, monster);
      if (lost > 0 && (monster.powers.CURL_UP ?? 0) > 0) {
        monster.block += monster.powers.CURL_UP ?? 0;
        if (monster.powers.CURL_UP !== undefined) delete monster.powers.CURL_UP;
      }
      if (lost > 0 && (monster.powers.ANGRY ?? 0) > 0) {
        this.applyToMonster(this.combat.monsters.indexOf(monster), 'STRENGTH', monster.powers.ANGRY ?? 0);
      }
    }
    return lost;
  }

  damageMonster(index: number, amount: number, options?: { readonly ignoreVulnerable?: boolean }): number {
    const monster = this.combat.monsters[index];
    if (monster === undefined || !monster.alive) return 0;
    return this.reduceMonsterHp(
      monster,
      damageTaken(monster, amount, options?.ignoreVulnerable === true),
      false,
    );
  }

  clearCardQueue(): void {
    const counters = this.combat.counters;
    counters.cardQueueClears = (counters.cardQueueClears ?? 0) + 1;
  }

  /** Deals damage to every living monster. */
  damageAllMonsters(amount: number): void {
    for (let index = 0; index < this.combat.monsters.length; index++) {
      const monster = this.combat.monsters[index];
      if (monster?.alive === true) this.damageMonster(index, amount, { ignoreVulnerable: true });
    }
  }

  /** Block absorbs, HP drops, reactions fire. Returns HP lost. */
  reduceMonsterHp(monster: MonsterState, damage: number, fromAttack: boolean, hpLoss = false): number {
    if (!monster.alive || damage <= 0) return 0;
    let remaining = this.run.ruleset === 'sts2' ? cappedSts2Damage(monster, damage) : damage;
    // HP loss (StS2's Doom and Demise) goes past Block, as the player's does.
    const hadBlock = !hpLoss && monster.block > 0;
    if (hadBlock) {
      const absorbed = Math.min(monster.block, remaining);
      monster.block -= absorbed;
      remaining -= absorbed;
    }
    if (hadBlock && monster.block === 0) this.afterBlockBroken(monster);
    if (remaining <= 0) return 0;
    if (fromAttack) remaining = this.unblockedAttackDamage(remaining);
    if ((monster.powers.INVINCIBLE ?? 0) > 0) {
      const cap = monster.powers.INVINCIBLE ?? 0;
      remaining = Math.min(remaining, cap);
      monster.powers.INVINCIBLE = cap - remaining;
      if (monster.powers.INVINCIBLE <= 0) monster.powers.INVINCIBLE = 0;
    }
    if (this.run.ruleset === 'sts2') remaining = sts2HpLoss(monster, remaining);
    const lost = Math.min(monster.hp, remaining);
    monster.hp -= lost;
    const index = this.combat.monsters.indexOf(monster);
    if (monster.hp <= 0) {
      this.killMonster(monster);
    } else if (lost > 0) {
      if ((monster.powers.MALLEABLE ?? 0) > 0 && fromAttack) {
        monster.block += monster.powers.MALLEABLE ?? 0;
        monster.powers.MALLEABLE = (monster.powers.MALLEABLE ?? 0) + 1;
      }
      getMonster(monster.id).onDamaged?.(this.monsterContext(index), lost);
      if (this.run.ruleset === 'sts2' && monster.alive) sts2MonsterLostHp(this, monster);
    }
    return lost;
  }

  /** What reacts to the player's damage taking the last of a monster's Block (Hand Drill, StS2's Burrowed). */
  private afterBlockBroken(monster: MonsterState): void {
    const index = this.combat.monsters.indexOf(monster);
    if (anyRelicHas('onMonsterBlockBroken'))
      for (const relic of this.run.relics) getRelic(relic.id).onMonsterBlockBroken?.(this, index);
    if (this.run.ruleset === 'sts2') afterSts2BlockBroken(this, monster);
  }

  /** Whether an Attack card is being played (potions and relics deal their damage through `attack` too). */
  playingAttackCard(): boolean {
    const card = this.currentCard;
    return card !== null && getCard(card.id).type === 'Attack';
  }

  /** One hit's unblocked damage of an Attack card after the relics that change it (The Boot). */
  private unblockedAttackDamage(damage: number): number {
    if (!anyRelicHas('unblockedAttackDamage') || !this.playingAttackCard()) return damage;
    let result = damage;
    for (const relic of this.run.relics) {
      const hook = getRelic(relic.id).unblockedAttackDamage;
      if (hook !== undefined) result = hook(this, result);
    }
    return result;
  }

  private turnWhileDown(monster: MonsterState): void {
    const index = this.combat.monsters.indexOf(monster);
    getMonster(monster.id).whileDown?.(this.monsterContext(index));
    if (monster.alive) this.rollMove(index);
  }

  private killMonster(monster: MonsterState): void {
    monster.hp = 0;
    monster.alive = false;
    monster.block = 0;
    const index = this.combat.monsters.indexOf(monster);
    // Read before the monster's own death rule drops its powers: StS1's half-dead monsters (the Awakened
    // One, a Darkling) run their powers' onDeath first (decompiled AwakenedOne/Darkling.damage), and
    // CorpseExplosionPower.onDeath fires at 0 HP while some monster is not dying.
    const corpseExplosion = monster.powers.CORPSE_EXPLOSION ?? 0;
    getMonster(monster.id).onDeath?.(this.monsterContext(index));
    if (!monster.alive) this.afterSts2Death(monster);
    if (!monster.alive && this.run.ruleset === 'sts2') sts2MonsterDeath(this, monster);
    if ((monster.powers.SPORE_CLOUD ?? 0) > 0)
      this.applyToPlayer('VULNERABLE', monster.powers.SPORE_CLOUD ?? 0);
    if (corpseExplosion > 0) {
      if (monster.powers.CORPSE_EXPLOSION !== undefined) delete monster.powers.CORPSE_EXPLOSION;
      // Each Corpse Explosion played on it adds one: Max HP times the stacks (onDeath's maxHealth * amount).
      this.damageAllMonsters(monster.maxHp * corpseExplosion);
    }
    if ((monster.memory.stolen ?? 0) > 0) this.combat.stolenGold += monster.memory.stolen ?? 0;
    if (monster.stolenCards !== undefined) {
      // Back into the deck, not into this fight's piles (the thief took them out of the fight).
      this.run.deck.push(...monster.stolenCards);
      delete monster.stolenCards;
    }
    for (const relic of this.run.relics) getRelic(relic.id).onMonsterDeath?.(this);
    this.checkCombatOver();
  }

  /** Damage to the player from a monster's hit (attacker given) or another source (null). */
  damagePlayer(damage: number, attacker: MonsterState | null): void {
    const combat = this.combat;
    let remaining = damage;
    if (attacker !== null && (combat.player.powers.INTANGIBLE ?? 0) > 0 && remaining > 1) remaining = 1;
    if (combat.player.block > 0) {
      const absorbed = Math.min(combat.player.block, remaining);
      combat.player.block -= absorbed;
      remaining -= absorbed;
      // StS2's Reflect: the attack damage the Block took goes back to the attacker.
      if (
        attacker?.alive === true &&
        absorbed > 0 &&
        this.run.ruleset === 'sts2' &&
        (combat.player.powers.REFLECT ?? 0) > 0
      )
        this.reduceMonsterHp(attacker, absorbed, false);
    }
    if (remaining > 0 && remaining <= 5 && attacker !== null && hasRelic(this.run, 'TORII')) remaining = 1;
    const summon = combat.summon;
    if (remaining > 0 && attacker !== null && summon !== null && summon.hp > 0) {
      const absorbed = Math.min(summon.hp, remaining);
      summon.hp -= absorbed;
      remaining -= absorbed;
      if (summon.hp <= 0) this.afterCreatureDeath();
    }
    const sts2 = this.run.ruleset === 'sts2';
    // Painful Stabs and The Gambit are StS2's.
    if (remaining > 0 && attacker !== null && sts2 && (attacker.powers.PAINFUL_STABS ?? 0) > 0) {
      for (let copy = 0; copy < (attacker.powers.PAINFUL_STABS ?? 0); copy++)
        this.addEnemyCard('WOUND', 'discard');
    }
    if (remaining > 0) {
      if (attacker !== null && (combat.player.powers.PLATED_ARMOR ?? 0) > 0)
        this.reducePlayerPower('PLATED_ARMOR', 1);
      this.loseHp(remaining);
      if (attacker !== null && sts2 && !combat.over) afterSts2UnblockedHit(this, attacker);
      // StS2's The Gambit: unblocked attack damage kills.
      if (attacker !== null && sts2 && (combat.player.powers.THE_GAMBIT ?? 0) > 0 && !combat.over) {
        this.run.hp = 0;
        this.playerDown();
      }
    }
    if (attacker?.alive === true) {
      const thorns = (combat.player.powers.THORNS ?? 0) + (combat.player.powers.FLAME_BARRIER ?? 0);
      if (thorns > 0) this.reduceMonsterHp(attacker, thorns, false);
    }
  }

  /**
   * The Block `amount` gives when not raw: Dexterity, Frail, StS2's card Block powers and the relics'
   * bonuses, `card` (null: no card) being the combat's `play`th card played. Changes nothing, so the
   * state's view shows the hand's cards with it; gainBlock then spends what the rules used.
   */
  cardBlock(amount: number, card: CombatCard | null, play: number): number {
    let block = playerBlock(this.combat, amount);
    if (this.run.ruleset === 'sts2') block = this.sts2CardBlock(block, card);
    // Only Block from a card being played (not a potion's or a relic's) takes the relics' bonus.
    if (block > 0 && card !== null && anyRelicHas('cardBlockBonus'))
      for (const relic of this.run.relics) {
        const hook = getRelic(relic.id).cardBlockBonus;
        if (hook !== undefined) block += hook(this, block, card, play);
      }
    return block;
  }

  gainBlock(amount: number, raw = false): void {
    const card = this.currentCard;
    const play = this.combat.counters.cardsThisCombat ?? 0;
    const block = raw ? amount : this.cardBlock(amount, card, play);
    if (!raw && block > 0) {
      const counters = this.combat.counters;
      // Unmovable doubles the first Block from cards of the turn.
      if (this.run.ruleset === 'sts2')
        counters.blockFromCardsThisTurn = (counters.blockFromCardsThisTurn ?? 0) + 1;
      if (card !== null && anyRelicHas('afterCardBlock'))
        for (const relic of this.run.relics) getRelic(relic.id).afterCardBlock?.(this, card, play);
    }
    if (block > 0) this.combat.player.block += block;
    if (block > 0 && (this.combat.player.powers.JUGGERNAUT ?? 0) > 0) {
      this.damageMonster(this.randomMonsterIndex(), this.combat.player.powers.JUGGERNAUT ?? 0, {
        ignoreVulnerable: true,
      });
    }
  }

  applyToPlayer(id: string, amount: number): void {
    const powers = this.combat.player.powers;
    const definition = getPower(id);
    if (amount === 0) return;
    if (definition.debuff && amount > 0 && (powers.ARTIFACT ?? 0) > 0) {
      this.reducePlayerPower('ARTIFACT', 1);
      return;
    }
    if ((id === 'STRENGTH' || id === 'DEXTERITY') && amount < 0 && (powers.ARTIFACT ?? 0) > 0) {
      this.reducePlayerPower('ARTIFACT', 1);
      return;
    }
    if (id === 'STRENGTH' && amount > 0 && anyRelicHas('strengthGainBonus'))
      for (const relic of this.run.relics)
        amount += getRelic(relic.id).strengthGainBonus?.(this, amount) ?? 0;
    if (id === 'WEAK' && amount > 0 && hasRelic(this.run, 'GINGER')) return;
    if (id === 'FRAIL' && amount > 0 && hasRelic(this.run, 'TURNIP')) return;
    const next = power(powers, id) + amount;
    if (next === 0 || (next < 0 && id !== 'STRENGTH' && id !== 'DEXTERITY')) clear(powers, id);
    else powers[id] = next;
    if (amount > 0 && definition.turnBased === true && (this.combat.counters.monsterTurn ?? 0) === 1) {
      this.combat.counters[freshKey(id)] = 1;
      this.freshMarked = true;
    }
  }

  /** Applies a power to a monster (artifact blocks debuffs). */
  applyToMonster(index: number, id: string, amount: number): void {
    const monster = this.combat.monsters[index];
    if (monster === undefined || !monster.alive || amount === 0) return;
    const definition = getPower(id);
    const debuffing =
      (definition.debuff && amount > 0) || ((id === 'STRENGTH' || id === 'DEXTERITY') && amount < 0);
    if (debuffing && (monster.powers.ARTIFACT ?? 0) > 0) {
      this.reducePower(monster.powers, 'ARTIFACT', 1);
      return;
    }
    if (id === 'VULNERABLE' && debuffing && hasRelic(this.run, 'CHAMPION_BELT'))
      this.applyToMonster(index, 'WEAK', 1);
    if (id === 'DOOM' && amount > 0) this.combat.counters.doomAppliedThisTurn = 1;
    if (id === 'POISON' && amount > 0 && hasRelic(this.run, 'SNECKO_SKULL')) amount += 1;
    const next = power(monster.powers, id) + amount;
    if (next === 0 || (next < 0 && id !== 'STRENGTH' && id !== 'DEXTERITY')) clear(monster.powers, id);
    else monster.powers[id] = next;
    if (id === 'RITUAL' && amount > 0) monster.memory.ritualFresh = 1;
    if (debuffing) this.afterSts2Debuff(index, id, amount);
  }

  /** StS2 powers and relics reacting to a debuff the player applied (Vicious, Outbreak, Shroud, Sleight of Flesh). */
  private afterSts2Debuff(index: number, id: string, amount: number): void {
    if (this.run.ruleset !== 'sts2') return;
    const combat = this.combat;
    const powers = combat.player.powers;
    if ((combat.counters.monsterTurn ?? 0) === 1) return;
    if (this.currentCard !== null && anyRelicHas('onMonsterDebuffed'))
      for (const relic of this.run.relics) getRelic(relic.id).onMonsterDebuffed?.(this, index, id, amount);
    if (id === 'VULNERABLE' && (powers.VICIOUS ?? 0) > 0) this.draw(powers.VICIOUS ?? 0);
    if (id === 'POISON' && (powers.OUTBREAK ?? 0) > 0) {
      combat.counters.poisonApplied = (combat.counters.poisonApplied ?? 0) + 1;
      if (combat.counters.poisonApplied % 3 === 0) this.damageAllMonsters(powers.OUTBREAK ?? 0);
    }
    if (id === 'DOOM' && (powers.SHROUD ?? 0) > 0) this.gainBlock(powers.SHROUD ?? 0, true);
    if ((powers.SLEIGHT_OF_FLESH ?? 0) > 0) this.damageMonster(index, powers.SLEIGHT_OF_FLESH ?? 0);
  }

  /** Applies a power to every living monster. */
  applyToAllMonsters(id: string, amount: number): void {
    for (let index = 0; index < this.combat.monsters.length; index++) {
      if (this.combat.monsters[index]?.alive === true) this.applyToMonster(index, id, amount);
    }
  }

  private reducePower(powers: Record<string, number>, id: string, amount: number): void {
    const next = power(powers, id) - amount;
    if (next <= 0) clear(powers, id);
    else powers[id] = next;
  }

  private reducePlayerPower(id: string, amount: number): void {
    this.reducePower(this.combat.player.powers, id, amount);
  }

  /**
   * Draws cards, up to the hand limit (the discard pile is shuffled in when the draw pile runs out).
   * Each read of the powers and counters records is a hash probe: No Draw and Confused are read once and
   * again only after other code ran (a shuffle, a card's or a power's reaction to the draw), and the
   * drawn count is added to `drawnThisCombat` once, written before any such code runs (which may read it)
   * and at the end. Scrutiny and Chains of Binding are StS2's. Callgrind: -3.7% instructions on random
   * playouts.
   */
  draw(count: number): void {
    const combat = this.combat;
    const powers = combat.player.powers;
    const counters = combat.counters;
    const sts2 = this.run.ruleset === 'sts2';
    let noDraw = (powers.NO_DRAW ?? 0) > 0;
    let confused = (powers.CONFUSED ?? 0) > 0;
    // Cards drawn whose count is not yet added to `counters.drawnThisCombat`.
    let uncounted = 0;
    for (let drawn = 0; drawn < count; drawn++) {
      if (noDraw) break;
      if (combat.hand.length >= HAND_LIMIT) break;
      if (sts2 && (counters.turnDrawDone ?? 0) > 0 && this.livingMonsterHas('SCRUTINY')) break;
      if (combat.drawPile.length === 0) {
        if (combat.discardPile.length === 0) break;
        uncounted = this.countDrawn(uncounted);
        this.shuffleDiscardIntoDraw();
        noDraw = (powers.NO_DRAW ?? 0) > 0;
        confused = (powers.CONFUSED ?? 0) > 0;
      }
      const card = combat.drawPile.pop();
      if (card === undefined) break;
      combat.hand.push(card);
      // A Draw Pile choice opened by the shuffle of this draw (Stratagem) keeps to the cards still there.
      if (combat.selection !== null && combat.selection.source === 'draw') this.dropDrawOption(card.uid);
      if (sts2) {
        const binding = powers.CHAINS_OF_BINDING ?? 0;
        if (binding > 0 && (counters.boundThisTurn ?? 0) < binding) {
          uncounted = this.countDrawn(uncounted);
          counters.boundThisTurn = (counters.boundThisTurn ?? 0) + 1;
          counters[`bound:${card.uid}`] = 1;
        }
      }
      const definition = getCard(card.id);
      // Confused (the Snecko's Perplexing Glare): a drawn card's cost becomes 0-3 for the combat.
      if (confused && baseCost(definition, card.upgraded) >= 0)
        card.combatCost = nextInt(this.run.random, 'misc', 0, 3);
      const statusOrCurse = definition.type === 'Status' || definition.type === 'Curse';
      if (statusOrCurse || definition.onDraw !== undefined || card.enchantment !== undefined || sts2) {
        // Other code runs from here: the count so far is written first, the powers read again after.
        uncounted = this.countDrawn(uncounted);
        if (statusOrCurse) {
          if ((powers.FIRE_BREATHING ?? 0) > 0) this.damageAllMonsters(powers.FIRE_BREATHING ?? 0);
          if (definition.type === 'Status' && (powers.EVOLVE ?? 0) > 0) this.draw(powers.EVOLVE ?? 0);
        }
        definition.onDraw?.(this, this.cardPlay(card, -1, definition));
        if (card.enchantment !== undefined)
          findEnchantment(card.enchantment.id)?.onDrawn?.(this, card, card.enchantment.amount);
        counters.drawnThisCombat = (counters.drawnThisCombat ?? 0) + 1;
        this.afterSts2Draw(definition, card);
        noDraw = (powers.NO_DRAW ?? 0) > 0;
        confused = (powers.CONFUSED ?? 0) > 0;
      } else uncounted++;
      if (this.finished()) break;
    }
    this.countDrawn(uncounted);
  }

  /** Adds `uncounted` cards drawn to `drawnThisCombat` (one probe and store for several draws); returns 0. */
  private countDrawn(uncounted: number): number {
    if (uncounted > 0)
      this.combat.counters.drawnThisCombat = (this.combat.counters.drawnThisCombat ?? 0) + uncounted;
    return 0;
  }

  /** Takes a card that left the Draw Pile out of the open Draw Pile choice (closing a choice left empty). */
  private dropDrawOption(uid: number): void {
    const selection = this.combat.selection;
    if (selection === null) return;
    const at = selection.options.indexOf(uid);
    if (at < 0) return;
    selection.options.splice(at, 1);
    selection.count = Math.min(selection.count, selection.options.length + selection.chosen.length);
    selection.minimum = Math.min(selection.minimum, selection.count);
    if (selection.options.length === 0 && selection.chosen.length === 0) this.combat.selection = null;
  }

  /** Shuffles the discard pile into the draw pile. */
  shuffleDiscardIntoDraw(): void {
    const combat = this.combat;
    combat.drawPile.push(...combat.discardPile);
    combat.discardPile = [];
    shuffleInPlace(this.run.random, 'shuffle', combat.drawPile);
    // StS2's Perfect Fit: those cards go on top (the end of the array) instead.
    if (combat.drawPile.some((card) => card.enchantment !== undefined)) {
      const onTop = combat.drawPile.filter((card) => enchantmentOf(card)?.toTopOnShuffle === true);
      if (onTop.length > 0)
        combat.drawPile = [...combat.drawPile.filter((card) => !onTop.includes(card)), ...onTop];
    }
    for (const relic of this.run.relics) getRelic(relic.id).onShuffle?.(this);
    const stratagem = this.run.ruleset === 'sts2' ? (combat.player.powers.STRATAGEM ?? 0) : 0;
    // Stratagem (StS2): choose Draw Pile cards for the hand after the shuffle (its card's onSelect),
    // unless a choice is already open. A draw that caused the shuffle goes on meanwhile.
    if (stratagem > 0 && combat.selection === null) {
      this.requestSelectionFor('STRATAGEM', {
        source: 'draw',
        count: stratagem,
        prompt: 'Choose a card to put into your Hand.',
      });
    }
  }

  /** Gains (or, negative, loses) energy, never below 0. */
  gainEnergy(amount: number): void {
    // StS2's No Energy Gain (Expect a Fight): no more Energy this turn.
    if (amount > 0 && this.run.ruleset === 'sts2' && (this.combat.player.powers.NO_ENERGY_GAIN ?? 0) > 0)
      return;
    this.combat.player.energy = Math.max(0, this.combat.player.energy + amount);
  }

  /** The player loses HP directly (block does not apply; Tungsten Rod does), then HP-loss effects run. */
  loseHp(amount: number): void {
    if (amount <= 0 || this.combat.over) return;
    let loss = amount;
    if (hasRelic(this.run, 'TUNGSTEN_ROD')) loss -= 1;
    if (anyRelicHas('hpLossLimit'))
      for (const relic of this.run.relics) {
        const limit = getRelic(relic.id).hpLossLimit;
        if (limit !== undefined && loss > 0) loss = limit(this, loss);
      }
    if (loss <= 0) return;
    loss = Math.min(loss, this.run.hp);
    this.run.hp -= loss;
    this.combat.counters.timesDamaged = (this.combat.counters.timesDamaged ?? 0) + 1;
    this.combat.counters.hpLostThisTurn = (this.combat.counters.hpLostThisTurn ?? 0) + 1;
    if (anyRelicHas('onPlayerHpLoss'))
      for (const relic of this.run.relics) getRelic(relic.id).onPlayerHpLoss?.(this, loss);
    if ((this.combat.player.powers.RUPTURE ?? 0) > 0 && loss > 0) {
      this.applyToPlayer('STRENGTH', this.combat.player.powers.RUPTURE ?? 0);
    }
    if (
      (this.combat.player.powers.INFERNO ?? 0) > 0 &&
      (this.combat.counters.monsterTurn ?? 0) === 0 &&
      this.run.hp - loss > 0
    ) {
      this.damageAllMonsters(this.combat.player.powers.INFERNO ?? 0);
    }
    if (this.run.hp <= 0) this.playerDown();
  }

  /** The player's HP reached 0: a Fairy in a Bottle or Lizard Tail saves them, or the fight is lost. */
  private playerDown(): void {
    const fairy = this.run.potions.indexOf('FAIRY_IN_A_BOTTLE');
    if (fairy >= 0) {
      this.run.potions[fairy] = null;
      this.run.hp = Math.max(1, Math.floor(this.run.maxHp * 0.3));
      return;
    }
    const lizard = this.run.relics.find((relic) => relic.id === 'LIZARD_TAIL' && !relic.used);
    if (lizard !== undefined) {
      lizard.used = true;
      this.run.hp = Math.max(1, Math.floor(this.run.maxHp / 2));
      return;
    }
    this.run.hp = 0;
    this.combat.over = true;
    this.combat.victory = false;
  }

  /** Heals the player, up to max HP. */
  heal(amount: number): void {
    if (amount <= 0) return;
    this.run.hp = Math.min(this.run.maxHp, this.run.hp + amount);
  }

  /** Gains gold. */
  gainGold(amount: number): void {
    gainGold(this.run, amount);
  }

  addCard(
    id: string,
    pile: 'hand' | 'draw' | 'discard' | 'drawRandom',
    upgraded = false,
    costZeroThisTurn = false,
  ): void {
    const combat = this.combat;
    const card: CombatCard = {
      uid: this.run.counters.nextUid++,
      id,
      upgraded:
        upgraded ||
        (getCard(id).type === 'Attack' && id === 'SHIV' && (combat.player.powers.SHIV_UPGRADE ?? 0) > 0),
      combatCost: null,
      turnCost: costZeroThisTurn ? 0 : null,
      bonus: 0,
      retainOnce: false,
    };
    if (pile === 'hand') {
      if (combat.hand.length >= HAND_LIMIT) combat.discardPile.push(card);
      else combat.hand.push(card);
    } else if (pile === 'discard') {
      combat.discardPile.push(card);
    } else if (pile === 'draw') {
      combat.drawPile.push(card);
    } else {
      const position = nextInt(this.run.random, 'shuffle', 0, combat.drawPile.length);
      combat.drawPile.splice(position, 0, card);
    }
    // Cards the monsters put into the piles (on their turn or by their powers) are theirs, not created
    // by the player.
    if ((combat.counters.monsterTurn ?? 0) === 0 && !this.addingEnemyCard) {
      this.afterSts2CardCreated();
      if (anyRelicHas('onCardCreated'))
        for (const relic of this.run.relics) getRelic(relic.id).onCardCreated?.(this);
    }
  }

  private removeFromPiles(card: CombatCard): void {
    const combat = this.combat;
    for (const pile of [combat.hand, combat.drawPile, combat.discardPile]) {
      const index = pile.indexOf(card);
      if (index >= 0) {
        removeAt(pile, index);
        return;
      }
    }
  }

  private moveToExhaust(card: CombatCard, from: CombatCard[] | null): void {
    if (from !== null) {
      const index = from.indexOf(card);
      if (index >= 0) removeAt(from, index);
    }
    this.combat.exhaustPile.push(card);
    this.combat.counters.exhaustedThisTurn = (this.combat.counters.exhaustedThisTurn ?? 0) + 1;
    const powers = this.combat.player.powers;
    if ((powers.FEEL_NO_PAIN ?? 0) > 0) this.gainBlock(powers.FEEL_NO_PAIN ?? 0, true);
    if ((powers.DARK_EMBRACE ?? 0) > 0) this.draw(powers.DARK_EMBRACE ?? 0);
    const definition = getCard(card.id);
    definition.onExhaust?.(this, this.cardPlay(card, -1, definition));
    if (anyRelicHas('onExhaust'))
      for (const relic of this.run.relics) getRelic(relic.id).onExhaust?.(this, card);
  }

  exhaustCard(card: CombatCard): void {
    this.removeFromPiles(card);
    this.moveToExhaust(card, null);
  }

  /** Moves a card to the discard pile. */
  discardCard(card: CombatCard): void {
    const fromHand = this.combat.hand.includes(card);
    this.removeFromPiles(card);
    this.combat.discardPile.push(card);
    this.combat.counters.discardedThisTurn = (this.combat.counters.discardedThisTurn ?? 0) + 1;
    if (fromHand) {
      const definition = getCard(card.id);
      definition.onManualDiscard?.(this, this.cardPlay(card, -1, definition));
    }
    if (fromHand && anyRelicHas('onCardDiscarded'))
      for (const relic of this.run.relics) getRelic(relic.id).onCardDiscarded?.(this, 1);
    if (fromHand && this.run.ruleset === 'sts2') this.playIfSly(card);
  }

  /**
   * StS2's Sly: a card discarded from the hand before the end of the turn is played for free. Sly is
   * the card's keyword or given in combat: `sly:<uid>` holds the turn it lasts (Hand Trick) or
   * SLY_FOR_COMBAT (Master Planner).
   */
  private playIfSly(card: CombatCard): void {
    const combat = this.combat;
    if (combat.over) return;
    const mark = combat.counters[`sly:${card.uid}`];
    const given = mark === combat.turn || mark === SLY_FOR_COMBAT;
    if (!given && !cardFlag(getCard(card.id).sly, card.upgraded)) return;
    // A discard hook may have moved it already.
    const index = combat.discardPile.indexOf(card);
    if (index < 0) return;
    removeAt(combat.discardPile, index);
    this.playFree(card, false);
  }

  /**
   * Opens a choice on behalf of the card `cardId` (a power's or a relic-like rule's, outside its play):
   * that card's onSelect resolves it. The card being played, if any, stays the current one.
   */
  private requestSelectionFor(cardId: string, request: SelectionRequest): void {
    const playing = this.currentCard;
    this.currentCard = toCombatCard({ uid: -1, id: cardId, upgraded: false });
    this.requestSelection(request);
    this.currentCard = playing;
  }

  requestSelection(request: SelectionRequest): void {
    const generated: CombatCard[] = [];
    if (request.source === 'generated')
      for (const id of request.generated ?? [])
        generated.push(toCombatCard({ uid: this.run.counters.nextUid++, id, upgraded: false }));
    const pile = request.source === 'generated' ? generated : this.pileOf(request.source);
    const options = pile.filter((card) => request.filter?.(card) ?? true).map((card) => card.uid);
    if (options.length === 0) return;
    const minimum = Math.min(request.minimum ?? request.count, options.length);
    // A forced choice of all options resolves itself.
    const caller = this.currentCard;
    const relic = request.relic ?? null;
    const potion = request.potion ?? null;
    const monster = request.monster ?? null;
    if (caller === null && relic === null && potion === null && monster === null)
      throw new Error('requestSelection outside a card play');
    const byCard = relic === null && potion === null && monster === null;
    this.combat.selection = {
      source: request.source,
      options,
      generated,
      count: Math.min(request.count, options.length),
      minimum,
      chosen: [],
      cardId: byCard ? (caller?.id ?? '') : '',
      upgraded: byCard ? (caller?.upgraded ?? false) : false,
      relic,
      ...(potion !== null ? { potion } : {}),
      ...(monster !== null ? { monster } : {}),
      prompt: request.prompt,
    };
    // A monster's choice waits for the player even with one option: it resolves where their turn starts.
    if (options.length <= minimum && minimum === request.count && monster === null) {
      this.combat.selection.chosen = [...options];
      this.combat.selection.options = [];
      this.resolveSelection();
    }
  }

  /** The card whose effect is resolving (set by play hooks through cardPlay). */
  currentCard: CombatCard | null = null;

  /** Set while an enemy's move or power adds a card (see addEnemyCard). */
  private addingEnemyCard = false;

  /** A card an enemy puts into the player's piles (a status, Hex's Dazed): not one the player created. */
  addEnemyCard(id: string, pile: 'hand' | 'draw' | 'discard' | 'drawRandom'): void {
    this.addingEnemyCard = true;
    this.addCard(id, pile);
    this.addingEnemyCard = false;
  }

  /** Flat damage the relics add to each hit of the Attack card being played (0 otherwise). */
  private attackBonus = 0;

  /** Whether a monster with this id is alive. */
  private isAlive(monsterId: string): boolean {
    for (const monster of this.combat.monsters) if (monster.alive && monster.id === monsterId) return true;
    return false;
  }

  livingMonsters(): readonly MonsterState[] {
    return this.combat.monsters.filter((monster) => monster.alive);
  }

  /** A monster's index in the combat. */
  monsterIndex(monster: MonsterState): number {
    return this.combat.monsters.indexOf(monster);
  }

  /** The index of a random living monster. */
  randomMonsterIndex(): number {
    const living: number[] = [];
    for (let index = 0; index < this.combat.monsters.length; index++) {
      if (this.combat.monsters[index]?.alive === true) living.push(index);
    }
    if (living.length === 0) return -1;
    return living[nextInt(this.run.random, 'misc', 0, living.length - 1)] ?? -1;
  }

  randomInt(min: number, max: number): number {
    return nextInt(this.run.random, 'misc', min, max);
  }

  playerPower(id: string): number {
    return power(this.combat.player.powers, id);
  }

  counter(name: string): number {
    return this.combat.counters[name] ?? 0;
  }

  upgradeCard(card: CombatCard): void {
    const definition = getCard(card.id);
    if (card.upgraded || definition.type === 'Status' || definition.type === 'Curse') return;
    card.upgraded = true;
  }

  /** Adds a line to the run's log (the last 20 are kept). */
  log(message: string): void {
    this.run.log.push(message);
    if (this.run.log.length > 20) this.run.log.shift();
  }

  // ---- Slay the Spire 2 mechanics ------------------------------------------
  // Keyed on ids only StS2 content uses, so StS1 runs never reach them.

  gainStars(amount: number): void {
    const before = this.combat.player.stars;
    this.combat.player.stars = Math.max(0, before + amount);
    const change = this.combat.player.stars - before;
    if (change !== 0) this.onStarsChanged(Math.abs(change), change < 0);
  }

  /** Block from `card` under StS2 powers: Fasten adds to Defends, Shadowmeld doubles it this turn, Unmovable the first of the turn. */
  private sts2CardBlock(block: number, card: CombatCard | null): number {
    const powers = this.combat.player.powers;
    // No Block (Panic Button): cards give no Block while it lasts.
    if ((powers.NO_BLOCK ?? 0) > 0 && card !== null) return 0;
    let result = block;
    if ((powers.FASTEN ?? 0) > 0 && card?.id.startsWith('DEFEND') === true) result += powers.FASTEN ?? 0;
    if ((powers.SHADOWMELD ?? 0) > 0) result *= 2;
    if ((powers.UNMOVABLE ?? 0) > 0 && (this.combat.counters.blockFromCardsThisTurn ?? 0) === 0 && result > 0)
      result *= 2;
    return result;
  }

  /** StS2 powers reacting to Stars gained or spent (Black Hole, Child of the Stars). */
  private onStarsChanged(amount: number, spent: boolean): void {
    const powers = this.combat.player.powers;
    if (!spent)
      this.combat.counters.starsGainedThisTurn = (this.combat.counters.starsGainedThisTurn ?? 0) + amount;
    if ((powers.BLACK_HOLE ?? 0) > 0) this.damageAllMonsters(powers.BLACK_HOLE ?? 0);
    if (spent && (powers.CHILD_OF_THE_STARS ?? 0) > 0)
      this.gainBlock((powers.CHILD_OF_THE_STARS ?? 0) * amount, true);
    if (spent) for (const relic of this.run.relics) getRelic(relic.id).onStarsSpent?.(this, amount);
  }

  /** StS2 powers after the turn's draw: turn-start effects of power cards. */
  private afterSts2TurnStart(): void {
    if (this.run.ruleset !== 'sts2') return;
    const combat = this.combat;
    const powers = combat.player.powers;
    if ((powers.CRIMSON_MANTLE ?? 0) > 0) {
      this.loseHp(1);
      if (this.finished()) return;
      this.gainBlock(powers.CRIMSON_MANTLE ?? 0, true);
    }
    if ((powers.GENESIS ?? 0) > 0) this.gainStars(powers.GENESIS ?? 0);
    if ((powers.FRIENDSHIP ?? 0) > 0) this.gainEnergy(powers.FRIENDSHIP ?? 0);
    if ((powers.SUMMON_NEXT_TURN ?? 0) > 0) {
      this.summon(powers.SUMMON_NEXT_TURN ?? 0);
      if (powers.SUMMON_NEXT_TURN !== undefined) delete powers.SUMMON_NEXT_TURN;
    }
    if ((powers.STAR_NEXT_TURN ?? 0) > 0) {
      this.gainStars(powers.STAR_NEXT_TURN ?? 0);
      if (powers.STAR_NEXT_TURN !== undefined) delete powers.STAR_NEXT_TURN;
    }
    if ((powers.DEMESNE ?? 0) > 0) {
      this.gainEnergy(powers.DEMESNE ?? 0);
      this.draw(powers.DEMESNE ?? 0);
    }
    if ((powers.PREP_TIME ?? 0) > 0) this.applyToPlayer('VIGOR', powers.PREP_TIME ?? 0);
    if ((powers.ROLLING_BOULDER ?? 0) > 0) {
      this.damageAllMonsters(powers.ROLLING_BOULDER ?? 0);
      powers.ROLLING_BOULDER = (powers.ROLLING_BOULDER ?? 0) + 5;
      if (this.finished()) return;
    }
    if ((powers.COUNTDOWN ?? 0) > 0) {
      const index = this.randomMonsterIndex();
      if (index >= 0) this.applyToMonster(index, 'DOOM', powers.COUNTDOWN ?? 0);
    }
    if ((powers.SENTRY_MODE ?? 0) > 0)
      for (let copy = 0; copy < (powers.SENTRY_MODE ?? 0); copy++) this.addCard('SWEEPING_GAZE', 'hand');
    if ((powers.SPECTRUM_SHIFT ?? 0) > 0) {
      const pool = [...colorlessPool('Uncommon'), ...colorlessPool('Rare')];
      for (let copy = 0; copy < (powers.SPECTRUM_SHIFT ?? 0) && pool.length > 0; copy++)
        this.addCard(pool[nextInt(this.run.random, 'misc', 0, pool.length - 1)] ?? '', 'hand');
    }
    for (let copy = 0; copy < (powers.MAYHEM ?? 0); copy++) {
      // Mayhem (StS2): the top card of the draw pile is played, as Havoc plays it (reshuffling an empty pile).
      if (combat.drawPile.length === 0) this.draw(0);
      const top = combat.drawPile.pop();
      if (top !== undefined) this.playFree(top, false);
      if (this.finished()) return;
    }
    if ((powers.AGGRESSION ?? 0) > 0) {
      const attacks = combat.discardPile.filter((card) => getCard(card.id).type === 'Attack');
      const chosen =
        attacks[attacks.length === 0 ? 0 : nextInt(this.run.random, 'misc', 0, attacks.length - 1)];
      if (chosen !== undefined && combat.hand.length < HAND_LIMIT) {
        combat.discardPile.splice(combat.discardPile.indexOf(chosen), 1);
        combat.hand.push(chosen);
        this.upgradeCard(chosen);
      }
    }
    if ((powers.DRUM_OF_BATTLE ?? 0) > 0) {
      const top = combat.drawPile[combat.drawPile.length - 1];
      if (top !== undefined) this.exhaustCard(top);
    }
    const foregone = powers.FOREGONE_CONCLUSION ?? 0;
    // Foregone Conclusion (played last turn): choose that many Draw Pile cards for the hand (its card's onSelect).
    if (foregone > 0 && combat.selection === null) {
      if (powers.FOREGONE_CONCLUSION !== undefined) delete powers.FOREGONE_CONCLUSION;
      this.requestSelectionFor('FOREGONE_CONCLUSION', {
        source: 'draw',
        count: foregone,
        prompt: 'Choose cards to put into your Hand.',
      });
    }
    const tyranny = powers.TYRANNY ?? 0;
    // Tyranny: draw, then Exhaust as many chosen cards of the hand (its card's onSelect exhausts them).
    // Only one choice can be open: with Tools of the Trade's discard still pending, it is skipped.
    if (tyranny > 0 && combat.selection === null) {
      this.draw(tyranny);
      this.requestSelectionFor('TYRANNY', {
        source: 'hand',
        count: tyranny,
        prompt: 'Choose a card to Exhaust.',
      });
    }
    const entropy = powers.ENTROPY ?? 0;
    // Entropy: Transform as many chosen cards of the hand (its card's onSelect transforms them).
    if (entropy > 0 && combat.selection === null) {
      this.requestSelectionFor('ENTROPY', {
        source: 'hand',
        count: entropy,
        prompt: 'Choose cards to Transform.',
      });
    }
  }

  /** StS2 end-of-turn rules: The Bomb going off, Pale Blue Dot. */
  /**
   * StS2's Tender (the Hunter Killer's Tenderizing Goop): a card played costs `amount` Strength and
   * Dexterity for the rest of the turn. What was lost (Artifact may block a loss) is counted, to be
   * given back when the turn ends.
   */
  private tenderLoss(amount: number): void {
    const powers = this.combat.player.powers;
    const counters = this.combat.counters;
    const strength = powers.STRENGTH ?? 0;
    this.applyToPlayer('STRENGTH', -amount);
    counters.tenderStrength = (counters.tenderStrength ?? 0) + strength - (powers.STRENGTH ?? 0);
    const dexterity = powers.DEXTERITY ?? 0;
    this.applyToPlayer('DEXTERITY', -amount);
    counters.tenderDexterity = (counters.tenderDexterity ?? 0) + dexterity - (powers.DEXTERITY ?? 0);
  }

  private endSts2Turn(): void {
    if (this.run.ruleset !== 'sts2') return;
    const combat = this.combat;
    // Tender's loss lasts this turn only (0 rather than deleted: the counters stay a fast object).
    const tenderStrength = combat.counters.tenderStrength ?? 0;
    const tenderDexterity = combat.counters.tenderDexterity ?? 0;
    if (tenderStrength > 0 || tenderDexterity > 0) {
      combat.counters.tenderStrength = 0;
      combat.counters.tenderDexterity = 0;
      // Given back as it was taken, not gained anew (a gain would meet the relics that add to Strength gains).
      const powers = combat.player.powers;
      const strength = (powers.STRENGTH ?? 0) + tenderStrength;
      if (strength === 0) clear(powers, 'STRENGTH');
      else powers.STRENGTH = strength;
      const dexterity = (powers.DEXTERITY ?? 0) + tenderDexterity;
      if (dexterity === 0) clear(powers, 'DEXTERITY');
      else powers.DEXTERITY = dexterity;
    }
    const bomb = combat.counters[`bomb:${combat.turn}`] ?? 0;
    if (bomb > 0) {
      delete combat.counters[`bomb:${combat.turn}`];
      this.reducePlayerPower('THE_BOMB', 1);
      this.damageAllMonsters(bomb);
      if (this.finished()) return;
    }
    for (let time = 0; time < (combat.player.powers.STAMPEDE ?? 0) && !combat.over; time++) {
      // Attacks that ask for a choice are left in hand (no choice can be made as the turn ends).
      const attacks = combat.hand.filter((card) => {
        const definition = getCard(card.id);
        return definition.type === 'Attack' && definition.onSelect === undefined;
      });
      const chosen =
        attacks[attacks.length <= 1 ? 0 : nextInt(this.run.random, 'misc', 0, attacks.length - 1)];
      if (chosen === undefined) break;
      combat.hand.splice(combat.hand.indexOf(chosen), 1);
      this.playFree(chosen, false);
    }
    if (this.finished()) return;
    const top = combat.drawPile[combat.drawPile.length - 1];
    if (top !== undefined && getCard(top.id).playedFromDrawTopAtTurnEnd === true) {
      combat.drawPile.pop();
      this.playFree(top, false);
      if (this.finished()) return;
    }
    const powers = combat.player.powers;
    const dot = powers.PALE_BLUE_DOT ?? 0;
    if (dot > 0 && (combat.counters.cardsThisTurn ?? 0) >= 5) this.applyToPlayer('DRAW_CARDS_NEXT_TURN', dot);
    // Powers of this turn only.
    if (powers.RINGING !== undefined) delete powers.RINGING;
    if (powers.DUPLICATION !== undefined) delete powers.DUPLICATION;
    if (powers.BORROWED_TIME !== undefined) delete powers.BORROWED_TIME;
    if (powers.REBOUND !== undefined) delete powers.REBOUND;
    if (powers.NO_ENERGY_GAIN !== undefined) delete powers.NO_ENERGY_GAIN;
    if ((powers.TANGLED ?? 0) > 0) this.reducePlayerPower('TANGLED', 1);
    if ((powers.NO_BLOCK ?? 0) > 0) this.reducePlayerPower('NO_BLOCK', 1);
  }

  /** StS2 powers reacting to a card drawn. */
  private afterSts2Draw(definition: CardDefinition, card: CombatCard): void {
    if (this.run.ruleset !== 'sts2') return;
    const powers = this.combat.player.powers;
    if ((powers.HELLRAISER ?? 0) > 0 && card.id.includes('STRIKE') && this.combat.selection === null) {
      const index = this.combat.hand.indexOf(card);
      if (index >= 0) {
        this.combat.hand.splice(index, 1);
        this.playFree(card, false);
        if (this.finished()) return;
      }
    }
    if ((powers.CORROSIVE_WAVE ?? 0) > 0) this.applyToAllMonsters('POISON', powers.CORROSIVE_WAVE ?? 0);
    if ((this.combat.counters.turnDrawDone ?? 0) > 0) {
      // Drawn during the turn: after the turn's own draw (Death March counts these).
      this.combat.counters.drawnInTurnThisTurn = (this.combat.counters.drawnInTurnThisTurn ?? 0) + 1;
      if ((powers.SPEEDSTER ?? 0) > 0) this.damageAllMonsters(powers.SPEEDSTER ?? 0);
    }
    if ((powers.PAGESTORM ?? 0) > 0 && isEthereal(card, definition)) this.draw(powers.PAGESTORM ?? 0);
    if ((powers.AUTOMATION ?? 0) > 0 && (this.combat.counters.drawnThisCombat ?? 0) % 10 === 0)
      this.gainEnergy(powers.AUTOMATION ?? 0);
  }

  forge(amount: number): void {
    const combat = this.combat;
    let blade = [...combat.hand, ...combat.drawPile, ...combat.discardPile].find(
      (card) => card.id === 'SOVEREIGN_BLADE',
    );
    if (blade === undefined) {
      this.addCard('SOVEREIGN_BLADE', 'hand');
      blade = [...combat.hand, ...combat.discardPile].find((card) => card.id === 'SOVEREIGN_BLADE');
    }
    if (blade !== undefined) blade.bonus += amount;
  }

  summon(amount: number): void {
    const combat = this.combat;
    if (combat.summon === null) {
      combat.summon = { id: 'OSTY', name: 'Osty', hp: amount, maxHp: amount };
      return;
    }
    combat.summon.maxHp += amount;
    combat.summon.hp = Math.min(combat.summon.maxHp, combat.summon.hp + amount);
  }

  summonAttack(target: number | 'all', base: number): void {
    const summon = this.combat.summon;
    if (summon === null || summon.hp <= 0) return;
    const amount = summonAttackDamage(this.combat, base, null);
    this.combat.counters.ostyAttacksThisTurn = (this.combat.counters.ostyAttacksThisTurn ?? 0) + 1;
    const monsters = this.combat.monsters;
    const index = target === 'all' ? -1 : this.validTarget(target);
    if (target === 'all') this.damageAllMonsters(amount);
    else this.damageMonster(index, amount);
    // StS2's Sic 'Em: Osty hitting a marked enemy Summons.
    for (let at = 0; at < monsters.length; at++) {
      const sicEm = monsters[at]?.powers.SIC_EM ?? 0;
      if (sicEm > 0 && (index < 0 || at === index)) this.summon(sicEm);
    }
    for (const relic of this.run.relics) getRelic(relic.id).onSummonAttack?.(this);
  }

  killSummon(): void {
    const summon = this.combat.summon;
    if (summon === null || summon.hp <= 0) return;
    summon.hp = 0;
    this.afterCreatureDeath();
  }

  /** StS2: cards in the hand, Draw and Discard Piles reacting to a creature's death (Melancholy). */
  private afterCreatureDeath(): void {
    if (this.run.ruleset !== 'sts2') return;
    const combat = this.combat;
    for (const pile of [combat.hand, combat.drawPile, combat.discardPile])
      for (const card of pile) getCard(card.id).onCreatureDeath?.(this, card);
  }

  /** StS2: the player's attack hits on a monster this turn (Beat into Shape), kept in its memory. */
  private countSts2Hit(monster: MonsterState): void {
    const memory = monster.memory;
    if (memory.hitsTurn !== this.combat.turn) {
      memory.hitsTurn = this.combat.turn;
      memory.hitsThisTurn = 0;
    }
    memory.hitsThisTurn = (memory.hitsThisTurn ?? 0) + 1;
  }

  /** StS2: cards in the Draw and Discard Piles reacting to a card played, once it is in its pile. */
  private afterSts2CardPlaced(card: CombatCard, definition: CardDefinition, energyPaid: number): void {
    const combat = this.combat;
    // Only the few ids that have the hook are looked up (a compare each, not a definition lookup per
    // card of both piles on every play: that was 1% of an StS2 random playout's instructions).
    const reactors = otherCardPlayedIds();
    if (reactors.length === 0) return;
    // Backwards: a reacting card may take itself out of its pile (into the hand).
    for (const pile of [combat.drawPile, combat.discardPile])
      for (let index = pile.length - 1; index >= 0; index--) {
        const other = pile[index];
        if (other === undefined || other === card || !reactors.includes(other.id)) continue;
        const hook = getCard(other.id).onOtherCardPlayed;
        if (hook === undefined) continue;
        hook(this, other, definition.type, energyPaid);
        if (combat.over) return;
      }
  }

  /** Start-of-turn rules of StS2 powers (before the turn's energy and draw). */
  private startSts2Turn(): void {
    const combat = this.combat;
    const powers = combat.player.powers;
    combat.counters.shivsThisTurn = 0;
    const sts2 = this.run.ruleset === 'sts2';
    if (sts2) startSts2MonsterTurnMarks(combat.monsters);
    // Set only when they happen, by StS2's Osty and Doom (an StS1 run never has them, and does not look them
    // up): cleared, not zeroed.
    if (sts2 && combat.counters.ostyAttacksThisTurn !== undefined) delete combat.counters.ostyAttacksThisTurn;
    if (sts2 && combat.counters.doomAppliedThisTurn !== undefined) delete combat.counters.doomAppliedThisTurn;
    combat.counters.turnDrawDone = 0;
    combat.counters.drawnInTurnThisTurn = 0;
    // Bound marks exist only when a card was bound this turn (by StS2's Chains of Binding): no scan of the
    // counters otherwise.
    if (sts2 && (combat.counters.boundThisTurn ?? 0) > 0)
      for (const key of Object.keys(combat.counters))
        if (key.startsWith('bound:')) delete combat.counters[key];
    combat.counters.boundThisTurn = 0;
    // The rest is StS2's only (StS1 has none of these powers).
    if (!sts2) return;
    if (powers.COLOSSUS !== undefined) delete powers.COLOSSUS;
    if ((powers.PLATING ?? 0) > 0) this.reducePlayerPower('PLATING', 1);
    if ((powers.INFERNO ?? 0) > 0) this.loseHp(1);
    // Reflect lasts through the enemies' turn after the one it was played on.
    if ((powers.REFLECT ?? 0) > 0) this.reducePlayerPower('REFLECT', 1);
    // Radiance and Clarity: 1 more Energy and card this turn, through the next-turn powers read below.
    if ((powers.RADIANCE ?? 0) > 0) {
      powers.NEXT_TURN_ENERGY = (powers.NEXT_TURN_ENERGY ?? 0) + 1;
      this.reducePlayerPower('RADIANCE', 1);
    }
    if ((powers.CLARITY ?? 0) > 0) {
      powers.NEXT_TURN_DRAW = (powers.NEXT_TURN_DRAW ?? 0) + 1;
      this.reducePlayerPower('CLARITY', 1);
    }
    // Toric Toughness: the Block due this turn (kept per turn, as The Bomb's damage), after Block is lost.
    const toric = combat.counters[`toric:${combat.turn}`] ?? 0;
    if (toric > 0) {
      delete combat.counters[`toric:${combat.turn}`];
      powers.NEXT_TURN_BLOCK = (powers.NEXT_TURN_BLOCK ?? 0) + toric;
      this.reducePlayerPower('TORIC_TOUGHNESS', toric);
    }
    sts2PlayerTurnStart(this);
  }

  /** Reactions of StS2 powers to a card just played. */
  private afterSts2Play(definition: CardDefinition, card: CombatCard): void {
    if (this.run.ruleset !== 'sts2') return;
    const combat = this.combat;
    const powers = combat.player.powers;
    if (definition.type === 'Attack' && (powers.GIGANTIFICATION ?? 0) > 0)
      this.reducePlayerPower('GIGANTIFICATION', 1);
    // Ethereal by keyword (upgraded or not) or given in combat (Banshee's Cry and Pull From Below count these).
    if (isEthereal(card, definition))
      combat.counters.etherealThisCombat = (combat.counters.etherealThisCombat ?? 0) + 1;
    noteSts2CardPlayed(combat.monsters);
    const galvanized = sts2GalvanizedDamage(combat.monsters, definition.type);
    if (galvanized > 0) this.damagePlayer(galvanized, null);
    for (let index = 0; index < combat.monsters.length; index++) {
      const monster = combat.monsters[index];
      if (monster?.alive === true && (monster.powers.OBLIVION ?? 0) > 0)
        this.applyToMonster(index, 'DOOM', monster.powers.OBLIVION ?? 0);
    }
    if ((powers.AFTERIMAGE ?? 0) > 0) this.gainBlock(powers.AFTERIMAGE ?? 0, true);
    // Master Planner: a Skill played gains Sly for the rest of the combat.
    if (definition.type === 'Skill' && (powers.MASTER_PLANNER ?? 0) > 0)
      combat.counters[`sly:${card.uid}`] = SLY_FOR_COMBAT;
    if (definition.type === 'Attack' && (powers.CALAMITY ?? 0) > 0) {
      // Calamity: a random Attack of the character's reward pool, once per stack.
      const attacks = (['Common', 'Uncommon', 'Rare'] as const)
        .flatMap((rarity) => cardPool(this.run.character, rarity))
        .filter((id) => getCard(id).type === 'Attack');
      for (let copy = 0; copy < (powers.CALAMITY ?? 0) && attacks.length > 0; copy++)
        this.addCard(attacks[nextInt(this.run.random, 'misc', 0, attacks.length - 1)] ?? '', 'hand');
    }
    if ((powers.SERPENT_FORM ?? 0) > 0) {
      this.damageMonster(this.randomMonsterIndex(), powers.SERPENT_FORM ?? 0, {
        ignoreVulnerable: true,
      });
      if (this.finished()) return;
    }
    for (const monster of [...combat.monsters]) {
      if (!monster.alive) continue;
      if ((monster.powers.STRANGLE ?? 0) > 0)
        this.reduceMonsterHp(monster, monster.powers.STRANGLE ?? 0, false);
      if ((monster.powers.GRASP ?? 0) > 0) this.gainEnergy(-1);
      if (this.finished()) return;
    }
    if (
      (powers.JUGGLING ?? 0) > 0 &&
      definition.type === 'Attack' &&
      (combat.counters.attacksThisTurn ?? 0) === 3
    )
      this.addCard(definition.id, 'hand');
    if ((powers.MONOLOGUE ?? 0) > 0) {
      this.applyToPlayer('STRENGTH', powers.MONOLOGUE ?? 0);
      this.applyToPlayer('LOSE_STRENGTH', powers.MONOLOGUE ?? 0);
    }
    if ((powers.TENDER ?? 0) > 0) this.tenderLoss(powers.TENDER ?? 0);
    const cards = combat.counters.cardsThisTurn ?? 0;
    if ((powers.PANACHE ?? 0) > 0 && cards > 0 && cards % 5 === 0)
      this.damageAllMonsters(powers.PANACHE ?? 0);
    if ((powers.SPIRIT_OF_ASH ?? 0) > 0 && isEthereal(card, definition))
      this.gainBlock(powers.SPIRIT_OF_ASH ?? 0, true);
    if ((powers.PARRY ?? 0) > 0 && definition.id === 'SOVEREIGN_BLADE')
      this.gainBlock(powers.PARRY ?? 0, true);
    if (definition.id === 'SOUL') {
      if ((powers.DEVOUR_LIFE ?? 0) > 0) this.summon(powers.DEVOUR_LIFE ?? 0);
      if ((powers.HAUNT ?? 0) > 0) {
        const index = this.randomMonsterIndex();
        const monster = combat.monsters[index];
        if (monster !== undefined) this.reduceMonsterHp(monster, powers.HAUNT ?? 0, false);
      }
    }
  }

  /** StS2 powers reacting to a card the player created (Pillar of Creation, Arsenal; Supermassive counts them). */
  private afterSts2CardCreated(): void {
    if (this.run.ruleset !== 'sts2') return;
    const combat = this.combat;
    const powers = combat.player.powers;
    combat.counters.createdThisCombat = (combat.counters.createdThisCombat ?? 0) + 1;
    if ((powers.PILLAR_OF_CREATION ?? 0) > 0) this.gainBlock(powers.PILLAR_OF_CREATION ?? 0, true);
    if ((powers.ARSENAL ?? 0) > 0) this.applyToPlayer('STRENGTH', powers.ARSENAL ?? 0);
  }

  /** Orbit (StS2): every ORBIT_ENERGY_STEP Energy spent on cards gives back its amount of Energy. */
  private orbit(spent: number): void {
    const counters = this.combat.counters;
    let total = (counters.orbitEnergySpent ?? 0) + spent;
    while (total >= ORBIT_ENERGY_STEP) {
      total -= ORBIT_ENERGY_STEP;
      this.gainEnergy(this.combat.player.powers.ORBIT ?? 0);
    }
    counters.orbitEnergySpent = total;
  }

  /** StS2 reactions to a monster dying for good: Crab Rage, minions leaving. */
  private afterSts2Death(monster: MonsterState): void {
    const combat = this.combat;
    this.afterCreatureDeath();
    for (let index = 0; index < combat.monsters.length; index++) {
      const other = combat.monsters[index];
      if (other === undefined || other === monster || !other.alive) continue;
      if ((other.powers.CRAB_RAGE ?? 0) > 0) {
        this.applyToMonster(index, 'STRENGTH', 5);
        other.block += 99;
      }
    }
    const living = combat.monsters.filter((other) => other.alive);
    if (living.length > 0 && living.every((other) => (other.powers.MINION ?? 0) > 0)) {
      for (const other of living) {
        other.alive = false;
        other.escaped = true;
      }
    }
  }

  // ---- end of combat -----------------------------------------------------

  /** Ends the combat when the player is dead (defeat) or every monster is (victory, combat-end relics run). */
  checkCombatOver(): void {
    const combat = this.combat;
    if (combat.over) return;
    if (this.run.hp <= 0) {
      combat.over = true;
      combat.victory = false;
      return;
    }
    // A living monster settles it: the memory lookups below (two per monster) are made only once all are down.
    for (const monster of combat.monsters) if (monster.alive) return;
    // A half-dead monster that rises whatever else falls (StS1's Awakened One) keeps the fight going.
    for (const monster of combat.monsters)
      if (monster.memory.pendingSpawn === 1 || monster.memory.rising === 1) return;
    combat.over = true;
    combat.victory = true;
    combat.selection = null;
    if ((combat.player.powers.ROYALTIES ?? 0) > 0) gainGold(this.run, combat.player.powers.ROYALTIES ?? 0);
    for (const relic of this.run.relics) getRelic(relic.id).onCombatEnd?.(this);
    if (this.run.ruleset === 'sts2') {
      this.improveDeck();
      this.countDeckCombats();
    }
  }

  /** StS2's Improvement (Mad Science): at the end of combat, upgrade that many random deck cards. */
  private improveDeck(): void {
    const improvement = this.combat.player.powers.IMPROVEMENT ?? 0;
    if (improvement <= 0) return;
    for (let count = 0; count < improvement; count++) {
      const upgradable = upgradableCards(this.run);
      if (upgradable.length === 0) return;
      const card = upgradable[this.randomInt(0, upgradable.length - 1)];
      if (card !== undefined) card.upgraded = true;
    }
  }

  /** StS2: cards that leave the deck after some combats (Guilty) count this one. */
  private countDeckCombats(): void {
    const deck = this.run.deck;
    for (let index = deck.length - 1; index >= 0; index--) {
      const card = deck[index];
      const limit = card === undefined ? undefined : getCard(card.id).leavesDeckAfterCombats;
      if (card === undefined || limit === undefined) continue;
      card.combats = (card.combats ?? 0) + 1;
      if (card.combats >= limit) {
        deck.splice(index, 1);
        this.log(`${getCard(card.id).name} left the deck.`);
      }
    }
  }

  /** True when the combat is over. */
  finished(): boolean {
    return this.combat.over;
  }

  /** Whether a card type counts for the Pen Nib style relics. */
  static isAttack(type: CardType): boolean {
    return type === 'Attack';
  }
}

/**
 * A monster's view of the combat. A class rather than an object of closures: one is made for
 * every move rolled and executed and every hit with a reaction, so its methods live on the prototype.
 */
class MonsterTurnContext implements MonsterContext {
  constructor(
    readonly combat: Combat,
    readonly monster: MonsterState,
    readonly index: number,
  ) {}

  gainBlock(amount: number): void {
    this.monster.block += amount;
  }

  buff(id: string, amount: number): void {
    this.combat.applyToMonster(this.combat.combat.monsters.indexOf(this.monster), id, amount);
  }

  debuffPlayer(id: string, amount: number): void {
    this.combat.applyToPlayer(id, amount);
  }

  addStatus(id: string, pile: 'draw' | 'discard' | 'hand', count: number): void {
    for (let copy = 0; copy < count; copy++)
      this.combat.addEnemyCard(id, pile === 'draw' ? 'drawRandom' : pile);
  }

  roll(): number {
    return Math.floor(nextFloat(this.combat.run.random, 'ai') * 100);
  }

  lastMove(id: string): boolean {
    const history = this.monster.history;
    return history[history.length - 1] === id;
  }

  lastTwoMoves(id: string): boolean {
    const history = this.monster.history;
    const length = history.length;
    return length >= 2 && history[length - 1] === id && history[length - 2] === id;
  }

  setMove(id: string): void {
    this.combat.setMove(this.monster, id);
  }

  spawn(monsterId: string, hp: number | null): MonsterState {
    const combat = this.combat;
    const position = combat.combat.monsters.indexOf(this.monster);
    const spawned = combat.spawn(monsterId, hp, position);
    combat.rollMove(combat.combat.monsters.indexOf(spawned));
    return spawned;
  }

  escape(): void {
    this.monster.escaped = true;
    this.monster.alive = false;
    this.combat.checkCombatOver();
  }
}
