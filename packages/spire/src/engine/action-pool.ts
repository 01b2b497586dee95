// Shared legal actions: an action is a value, so each distinct one is a single frozen object and
// listing a screen's legal actions allocates only the list (they were a quarter of a random
// playout's allocations). Frozen, so a caller that tried to change one would throw, not corrupt.
import type { ActionName, GameAction } from '../api/game-action.js';

const BARE = new Map<ActionName, GameAction>();
const WITH_OPTION = new Map<ActionName, GameAction[]>();
const WITH_OPTION_AND_TARGET = new Map<ActionName, GameAction[][]>();
const CARDS: GameAction[] = [];
const CARDS_AT: GameAction[][] = [];

/** `{ action }`. */
export function bareAction(action: ActionName): GameAction {
  let shared = BARE.get(action);
  if (shared === undefined) {
    shared = Object.freeze({ action });
    BARE.set(action, shared);
  }
  return shared;
}

/** `{ action, option_index }`, or with `target_index` when `target` is given. */
export function optionAction(action: ActionName, option: number, target?: number): GameAction {
  if (target === undefined) {
    let byOption = WITH_OPTION.get(action);
    if (byOption === undefined) {
      byOption = [];
      WITH_OPTION.set(action, byOption);
    }
    let shared = byOption[option];
    if (shared === undefined) {
      shared = Object.freeze({ action, option_index: option });
      byOption[option] = shared;
    }
    return shared;
  }
  let byOption = WITH_OPTION_AND_TARGET.get(action);
  if (byOption === undefined) {
    byOption = [];
    WITH_OPTION_AND_TARGET.set(action, byOption);
  }
  let byTarget = byOption[option];
  if (byTarget === undefined) {
    byTarget = [];
    byOption[option] = byTarget;
  }
  let shared = byTarget[target];
  if (shared === undefined) {
    shared = Object.freeze({ action, option_index: option, target_index: target });
    byTarget[target] = shared;
  }
  return shared;
}

/** `{ action: 'play_card', card_index }`, or with `target_index` when `target` is given. */
export function playCardAction(card: number, target?: number): GameAction {
  if (target === undefined) {
    let shared = CARDS[card];
    if (shared === undefined) {
      shared = Object.freeze({ action: 'play_card', card_index: card });
      CARDS[card] = shared;
    }
    return shared;
  }
  let byTarget = CARDS_AT[card];
  if (byTarget === undefined) {
    byTarget = [];
    CARDS_AT[card] = byTarget;
  }
  let shared = byTarget[target];
  if (shared === undefined) {
    shared = Object.freeze({ action: 'play_card', card_index: card, target_index: target });
    byTarget[target] = shared;
  }
  return shared;
}
