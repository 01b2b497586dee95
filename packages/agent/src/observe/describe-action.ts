import { optionLabel } from './render-screen.js';
import { sanitizeGameText as clean } from './sanitize-game-text.js';
import { type ActionView, asStateView, type StateView } from './state-view.js';

/** A one-line, human-readable label of an action in the context of the state it is legal in. */
export function describeAction(gameState: unknown, action: ActionView, withNames = true): string {
  const state = asStateView(gameState);
  const kind = clean(action.action, 40);
  const target =
    action.target_index === undefined ? '' : ` -> ${enemyLabel(state, action.target_index, withNames)}`;
  switch (action.action) {
    case 'end_turn':
      return 'end turn';
    case 'play_card': {
      const card = state.combat?.hand?.find(
        (each, position) => (each.index ?? position) === action.card_index,
      );
      const name = withNames && card ? ` ${clean(card.name ?? card.card_id, 40)}` : '';
      return `play h${action.card_index ?? '?'}${name}${target}`;
    }
    case 'use_potion':
    case 'discard_potion': {
      const potion = state.run?.potions?.find(
        (each, position) => (each.index ?? position) === action.option_index,
      );
      const name = withNames && potion ? ` ${clean(potion.name ?? potion.potion_id, 40)}` : '';
      const verb = action.action === 'use_potion' ? 'use' : 'discard';
      return `${verb} potion p${action.option_index ?? '?'}${name}${target}`;
    }
    default: {
      const parts = [kind.replace(/_/g, ' ')];
      if (action.card_index !== undefined) parts.push(`card ${action.card_index}`);
      if (action.option_index !== undefined) {
        const label = withNames ? optionLabel(state, action) : undefined;
        parts.push(label ? `${action.option_index} (${label})` : `${action.option_index}`);
      }
      return parts.join(' ') + target;
    }
  }
}

function enemyLabel(state: StateView, index: number, withNames: boolean): string {
  if (!withNames) return `e${index}`;
  const enemy = state.combat?.enemies?.find((each, position) => (each.index ?? position) === index);
  return enemy ? `e${index} ${clean(enemy.name ?? enemy.enemy_id, 40)}` : `e${index}`;
}
