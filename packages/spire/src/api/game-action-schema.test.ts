import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, formatGameAction, isActionName } from './game-action.js';
import { parseGameAction } from './game-action-schema.js';
import { SpireError } from './game-error.js';

describe('parseGameAction', () => {
  it('accepts a mod action and drops null indices the mod also accepts', () => {
    expect(
      parseGameAction({ action: 'play_card', card_index: 0, target_index: 1, option_index: null }),
    ).toEqual({
      action: 'play_card',
      card_index: 0,
      target_index: 1,
    });
  });

  it('rejects an unknown action name, naming the field and what to send', () => {
    try {
      parseGameAction({ action: 'play_crad', card_index: 0 });
      expect.unreachable();
    } catch (error) {
      expect(SpireError.is(error, 'INVALID_REQUEST')).toBe(true);
      expect((error as Error).message).toContain('$.action');
      expect((error as Error).message).toContain('available_actions');
    }
  });

  it('rejects fractional indices', () => {
    expect(() => parseGameAction({ action: 'choose_map_node', option_index: 1.5 })).toThrow(
      /\$\.option_index/,
    );
  });
});

describe('action names', () => {
  it('lists each name once and recognises them', () => {
    expect(new Set(ACTION_NAMES).size).toBe(ACTION_NAMES.length);
    expect(isActionName('claim_reward')).toBe(true);
    expect(isActionName('host_multiplayer_lobby')).toBe(false);
  });

  it('formats actions for logs', () => {
    expect(formatGameAction({ action: 'play_card', card_index: 2, target_index: 0 })).toBe(
      'play_card(card_index=2, target_index=0)',
    );
    expect(formatGameAction({ action: 'end_turn' })).toBe('end_turn()');
  });
});
