// Projects the engine's internal run state onto the API's GameState (the StS2 agent-mod shape).
// Pure: the same run state always gives the same JSON, and nothing here changes the run.

import type * as Api from '../api/game-state.js';
import type { GameState } from '../api/game-state.js';
import { GAME_STATE_VERSION } from '../api/game-state.js';
import {
  activeRuleset,
  getCard,
  getCharacter,
  getEncounter,
  getEvent,
  getPotion,
  getPower,
  getRelic,
  withRuleset,
} from '../content/registry.js';
import { findEnchantment } from '../content/sts2/sts2-enchantments.js';
import { cardReplays } from './card-replays.js';
import { cardRewardAlternatives } from './card-reward-alternatives.js';
import {
  baseCost,
  Combat,
  cardFlag,
  cardText,
  cardValue,
  energyPerTurn,
  type HandRules,
  hasRelic,
  monsterAttackDamage,
  playerAttackDamage,
  summonAttackDamage,
} from './combat.js';
import type { CardDefinition, CardPlay } from './definitions.js';
import { MAP_WIDTH, mapHeight } from './map.js';
import { reachableNodes } from './map-travel.js';
import { legalActionNames, restOptions } from './run.js';
import type {
  CardEnchantment,
  CombatCard,
  CombatState,
  DeckCard,
  IntentType,
  MapState,
  MonsterState,
  Powers,
  RewardItem,
  RoomType,
  RunState,
} from './run-state.js';

const NODE_TYPES: Record<RoomType, Api.MapNodeType> = {
  monster: 'Monster',
  elite: 'Elite',
  rest: 'Rest',
  shop: 'Shop',
  event: 'Unknown',
  treasure: 'Treasure',
  boss: 'Boss',
};

const INTENT_PARTS: Record<IntentType, readonly Api.IntentType[]> = {
  Attack: ['Attack'],
  AttackBuff: ['Attack', 'Buff'],
  AttackDebuff: ['Attack', 'Debuff'],
  AttackDefend: ['Attack', 'Defend'],
  Buff: ['Buff'],
  Debuff: ['Debuff'],
  StrongDebuff: ['Debuff'],
  Defend: ['Defend'],
  DefendBuff: ['Defend', 'Buff'],
  DefendDebuff: ['Defend', 'Debuff'],
  Escape: ['Escape'],
  Sleep: ['Sleep'],
  Stun: ['Stun'],
  Summon: ['Summon'],
  Heal: ['Heal'],
  StatusCard: ['StatusCard'],
  DeathBlow: ['DeathBlow'],
  Unknown: ['Unknown'],
};

export function keywordsOf(definition: CardDefinition, upgraded: boolean): string[] {
  const keywords: string[] = [];
  if (baseCost(definition, upgraded) === -2) keywords.push('Unplayable');
  if (cardFlag(definition.innate, upgraded)) keywords.push('Innate');
  if (cardFlag(definition.ethereal, upgraded)) keywords.push('Ethereal');
  if (cardFlag(definition.retain, upgraded)) keywords.push('Retain');
  if (cardFlag(definition.exhaust, upgraded)) keywords.push('Exhaust');
  return keywords;
}

function cardName(definition: CardDefinition, upgraded: boolean): string {
  return upgraded ? `${definition.name}+` : definition.name;
}

function hitsOf(definition: CardDefinition, upgraded: boolean): number {
  if (definition.hits === undefined) return 1;
  if (definition.hits === 'magic') return cardValue(definition.magic, upgraded);
  return cardValue(definition.hits, upgraded);
}

interface CardStatics {
  readonly definition: CardDefinition;
  readonly name: string;
  readonly text: string;
  readonly keywords: readonly string[];
  readonly cost: number;
  readonly pile: Api.PileCard;
  /**
   * The resolved texts made so far, by shown damage and block (see resolvedText): the same string
   * object at every view, so a reader that keys a map by the text hashes it once (a fresh replace
   * result is hashed at every lookup).
   */
  readonly resolved: Map<number, string>;
  /** StS2: the hand's `dynamic_values` made so far, by shown damage and block (see handValues). */
  readonly values: Map<number, Api.DynamicValue[]>;
}

// Texts and keywords never change for an (id, upgraded, bonus) triple, so they are computed once.
// One cache per ruleset: the same id names different cards in StS1 and StS2.
const STATICS_BY_RULESET = { sts1: new Map<string, CardStatics>(), sts2: new Map<string, CardStatics>() };
// Fast path without string keys for the common case (no combat bonus): [base, upgraded] per id.
const STATIC_PAIRS_BY_RULESET = {
  sts1: new Map<string, [CardStatics | null, CardStatics | null]>(),
  sts2: new Map<string, [CardStatics | null, CardStatics | null]>(),
};

function staticsOf(id: string, upgraded: boolean, bonus = 0): CardStatics {
  const ruleset = activeRuleset();
  const STATICS = STATICS_BY_RULESET[ruleset];
  const STATIC_PAIRS = STATIC_PAIRS_BY_RULESET[ruleset];
  if (bonus === 0) {
    let pair = STATIC_PAIRS.get(id);
    if (pair === undefined) {
      pair = [null, null];
      STATIC_PAIRS.set(id, pair);
    }
    const slot = upgraded ? 1 : 0;
    const found = pair[slot];
    if (found !== null) return found;
    const built = buildStatics(id, upgraded, 0);
    pair[slot] = built;
    return built;
  }
  const key = `${id}|${upgraded ? 1 : 0}|${bonus}`;
  let statics = STATICS.get(key);
  if (statics === undefined) {
    statics = buildStatics(id, upgraded, bonus);
    STATICS.set(key, statics);
  }
  return statics;
}

function buildStatics(id: string, upgraded: boolean, bonus: number): CardStatics {
  {
    const definition = getCard(id);
    const name = cardName(definition, upgraded);
    return {
      definition,
      name,
      text: cardText(definition, upgraded, bonus),
      keywords: Object.freeze(keywordsOf(definition, upgraded)),
      cost: baseCost(definition, upgraded),
      pile: Object.freeze({ card_id: id, upgraded, card_type: definition.type, name }),
      resolved: new Map(),
      values: new Map(),
    };
  }
}

function cardView(card: DeckCard, index: number): Api.CardView {
  return cardViewWithBonus(card, index, 0);
}

/** A card's view with `bonus` damage in its text. */
function cardViewWithBonus(card: DeckCard, index: number, bonus: number): Api.CardView {
  const statics = staticsOf(card.id, card.upgraded, bonus);
  const cost = statics.cost;
  const view: Api.CardView = {
    index,
    card_id: card.id,
    name: statics.name,
    upgraded: card.upgraded,
    card_type: statics.definition.type,
    rarity: statics.definition.rarity,
    energy_cost: cost === -1 ? -1 : Math.max(0, cost),
    costs_x: cost === -1,
    rules_text: statics.text,
    keywords: statics.keywords as string[],
  };
  if (card.enchantment !== undefined) enchantView(view, card.enchantment);
  // StS2: Ethereal given in combat (Music Box, Ghost Seed); a new list only then, the statics are shared.
  if ((card as Partial<CombatCard>).ethereal === true && !statics.keywords.includes('Ethereal'))
    view.keywords = [...statics.keywords, 'Ethereal'];
  return view;
}

/** StS2: an enchanted card's view says what the enchantment adds, and its cost if it sets one. */
function enchantView(view: Api.CardView, enchantment: CardEnchantment): void {
  const rule = findEnchantment(enchantment.id);
  if (rule === undefined) return;
  view.rules_text = `${view.rules_text}${enchantmentText(enchantment)}`;
  if (rule.cost !== undefined && !view.costs_x) view.energy_cost = rule.cost;
}

/** What an enchanted card's text gets after it: " Sharp 3: <what Sharp does>" ("" for an unknown id). */
function enchantmentText(enchantment: CardEnchantment): string {
  const rule = findEnchantment(enchantment.id);
  if (rule === undefined) return '';
  return ` ${enchantmentLabel(rule.name, enchantment.amount)}: ${rule.text(enchantment.amount)}`;
}

/** StS2: a deck or hand card names its enchantment. */
function nameEnchantment(view: Api.DeckCard | Api.HandCard, enchantment: CardEnchantment): void {
  view.enchantment_id = enchantment.id;
  view.enchantment_name = findEnchantment(enchantment.id)?.name ?? enchantment.id;
}

/** "Sharp 3", or the bare name for an enchantment whose number means nothing on its own. */
function enchantmentLabel(name: string, amount: number): string {
  return amount > 1 ? `${name} ${amount}` : name;
}

function deckCard(card: DeckCard, index: number): Api.DeckCard {
  // StS2: damage a deck card gained for good (The Scythe) shows in its text.
  const view = cardViewWithBonus(card, index, card.bonus ?? 0) as Api.DeckCard;
  view.rarity = view.rarity ?? 'Common';
  if (card.enchantment !== undefined) nameEnchantment(view, card.enchantment);
  return view;
}

/** `${id}_POWER` built once per id: the view lists every power at every step, and readers compare the ids. */
const POWER_IDS = new Map<string, string>();
function apiPowerId(id: string): string {
  let powerId = POWER_IDS.get(id);
  if (powerId === undefined) {
    powerId = `${id}_POWER`;
    POWER_IDS.set(id, powerId);
  }
  return powerId;
}

function powersOf(powers: Powers): Api.Power[] {
  return Object.keys(powers).map((id, index) => {
    const definition = getPower(id);
    const amount = powers[id] ?? 0;
    return {
      index,
      power_id: apiPowerId(id),
      name: definition.name,
      amount,
      is_debuff: definition.debuff || ((id === 'STRENGTH' || id === 'DEXTERITY') && amount < 0),
      description: definition.text,
    };
  });
}

/** The card's text with its shown damage and block (Strength, Weak, Dexterity...), made once per pair. */
function resolvedText(
  statics: CardStatics,
  baseDamage: number | null,
  damage: number | null,
  baseBlock: number,
  block: number | null,
): string {
  // Shown damage and block are whole numbers >= 0; -1 stands for none.
  const key = (damage ?? -1) * 65_536 + (block ?? -1);
  const cached = block === null || block < 65_535 ? statics.resolved.get(key) : undefined;
  if (cached !== undefined) return cached;
  let resolved = statics.text;
  if (damage !== null && damage !== baseDamage) {
    resolved = resolved.replace(`Deal ${baseDamage} damage`, `Deal ${damage} damage`);
  }
  if (block !== null && block !== baseBlock) {
    resolved = resolved.replace(`Gain ${baseBlock} Block`, `Gain ${block} Block`);
  }
  if (block === null || block < 65_535) {
    if (statics.resolved.size >= 64) statics.resolved.clear();
    statics.resolved.set(key, resolved);
  }
  return resolved;
}

function dynamicValue(name: string, base: number, enchanted: number, current: number): Api.DynamicValue {
  return {
    name,
    base_value: base,
    current_value: current,
    enchanted_value: enchanted,
    is_modified: current !== base,
    was_just_upgraded: false,
  };
}

/**
 * StS2: a hand card's `dynamic_values` as the real mod shows them for Damage and Block: `base_value`
 * the card's own number, `enchanted_value` with its enchantment (Sharp, Nimble...), `current_value`
 * after the player's modifiers (Strength, Weak, Dexterity, Frail, Strike Dummy...), before the
 * target's; `is_modified` when current differs from base (in all 200 real states; Sharp 2 on Astral
 * Pulse, 14 -> 16 with nothing else, is modified). Names are in alphabetical order, as there.
 * Inferred: an Osty card's current value is the damage Osty deals (the real states show no
 * Necrobinder card), and an enchantment on Block works as on Damage (none shown). The real mod also
 * lists the card's other numbers (Cards, Repeat, WeakPower...); the card definitions do not know
 * their names, and no player modifier changed any of them in the real states, so they are left out.
 * The arrays of an unenchanted card are shared and frozen: the view is built at every step.
 */
function handValues(
  statics: CardStatics,
  baseDamage: number | null,
  enchantedDamage: number | null,
  damage: number | null,
  baseBlock: number | null,
  enchantedBlock: number | null,
  block: number | null,
  enchanted: boolean,
): Api.DynamicValue[] {
  // Keyed as resolvedText's cache; an enchanted card's values are made afresh (rare).
  const cacheable = !enchanted && (block === null || block < 65_535);
  const key = (damage ?? -1) * 65_536 + (block ?? -1);
  const cached = cacheable ? statics.values.get(key) : undefined;
  if (cached !== undefined) return cached;
  const values: Api.DynamicValue[] = [];
  if (baseBlock !== null && block !== null)
    values.push(dynamicValue('Block', baseBlock, enchantedBlock ?? baseBlock, block));
  if (baseDamage !== null && damage !== null)
    values.push(dynamicValue('Damage', baseDamage, enchantedDamage ?? baseDamage, damage));
  if (cacheable) {
    for (const value of values) Object.freeze(value);
    Object.freeze(values);
    if (statics.values.size >= 64) statics.values.clear();
    statics.values.set(key, values);
  }
  return values;
}

/**
 * StS2: the damage of a card Osty deals (Unleash, Squeeze), with what the card adds (his HP, the
 * other Osty Attacks) as his hit counts; 0 while he is dead, as the play then deals nothing.
 */
function shownSummonDamage(
  engine: Combat,
  definition: CardDefinition,
  play: CardPlay,
  monster: MonsterState | null,
): number {
  const combat = engine.combat;
  const summon = combat.summon;
  if (summon === null || summon.hp <= 0 || definition.summonDamage === undefined) return 0;
  return summonAttackDamage(combat, play.damage + definition.summonDamage(engine, play, summon), monster);
}

function handCard(
  run: RunState,
  combat: CombatState,
  engine: Combat,
  card: CombatCard,
  index: number,
  living: readonly number[],
  rules: HandRules,
): Api.HandCard {
  const statics = staticsOf(card.id, card.upgraded, card.bonus);
  const definition = statics.definition;
  const cost = engine.costOf(card, definition, rules);
  const unplayable = engine.unplayableCode(card, definition, cost, rules);
  const requiresTarget = definition.target === 'AnyEnemy';
  const baseDamage =
    definition.damage === undefined ? null : cardValue(definition.damage, card.upgraded) + card.bonus;
  const baseBlock = cardValue(definition.block, card.upgraded);
  // StS2: an enchantment (Sharp, Instinct, Nimble...) changes the numbers the play starts from; the
  // engine's own cardPlay gives them, so the shown numbers are the dealt ones. The text keeps the base.
  const enchanted = card.enchantment === undefined ? null : engine.cardPlay(card, -1, definition);
  const playDamage = enchanted === null || baseDamage === null ? baseDamage : enchanted.damage;
  const hits = hitsOf(definition, card.upgraded);
  // Relics adding damage to Attack cards (Strike Dummy) show in the numbers, as Strength does, and so
  // does what the player's powers add to the card's own damage (a Shiv's Accuracy), as its play adds it.
  const bonus =
    baseDamage !== null && definition.type === 'Attack'
      ? engine.attackBonusOf(card) + (definition.ownDamageBonus?.(engine) ?? 0)
      : 0;
  // StS2: Osty deals it (Unleash, Squeeze); the card's own summonDamage reads the play as it would be.
  const summonPlay =
    definition.summonDamage === undefined ? null : (enchanted ?? engine.cardPlay(card, -1, definition));
  const damage =
    playDamage === null
      ? null
      : summonPlay !== null
        ? shownSummonDamage(engine, definition, summonPlay, null)
        : playerAttackDamage(run, combat, playDamage + bonus, null);
  // The engine's own card Block rule (Fasten, Shadowmeld, Unmovable, No Block, Vambrace...), as for the next card played.
  const block =
    definition.block === undefined
      ? null
      : engine.cardBlock(enchanted?.block ?? baseBlock, card, (combat.counters.cardsThisCombat ?? 0) + 1);
  const text = statics.text;
  const resolved =
    (damage !== null && damage !== baseDamage) || (block !== null && block !== baseBlock)
      ? resolvedText(statics, baseDamage, damage, baseBlock, block)
      : text;
  const energyCost = cost === -1 ? -1 : Math.max(0, cost);
  const playable = unplayable === null;
  const targetIndices = requiresTarget ? [...living] : [];
  const totalDamage = damage === null ? null : damage * hits;
  const previews =
    requiresTarget && playDamage !== null
      ? living.map((target) => {
          const monster = combat.monsters[target] ?? null;
          const perHit =
            summonPlay !== null
              ? shownSummonDamage(engine, definition, summonPlay, monster)
              : playerAttackDamage(run, combat, playDamage + bonus, monster);
          return { target_index: target, damage: perHit, hits, total_damage: perHit * hits };
        })
      : null;
  // Two literals rather than a spread of the StS2 fields in the middle: a spread builds every hand
  // card on the slow path. The keys keep their order (the JSON is the same).
  if (run.ruleset === 'sts2') {
    const replays = cardReplays(card, combat.counters);
    // The real mod's `damage`/`block` are the card's own numbers (base_value: Sharp 2 on Astral
    // Pulse still shows 14); the numbers after the player's modifiers are in `dynamic_values`.
    const shownBlock = definition.block === undefined ? null : baseBlock;
    const view: Api.HandCard = {
      index,
      card_id: card.id,
      name: statics.name,
      upgraded: card.upgraded,
      card_type: definition.type,
      rarity: definition.rarity,
      energy_cost: energyCost,
      costs_x: cost === -1,
      rules_text: text,
      resolved_rules_text: resolved,
      dynamic_values: handValues(
        statics,
        baseDamage,
        playDamage,
        damage,
        shownBlock,
        enchanted?.block ?? baseBlock,
        block,
        enchanted !== null,
      ),
      keywords: statics.keywords as string[],
      star_cost: definition.starCost ?? 0,
      star_costs_x: false,
      playable,
      unplayable_reason: unplayable,
      target_type: definition.target,
      requires_target: requiresTarget,
      target_index_space: requiresTarget ? 'enemies' : null,
      valid_target_indices: targetIndices,
      damage: baseDamage,
      block: shownBlock,
      hits: baseDamage === null ? null : hits,
      total_damage: baseDamage === null ? null : baseDamage * hits,
      // The real state shows a card's Replay apart (`replay`, null without one): `hits` and the
      // totals stay per play, as the real states' hits are the card's own repeat count.
      replay: replays > 0 ? replays : null,
      target_previews: previews,
    };
    // Named and explained as in the deck's and the selections' views; the costs above already count it.
    if (card.enchantment !== undefined) {
      const suffix = enchantmentText(card.enchantment);
      view.rules_text = `${text}${suffix}`;
      view.resolved_rules_text = `${resolved}${suffix}`;
      nameEnchantment(view, card.enchantment);
    }
    return view;
  }
  return {
    index,
    card_id: card.id,
    name: statics.name,
    upgraded: card.upgraded,
    card_type: definition.type,
    rarity: definition.rarity,
    energy_cost: energyCost,
    costs_x: cost === -1,
    rules_text: text,
    resolved_rules_text: resolved,
    keywords: statics.keywords as string[],
    playable,
    unplayable_reason: unplayable,
    target_type: definition.target,
    requires_target: requiresTarget,
    target_index_space: requiresTarget ? 'enemies' : null,
    valid_target_indices: targetIndices,
    damage,
    block,
    hits: baseDamage === null ? null : hits,
    total_damage: totalDamage,
    target_previews: previews,
  };
}

function intentsOf(run: RunState, combat: CombatState, monster: MonsterState): Api.Intent[] {
  // A half-dead monster (down, not gone) shows what it does on its turn: Rebirth, Regrow, Reincarnate.
  if (!monster.alive && monster.memory.down !== 1) return [];
  const parts = INTENT_PARTS[monster.move.intent];
  return parts.map((type, index) => {
    if ((type === 'Attack' || type === 'DeathBlow') && monster.move.baseDamage !== null) {
      const damage = monsterAttackDamage(run, combat, monster, monster.move.baseDamage);
      const hits = monster.move.hits;
      return {
        index,
        intent_type: type,
        label: hits > 1 ? `${damage}x${hits}` : String(damage),
        damage,
        hits,
        total_damage: damage * hits,
      };
    }
    return { index, intent_type: type, label: null, damage: null, hits: null, total_damage: null };
  });
}

/** Pile entries are shared frozen objects: read them, never change them. */
function pileCards(cards: readonly CombatCard[]): Api.PileCard[] {
  return cards.map((card) => staticsOf(card.id, card.upgraded).pile as Api.PileCard);
}

function combatView(run: RunState, combat: CombatState): Api.CombatState {
  const engine = new Combat(run);
  const rules = engine.handRules();
  const living: number[] = [];
  for (let index = 0; index < combat.monsters.length; index++)
    if (combat.monsters[index]?.alive === true) living.push(index);
  let incoming = 0;
  for (const monster of combat.monsters) {
    if (monster.alive && monster.move.baseDamage !== null) {
      incoming += monsterAttackDamage(run, combat, monster, monster.move.baseDamage) * monster.move.hits;
    }
  }
  const player: Api.CombatPlayer = {
    current_hp: run.hp,
    max_hp: run.maxHp,
    block: combat.player.block,
    energy: combat.player.energy,
    powers: powersOf(combat.player.powers),
    cards_played_this_turn: combat.counters.cardsThisTurn ?? 0,
    attacks_played_this_turn: combat.counters.attacksThisTurn ?? 0,
    skills_played_this_turn: combat.counters.skillsThisTurn ?? 0,
  };
  if (run.ruleset === 'sts2') {
    player.stars = combat.player.stars;
    if (combat.summon !== null) {
      player.summons = [
        {
          summon_id: combat.summon.id,
          name: combat.summon.name,
          current_hp: combat.summon.hp,
          max_hp: combat.summon.maxHp,
          is_alive: combat.summon.hp > 0,
        },
      ];
    }
  }
  // The draw pile is shown sorted so its order (the future) stays hidden.
  player.draw_cards = sortedDrawPile(pileCards(combat.drawPile));
  player.discard_cards = pileCards(combat.discardPile);
  player.exhaust_cards = pileCards(combat.exhaustPile);
  return {
    player,
    hand: combat.hand.map((card, index) => handCard(run, combat, engine, card, index, living, rules)),
    enemies: combat.monsters.map((monster, index) => {
      // A half-dead monster (down, not gone) still shows the move it rises with.
      const moveId = monster.alive || monster.memory.down === 1 ? monster.move.id : null;
      const enemy: Api.Enemy = {
        index,
        enemy_id: monster.id,
        name: monster.name,
        current_hp: monster.hp,
        max_hp: monster.maxHp,
        block: monster.block,
        is_alive: monster.alive,
        is_hittable: monster.alive,
        powers: powersOf(monster.powers),
        intent: moveId,
        move_id: moveId,
        intents: intentsOf(run, combat, monster),
      };
      // Set after the literal, not spread into it: a spread builds every enemy on the slow path
      // (callgrind, 20 StS1 Silent bot runs: 20.50G instructions with the spread, 19.12G without).
      if (monster.memory.down === 1) enemy.is_half_dead = true;
      return enemy;
    }),
    end_turn_will_kill_player: incoming - combat.player.block >= run.hp,
  };
}

function potionsView(run: RunState): Api.Potion[] {
  const combat = run.screen === 'COMBAT' ? run.combat : null;
  const living: number[] = [];
  combat?.monsters.forEach((monster, index) => {
    if (monster.alive) living.push(index);
  });
  return run.potions.map((potionId, index) => {
    if (potionId === null) {
      return {
        index,
        potion_id: null,
        name: null,
        occupied: false,
        requires_target: false,
        valid_target_indices: [],
        can_use: false,
        can_discard: false,
      };
    }
    const definition = getPotion(potionId);
    const usable =
      potionId !== 'FAIRY_IN_A_BOTTLE' &&
      (combat !== null ? !combat.over && combat.selection === null : !definition.combatOnly);
    const requiresTarget = definition.target === 'AnyEnemy';
    return {
      index,
      potion_id: potionId,
      name: definition.name,
      description: definition.text,
      rarity: definition.rarity,
      occupied: true,
      usage: definition.combatOnly ? 'CombatOnly' : 'AnyTime',
      target_type: definition.target,
      requires_target: requiresTarget,
      target_index_space: requiresTarget ? 'enemies' : null,
      valid_target_indices: requiresTarget ? living : [],
      can_use: usable,
      can_discard: true,
    };
  });
}

// The deck view is rebuilt only when the deck changes (cards added, removed or upgraded).
const DECK_CACHE = new WeakMap<RunState, { signature: number; length: number; view: Api.DeckCard[] }>();

function enchantmentSignature(enchantment: CardEnchantment): number {
  let hash = enchantment.amount;
  for (let index = 0; index < enchantment.id.length; index++)
    hash = (Math.imul(hash, 31) + enchantment.id.charCodeAt(index)) | 0;
  return hash;
}

function deckView(run: RunState): Api.DeckCard[] {
  let signature = 17;
  for (const card of run.deck) {
    signature = (Math.imul(signature, 31) + card.uid * 2 + (card.upgraded ? 1 : 0)) | 0;
    // An enchantment put on a card, or its number growing (Goopy), changes the view too.
    if (card.enchantment !== undefined)
      signature = (Math.imul(signature, 31) + enchantmentSignature(card.enchantment)) | 0;
    if (card.bonus !== undefined) signature = (Math.imul(signature, 31) + card.bonus) | 0;
  }
  const cached = DECK_CACHE.get(run);
  if (cached !== undefined && cached.signature === signature && cached.length === run.deck.length)
    return cached.view;
  const view = run.deck.map(deckCard);
  DECK_CACHE.set(run, { signature, length: run.deck.length, view });
  return view;
}

// The draw pile's last entries and their sorted order: between two plays of a turn the pile is
// usually the same, and the sorted view depends only on its entries (shared objects per card).
let lastDrawEntries: readonly Api.PileCard[] = [];
let lastDrawSorted: readonly Api.PileCard[] = [];

/** The draw pile's entries sorted by card id (a new array; the sort reused when the pile is unchanged). */
function sortedDrawPile(entries: Api.PileCard[]): Api.PileCard[] {
  const last = lastDrawEntries;
  let same = last.length === entries.length;
  for (let index = 0; same && index < entries.length; index++) same = entries[index] === last[index];
  if (!same) {
    lastDrawEntries = entries.slice();
    lastDrawSorted = entries.sort(comparePileCards);
  }
  return lastDrawSorted.slice();
}

function comparePileCards(a: Api.PileCard, b: Api.PileCard): number {
  if (a.card_id !== b.card_id) return a.card_id < b.card_id ? -1 : 1;
  return (a.upgraded ? 1 : 0) - (b.upgraded ? 1 : 0);
}

// Like the deck, the relic list is rebuilt only when a relic or a counter changes.
// The ids and counters it was built from are kept and compared in place (no signature string per view).
const RELIC_CACHE = new WeakMap<RunState, { ids: string[]; counters: number[]; view: Api.Relic[] }>();

function sameRelics(run: RunState, ids: readonly string[], counters: readonly number[]): boolean {
  if (ids.length !== run.relics.length) return false;
  for (let index = 0; index < ids.length; index++) {
    const relic = run.relics[index];
    if (relic === undefined || relic.id !== ids[index] || relic.counter !== counters[index]) return false;
  }
  return true;
}

function relicsView(run: RunState): Api.Relic[] {
  const cached = RELIC_CACHE.get(run);
  if (cached !== undefined && sameRelics(run, cached.ids, cached.counters)) return cached.view;
  const view = run.relics.map((relic, index) => {
    const definition = getRelic(relic.id);
    return {
      index,
      relic_id: relic.id,
      name: definition.name,
      description: definition.text,
      counter: relic.counter >= 0 ? relic.counter : null,
      rarity: definition.rarity,
    };
  });
  RELIC_CACHE.set(run, {
    ids: run.relics.map((relic) => relic.id),
    counters: run.relics.map((relic) => relic.counter),
    view,
  });
  return view;
}

function runView(run: RunState): Api.RunState {
  const character = getCharacter(run.character);
  return {
    character_id: run.character,
    character_name: character?.name ?? run.character,
    floor: run.floor,
    act: run.act,
    ascension: 0,
    ascension_effects: [],
    current_hp: run.hp,
    max_hp: run.maxHp,
    gold: run.gold,
    max_energy: energyPerTurn(run),
    deck: deckView(run),
    relics: relicsView(run),
    potions: potionsView(run),
    boss_id: run.map.bossId,
  };
}

/** What a map view reads of the map's shape, which never changes once the map is made. */
interface MapLinks {
  /** Each node's parents, by `row * MAP_WIDTH + column`. */
  readonly parents: Map<number, Api.MapCoord[]>;
  /** Each node's children, by its position in `map.nodes`. */
  readonly children: Api.MapCoord[][];
  /** The top row, the boss's parents. */
  readonly bossParents: Api.MapCoord[];
}

// Made once per map (an act): the links lists are shared by every view of that map; read them, never change them.
const MAP_LINKS = new WeakMap<MapState, MapLinks>();

function mapLinks(map: MapState, boss: Api.MapCoord): MapLinks {
  const cached = MAP_LINKS.get(map);
  if (cached !== undefined) return cached;
  const parents = new Map<number, Api.MapCoord[]>();
  for (const node of map.nodes) {
    for (const column of node.children) {
      const key = (node.row + 1) * MAP_WIDTH + column;
      const list = parents.get(key) ?? [];
      list.push({ row: node.row, col: node.column });
      parents.set(key, list);
    }
  }
  const links: MapLinks = {
    parents,
    children: map.nodes.map((node) =>
      node.row === boss.row - 1
        ? [boss]
        : node.children.map((column) => ({ row: node.row + 1, col: column })),
    ),
    bossParents: map.nodes
      .filter((node) => node.row === boss.row - 1)
      .map((node) => ({ row: node.row, col: node.column })),
  };
  MAP_LINKS.set(map, links);
  return links;
}

const NO_PARENTS: Api.MapCoord[] = [];

function mapView(run: RunState): Api.MapState {
  const available = reachableNodes(run);
  const height = mapHeight(run.map);
  const atTop = available.length === 0 && (run.position?.row ?? -1) >= height - 1;
  const visited = new Set(run.path.map((node) => node.row * MAP_WIDTH + node.column));
  const availableKeys = new Set(available.map((node) => node.row * MAP_WIDTH + node.column));
  const boss: Api.MapCoord = { row: height, col: Math.floor(MAP_WIDTH / 2) };
  const links = mapLinks(run.map, boss);
  const parents = links.parents;
  const nodes: Api.MapNode[] = run.map.nodes.map((node, index) => {
    const key = node.row * MAP_WIDTH + node.column;
    const current =
      run.position !== null && run.position.row === node.row && run.position.column === node.column;
    return {
      row: node.row,
      col: node.column,
      node_type: NODE_TYPES[node.type],
      state: visited.has(key) ? 'visited' : availableKeys.has(key) ? 'available' : 'unvisited',
      visited: visited.has(key),
      is_current: current,
      is_available: availableKeys.has(key),
      is_start: node.row === 0,
      parents: parents.get(key) ?? NO_PARENTS,
      children: links.children[index] ?? NO_PARENTS,
    };
  });
  nodes.push({
    row: boss.row,
    col: boss.col,
    node_type: 'Boss',
    state: atTop ? 'available' : 'unvisited',
    visited: false,
    is_current: false,
    is_available: atTop,
    is_boss: true,
    parents: links.bossParents,
    children: [],
  });
  return {
    current_node: run.position === null ? null : { row: run.position.row, col: run.position.column },
    rows: height,
    cols: MAP_WIDTH,
    available_nodes: atTop
      ? [{ index: 0, row: boss.row, col: boss.col, node_type: 'Boss', state: 'available' }]
      : available.map((node, index) => ({
          index,
          row: node.row,
          col: node.column,
          node_type: NODE_TYPES[node.type],
          state: 'available',
        })),
    nodes,
    boss_node: boss,
    is_travel_enabled: true,
  };
}

function rewardItemView(item: RewardItem, index: number, slotFree: boolean): Api.RewardItem {
  switch (item.kind) {
    case 'gold':
      return { index, reward_type: 'Gold', description: `${item.amount} Gold`, claimable: true };
    case 'stolen_gold':
      return {
        index,
        reward_type: 'Gold',
        description: `${item.amount} Gold (stolen back)`,
        claimable: true,
      };
    case 'potion':
      return {
        index,
        reward_type: 'Potion',
        description: getPotion(item.potionId).name,
        claimable: slotFree,
      };
    case 'relic':
      return { index, reward_type: 'Relic', description: getRelic(item.relicId).name, claimable: true };
    default:
      return {
        index,
        reward_type: 'Card',
        description:
          item.pack === undefined
            ? 'Add a card to your deck'
            : `Add a pack of ${item.pack} cards to your deck (choosing a card takes its pack)`,
        claimable: true,
      };
  }
}

function rewardView(run: RunState): Api.RewardState | null {
  const reward = run.reward;
  if (reward === null) return null;
  const slotFree = run.potions.includes(null) && !hasRelic(run, 'SOZU');
  const rewards: Api.RewardItem[] = reward.items.map((item, index) => rewardItemView(item, index, slotFree));
  const open = reward.openCards === null ? undefined : reward.items[reward.openCards];
  return {
    pending_card_choice: open !== undefined,
    can_proceed: open === undefined,
    rewards,
    card_options: open?.kind === 'cards' ? open.cards.map(cardView) : [],
    alternatives: cardRewardAlternatives(run).map((alternative, index) => ({
      index,
      label: alternative.label,
    })),
  };
}

/** A fresh card view marked selectable (the fields a spread would add, in the same order). */
function selectable(view: Api.CardView): Api.SelectionCard {
  const card = view as Api.CardView & Record<string, unknown>;
  card.is_selectable = true;
  card.is_selected = false;
  return card as Api.SelectionCard;
}

function selectionView(run: RunState): Api.SelectionState | null {
  if (run.screen === 'COMBAT' && run.combat?.selection != null) {
    const selection = run.combat.selection;
    const pile =
      selection.source === 'hand'
        ? run.combat.hand
        : selection.source === 'discard'
          ? run.combat.discardPile
          : selection.source === 'draw'
            ? run.combat.drawPile
            : selection.source === 'generated'
              ? selection.generated
              : run.combat.exhaustPile;
    const cards = selection.options.map((uid, index) => {
      const card = pile.find((candidate) => candidate.uid === uid) ?? { uid, id: 'WOUND', upgraded: false };
      return selectable(cardView(card, index));
    });
    return {
      kind: 'combat_hand_select',
      prompt: selection.prompt,
      cards,
      min_select: selection.minimum,
      max_select: selection.count,
      selected_count: selection.chosen.length,
      requires_confirmation: selection.minimum < selection.count,
      can_confirm: selection.chosen.length >= selection.minimum,
    };
  }
  const selection = run.selection;
  if (selection === null || run.screen !== 'CARD_SELECTION') return null;
  const kinds = {
    upgrade: 'deck_upgrade_select',
    remove: 'deck_card_select',
    transform: 'deck_transform_select',
    duplicate: 'deck_card_select',
    enchant: 'deck_enchant_select',
  } as const;
  const prompts = {
    upgrade: 'Choose a card to upgrade.',
    remove: 'Choose a card to remove from your deck.',
    transform: 'Choose a card to transform.',
    duplicate: 'Choose a card to duplicate.',
    enchant: 'Choose a card to enchant.',
  } as const;
  const byUid = new Map<number, DeckCard>();
  for (const card of run.deck) if (!byUid.has(card.uid)) byUid.set(card.uid, card);
  return {
    kind: kinds[selection.purpose],
    prompt:
      selection.enchantWith === undefined
        ? prompts[selection.purpose]
        : `Choose a card to enchant with ${enchantmentLabel(findEnchantment(selection.enchantWith.id)?.name ?? selection.enchantWith.id, selection.enchantWith.amount)}.`,
    cards: selection.options.map((uid, index) => {
      const card = byUid.get(uid) ?? {
        uid,
        id: 'WOUND',
        upgraded: false,
      };
      // Fields added to the fresh view in the order a spread would give them (spreads are slow).
      const view = cardView(card, index) as Api.CardView & Record<string, unknown>;
      view.stable_id = String(uid);
      view.is_selectable = true;
      view.is_selected = false;
      view.upgrade_preview_description =
        selection.purpose === 'upgrade' ? staticsOf(card.id, true).text : null;
      return view as Api.SelectionCard;
    }),
    min_select: 1,
    max_select: 1,
    selected_count: 0,
    requires_confirmation: false,
    can_confirm: false,
  };
}

function chestView(run: RunState): Api.ChestState | null {
  if (run.bossRelic !== null) {
    return {
      is_opened: true,
      has_relic_been_claimed: false,
      relic_options: run.bossRelic.relicIds.map((relicId, index) => {
        const definition = getRelic(relicId);
        return {
          index,
          relic_id: relicId,
          name: definition.name,
          rarity: definition.rarity,
          description: definition.text,
        };
      }),
    };
  }
  const treasure = run.treasure;
  if (treasure === null) return null;
  const definition = treasure.relicId === '' ? null : getRelic(treasure.relicId);
  return {
    is_opened: treasure.opened,
    has_relic_been_claimed: treasure.claimed,
    relic_options:
      treasure.opened && !treasure.claimed && definition !== null
        ? [
            {
              index: 0,
              relic_id: definition.id,
              name: definition.name,
              rarity: definition.rarity,
              description: definition.text,
            },
          ]
        : [],
  };
}

function eventView(run: RunState): Api.EventState | null {
  const event = run.event;
  if (event === null || run.screen !== 'EVENT') return null;
  const definition = getEvent(event.eventId);
  if (event.done) {
    return {
      event_id: event.eventId,
      title: definition.name,
      description: 'The event is over.',
      is_finished: true,
      options: [
        { index: 0, title: 'Proceed', description: 'Return to the map.', is_locked: false, is_proceed: true },
      ],
    };
  }
  const page = definition.page(run, event.page, event.memory);
  return {
    event_id: event.eventId,
    title: definition.name,
    description: page.body,
    is_finished: false,
    options: page.options.map((option, index) => {
      const match = /^\[([^\]]+)\]\s*(.*)$/.exec(option.label);
      return {
        index,
        title: match?.[1] ?? option.label,
        description:
          (match?.[2] ?? '') +
          ((option.disabledReason ?? null) === null ? '' : ` (${option.disabledReason})`),
        is_locked: (option.disabledReason ?? null) !== null,
        is_proceed: false,
      };
    }),
  };
}

function shopView(run: RunState): Api.ShopState | null {
  const shop = run.shop;
  if (shop === null || (run.screen !== 'SHOP' && run.screen !== 'CARD_SELECTION')) return null;
  const slotFree = run.potions.includes(null) && !hasRelic(run, 'SOZU');
  return {
    is_open: true,
    can_open: false,
    can_close: false,
    cards: shop.cards.map((entry, index) => ({
      ...cardView(entry.card, index),
      price: entry.price,
      is_stocked: !entry.sold,
      enough_gold: !entry.sold && entry.price <= run.gold,
      category: getCard(entry.card.id).color === 'COLORLESS' ? 'colorless' : 'class',
    })),
    relics: shop.relics.map((entry, index) => {
      const definition = getRelic(entry.relicId);
      return {
        index,
        relic_id: entry.relicId,
        name: definition.name,
        description: definition.text,
        rarity: definition.rarity,
        price: entry.price,
        is_stocked: !entry.sold,
        enough_gold: !entry.sold && entry.price <= run.gold,
      };
    }),
    potions: shop.potions.map((entry, index) => {
      const definition = getPotion(entry.potionId);
      return {
        index,
        potion_id: entry.potionId,
        name: definition.name,
        description: definition.text,
        rarity: definition.rarity,
        usage: definition.combatOnly ? 'CombatOnly' : 'AnyTime',
        price: entry.price,
        is_stocked: !entry.sold,
        enough_gold: !entry.sold && entry.price <= run.gold && slotFree,
      };
    }),
    card_removal: {
      price: shop.removalPrice,
      available: !shop.removalUsed,
      used: shop.removalUsed,
      enough_gold: shop.removalPrice <= run.gold,
    },
  };
}

function restView(run: RunState): Api.RestState | null {
  if (run.screen !== 'REST') return null;
  return {
    options: restOptions(run).map((option, index) => ({
      index,
      option_id: option.id === 'rest' ? 'HEAL' : option.id.toUpperCase(),
      title: option.title,
      description: option.label,
      is_enabled: option.enabled && !run.restDone,
    })),
  };
}

/** The API view of a run: what `Game.state()` returns. */
export function toGameState(run: RunState): GameState {
  return withRuleset(run.ruleset, () => projectState(run));
}

function projectState(run: RunState): GameState {
  const combat =
    run.screen === 'COMBAT' || (run.screen === 'GAME_OVER' && run.combat !== null) ? run.combat : null;
  const names = legalActionNames(run);
  const bossEncounter = run.map.bossId === '' ? null : run.map.bossId;
  const state: GameState = {
    state_version: GAME_STATE_VERSION,
    run_id: run.seed,
    screen: run.screen,
    session: { mode: 'singleplayer', phase: 'run', control_scope: 'local_player' },
    in_combat: run.screen === 'COMBAT',
    turn: run.screen === 'COMBAT' ? (run.combat?.turn ?? null) : null,
    combat_type: run.screen === 'COMBAT' ? (run.combat?.kind ?? null) : null,
    boss_stage:
      run.screen === 'COMBAT' && run.combat?.kind === 'boss'
        ? run.act >= 3
          ? 'final_boss'
          : 'act_boss'
        : null,
    is_final_boss: run.screen === 'COMBAT' && run.combat?.kind === 'boss' && run.act >= 3,
    act: run.act,
    boss_encounter_id: bossEncounter,
    second_boss_encounter_id: null,
    available_actions: names,
    combat: combat === null || run.screen !== 'COMBAT' ? null : combatView(run, combat),
    run: runView(run),
    map: run.screen === 'MAP' ? mapView(run) : null,
    reward: run.screen === 'REWARD' ? rewardView(run) : null,
    selection: selectionView(run),
    cards_view: null,
    character_select: null,
    chest: run.screen === 'CHEST' ? chestView(run) : null,
    event: eventView(run),
    shop: run.screen === 'SHOP' ? shopView(run) : null,
    rest: restView(run),
    modal: null,
    game_over:
      run.result === null
        ? null
        : {
            is_victory: run.result.victory,
            floor: run.result.floor,
            character_id: run.character,
            can_continue: false,
            can_return_to_main_menu: false,
            showing_summary: true,
            phase: 'summary_ready',
            act: run.result.act,
            score: null,
          },
  };
  return state;
}

/** The encounter's display name, for logs. */
export function encounterName(id: string): string {
  return getEncounter(id).name;
}
