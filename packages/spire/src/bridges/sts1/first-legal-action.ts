import type { GameAction } from '../../api/game-action.js';
import type { GameState } from '../../api/game-state.js';

/**
 * A trivial policy that always returns a legal, fully specified action (or null when none is offered):
 * plays the first playable card at the first valid target, takes every reward, skips shops, and so on.
 * It exists to smoke-test bridges end to end, not to play well; spire's heuristic bot plays well.
 */
export function chooseFirstLegalAction(state: GameState, characterIndex = 0): GameAction | null {
  const offered = new Set(state.available_actions);
  const has = (name: string) => offered.has(name);

  if (has('select_character')) return { action: 'select_character', option_index: characterIndex };
  if (has('play_card')) {
    const card = state.combat?.hand.find((candidate) => candidate.playable);
    if (card !== undefined) {
      const target = card.valid_target_indices[0];
      return card.requires_target && target !== undefined
        ? { action: 'play_card', card_index: card.index, target_index: target }
        : { action: 'play_card', card_index: card.index };
    }
  }
  if (has('end_turn')) return { action: 'end_turn' };
  if (has('select_deck_card') || has('confirm_selection')) {
    const selection = state.selection;
    const selected = selection?.selected_count ?? 0;
    if (has('confirm_selection') && selected >= (selection?.min_select ?? 1))
      return { action: 'confirm_selection' };
    const card = selection?.cards.find((candidate) => candidate.is_selected !== true);
    if (has('select_deck_card') && card !== undefined)
      return { action: 'select_deck_card', option_index: card.index };
    if (has('confirm_selection')) return { action: 'confirm_selection' };
  }
  if (has('choose_reward_card')) return { action: 'choose_reward_card', option_index: 0 };
  if (has('claim_reward')) {
    const reward = state.reward?.rewards.find((candidate) => candidate.claimable);
    if (reward !== undefined) return { action: 'claim_reward', option_index: reward.index };
  }
  if (has('choose_map_node')) return { action: 'choose_map_node', option_index: 0 };
  if (has('choose_event_option')) {
    const option = state.event?.options.find((candidate) => !candidate.is_locked);
    if (option !== undefined) return { action: 'choose_event_option', option_index: option.index };
  }
  if (has('choose_rest_option')) return { action: 'choose_rest_option', option_index: 0 };
  if (has('open_chest')) return { action: 'open_chest' };
  if (has('choose_treasure_relic')) return { action: 'choose_treasure_relic', option_index: 0 };
  if (has('close_shop_inventory')) return { action: 'close_shop_inventory' };
  if (has('proceed')) return { action: 'proceed' };
  if (has('skip_reward_cards')) return { action: 'skip_reward_cards' };
  return null;
}
