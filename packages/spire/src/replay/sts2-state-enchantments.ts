// Where a real StS2 state shows a card's enchantment, for fromSts2State. The real game's state names
// enchantments on deck cards only (`enchantment_id`, and `enchanted_value` in the card's numbers); its
// hand cards name none, yet their numbers show one that changes them (Sharp 2 on Astral Pulse: Damage
// base 14, enchanted 16). Spire's own view names the enchantment of a hand card too (`enchantment_id`).
// The piles (when a state shows them) name none: they get the deck's enchantments the hand did not take.
import type * as Api from '../api/game-state.js';
import type { CardEnchantment, CombatCard, DeckCard } from '../engine/run-state.js';

/** How much the enchantment changes the card's first changed number (Sharp 2: 14 -> 16), or null. */
export function shownEnchantmentChange(entry: Api.CardView): number | null {
  for (const value of entry.dynamic_values ?? []) {
    const enchanted = value.enchanted_value;
    if (typeof enchanted === 'number' && enchanted !== value.base_value) return enchanted - value.base_value;
  }
  return null;
}

/** Whether the card's numbers are shown with their enchanted values, all unchanged. */
function shownUnchanged(entry: Api.CardView): boolean {
  const values = entry.dynamic_values ?? [];
  return (
    values.length > 0 &&
    values.every((value) => typeof value.enchanted_value === 'number') &&
    shownEnchantmentChange(entry) === null
  );
}

/**
 * A deck card's enchantment as the state shows it: the id, and as its number the amount it adds to
 * the card's first changed value, else 1.
 */
export function deckEnchantment(entry: Api.DeckCard): CardEnchantment | null {
  const id = entry.enchantment_id;
  if (id === null || id === undefined || id === '') return null;
  return { id, amount: shownEnchantmentChange(entry) ?? 1 };
}

/** What the state shows of a hand card's enchantment. */
export type ShownHandEnchantment =
  /** The card carries this enchantment. */
  | { readonly enchantment: CardEnchantment }
  /** Its numbers show no enchantment where the deck's same card shows one: the card has none. */
  | { readonly plain: true }
  /** The state does not tell. */
  | null;

/** The deck's enchanted card of the same id and upgrade, if any. */
function enchantedDeckCard(deck: readonly DeckCard[], id: string, upgraded: boolean): DeckCard | undefined {
  return deck.find((card) => card.enchantment !== undefined && card.id === id && card.upgraded === upgraded);
}

/**
 * A hand card's enchantment: named on it (spire's view), or seen in its numbers and named by the
 * deck's same card (the real game's hand). `notes` gets why a shown change could not be named.
 */
export function handEnchantment(
  entry: Api.HandCard,
  deck: readonly DeckCard[],
  deckEntries: readonly Api.DeckCard[],
  notes: string[],
): ShownHandEnchantment {
  const change = shownEnchantmentChange(entry);
  const deckCard = enchantedDeckCard(deck, entry.card_id, entry.upgraded);
  const id = entry.enchantment_id;
  if (id !== null && id !== undefined && id !== '') {
    const amount = change ?? sameAmount(deck, id, entry);
    if (amount === undefined)
      notes.push(`${id} on ${entry.card_id} in the hand shows no number: its amount is taken as 1.`);
    return { enchantment: { id, amount: amount ?? 1 } };
  }
  if (change !== null) {
    if (deckCard?.enchantment !== undefined)
      return { enchantment: { id: deckCard.enchantment.id, amount: change } };
    notes.push(
      `${entry.card_id} in the hand shows an enchanted number, but no deck card names its enchantment: it is loaded without one.`,
    );
    return null;
  }
  // The deck's same card shows its enchantment in its numbers and this one shows none: it has none.
  const deckEntry = deckEntries.find(
    (card) =>
      card.card_id === entry.card_id &&
      card.upgraded === entry.upgraded &&
      deckEnchantment(card) !== null &&
      shownEnchantmentChange(card) !== null,
  );
  if (deckEntry !== undefined && shownUnchanged(entry)) return { plain: true };
  return null;
}

/** The amount of the deck's same card with the same enchantment (the hand named only the id). */
function sameAmount(deck: readonly DeckCard[], id: string, entry: Api.HandCard): number | undefined {
  return deck.find(
    (card) => card.enchantment?.id === id && card.id === entry.card_id && card.upgraded === entry.upgraded,
  )?.enchantment?.amount;
}

/**
 * The deck's enchantments that no hand card took go to one combat card each of the same id and
 * upgrade: in the hand where the state does not tell (`open`), then the draw, discard and exhaust piles.
 */
export function enchantCombatCards(
  deck: readonly DeckCard[],
  hand: readonly CombatCard[],
  open: ReadonlySet<CombatCard>,
  piles: readonly CombatCard[][],
): void {
  const taken = new Set<CombatCard>();
  for (const deckCard of deck) {
    const enchantment = deckCard.enchantment;
    if (enchantment === undefined) continue;
    const same = (card: CombatCard): boolean =>
      !taken.has(card) && card.id === deckCard.id && card.upgraded === deckCard.upgraded;
    // A hand card the state gave this enchantment stands for this deck card.
    const shown = hand.find((card) => same(card) && card.enchantment?.id === enchantment.id);
    if (shown !== undefined) {
      taken.add(shown);
      continue;
    }
    const candidates = [hand.filter((card) => open.has(card)), ...piles];
    search: for (const pile of candidates)
      for (const combatCard of pile)
        if (combatCard.enchantment === undefined && same(combatCard)) {
          combatCard.enchantment = { ...enchantment };
          taken.add(combatCard);
          break search;
        }
  }
}
