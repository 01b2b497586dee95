// The merchant: 5 class cards (2 Attacks, 2 Skills, 1 Power), 2 colorless, 3 relics, 3 potions
// and card removal, priced like the original (with its random variance and one card on sale).
import { cardPoolOfType, getCard, getPotion, getRelic } from '../content/registry.js';
import { nextFloat, nextInt, pickWhere } from './random.js';
import { newCard, rollColorless, rollPotion, rollRelic, rollShopRelicRarity } from './rewards.js';
import type { DeckCard, RunState, ShopState } from './run-state.js';

const CARD_PRICE = { Common: 50, Uncommon: 75, Rare: 150 } as const;
const RELIC_PRICE = {
  Common: 150,
  Uncommon: 250,
  Rare: 300,
  Shop: 150,
  Boss: 300,
  Starter: 300,
  Special: 300,
} as const;
// Special potions are never rolled into a shop; priced as Rare should one be given a price.
const POTION_PRICE = { Common: 50, Uncommon: 75, Rare: 100, Special: 100 } as const;

function vary(run: RunState, price: number, spread: number): number {
  return Math.round(price * (1 - spread + nextFloat(run.random, 'misc') * spread * 2));
}

function discount(run: RunState, price: number): number {
  let discounted = run.relics.some((relic) => relic.id === 'MEMBERSHIP_CARD') ? Math.round(price / 2) : price;
  for (const relic of run.relics) {
    const percent = getRelic(relic.id).shopDiscount;
    if (percent !== undefined) discounted = Math.round((discounted * (100 - percent)) / 100);
  }
  return discounted;
}

function shopCardOfType(run: RunState, type: 'Attack' | 'Skill' | 'Power', taken: string[]): DeckCard | null {
  // The card rewards' rarity offset shifts the merchant's roll too (decompiled rollRarity adds
  // cardBlizzRandomizer to every roll); the merchant's roll does not move the offset.
  const roll = nextInt(run.random, 'card', 0, 99) + run.counters.cardRarityOffset;
  const rarities =
    roll < 9
      ? (['Rare', 'Uncommon', 'Common'] as const)
      : roll < 46
        ? (['Uncommon', 'Common', 'Rare'] as const)
        : (['Common', 'Uncommon', 'Rare'] as const);
  for (const rarity of rarities) {
    // `pick` over the pool's cards of the type not taken yet (no draw when none is left).
    const id = pickWhere(
      run.random,
      'card',
      cardPoolOfType(run.character, rarity, type),
      (card) => !taken.includes(card),
    );
    if (id !== undefined) {
      taken.push(id);
      return newCard(run, id);
    }
  }
  return null;
}

function classCardPrice(run: RunState, card: DeckCard): number {
  const rarity = getCard(card.id).rarity as 'Common' | 'Uncommon' | 'Rare';
  return discount(run, vary(run, CARD_PRICE[rarity] ?? 75, 0.1));
}

function colorlessCardPrice(run: RunState, rarity: 'Uncommon' | 'Rare'): number {
  return discount(run, vary(run, Math.round(CARD_PRICE[rarity] * 1.2), 0.1));
}

function relicPrice(run: RunState, relicId: string): number {
  return discount(run, vary(run, RELIC_PRICE[getRelic(relicId).rarity] ?? 250, 0.05));
}

function potionPrice(run: RunState, potionId: string): number {
  return discount(run, vary(run, POTION_PRICE[getPotion(potionId).rarity], 0.05));
}

export function createShop(run: RunState): ShopState {
  const taken: string[] = [];
  const cards: ShopState['cards'] = [];
  for (const type of ['Attack', 'Attack', 'Skill', 'Skill', 'Power'] as const) {
    const card = shopCardOfType(run, type, taken);
    if (card === null) continue;
    cards.push({ card, price: classCardPrice(run, card), sold: false });
  }
  const sale = nextInt(run.random, 'misc', 0, Math.max(0, cards.length - 1));
  const onSale = cards[sale];
  if (onSale !== undefined) onSale.price = Math.round(onSale.price / 2);
  for (const rarity of ['Uncommon', 'Rare'] as const) {
    const card = rollColorless(run, rarity);
    cards.push({ card, price: colorlessCardPrice(run, rarity), sold: false });
  }
  const relics: ShopState['relics'] = [];
  const exclude: string[] = [];
  for (const slot of [0, 1, 2]) {
    const rarity = slot === 2 ? 'Shop' : rollShopRelicRarity(run);
    const relicId = rollRelic(run, rarity, exclude);
    if (relicId === null) continue;
    exclude.push(relicId);
    relics.push({ relicId, price: relicPrice(run, relicId), sold: false });
  }
  const potions: ShopState['potions'] = [];
  for (let slot = 0; slot < 3; slot++) {
    const potionId = rollPotion(run);
    potions.push({ potionId, price: potionPrice(run, potionId), sold: false });
  }
  const removalPrice = run.relics.some((relic) => relic.id === 'SMILING_MASK')
    ? 50
    : discount(run, run.counters.removalPrice);
  return { cards, relics, potions, removalPrice, removalUsed: false };
}

/**
 * With a relic that restocks the merchant (The Courier), a bought item is replaced by a new one of
 * its kind: a card of the same type (a colorless card of the same rarity), a relic of a new roll (a
 * Shop relic for a Shop relic), a potion. Nothing without such a relic.
 */
export function restockShop(run: RunState, kind: 'card' | 'relic' | 'potion', index: number): void {
  const shop = run.shop;
  if (shop === null || !run.relics.some((relic) => getRelic(relic.id).restocksShop === true)) return;
  if (kind === 'card') {
    const sold = shop.cards[index];
    if (sold === undefined) return;
    const definition = getCard(sold.card.id);
    if (definition.color === 'COLORLESS') {
      const rarity = definition.rarity === 'Rare' ? 'Rare' : 'Uncommon';
      const card = rollColorless(run, rarity);
      shop.cards[index] = { card, price: colorlessCardPrice(run, rarity), sold: false };
      return;
    }
    const type = definition.type;
    if (type !== 'Attack' && type !== 'Skill' && type !== 'Power') return;
    const card = shopCardOfType(
      run,
      type,
      shop.cards.map((entry) => entry.card.id),
    );
    if (card !== null) shop.cards[index] = { card, price: classCardPrice(run, card), sold: false };
    return;
  }
  if (kind === 'relic') {
    const sold = shop.relics[index];
    if (sold === undefined) return;
    const rarity = getRelic(sold.relicId).rarity === 'Shop' ? 'Shop' : rollShopRelicRarity(run);
    const relicId = rollRelic(
      run,
      rarity,
      shop.relics.map((entry) => entry.relicId),
    );
    if (relicId !== null) shop.relics[index] = { relicId, price: relicPrice(run, relicId), sold: false };
    return;
  }
  const potionId = rollPotion(run);
  shop.potions[index] = { potionId, price: potionPrice(run, potionId), sold: false };
}
