import type { ActionView, StateView } from './state-view.js';

/**
 * The legal actions of a combat state read from the state itself (the StS2 mod marks playable
 * cards, valid targets and usable potions). Used for real StS2 states; the simulator's own
 * `legalActions` is authoritative for its states. `save_and_quit` is never offered to an agent.
 */
export function listCombatActions(state: StateView): ActionView[] {
  const available = new Set(state.available_actions ?? []);
  const actions: ActionView[] = [];
  const combat = state.combat;
  if (available.has('play_card')) {
    for (const [position, card] of (combat?.hand ?? []).entries()) {
      if (card.playable !== true) continue;
      const index = card.index ?? position;
      const targets = card.requires_target ? (card.valid_target_indices ?? []) : [];
      if (card.requires_target && targets.length === 0) continue;
      if (targets.length === 0) actions.push({ action: 'play_card', card_index: index });
      for (const target of targets)
        actions.push({ action: 'play_card', card_index: index, target_index: target });
    }
  }
  const potions = state.run?.potions ?? [];
  if (available.has('use_potion')) {
    for (const [position, potion] of potions.entries()) {
      if (potion.occupied === false || potion.can_use !== true) continue;
      const index = potion.index ?? position;
      const targets = potion.requires_target ? (potion.valid_target_indices ?? []) : [];
      if (potion.requires_target && targets.length === 0) continue;
      if (targets.length === 0) actions.push({ action: 'use_potion', option_index: index });
      for (const target of targets)
        actions.push({ action: 'use_potion', option_index: index, target_index: target });
    }
  }
  if (available.has('discard_potion')) {
    for (const [position, potion] of potions.entries()) {
      if (potion.occupied === false || potion.can_discard !== true) continue;
      actions.push({ action: 'discard_potion', option_index: potion.index ?? position });
    }
  }
  if (available.has('end_turn')) actions.push({ action: 'end_turn' });
  return actions;
}
