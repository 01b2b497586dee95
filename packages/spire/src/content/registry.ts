// Lookup tables over all content, by id, per ruleset. The engine reads content only through these
// functions. Two rulesets exist: `sts1` (Slay the Spire, the default of every run created without
// one) and `sts2` (Slay the Spire 2). The engine is synchronous, so the ruleset of the run being
// worked on is set for the duration of one engine call (`withRuleset`) and restored afterwards; an
// engine call never awaits, so two runs of different rulesets never see each other's content.
import type {
  CardDefinition,
  EncounterDefinition,
  EventDefinition,
  MonsterDefinition,
  PotionDefinition,
  PowerDefinition,
  RelicDefinition,
} from '../engine/definitions.js';
import type { CharacterId, Ruleset } from '../engine/run-state.js';
import {
  CARDS,
  RANDOM_CURSES,
  cardPool as sts1CardPool,
  colorlessPool as sts1ColorlessPool,
} from './cards/index.js';
import { CHARACTERS, type CharacterDefinition } from './characters.js';
import type { ContentSet } from './content-set.js';
import { ENCOUNTERS, encountersOf as sts1EncountersOf } from './encounters.js';
import { EVENTS } from './events.js';
import { MONSTERS } from './monsters/index.js';
import { POTIONS } from './potions.js';
import { POWERS } from './powers.js';
import { RELICS } from './relics.js';
import { createSts2Content } from './sts2/sts2-content.js';

export type { ContentSet, Ruleset };
/** The rulesets the engine can play. */
export const RULESETS: readonly Ruleset[] = ['sts1', 'sts2'];

interface IndexedContent {
  readonly set: ContentSet;
  readonly cards: Map<string, CardDefinition>;
  readonly relics: Map<string, RelicDefinition>;
  readonly potions: Map<string, PotionDefinition>;
  readonly powers: Map<string, PowerDefinition>;
  readonly monsters: Map<string, MonsterDefinition>;
  readonly encounters: Map<string, EncounterDefinition>;
  readonly events: Map<string, EventDefinition>;
  /** Lists derived from the content (encounters of an act, potions of a rarity), built once each. */
  readonly lists: Map<string, Map<string | number, readonly unknown[]>>;
  /** The two lists read every round or step, as fields: `listOf` finds a list with two Map lookups. */
  readonly turnBasedPowerIds: readonly string[];
  readonly costRelicIds: readonly string[];
  /** StS2: cards that react to another card being played from the Draw or Discard Pile (two in all). */
  readonly otherCardPlayedIds: readonly string[];
  readonly relicHooks: RelicHooks;
}

/**
 * Whether any relic of a ruleset has each of these hooks. They are read per hit, per Block gain or per
 * card moved, and most have no relic in StS1: the loop over the run's relics (a lookup per relic) is
 * left out then. One fixed layout for both rulesets.
 */
interface RelicHooks {
  readonly attackDamageBonus: boolean;
  readonly unblockedAttackDamage: boolean;
  readonly cardBlockBonus: boolean;
  readonly afterCardBlock: boolean;
  readonly strengthGainBonus: boolean;
  readonly onMonsterBlockBroken: boolean;
  readonly onMonsterDebuffed: boolean;
  readonly hpLossLimit: boolean;
  readonly onPlayerHpLoss: boolean;
  readonly onCardCreated: boolean;
  readonly onExhaust: boolean;
  readonly onCardDiscarded: boolean;
  readonly onSelectionResolved: boolean;
  readonly retainedBlock: boolean;
}

function relicHooksOf(relics: readonly RelicDefinition[]): RelicHooks {
  const has = (hook: keyof RelicHooks): boolean => relics.some((relic) => relic[hook] !== undefined);
  return {
    attackDamageBonus: has('attackDamageBonus'),
    unblockedAttackDamage: has('unblockedAttackDamage'),
    cardBlockBonus: has('cardBlockBonus'),
    afterCardBlock: has('afterCardBlock'),
    strengthGainBonus: has('strengthGainBonus'),
    onMonsterBlockBroken: has('onMonsterBlockBroken'),
    onMonsterDebuffed: has('onMonsterDebuffed'),
    hpLossLimit: has('hpLossLimit'),
    onPlayerHpLoss: has('onPlayerHpLoss'),
    onCardCreated: has('onCardCreated'),
    onExhaust: has('onExhaust'),
    onCardDiscarded: has('onCardDiscarded'),
    onSelectionResolved: has('onSelectionResolved'),
    retainedBlock: has('retainedBlock'),
  };
}

function index<T extends { readonly id: string }>(kind: string, items: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(item.id)) throw new Error(`duplicate ${kind} id ${item.id}`);
    map.set(item.id, item);
  }
  return map;
}

/**
 * Copies of `items` that all have one property layout: every key any of them has, in one order,
 * `undefined` where an item had none. Definitions are object literals with different optional
 * keys (StS1's cards had 44 layouts), so every read of a definition's field (`type`, `target`, a
 * hook) was a megamorphic lookup; with one layout per kind they are monomorphic. The values are the
 * same, so every rule reads the same thing.
 */
function uniformLayout<T extends object>(items: readonly T[]): T[] {
  const keys = keysOf(items);
  return items.map((item) => withKeys(item, keys));
}

/** Every key any of `items` has, in order of first appearance. */
function keysOf(items: readonly object[]): string[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const item of items)
    for (const key of Object.keys(item))
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
  return keys;
}

/**
 * A copy of `item` with exactly `keys`, in that order. Built by `Object.fromEntries`: adding 20-odd
 * properties one computed key at a time turns the object into a slow dictionary past 16 of them.
 */
function withKeys<T extends object>(item: T, keys: readonly string[]): T {
  return Object.fromEntries(keys.map((key) => [key, (item as Record<string, unknown>)[key]])) as T;
}

/** `uniformLayout` for monsters, their moves included (findMove and setMove read a move every turn). */
function uniformMonsters(monsters: readonly MonsterDefinition[]): MonsterDefinition[] {
  const moveKeys = keysOf(monsters.flatMap((monster) => monster.moves));
  return uniformLayout(
    monsters.map((monster) => ({ ...monster, moves: monster.moves.map((move) => withKeys(move, moveKeys)) })),
  );
}

function indexed(original: ContentSet): IndexedContent {
  const set: ContentSet = {
    ...original,
    cards: uniformLayout(original.cards),
    relics: uniformLayout(original.relics),
    monsters: uniformMonsters(original.monsters),
    events: uniformLayout(original.events),
  };
  return {
    set,
    cards: index('card', set.cards),
    relics: index('relic', set.relics),
    potions: index('potion', set.potions),
    powers: index('power', set.powers),
    monsters: index('monster', set.monsters),
    encounters: index('encounter', set.encounters),
    events: index('event', set.events),
    lists: new Map(),
    turnBasedPowerIds: set.powers.filter((power) => power.turnBased === true).map((power) => power.id),
    costRelicIds: set.relics
      .filter((relic) => relic.powerCostIncrease !== undefined || relic.freeCardOfTurn !== undefined)
      .map((relic) => relic.id),
    otherCardPlayedIds: set.cards
      .filter((card) => card.onOtherCardPlayed !== undefined)
      .map((card) => card.id),
    relicHooks: relicHooksOf(set.relics),
  };
}

const STS1: IndexedContent = indexed({
  ruleset: 'sts1',
  cards: CARDS,
  relics: RELICS,
  potions: POTIONS,
  powers: POWERS,
  monsters: MONSTERS,
  encounters: ENCOUNTERS,
  events: EVENTS,
  characters: CHARACTERS,
  cardPool: sts1CardPool,
  colorlessPool: sts1ColorlessPool,
  randomCurses: RANDOM_CURSES,
  encountersOf: sts1EncountersOf,
});

let sts2: IndexedContent | null = null;
let active: IndexedContent = STS1;

function contentOf(ruleset: Ruleset): IndexedContent {
  if (ruleset === 'sts1') return STS1;
  if (sts2 === null) sts2 = indexed(createSts2Content());
  return sts2;
}

/** Runs `body` with the content of `ruleset` (nested calls restore the outer ruleset). */
export function withRuleset<T>(ruleset: Ruleset | undefined, body: () => T): T {
  const wanted = contentOf(ruleset ?? 'sts1');
  if (wanted === active) return body();
  const previous = active;
  active = wanted;
  try {
    return body();
  } finally {
    active = previous;
  }
}

/** Whether `ruleset`'s content is the active one (callers skip the closure of `withRuleset` then). */
export function isActiveRuleset(ruleset: Ruleset | undefined): boolean {
  return contentOf(ruleset ?? 'sts1') === active;
}

/** The ruleset whose content the lookups below answer from right now. */
export function activeRuleset(): Ruleset {
  return active.set.ruleset;
}

/** The content of a ruleset, whatever ruleset is active. */
export function contentSet(ruleset: Ruleset): ContentSet {
  return contentOf(ruleset).set;
}

function lookup<T>(kind: string, map: Map<string, T>, id: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`unknown ${kind} id ${id} (ruleset ${active.set.ruleset})`);
  return found;
}

/** A card by id in the active ruleset; throws when unknown. */
export const getCard = (id: string): CardDefinition => lookup('card', active.cards, id);
/** A relic by id in the active ruleset; throws when unknown. */
export const getRelic = (id: string): RelicDefinition => lookup('relic', active.relics, id);
/** A potion by id in the active ruleset; throws when unknown. */
export const getPotion = (id: string): PotionDefinition => lookup('potion', active.potions, id);
/** A monster by id in the active ruleset; throws when unknown. */
export const getMonster = (id: string): MonsterDefinition => lookup('monster', active.monsters, id);
/** An encounter by id in the active ruleset; throws when unknown. */
export const getEncounter = (id: string): EncounterDefinition => lookup('encounter', active.encounters, id);
/** An event by id in the active ruleset; throws when unknown. */
export const getEvent = (id: string): EventDefinition => lookup('event', active.events, id);

/** Whether the active ruleset knows a card (relic, potion, monster) id. */
export const hasCard = (id: string): boolean => active.cards.has(id);
export const hasRelicDefinition = (id: string): boolean => active.relics.has(id);
export const hasPotion = (id: string): boolean => active.potions.has(id);
export const hasPower = (id: string): boolean => active.powers.has(id);
export const hasMonster = (id: string): boolean => active.monsters.has(id);

/** Unknown power ids (from content typos) fall back to a neutral buff so combat never crashes. */
export function getPower(id: string): PowerDefinition {
  return active.powers.get(id) ?? { id, name: id, debuff: false, text: '' };
}

export function getCharacter(id: string): CharacterDefinition | undefined {
  return active.set.characters[id];
}
export const characterIds = (): readonly string[] => Object.keys(active.set.characters);
export const cardPool = (character: CharacterId, rarity: 'Common' | 'Uncommon' | 'Rare'): readonly string[] =>
  active.set.cardPool(character, rarity);
/**
 * The ids of `cardPool(character, rarity)` of one card type, in pool order: the merchant filters a
 * pool by type for each of its cards, so the filtered lists are built once per ruleset.
 */
export const cardPoolOfType = (
  character: CharacterId,
  rarity: 'Common' | 'Uncommon' | 'Rare',
  type: CardDefinition['type'],
): readonly string[] =>
  // Grouped by the type (no other group is named Attack, Skill, Power...), keyed by character and rarity.
  listOf(type, `${character} ${rarity}`, () =>
    active.set.cardPool(character, rarity).filter((id) => getCard(id).type === type),
  );
export const colorlessPool = (rarity: 'Uncommon' | 'Rare'): readonly string[] =>
  listOf('colorless', rarity, () => active.set.colorlessPool(rarity));
export const randomCurses = (): readonly string[] => active.set.randomCurses;
export const encountersOf = (
  act: number,
  kind: EncounterDefinition['kind'],
): readonly EncounterDefinition[] =>
  // Grouped by the kind itself (weak, strong, elite, boss: no other group has those names).
  listOf(kind, act, () => active.set.encountersOf(act, kind));

/**
 * The ids of the active ruleset's turn-based powers (those `getPower` marks `turnBased`), in content
 * order: the end of a round visits these few instead of listing every power of every creature.
 */
export const turnBasedPowerIds = (): readonly string[] => active.turnBasedPowerIds;

/**
 * The ids of the active ruleset's relics that change card costs (`powerCostIncrease`, `freeCardOfTurn`):
 * the hand's rules, read at every step, look up only these (none in sts1).
 */
export const costRelicIds = (): readonly string[] => active.costRelicIds;
export const otherCardPlayedIds = (): readonly string[] => active.otherCardPlayedIds;

/** Whether some relic of the active ruleset has `hook` (when none has, a loop over the run's relics finds nothing). */
export const anyRelicHas = (hook: keyof RelicHooks): boolean => active.relicHooks[hook];

/** The relics of a rarity in the active ruleset, in content order (rolled at every chest, reward and shop). */
export const relicsOfRarity = (rarity: RelicDefinition['rarity']): readonly RelicDefinition[] =>
  listOf('relics', rarity, () => active.set.relics.filter((relic) => relic.rarity === rarity));
/** The potions of a rarity in the active ruleset, in content order. */
export const potionsOfRarity = (rarity: PotionDefinition['rarity']): readonly PotionDefinition[] =>
  listOf('potions', rarity, () => active.set.potions.filter((potion) => potion.rarity === rarity));

/**
 * A list derived from the active content, built on first use (content never changes). Found by a
 * group and a key rather than one joined string: a new string per call was built and hashed.
 */
function listOf<T>(group: string, key: string | number, build: () => readonly T[]): readonly T[] {
  let lists = active.lists.get(group);
  if (lists === undefined) {
    lists = new Map();
    active.lists.set(group, lists);
  }
  const cached = lists.get(key);
  if (cached !== undefined) return cached as readonly T[];
  const list = build();
  lists.set(key, list);
  return list;
}

/** Every card of the active ruleset. */
export const allCards = (): readonly CardDefinition[] => active.set.cards;
/** Every relic of the active ruleset. */
export const allRelics = (): readonly RelicDefinition[] => active.set.relics;
/** Every potion of the active ruleset. */
export const allPotions = (): readonly PotionDefinition[] => active.set.potions;
/** Every power of the active ruleset. */
export const allPowers = (): readonly PowerDefinition[] => active.set.powers;
/** Every monster of the active ruleset. */
export const allMonsters = (): readonly MonsterDefinition[] => active.set.monsters;
/** Every encounter of the active ruleset. */
export const allEncounters = (): readonly EncounterDefinition[] => active.set.encounters;
/** Every event of the active ruleset. */
export const allEvents = (): readonly EventDefinition[] => active.set.events;
