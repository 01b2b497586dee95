// Reward rolls with the original odds: card rarity (with the rarity offset), gold, potion drop
// chance, potion and relic rarity, and the relic pools without duplicates. Also the run's gains
// (gold, deck cards, potions): every source goes through them, so relics hear of each gain once.
import {
  cardPool,
  characterIds,
  colorlessPool,
  getCard,
  getRelic,
  potionsOfRarity,
  relicsOfRarity,
} from '../content/registry.js';
import type { RelicDefinition } from './definitions.js';
import { chance, nextFloat, nextInt, pick, pickWhere } from './random.js';
import type { CharacterId, DeckCard, RewardItem, RunState } from './run-state.js';

export type RewardSource = 'monster' | 'elite' | 'boss';

/** The player gains gold (every source goes through here, so relics hear of it once). */
export function gainGold(run: RunState, amount: number): void {
  if (amount <= 0) return;
  for (const relic of run.relics) if (getRelic(relic.id).preventsGoldGain === true) return;
  run.gold += amount;
  for (const relic of run.relics) getRelic(relic.id).onGoldGained?.(run, amount);
}

/** A card joins the master deck: every source but the starting deck goes through here. */
export function addCardToDeck(run: RunState, card: DeckCard): void {
  run.deck.push(card);
  for (const relic of run.relics) getRelic(relic.id).onCardAddedToDeck?.(run, card);
}

/** Puts a potion in the first free slot; false when none is free (or Sozu refuses potions). */
export function gainPotion(run: RunState, potionId: string): boolean {
  for (const relic of run.relics) if (relic.id === 'SOZU') return false;
  const slot = run.potions.indexOf(null);
  if (slot < 0) return false;
  run.potions[slot] = potionId;
  return true;
}

export function newCard(run: RunState, id: string, upgraded = false): DeckCard {
  const definition = getCard(id);
  const upgradable = definition.type !== 'Status' && definition.type !== 'Curse';
  return { uid: run.counters.nextUid++, id, upgraded: upgraded && upgradable };
}

/**
 * `pick` over the ids not in `taken` (undefined, and no draw, when none is left), without building
 * the filtered list: the same draw picks the same id.
 */
function pickExcept(run: RunState, ids: readonly string[], taken: readonly string[]): string | undefined {
  // The ids left: all of them less each copy of a taken id (the taken ids are distinct: each was
  // picked from the ids not taken). One compare per id and taken id, not a `taken.includes` per id.
  let count = ids.length;
  for (const id of taken) for (const candidate of ids) if (candidate === id) count--;
  if (count === 0) return undefined;
  let wanted = Math.floor(nextFloat(run.random, 'card') * count);
  // Nothing taken yet (each reward's first card): the draw indexes the ids directly.
  if (taken.length === 0) return ids[wanted];
  for (const id of ids) {
    if (isTaken(id, taken)) continue;
    if (wanted === 0) return id;
    wanted--;
  }
  return undefined;
}

/** `taken.includes(id)` as a loop: `taken` holds at most two ids, and a builtin call per id cost more. */
function isTaken(id: string, taken: readonly string[]): boolean {
  for (let index = 0; index < taken.length; index++) if (taken[index] === id) return true;
  return false;
}

/** Rolls a card rarity like the original (rare/uncommon thresholds plus the rarity offset). */
export function rollCardRarity(run: RunState, source: RewardSource): 'Common' | 'Uncommon' | 'Rare' {
  if (source === 'boss') return 'Rare';
  const rare = source === 'elite' ? 10 : 3;
  const uncommon = source === 'elite' ? 40 : 37;
  const roll = nextInt(run.random, 'card', 0, 99) + run.counters.cardRarityOffset;
  if (roll < rare) {
    run.counters.cardRarityOffset = 5;
    return 'Rare';
  }
  if (roll < rare + uncommon) return 'Uncommon';
  run.counters.cardRarityOffset = Math.max(-40, run.counters.cardRarityOffset - 1);
  return 'Common';
}

/**
 * Three distinct cards of the character's pool (with the colorless cards of the rarity when a relic
 * asks for them); later acts upgrade some non-rares.
 */
export function rollCardReward(run: RunState, source: RewardSource, count = 3): DeckCard[] {
  const chosen: string[] = [];
  const cards: DeckCard[] = [];
  const upgradeChance = run.act === 2 ? 0.25 : run.act >= 3 ? 0.5 : 0;
  // One pass over the relics for both flags (each relic is looked up once).
  let colorless = false;
  let everyCharacter = false;
  for (const relic of run.relics) {
    const definition = getRelic(relic.id);
    if (definition.colorlessCardRewards === true) colorless = true;
    if (definition.everyCharacterCardRewards === true) everyCharacter = true;
  }
  for (let slot = 0; slot < count; slot++) {
    const rarity = rollCardRarity(run, source);
    const pool = everyCharacter
      ? characterIds().flatMap((character) => cardPool(character as CharacterId, rarity))
      : cardPool(run.character, rarity);
    const id = pickExcept(
      run,
      colorless && rarity !== 'Common' ? [...pool, ...colorlessPool(rarity)] : pool,
      chosen,
    );
    if (id === undefined) continue;
    chosen.push(id);
    const upgraded = rarity !== 'Rare' && upgradeChance > 0 && chance(run.random, 'card', upgradeChance);
    cards.push(newCard(run, id, upgraded));
  }
  for (const relic of run.relics) getRelic(relic.id).onCardReward?.(run, cards);
  return cards;
}

export function rollColorless(run: RunState, rarity: 'Uncommon' | 'Rare'): DeckCard {
  return newCard(run, pick(run.random, 'card', colorlessPool(rarity)));
}

export function rollPotion(run: RunState): string {
  const roll = nextInt(run.random, 'potion', 0, 99);
  const rarity = roll < 65 ? 'Common' : roll < 90 ? 'Uncommon' : 'Rare';
  return pick(run.random, 'potion', potionsOfRarity(rarity)).id;
}

/** The merchant's relic tiers: 48% common, 34% uncommon, 18% rare (decompiled ShopScreen.rollRelicTier). */
export function rollShopRelicRarity(run: RunState): 'Common' | 'Uncommon' | 'Rare' {
  const roll = nextInt(run.random, 'treasure', 0, 99);
  return roll < 48 ? 'Common' : roll < 82 ? 'Uncommon' : 'Rare';
}

export function rollRelicRarity(run: RunState): 'Common' | 'Uncommon' | 'Rare' {
  const roll = nextInt(run.random, 'treasure', 0, 99);
  return roll < 50 ? 'Common' : roll < 83 ? 'Uncommon' : 'Rare';
}

/** A relic of the rarity not yet owned (falls back to other rarities, then to Circlet-like gold). */
export function rollRelic(
  run: RunState,
  rarity: 'Common' | 'Uncommon' | 'Rare' | 'Boss' | 'Shop',
  exclude: readonly string[] = [],
): string | null {
  // `pick` over each rarity's pool, without a Set of owned ids or a filtered list per rarity: the
  // relics of a rarity in content order are the ones the whole list's filter would keep, in order.
  for (const wanted of [rarity, 'Common', 'Uncommon', 'Rare'] as const) {
    const chosen = pickWhere(run.random, 'treasure', relicsOfRarity(wanted), (relic) =>
      relicFits(run, relic, exclude),
    );
    if (chosen !== undefined) return chosen.id;
  }
  return null;
}

/** Whether `rollRelic` may offer a relic of the rarity it rolls: not owned or excluded, the run's character's or shared. */
function relicFits(run: RunState, relic: RelicDefinition, exclude: readonly string[]): boolean {
  if (relic.character !== undefined && relic.character !== run.character) return false;
  for (const owned of run.relics) if (owned.id === relic.id) return false;
  return !exclude.includes(relic.id);
}

export function rollGold(run: RunState, source: RewardSource): number {
  const [min, max] = source === 'boss' ? [95, 105] : source === 'elite' ? [25, 35] : [10, 20];
  let gold = nextInt(run.random, 'treasure', min, max);
  if (run.relics.some((relic) => relic.id === 'GOLDEN_IDOL')) gold = Math.round(gold * 1.25);
  return gold;
}

/**
 * The potion roll of a won fight, bosses included (decompiled AbstractRoom.addPotionToRewards: a
 * MonsterRoomBoss is a MonsterRoom): a reward already holding 4 or more items gets none (chance 0;
 * the roll still happens and moves the odds, +10 on a miss, -10 on a drop).
 */
export function rollPotionReward(run: RunState, items: RewardItem[]): void {
  const potionChance = items.length >= 4 ? 0 : run.counters.potionChance;
  if (nextInt(run.random, 'potion', 0, 99) < potionChance) {
    run.counters.potionChance -= 10;
    items.push({ kind: 'potion', potionId: rollPotion(run) });
  } else {
    run.counters.potionChance += 10;
  }
}

/** The reward screen after a won combat; `extraCardRewards` more card choices (StS2's The Hunt). */
export function combatRewards(
  run: RunState,
  source: RewardSource,
  stolenGold: number,
  extraCardRewards = 0,
): RewardItem[] {
  const items: RewardItem[] = [{ kind: 'gold', amount: rollGold(run, source) }];
  if (stolenGold > 0) items.push({ kind: 'stolen_gold', amount: stolenGold });
  if (source === 'elite') {
    const relicId = rollRelic(run, rollRelicRarity(run));
    if (relicId !== null) items.push({ kind: 'relic', relicId });
  }
  rollPotionReward(run, items);
  items.push({ kind: 'cards', cards: rollCardReward(run, source) });
  for (let extra = 0; extra < extraCardRewards; extra++)
    items.push({ kind: 'cards', cards: rollCardReward(run, source) });
  for (const relic of run.relics) getRelic(relic.id).onCombatRewards?.(run, items, source);
  return items;
}
