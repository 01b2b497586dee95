import { describe, expect, it } from 'vitest';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from '../bridges/sts2/snapshot-files.js';
import { formatGameAction } from './game-action.js';
import type { GameState } from './game-state.js';
import { parseGameState } from './game-state-schema.js';
import { legalActionsFromState } from './legal-actions-from-state.js';

const [bossFight] = readSts2Snapshots(STS2_FIXTURE_FILE).map((snapshot) =>
  parseGameState(snapshot.raw_state),
);

describe('legalActionsFromState', () => {
  it('lists fully specified actions of a real StS2 combat state', () => {
    if (bossFight === undefined) throw new Error('fixture missing');
    const actions = legalActionsFromState(bossFight).map(formatGameAction);
    const playable = bossFight.combat?.hand.filter((card) => card.playable) ?? [];
    expect(playable.length).toBeGreaterThan(0);
    for (const card of playable) {
      const plays = actions.filter((action) => action.startsWith(`play_card(card_index=${card.index}`));
      expect(plays.length).toBe(card.requires_target ? card.valid_target_indices.length : 1);
    }
    expect(actions).toContain('end_turn()');
    // save_and_quit is offered by the mod and kept: it needs no parameters.
    expect(actions).toContain('save_and_quit()');
  });

  it('skips locked, unaffordable and unclaimable options', () => {
    const state: GameState = {
      state_version: 10,
      screen: 'SHOP',
      in_combat: false,
      available_actions: [
        'buy_card',
        'buy_relic',
        'remove_card_at_shop',
        'close_shop_inventory',
        'some_future_action',
      ],
      shop: {
        is_open: true,
        can_open: false,
        can_close: true,
        cards: [
          {
            index: 0,
            card_id: 'A',
            name: 'A',
            upgraded: false,
            card_type: 'Attack',
            energy_cost: 1,
            costs_x: false,
            rules_text: '',
            price: 50,
            is_stocked: true,
            enough_gold: true,
          },
          {
            index: 1,
            card_id: 'B',
            name: 'B',
            upgraded: false,
            card_type: 'Skill',
            energy_cost: 1,
            costs_x: false,
            rules_text: '',
            price: 500,
            is_stocked: true,
            enough_gold: false,
          },
        ],
        relics: [{ index: 0, relic_id: 'R', name: 'R', price: 150, is_stocked: false, enough_gold: false }],
        potions: [],
        card_removal: { price: 75, available: true },
      },
    };
    expect(legalActionsFromState(state).map(formatGameAction)).toEqual([
      'buy_card(option_index=0)',
      'remove_card_at_shop()',
      'close_shop_inventory()',
    ]);
  });
});
