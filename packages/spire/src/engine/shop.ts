// The merchant: 5 class cards (2 Attacks, 2 Skills, 1 Power), 2 colorless, 3 relics, 3 potions
// and card removal, priced like the original (with its random variance and one card on sale).
import { cardPool, getCard, getPotion, getRelic } from '../content/registry.js';
import { nextFloat, nextInt, pick } from './random.js';
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
const POTION_PRICE = { Common: 50, Uncommon: 75, Rare: 100 } as const;

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
    const pool = cardPool(run.character, rarity).filter(
      (id) => getCard(id).type === type && !taken.includes(id),
    );
    if (pool.length > 0) {
      const id = pick(run.random, 'card', pool);
      taken.push(id);
      return newCard(run, id);
    }
  }
  return null;
}

export function createShop(run: RunState): ShopState {
  const taken: string[] = [];
  const cards: ShopState['cards'] = [];
  for (const type of ['Attack', 'Attack', 'Skill', 'Skill', 'Power'] as const) {
    const card = shopCardOfType(run, type, taken);
    if (card === null) continue;
    const rarity = getCard(card.id).rarity as 'Common' | 'Uncommon' | 'Rare';
    cards.push({ card, price: discount(run, vary(run, CARD_PRICE[rarity] ?? 75, 0.1)), sold: false });
  }
  const sale = nextInt(run.random, 'misc', 0, Math.max(0, cards.length - 1));
  const onSale = cards[sale];
  if (onSale !== undefined) onSale.price = Math.round(onSale.price / 2);
  for (const rarity of ['Uncommon', 'Rare'] as const) {
    const card = rollColorless(run, rarity);
    cards.push({
      card,
      price: discount(run, vary(run, Math.round(CARD_PRICE[rarity] * 1.2), 0.1)),
      sold: false,
    });
  }
  const relics: ShopState['relics'] = [];
  const exclude: string[] = [];
  for (const slot of [0, 1, 2]) {
    const rarity = slot === 2 ? 'Shop' : rollShopRelicRarity(run);
    const relicId = rollRelic(run, rarity, exclude);
    if (relicId === null) continue;
    exclude.push(relicId);
    const price = RELIC_PRICE[getRelic(relicId).rarity] ?? 250;
    relics.push({ relicId, price: discount(run, vary(run, price, 0.05)), sold: false });
  }
  const potions: ShopState['potions'] = [];
  for (let slot = 0; slot < 3; slot++) {
    const potionId = rollPotion(run);
    potions.push({
      potionId,
      price: discount(run, vary(run, POTION_PRICE[getPotion(potionId).rarity], 0.05)),
      sold: false,
    });
  }
  const removalPrice = run.relics.some((relic) => relic.id === 'SMILING_MASK')
    ? 50
    : discount(run, run.counters.removalPrice);
  return { cards, relics, potions, removalPrice, removalUsed: false };
}
