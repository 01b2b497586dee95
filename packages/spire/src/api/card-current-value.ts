/** The parts of a card view that carry its numbers: a real or simulated StS2 hand card, or an StS1 one. */
export interface CardNumbers {
  damage?: number | null;
  block?: number | null;
  dynamic_values?: ReadonlyArray<{ name?: string | null; current_value?: number | null }> | null;
}

/**
 * A card's number after the player's modifiers (Strength, Weak, Dexterity, Frail...), before the
 * target's. StS2 states keep the card's own number in `damage`/`block` and the modified one in
 * `dynamic_values` (`current_value` of `Damage`/`Block`); StS1 states have no `dynamic_values` and
 * keep the modified number in `damage`/`block`. Null when the card has no such number.
 */
export function cardCurrentValue(card: CardNumbers, name: 'Damage' | 'Block'): number | null {
  const values = card.dynamic_values;
  if (values !== undefined && values !== null) {
    for (const value of values)
      if (value.name === name && typeof value.current_value === 'number') return value.current_value;
  }
  const own = name === 'Damage' ? card.damage : card.block;
  return own ?? null;
}

/** The damage a hand card deals per hit before the target's modifiers (see cardCurrentValue). */
export function cardCurrentDamage(card: CardNumbers): number | null {
  return cardCurrentValue(card, 'Damage');
}

/** The Block a hand card gives after the player's modifiers (see cardCurrentValue). */
export function cardCurrentBlock(card: CardNumbers): number | null {
  return cardCurrentValue(card, 'Block');
}
