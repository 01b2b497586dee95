// What StS2 events share: the Leave option, random upgrades and relics, card offers drawn from the
// character's pool, and the card tests conditions use. Randomness goes through the event context's
// stream, so an event replays the same for the same seed. Facts (names, types, rarities) come from
// the fact tables and pools and rolls from the event context, so events never import the registry
// that imports them.
import type { CardType, EventContext, EventOption } from '../../../engine/definitions.js';
import type { DeckCard, RewardItem, RunState } from '../../../engine/run-state.js';
import { STS2_CARD_FACTS } from '../data/sts2-card-facts.js';
import { STS2_POTION_FACTS } from '../data/sts2-potion-facts.js';
import { STS2_RELIC_FACTS } from '../data/sts2-relic-facts.js';
import { canEnchant } from '../sts2-enchantments.js';
import { MAD_SCIENCE_FACTS } from '../sts2-mad-science.js';

export const LEAVE: EventOption = { label: '[Leave] Nothing happens.' };

// Names come from the fact tables, not the registry: event texts are built while the content set
// is, before the StS2 lookups answer.
function nameIn(table: readonly { readonly id: string; readonly name: string }[], id: string): string {
  const found = table.find((entry) => entry.id === id);
  if (found === undefined) throw new Error(`StS2 event content names an unknown id ${id}`);
  return found.name;
}

/** The export's cards and the Mad Science cards Tinker Time builds (a deck may hold one). */
const ALL_CARD_FACTS = [...STS2_CARD_FACTS, ...MAD_SCIENCE_FACTS];

export function cardName(id: string): string {
  return nameIn(ALL_CARD_FACTS, id);
}

export function relicName(id: string): string {
  return nameIn(STS2_RELIC_FACTS, id);
}

export function potionName(id: string): string {
  return nameIn(STS2_POTION_FACTS, id);
}

const CARDS = new Map(ALL_CARD_FACTS.map((facts) => [facts.id, facts]));

/** A card's type (Attack, Skill, Power, Status, Curse) from the facts. */
export function cardType(id: string): string {
  return CARDS.get(id)?.type ?? 'Skill';
}

export function cardRarity(id: string): string {
  return CARDS.get(id)?.rarity ?? 'Token';
}

export function potionRarity(id: string): string {
  return STS2_POTION_FACTS.find((facts) => facts.id === id)?.rarity ?? 'Common';
}

export function relicRarity(id: string): string {
  return STS2_RELIC_FACTS.find((facts) => facts.id === id)?.rarity ?? 'Common';
}

/** A card the deck could have upgraded (not upgraded yet, not a Curse or Status). */
export function isUpgradable(card: DeckCard): boolean {
  const type = cardType(card.id);
  return !card.upgraded && type !== 'Curse' && type !== 'Status';
}

export function isBasic(card: DeckCard): boolean {
  return cardRarity(card.id) === 'Basic';
}

/** A basic Strike or Defend (the game tags them; their ids start so in the export). */
export function isBasicStrike(card: DeckCard): boolean {
  return isBasic(card) && card.id.startsWith('STRIKE_');
}

export function isBasicDefend(card: DeckCard): boolean {
  return isBasic(card) && card.id.startsWith('DEFEND_');
}

/** Picks up to `count` distinct items at random from the event stream. */
export function pickDistinct<T>(x: EventContext, items: readonly T[], count: number): T[] {
  const left = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && left.length > 0) {
    const index = x.randomInt(0, left.length - 1);
    chosen.push(left[index] as T);
    left.splice(index, 1);
  }
  return chosen;
}

/** Upgrades up to `count` random upgradable deck cards; returns how many were upgraded. */
export function upgradeRandomCards(x: EventContext, count: number): number {
  const chosen = pickDistinct(x, x.run.deck.filter(isUpgradable), count);
  for (const card of chosen) card.upgraded = true;
  return chosen.length;
}

/** Downgrades up to `count` random upgraded deck cards. */
export function downgradeRandomCards(x: EventContext, count: number): number {
  const chosen = pickDistinct(
    x,
    x.run.deck.filter((card) => card.upgraded),
    count,
  );
  for (const card of chosen) card.upgraded = false;
  return chosen.length;
}

/** A relic from the relic pool by the usual rarity odds (the next relic an elite would give). */
export function obtainRandomRelic(x: EventContext): void {
  const id = x.rollRelic(null);
  if (id !== null) x.addRelic(id);
}

/** The character's cards of the given rarities (Common, Uncommon, Rare by default) that pass `filter`. */
export function characterCards(
  x: EventContext,
  filter: (id: string) => boolean = () => true,
  rarities: readonly ('Common' | 'Uncommon' | 'Rare')[] = ['Common', 'Uncommon', 'Rare'],
): string[] {
  return rarities.flatMap((rarity) => x.cardPool(rarity)).filter(filter);
}

/** A card reward item of these card ids (the player takes one of them or skips). */
export function cardChoice(x: EventContext, ids: readonly string[], upgraded = false): RewardItem {
  return { kind: 'cards', cards: ids.map((id) => x.newCard(id, upgraded)) };
}

/** A random potion of a rarity (any rarity by the usual odds when null). */
export function randomPotion(x: EventContext, rarity: 'Common' | 'Uncommon' | 'Rare' | null): string {
  return x.rollPotion(rarity);
}

export function potionCount(run: RunState): number {
  return run.potions.filter((potion) => potion !== null).length;
}

/** Removes the potion in a random filled slot; returns its id. */
export function loseRandomPotion(x: EventContext): string | null {
  const filled = x.run.potions.flatMap((potion, slot) => (potion === null ? [] : [slot]));
  if (filled.length === 0) return null;
  const slot = filled[x.randomInt(0, filled.length - 1)] as number;
  const id = x.run.potions[slot] ?? null;
  x.run.potions[slot] = null;
  return id;
}

/** Relics the player may trade away (not the starter relic). */
export function tradableRelics(run: RunState): string[] {
  return run.relics.map((relic) => relic.id).filter((id) => relicRarity(id) !== 'Starter');
}

export function removeRelic(run: RunState, id: string): void {
  const index = run.relics.findIndex((relic) => relic.id === id);
  if (index >= 0) run.relics.splice(index, 1);
}

/** An option the player cannot take now, with the reason shown beside it. */
export function locked(label: string, reason: string | null): EventOption {
  return { label, disabledReason: reason };
}

/** "Requires N Gold." when the player has less. */
export function needsGold(run: RunState, amount: number): string | null {
  return run.gold < amount ? `Requires ${amount} Gold.` : null;
}

/**
 * An option that enchants a deck card: locked when no card of the deck can take the enchantment (of
 * those `filter` allows).
 */
export function enchantOption(
  run: RunState,
  label: string,
  enchantment: string,
  filter: (card: DeckCard) => boolean = () => true,
): EventOption {
  const fits = run.deck.some(
    (card) => filter(card) && canEnchant(card, cardType(card.id) as CardType, enchantment),
  );
  return { label, disabledReason: fits ? null : 'No card in your deck can take this enchantment.' };
}

/** A card's base energy cost (-1 X, -2 unplayable). */
export function baseCost(id: string): number {
  const facts = CARDS.get(id);
  if (facts === undefined || facts.keywords.includes('Unplayable')) return -2;
  return facts.cost;
}

/** Whether a deck card Exhausts when played. */
export function exhausts(card: DeckCard): boolean {
  const facts = CARDS.get(card.id);
  if (facts === undefined) return false;
  const change = facts.upgradeKeywords.Exhaust;
  if (card.upgraded && change !== undefined) return change === 'add';
  return facts.keywords.includes('Exhaust');
}
