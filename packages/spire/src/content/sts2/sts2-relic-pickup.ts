// What StS2 relics do to the run when obtained (and after): cards added, upgraded, removed or
// transformed, potions procured, deck choices and card rewards opened. Random picks use the run's
// event stream, like the events' own deck changes.

import { nextInt } from '../../engine/random.js';
import type {
  CardEnchantment,
  DeckCard,
  DeckSelection,
  RewardItem,
  RunState,
} from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { canEnchant, enchant } from './sts2-enchantments.js';
import { isEternal } from './sts2-eternal.js';

/** Adds `count` new copies of a card to the deck. */
export function addCardsToDeck(run: RunState, id: string, count: number, upgraded = false): void {
  for (let copy = 0; copy < count; copy++)
    runServices().addCardToDeck(run, runServices().newCard(run, id, upgraded));
}

/** Whether a deck card can be upgraded (not yet upgraded, not a Curse or Status). */
export function canUpgrade(card: DeckCard): boolean {
  const type = runServices().getCard(card.id).type;
  return !card.upgraded && type !== 'Curse' && type !== 'Status';
}

/** Up to `count` distinct random cards of `cards`, drawn from the event stream. */
export function randomCards(run: RunState, cards: readonly DeckCard[], count: number): DeckCard[] {
  const left = [...cards];
  const chosen: DeckCard[] = [];
  while (chosen.length < count && left.length > 0) {
    const [card] = left.splice(nextInt(run.random, 'event', 0, left.length - 1), 1);
    if (card !== undefined) chosen.push(card);
  }
  return chosen;
}

/** Upgrades up to `count` random upgradable cards of the deck. */
export function upgradeRandomCards(run: RunState, count: number): void {
  for (const card of randomCards(run, run.deck.filter(canUpgrade), count)) card.upgraded = true;
}

/** The deck cards that may be removed or transformed: all but the Eternal ones. */
export function removableCards(run: RunState): DeckCard[] {
  return run.deck.filter((card) => !isEternal(card, runServices().getCard(card.id)));
}

/** Replaces a deck card by a new card of `id` (a transform into a known card), keeping its upgrade. */
export function transformInto(run: RunState, card: DeckCard, id: string): void {
  const index = run.deck.indexOf(card);
  if (index < 0 || isEternal(card, runServices().getCard(card.id))) return;
  run.deck.splice(index, 1);
  runServices().addCardToDeck(run, runServices().newCard(run, id, card.upgraded));
}

export interface DeckChoiceOptions {
  /** Only these cards may be chosen. */
  readonly filter?: (card: DeckCard) => boolean;
  /** A transform into this card id rather than a random card. */
  readonly into?: string;
  /** The player may stop before `count` cards (the choice can be cancelled). */
  readonly upTo?: boolean;
  /** The cards a transform yields are Upgraded (Astrolabe). */
  readonly upgrade?: boolean;
  /** A random transform yields a card of the same cost (New Leaf, Astrolabe). */
  readonly sameCost?: boolean;
  /** A transform `into` keeps the old card's upgrade and enchantment (Claws). */
  readonly carryOver?: boolean;
  /** A removal hands the removed cards to this relic (Pael's Tooth). */
  readonly keepFor?: string;
}

/** Whether the run is on the map with nothing else pending: a pickup may open its own screen. */
function onFreeMap(run: RunState): boolean {
  return run.screen === 'MAP' && run.selection === null && run.reward === null;
}

/**
 * Opens `selection` now, back to `returnTo`; with no screen to go back to (undefined: a chest, a
 * reward, another choice is open) it waits in `pendingSelections` and opens on the way to the map.
 */
function openDeckChoice(
  run: RunState,
  selection: DeckSelection,
  returnTo: DeckSelection['returnTo'] | undefined,
): void {
  if (returnTo === undefined) {
    run.pendingSelections = [...(run.pendingSelections ?? []), { ...selection, returnTo: 'map' }];
    return;
  }
  run.selection = { ...selection, returnTo };
  run.screen = 'CARD_SELECTION';
}

/**
 * Lets the player choose `count` deck cards to remove, upgrade or transform (one after another), back
 * to the map afterwards. Off the map (a relic obtained mid-screen) the choice waits for the way back
 * to the map.
 */
export function chooseDeckCards(
  run: RunState,
  purpose: 'remove' | 'upgrade' | 'transform',
  count: number,
  options: DeckChoiceOptions = {},
): void {
  const filter = options.filter ?? (() => true);
  const candidates = (purpose === 'upgrade' ? run.deck.filter(canUpgrade) : removableCards(run)).filter(
    filter,
  );
  if (candidates.length === 0 || count <= 0) return;
  const selection: DeckSelection = {
    purpose,
    options: candidates.map((card) => card.uid),
    count,
    returnTo: 'map',
    cancellable: options.upTo === true,
    chosen: [],
    transformInto: options.into ?? null,
    ...(options.upgrade === true ? { upgradeTransformed: true } : {}),
    ...(options.sameCost === true ? { sameCost: true } : {}),
    ...(options.carryOver === true ? { carryOver: true } : {}),
    ...(options.keepFor !== undefined ? { keepFor: options.keepFor } : {}),
  };
  openDeckChoice(run, selection, onFreeMap(run) ? 'map' : undefined);
}

/** The deck cards `enchantment` may go on, of those `filter` allows. */
export function enchantableCards(
  run: RunState,
  enchantment: string,
  filter: (card: DeckCard) => boolean = () => true,
): DeckCard[] {
  return run.deck.filter(
    (card) => filter(card) && canEnchant(card, runServices().getCard(card.id).type, enchantment),
  );
}

/** Enchants every deck card `filter` allows that the enchantment may go on (Nutritious Soup's Strikes). */
export function enchantAll(
  run: RunState,
  enchantment: CardEnchantment,
  filter: (card: DeckCard) => boolean,
): void {
  for (const card of enchantableCards(run, enchantment.id, filter)) enchant(card, enchantment);
}

/**
 * The screen a deck choice opened now goes back to (the map, shop or event the relic was obtained on),
 * or undefined when another choice or reward is open.
 */
function choiceReturn(run: RunState): DeckSelection['returnTo'] | undefined {
  if (run.selection !== null || run.reward !== null) return undefined;
  return (
    { MAP: 'map', SHOP: 'shop', EVENT: 'event' } as const satisfies Partial<
      Record<RunState['screen'], DeckSelection['returnTo']>
    >
  )[run.screen as 'MAP' | 'SHOP' | 'EVENT'];
}

/**
 * Lets the player choose a deck card to add a copy of (Dolly's Mirror), back to the screen the relic
 * was obtained on; with another choice or reward open, the choice waits for the way back to the map.
 */
export function chooseCardToCopy(run: RunState): void {
  if (run.deck.length === 0) return;
  const selection: DeckSelection = {
    purpose: 'duplicate',
    options: run.deck.map((card) => card.uid),
    count: 1,
    returnTo: 'map',
    cancellable: false,
    chosen: [],
    transformInto: null,
  };
  openDeckChoice(run, selection, choiceReturn(run));
}

/**
 * Lets the player choose up to `count` deck cards to enchant, one after another, then back to the
 * screen the relic was obtained on (map, shop or event). With another choice or reward open, the
 * choice waits for the way back to the map.
 */
export function chooseCardsToEnchant(
  run: RunState,
  enchantment: CardEnchantment,
  count: number,
  filter: (card: DeckCard) => boolean = () => true,
): void {
  const candidates = enchantableCards(run, enchantment.id, filter);
  if (candidates.length === 0 || count <= 0) return;
  const selection: DeckSelection = {
    purpose: 'enchant',
    options: candidates.map((card) => card.uid),
    count,
    returnTo: 'map',
    cancellable: false,
    chosen: [],
    transformInto: null,
    enchantWith: { ...enchantment },
  };
  openDeckChoice(run, selection, choiceReturn(run));
}

/**
 * Shows a reward screen of `items`, back to the map (or to the shop, for a relic bought there)
 * afterwards. A relic taken from a reward screen (or one of several relics given at once, Neow's Bones)
 * adds its items to the reward screen already open. With another screen open (an event, a chest, a
 * deck choice) the items wait in `pendingRewards` for the engine to show once that screen is left.
 */
export function offerRewards(run: RunState, items: RewardItem[]): void {
  if (run.screen === 'REWARD' && run.reward !== null && run.selection === null) {
    run.reward.items.push(...items);
    return;
  }
  if (onFreeMap(run)) {
    run.reward = { items, openCards: null, afterBoss: false };
    run.screen = 'REWARD';
    return;
  }
  if (run.screen === 'SHOP' && run.shop !== null && run.selection === null && run.reward === null) {
    run.reward = { items, openCards: null, afterBoss: false, returnToShop: true };
    run.screen = 'REWARD';
    return;
  }
  run.pendingRewards = [...(run.pendingRewards ?? []), ...items];
}

/** Puts a potion into the first empty slot (none with Sozu or without a free slot). */
export function givePotion(run: RunState, potionId: string): void {
  if (run.relics.some((relic) => relic.id === 'SOZU')) return;
  const slot = run.potions.indexOf(null);
  if (slot >= 0) run.potions[slot] = potionId;
}

/** Procures `count` random potions by the usual rarity odds. */
export function procurePotions(run: RunState, count: number): void {
  for (let potion = 0; potion < count; potion++) givePotion(run, runServices().rollPotion(run));
}
