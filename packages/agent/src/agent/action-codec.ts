import type { GameAction } from '@strata-memory/spire';
import { StrataError } from '@strata-memory/strata';

/**
 * Committed actions are stored compactly (a run has ~1,000) so each commit stays small:
 * `play_card c2 t0`, `choose_map_node o1`, `end_turn`.
 */
export function encodeAction(action: GameAction): string {
  const parts: string[] = [action.action];
  if (action.card_index !== undefined) parts.push(`c${action.card_index}`);
  if (action.target_index !== undefined) parts.push(`t${action.target_index}`);
  if (action.option_index !== undefined) parts.push(`o${action.option_index}`);
  if (action.x !== undefined) parts.push(`x${action.x}`);
  if (action.y !== undefined) parts.push(`y${action.y}`);
  if (action.tool !== undefined) parts.push(`w${action.tool}`);
  return parts.join(' ');
}

/** Parses an action encoded by `encodeAction` (e.g. `play_card c2 t0`); throws on a malformed one. */
export function decodeAction(encoded: string): GameAction {
  const [name, ...rest] = encoded.split(' ');
  if (!name)
    throw new StrataError('STATE_CORRUPT', `A committed action is empty; the run's session is damaged.`);
  const action = { action: name } as GameAction;
  for (const part of rest) {
    const value = part.slice(1);
    switch (part[0]) {
      case 'c':
        action.card_index = Number(value);
        break;
      case 't':
        action.target_index = Number(value);
        break;
      case 'o':
        action.option_index = Number(value);
        break;
      case 'x':
        action.x = Number(value);
        break;
      case 'y':
        action.y = Number(value);
        break;
      case 'w':
        action.tool = value as 'big' | 'small';
        break;
      default:
        throw new StrataError(
          'STATE_CORRUPT',
          `Committed action '${encoded}' has an unknown part '${part}'.`,
        );
    }
  }
  return action;
}
