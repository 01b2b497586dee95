/**
 * Slay the Spire 1 ids (`Strike_R`, `Shrug It Off`, `PreservedInsect`, `JawWorm`, `Weakened`) become the
 * UPPER_SNAKE ids of the StS2 mod and spire's content (`STRIKE_IRONCLAD`, `SHRUG_IT_OFF`,
 * `PRESERVED_INSECT`, `JAW_WORM`, `WEAK_POWER`), so knowledge keyed by id works on both games.
 * Ids are used rather than names because names are localised.
 */

const CARD_IDS: Record<string, string> = {
  Strike_R: 'STRIKE_IRONCLAD',
  Defend_R: 'DEFEND_IRONCLAD',
  Strike_G: 'STRIKE_SILENT',
  Defend_G: 'DEFEND_SILENT',
  Strike_B: 'STRIKE_DEFECT',
  Defend_B: 'DEFEND_DEFECT',
  Strike_P: 'STRIKE_WATCHER',
  Defend_P: 'DEFEND_WATCHER',
};

/** Powers whose StS1 id differs from the StS2 / spire name beyond spelling. */
const POWER_IDS: Record<string, string> = {
  Weakened: 'WEAK',
  Lockon: 'LOCK_ON',
  'No Draw': 'NO_DRAW',
  NoBlockPower: 'NO_BLOCK',
};

/** `PreservedInsect` / `Shrug It Off` / `Wraith Form v2` -> `PRESERVED_INSECT` / `SHRUG_IT_OFF` / `WRAITH_FORM_V2`. */
export function toUpperSnake(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export function sts1CardId(id: string): string {
  return CARD_IDS[id] ?? toUpperSnake(id);
}

export function sts1PowerId(id: string): string {
  return `${POWER_IDS[id] ?? toUpperSnake(id)}_POWER`;
}

/** Relics, potions and monsters follow the plain rule. */
export function sts1Id(id: string): string {
  return toUpperSnake(id);
}
