import { listCombatActions } from './list-combat-actions.js';
import { type ActionView, asStateView } from './state-view.js';

type Item = Record<string, unknown>;

function items(value: unknown, key: string): Item[] {
  const list = typeof value === 'object' && value !== null ? (value as Item)[key] : undefined;
  return Array.isArray(list)
    ? list.filter((item): item is Item => typeof item === 'object' && item !== null)
    : [];
}

function indexOf(item: Item, position: number): number {
  return typeof item.index === 'number' ? item.index : position;
}

/**
 * Every legal action of an API state, read from the state itself: what `available_actions` names,
 * with the indices its screen payload offers (playable cards, reachable nodes, affordable items...).
 * For games that do not list full actions (the StS2 mod); the simulator lists its own.
 * `save_and_quit` and menu actions are never offered to an agent.
 */
export function listLegalActions(gameState: unknown): ActionView[] {
  const state = asStateView(gameState);
  const available = new Set(state.available_actions ?? []);
  const actions: ActionView[] = [];
  const add = (action: string, option?: number) => {
    if (!available.has(action)) return;
    actions.push(option === undefined ? { action } : { action, option_index: option });
  };
  const selection = state.selection;
  if (selection && available.has('select_deck_card')) {
    for (const [position, card] of items(selection, 'cards').entries()) {
      if (card.is_selectable !== false && card.is_selected !== true)
        add('select_deck_card', indexOf(card, position));
    }
    if ((selection as Item).can_confirm === true) add('confirm_selection');
    add('cancel_selection');
    return actions;
  }
  if (state.combat && (state.screen === 'COMBAT' || state.screen === undefined || state.screen === null)) {
    return listCombatActions(state);
  }
  for (const [position, node] of items(state.map, 'available_nodes').entries())
    add('choose_map_node', indexOf(node, position));
  const reward = state.reward as Item | null | undefined;
  if (reward) {
    if (reward.pending_card_choice === true) {
      for (const [position, card] of items(reward, 'card_options').entries())
        add('choose_reward_card', indexOf(card, position));
      for (const [position, alternative] of items(reward, 'alternatives').entries())
        add('choose_reward_alternative', indexOf(alternative, position));
      add('skip_reward_cards');
    } else {
      for (const [position, item] of items(reward, 'rewards').entries()) {
        if (item.claimable !== false) add('claim_reward', indexOf(item, position));
      }
    }
  }
  for (const [position, option] of items(state.rest, 'options').entries()) {
    if (option.is_enabled !== false) add('choose_rest_option', indexOf(option, position));
  }
  for (const [position, option] of items(state.event, 'options').entries()) {
    if (option.is_locked !== true) add('choose_event_option', indexOf(option, position));
  }
  const shop = state.shop as Item | null | undefined;
  if (shop) {
    for (const [kind, action] of [
      ['cards', 'buy_card'],
      ['relics', 'buy_relic'],
      ['potions', 'buy_potion'],
    ] as const) {
      for (const [position, item] of items(shop, kind).entries()) {
        if (item.is_stocked !== false && item.enough_gold !== false) add(action, indexOf(item, position));
      }
    }
    const removal = shop.card_removal as Item | null | undefined;
    if (removal && removal.available !== false && removal.used !== true && removal.enough_gold !== false)
      add('remove_card_at_shop');
    if (shop.is_open === false) add('open_shop_inventory');
  }
  const chest = state.chest as Item | null | undefined;
  if (chest) {
    if (chest.is_opened !== true) add('open_chest');
    for (const [position, relic] of items(chest, 'relic_options').entries())
      add('choose_treasure_relic', indexOf(relic, position));
  }
  // Potions usable out of combat (and discarding any), as listed for combat.
  actions.push(
    ...listCombatActions({ ...state, combat: null }).filter((action) => action.action !== 'end_turn'),
  );
  for (const name of ['proceed', 'collect_rewards_and_proceed', 'close_cards_view', 'continue_game_over'])
    add(name);
  return actions;
}
