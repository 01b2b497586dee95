import { type ActionName, type GameAction, isActionName } from './game-action.js';
import type { GameState } from './game-state.js';

/**
 * Every legal action of a wire state, fully specified (indices and targets filled in), read from the
 * state alone: `available_actions` says which names are legal, the screen payload says with which
 * parameters. Works on states of the simulator and of both real games, so an agent can number the
 * options it shows a model. (The engine's `legalActions(run)` answers the same from its internal state.)
 */
export function legalActionsFromState(state: GameState): GameAction[] {
  const actions: GameAction[] = [];
  const livingTargets = (state.combat?.enemies ?? [])
    .filter((enemy) => enemy.is_alive && enemy.is_hittable)
    .map((enemy) => enemy.index);

  for (const name of state.available_actions) {
    if (!isActionName(name)) continue;
    const withOption = (indices: Iterable<number>) => {
      for (const option_index of indices) actions.push({ action: name, option_index });
    };
    switch (name) {
      case 'play_card':
        for (const card of state.combat?.hand ?? []) {
          if (!card.playable) continue;
          if (!card.requires_target) {
            actions.push({ action: name, card_index: card.index });
            continue;
          }
          for (const target_index of card.valid_target_indices) {
            actions.push({ action: name, card_index: card.index, target_index });
          }
        }
        break;
      case 'use_potion':
        for (const potion of state.run?.potions ?? []) {
          if (!potion.occupied || !potion.can_use) continue;
          if (!potion.requires_target) {
            actions.push({ action: name, option_index: potion.index });
            continue;
          }
          for (const target_index of potion.valid_target_indices ?? livingTargets) {
            actions.push({ action: name, option_index: potion.index, target_index });
          }
        }
        break;
      case 'discard_potion':
        withOption(
          (state.run?.potions ?? [])
            .filter((potion) => potion.occupied && potion.can_discard)
            .map((p) => p.index),
        );
        break;
      case 'choose_map_node':
        withOption((state.map?.available_nodes ?? []).map((node) => node.index));
        break;
      case 'claim_reward':
        withOption(
          (state.reward?.rewards ?? []).filter((reward) => reward.claimable).map((reward) => reward.index),
        );
        break;
      case 'choose_reward_card':
        withOption((state.reward?.card_options ?? []).map((card) => card.index));
        break;
      case 'choose_reward_alternative':
        withOption((state.reward?.alternatives ?? []).map((alternative) => alternative.index));
        break;
      case 'select_deck_card':
        withOption(
          (state.selection?.cards ?? [])
            .filter((card) => card.is_selectable !== false && card.is_selected !== true)
            .map((card) => card.index),
        );
        break;
      case 'choose_treasure_relic':
        withOption((state.chest?.relic_options ?? []).map((relic) => relic.index));
        break;
      case 'choose_event_option':
        withOption(
          (state.event?.options ?? []).filter((option) => !option.is_locked).map((option) => option.index),
        );
        break;
      case 'choose_rest_option':
        withOption(
          (state.rest?.options ?? []).filter((option) => option.is_enabled).map((option) => option.index),
        );
        break;
      case 'buy_card':
      case 'buy_relic':
      case 'buy_potion': {
        const items =
          name === 'buy_card'
            ? state.shop?.cards
            : name === 'buy_relic'
              ? state.shop?.relics
              : state.shop?.potions;
        withOption(
          (items ?? []).filter((item) => item.is_stocked && item.enough_gold).map((item) => item.index),
        );
        break;
      }
      case 'select_character':
        withOption(
          (state.character_select?.characters ?? [])
            .filter((option) => !option.is_locked)
            .map((option) => option.index),
        );
        break;
      case 'choose_bundle':
        withOption((state.bundles ?? []).map((bundle) => bundle.index));
        break;
      case 'choose_timeline_epoch':
      case 'crystal_set_tool':
      case 'crystal_clear_cell':
        // Their parameters live in payloads spire passes through without modelling.
        break;
      default:
        actions.push({ action: name as ActionName });
    }
  }
  return actions;
}
