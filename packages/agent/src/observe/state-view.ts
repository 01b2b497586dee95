import { parseStateView } from './state-view-schema.js';

/**
 * The fields of a Slay the Spire 2 agent-mod state (`GET /state`) that the renderer reads.
 * Everything is optional and read defensively: the same renderer serves the simulator's states,
 * real StS2 states (which carry many more fields) and partial states from older mod versions.
 */
export interface PowerView {
  power_id?: string | null;
  name?: string | null;
  amount?: number | null;
  description?: string | null;
  is_debuff?: boolean | null;
}

/** A card as the observation renderer reads it (every field optional: states from the mod vary). */
export interface CardView {
  index?: number;
  card_id?: string | null;
  name?: string | null;
  upgraded?: boolean | null;
  card_type?: string | null;
  rarity?: string | null;
  energy_cost?: number | null;
  star_cost?: number | null;
  costs_x?: boolean | null;
  playable?: boolean | null;
  unplayable_reason?: string | null;
  requires_target?: boolean | null;
  valid_target_indices?: number[] | null;
  rules_text?: string | null;
  resolved_rules_text?: string | null;
  description?: string | null;
  /** StS2: the card's own numbers (StS1's simulator view: after the player's modifiers). */
  damage?: number | null;
  block?: number | null;
  hits?: number | null;
  /** StS2: the card's numbers; `current_value` is after the player's modifiers. */
  dynamic_values?: Array<{ name?: string | null; current_value?: number | null }> | null;
}

/** An enemy intent as the observation renderer reads it. */
export interface IntentView {
  intent_type?: string | null;
  label?: string | null;
  damage?: number | null;
  hits?: number | null;
  total_damage?: number | null;
  status_card_count?: number | null;
}

/** An enemy as the observation renderer reads it. */
export interface EnemyView {
  index?: number;
  enemy_id?: string | null;
  name?: string | null;
  current_hp?: number | null;
  max_hp?: number | null;
  block?: number | null;
  is_alive?: boolean | null;
  is_hittable?: boolean | null;
  /** Down but not gone: it rises on its own turn (StS1's half-dead Awakened One or Darkling). */
  is_half_dead?: boolean | null;
  powers?: PowerView[] | null;
  intent?: string | null;
  move_id?: string | null;
  intents?: IntentView[] | null;
}

/** A potion as the observation renderer reads it. */
export interface PotionView {
  index?: number;
  potion_id?: string | null;
  name?: string | null;
  description?: string | null;
  occupied?: boolean | null;
  target_type?: string | null;
  requires_target?: boolean | null;
  valid_target_indices?: number[] | null;
  can_use?: boolean | null;
  can_discard?: boolean | null;
}

/** A relic as the observation renderer reads it. */
export interface RelicView {
  relic_id?: string | null;
  name?: string | null;
  description?: string | null;
  counter?: number | null;
}

/** The player in combat as the observation renderer reads it. */
export interface PlayerView {
  current_hp?: number | null;
  max_hp?: number | null;
  block?: number | null;
  energy?: number | null;
  max_energy?: number | null;
  stars?: number | null;
  focus?: number | null;
  powers?: PowerView[] | null;
  orbs?: Array<{ name?: string | null; orb_id?: string | null }> | null;
  draw_cards?: unknown[] | number | null;
  discard_cards?: unknown[] | number | null;
  exhaust_cards?: unknown[] | number | null;
  draw_pile_count?: number | null;
  discard_pile_count?: number | null;
  exhaust_pile_count?: number | null;
}

/** The combat part of a state as the observation renderer reads it. */
export interface CombatView {
  player?: PlayerView | null;
  hand?: CardView[] | null;
  enemies?: EnemyView[] | null;
  /** A choice in the middle of combat (e.g. pick a card to exhaust). */
  selection?: unknown;
}

/** The run part of a state as the observation renderer reads it. */
export interface RunView {
  character_id?: string | null;
  character_name?: string | null;
  floor?: number | null;
  act?: number | null;
  current_hp?: number | null;
  max_hp?: number | null;
  gold?: number | null;
  max_energy?: number | null;
  deck?: CardView[] | null;
  relics?: RelicView[] | null;
  potions?: PotionView[] | null;
  boss_id?: string | null;
  boss_name?: string | null;
}

/** Any API state: simulator or real game. Screens other than combat are read generically. */
export interface StateView {
  screen?: string | null;
  act?: number | null;
  floor?: number | null;
  turn?: number | null;
  combat_type?: string | null;
  boss_encounter_id?: string | null;
  available_actions?: string[] | null;
  combat?: CombatView | null;
  run?: RunView | null;
  map?: unknown;
  reward?: unknown;
  shop?: unknown;
  rest?: unknown;
  event?: unknown;
  selection?: unknown;
  chest?: unknown;
  game_over?: unknown;
  [key: string]: unknown;
}

/** An action as sent to the game (`POST /action`). */
export interface ActionView {
  action: string;
  card_index?: number;
  target_index?: number;
  option_index?: number;
}

/**
 * States already checked: the renderer, the action lister and describeAction each read the same state
 * many times per decision, and a WeakSet keeps the check to once per state object.
 */
const checked = new WeakSet<object>();

/**
 * The state as the renderer reads it; a non-object reads as an empty state. Throws
 * `SpireError('STATE_MALFORMED')` naming the field when a field the renderer reads has the wrong type.
 */
export function asStateView(state: unknown): StateView {
  if (typeof state !== 'object' || state === null) return {};
  if (!checked.has(state)) {
    parseStateView(state);
    checked.add(state);
  }
  return state as StateView;
}
