/**
 * Actions in the shape of the StS2 agent mod's `POST /action` body: `{action, card_index?, target_index?,
 * option_index?}`. Which index an action needs:
 * - `card_index`: `play_card` (index into `combat.hand`);
 * - `target_index`: `play_card` / `use_potion` when the card or potion `requires_target` (index into `combat.enemies`);
 * - `option_index`: everything that picks from a list (potion slot, map node, reward, card option, rest,
 *   event, shop item, selection card, chest relic, character).
 */

/** Every action name spire knows, grouped by screen. Names are the mod's; never rename one. */
export const ACTION_NAMES = [
  // combat
  'play_card',
  'end_turn',
  'use_potion',
  'discard_potion',
  // map
  'choose_map_node',
  // rewards
  'claim_reward',
  'choose_reward_card',
  'skip_reward_cards',
  'choose_reward_alternative',
  'collect_rewards_and_proceed',
  'resolve_rewards',
  // AgenticSTS fork of the mod only (the StS2 bridge refuses them on the upstream mod)
  'sacrifice_reward_cards',
  // card selection (deck or hand) and card views
  'select_deck_card',
  'confirm_selection',
  'cancel_selection',
  'close_cards_view',
  // treasure
  'open_chest',
  'choose_treasure_relic',
  // event
  'choose_event_option',
  // rest site
  'choose_rest_option',
  // shop
  'open_shop_inventory',
  'close_shop_inventory',
  'buy_card',
  'buy_relic',
  'buy_potion',
  'remove_card_at_shop',
  // bundles
  'choose_bundle',
  'confirm_bundle',
  // crystal sphere mini-game
  'crystal_set_tool',
  'crystal_clear_cell',
  // any screen with a proceed / leave button
  'proceed',
  // menus, modals and the end of a run
  'continue_run',
  'abandon_run',
  'save_and_quit',
  'return_to_main_menu',
  'open_character_select',
  'select_character',
  'increase_ascension',
  'decrease_ascension',
  'embark',
  'continue_game_over',
  'confirm_modal',
  'dismiss_modal',
  'open_timeline',
  'choose_timeline_epoch',
  'confirm_timeline_overlay',
  'close_main_menu_submenu',
  'confirm_unlock',
  // AgenticSTS fork of the mod only (the StS2 bridge refuses them on the upstream mod)
  'close_pause_menu',
  'close_capstone_overlay',
] as const;

/** The name of an action spire can send. */
export type ActionName = (typeof ACTION_NAMES)[number];

const ACTION_NAME_SET: ReadonlySet<string> = new Set(ACTION_NAMES);

/** True when `name` is an action spire can send (the mod may list others, e.g. multiplayer ones). */
export function isActionName(name: string): name is ActionName {
  return ACTION_NAME_SET.has(name);
}

/** One action for `Game.act`. Unused indices are omitted (the mod also accepts null for them). */
export interface GameAction {
  action: ActionName;
  card_index?: number;
  target_index?: number;
  option_index?: number;
  /** Crystal sphere cell coordinates (`crystal_clear_cell`). */
  x?: number;
  y?: number;
  /** Crystal sphere tool (`crystal_set_tool`, `crystal_clear_cell`). */
  tool?: 'big' | 'small';
}

/** Actions whose call needs `option_index`. */
export const ACTIONS_WITH_OPTION_INDEX: ReadonlySet<ActionName> = new Set<ActionName>([
  'use_potion',
  'discard_potion',
  'choose_map_node',
  'claim_reward',
  'choose_reward_card',
  'choose_reward_alternative',
  'select_deck_card',
  'choose_treasure_relic',
  'choose_event_option',
  'choose_rest_option',
  'buy_card',
  'buy_relic',
  'buy_potion',
  'choose_bundle',
  'select_character',
  'choose_timeline_epoch',
]);

/** A readable one-line form of an action, for logs and traces: `play_card(card_index=0, target_index=1)`. */
export function formatGameAction(action: GameAction): string {
  const parts: string[] = [];
  for (const key of ['card_index', 'target_index', 'option_index', 'x', 'y', 'tool'] as const) {
    const value = action[key];
    if (value !== undefined) parts.push(`${key}=${value}`);
  }
  return `${action.action}(${parts.join(', ')})`;
}

/** What `POST /action` answers inside its envelope. */
export interface ActionResult {
  action: string;
  /** `completed`: `state` is stable; `pending`: the game is still animating; `failed`: it did not happen. */
  status: 'completed' | 'pending' | 'failed' | (string & {});
  stable: boolean;
  message?: string;
  state: unknown;
}

/** One entry of `GET /actions/available`. */
export interface ActionDescriptor {
  name: string;
  requires_target: boolean;
  requires_index: boolean;
  requires_coordinates?: boolean;
  requires_tool?: boolean;
}

/** The answer of `GET /actions/available`: the screen and the actions legal on it. */
export interface AvailableActions {
  screen: string;
  actions: ActionDescriptor[];
}
