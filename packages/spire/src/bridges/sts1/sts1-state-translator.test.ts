import { describe, expect, it } from 'vitest';
import type { GameAction } from '../../api/game-action.js';
import { SpireError } from '../../api/game-error.js';
import { parseGameState } from '../../api/game-state-schema.js';
import { legalActionsFromState } from '../../api/legal-actions-from-state.js';
import { parseCommunicationModLine } from './communication-mod-protocol.js';
import * as recorded from './fixtures/communication-mod-states.js';
import { loadSpireContentText } from './spire-content-text.js';
import { sts1ActionToCommand } from './sts1-command-translator.js';
import { sts1CardId, sts1Id, sts1PowerId } from './sts1-ids.js';
import { translateSts1State } from './sts1-state-translator.js';

function translate(line: string) {
  const message = parseCommunicationModLine(line);
  // Every translated state must satisfy the same schema as the real StS2 mod's states.
  const state = parseGameState(translateSts1State(message), 'translated StS1 state');
  return { message, state };
}

function command(line: string, action: GameAction): string {
  return sts1ActionToCommand(action, parseCommunicationModLine(line));
}

function rejection(line: string, action: GameAction): SpireError {
  try {
    command(line, action);
  } catch (error) {
    if (error instanceof SpireError) return error;
    throw error;
  }
  throw new Error('expected a SpireError');
}

describe('CommunicationMod -> GameState', () => {
  it('translates every recorded screen into a state that passes the GameState schema', () => {
    const lines = Object.entries(recorded).filter(
      ([name]) => name === name.toUpperCase() && name !== 'COMMAND_ERROR',
    );
    for (const [, line] of lines) {
      if (typeof line !== 'string') continue;
      expect(() => translate(line)).not.toThrow();
    }
  });

  it('offers select_character at the main menu', () => {
    const { state } = translate(recorded.MAIN_MENU);
    expect(state.screen).toBe('MAIN_MENU');
    expect(state.available_actions).toEqual(['select_character']);
    expect(state.character_select?.characters.map((character) => character.character_id)).toEqual([
      'IRONCLAD',
      'SILENT',
      'DEFECT',
      'WATCHER',
    ]);
  });

  it('shows a half-dead monster as the simulator does: not alive, not hittable, is_half_dead', () => {
    // The Awakened One between its forms (or a Darkling waiting to regrow): CommunicationMod says
    // half_dead with 0 HP. The simulator's view says is_alive false and is_half_dead true.
    const raw = JSON.parse(recorded.COMBAT_TURN_1) as {
      game_state: { combat_state: { monsters: Record<string, unknown>[] } };
    };
    const [worm] = raw.game_state.combat_state.monsters;
    if (worm === undefined) throw new Error('the fixture has no monster');
    Object.assign(worm, { half_dead: true, current_hp: 0 });
    const { state } = translate(JSON.stringify(raw));
    const enemy = state.combat?.enemies[0];
    expect(enemy).toMatchObject({ is_alive: false, is_hittable: false, is_half_dead: true });
    const { state: standing } = translate(recorded.COMBAT_TURN_1);
    expect(standing.combat?.enemies[0]?.is_half_dead).toBeUndefined();
    expect(standing.combat?.enemies[0]?.is_alive).toBe(true);
  });

  it('translates combat: hand, intents with damage, targets and piles', () => {
    const { state } = translate(recorded.COMBAT_TURN_1);
    expect(state.screen).toBe('COMBAT');
    expect(state.in_combat).toBe(true);
    expect(state.combat_type).toBe('monster');
    expect(state.available_actions).toEqual(['play_card', 'end_turn']);
    const bash = state.combat?.hand[2];
    expect(bash).toMatchObject({
      card_id: 'BASH',
      energy_cost: 2,
      requires_target: true,
      valid_target_indices: [0],
    });
    expect(state.combat?.enemies[0]?.intents).toEqual([
      { index: 0, intent_type: 'Attack', label: '11', damage: 11, hits: 1, total_damage: 11 },
    ]);
    expect(state.combat?.player.draw_cards).toHaveLength(3);
    expect(state.run?.character_id).toBe('IRONCLAD');
    expect(state.run_id).toBe('-4880945218683215126');
  });

  it('marks Vulnerable as a debuff and empty potion slots as unoccupied', () => {
    const { state } = translate(recorded.COMBAT_AFTER_BASH);
    expect(state.combat?.enemies[0]?.powers[0]).toMatchObject({
      power_id: 'VULNERABLE_POWER',
      amount: 2,
      is_debuff: true,
    });
    expect(state.run?.potions[0]).toMatchObject({ occupied: false, potion_id: null, can_use: false });
  });

  it('offers potions with targets', () => {
    const { state } = translate(recorded.COMBAT_TURN_2_WITH_POTION);
    expect(state.available_actions).toEqual(['play_card', 'end_turn', 'use_potion', 'discard_potion']);
    expect(state.run?.potions[0]).toMatchObject({
      potion_id: 'FIRE_POTION',
      requires_target: true,
      valid_target_indices: [0],
    });
  });

  it('translates rewards, card rewards and their skip', () => {
    const rewards = translate(recorded.COMBAT_REWARD).state;
    expect(rewards.screen).toBe('REWARD');
    expect(rewards.reward?.rewards.map((reward) => reward.description)).toEqual([
      '14 Gold',
      'Add a card to your deck',
    ]);
    expect(rewards.available_actions).toEqual(['claim_reward', 'proceed']);
    const cards = translate(recorded.CARD_REWARD).state;
    expect(cards.reward?.pending_card_choice).toBe(true);
    expect(cards.reward?.card_options.map((card) => card.name)).toEqual([
      'Pommel Strike',
      'Shrug It Off',
      'Carnage',
    ]);
    expect(cards.available_actions).toEqual([
      'choose_reward_card',
      'skip_reward_cards',
      'choose_reward_alternative',
    ]);
  });

  it('translates the map with the reachable nodes and the boss', () => {
    const first = translate(recorded.FIRST_MAP).state;
    expect(first.map?.available_nodes).toEqual([
      { index: 0, row: 0, col: 1, node_type: 'Monster', state: 'Travelable' },
      { index: 1, row: 0, col: 4, node_type: 'Monster', state: 'Travelable' },
    ]);
    expect(first.map?.nodes.find((node) => node.row === 2 && node.col === 2)?.parents).toEqual([
      { row: 1, col: 1 },
      { row: 1, col: 3 },
    ]);
    const boss = translate(recorded.BOSS_MAP).state;
    expect(boss.map?.available_nodes).toEqual([
      { index: 0, row: 16, col: 3, node_type: 'Boss', state: 'Travelable' },
    ]);
    expect(boss.map?.current_node).toEqual({ row: 2, col: 2 });
  });

  it('translates events with locked options keeping their own choice numbers', () => {
    const { state } = translate(recorded.NEOW_EVENT);
    expect(state.event?.options.map((option) => [option.title, option.is_locked])).toEqual([
      ['Max HP +8', false],
      ['Locked', true],
      ['Enemies in your next three combats have 1 HP', false],
      ['Obtain a random common relic', false],
    ]);
  });

  it('translates rest sites, the upgrade grid and its confirmation', () => {
    const rest = translate(recorded.REST_SITE).state;
    expect(rest.rest?.options.map((option) => option.option_id)).toEqual(['HEAL', 'SMITH']);
    const grid = translate(recorded.GRID_UPGRADE).state;
    expect(grid.selection).toMatchObject({ kind: 'deck_upgrade_select', min_select: 1, max_select: 1 });
    expect(grid.available_actions).toEqual(['select_deck_card']);
    const confirm = translate(recorded.GRID_CONFIRM).state;
    expect(confirm.available_actions).toEqual(['confirm_selection', 'cancel_selection']);
    expect(confirm.selection?.cards[9]?.is_selected).toBe(true);
  });

  it('translates the shop: affordable items only can be bought', () => {
    const room = translate(recorded.SHOP_ROOM).state;
    expect(room.shop?.is_open).toBe(false);
    expect(room.available_actions).toEqual(['open_shop_inventory', 'proceed']);
    const screen = translate(recorded.SHOP_SCREEN).state;
    expect(screen.shop?.cards.map((card) => [card.name, card.price, card.enough_gold])).toEqual([
      ['Anger', 49, true],
      ['Feed', 168, false],
      ['Inflame', 73, true],
    ]);
    expect(screen.shop?.card_removal).toMatchObject({ price: 75, available: true, enough_gold: true });
    expect(screen.available_actions).toEqual([
      'buy_card',
      'buy_relic',
      'buy_potion',
      'remove_card_at_shop',
      'close_shop_inventory',
    ]);
  });

  it('translates hand selection as a card selection inside combat', () => {
    const { state } = translate(recorded.HAND_SELECT);
    expect(state.screen).toBe('CARD_SELECTION');
    expect(state.selection?.kind).toBe('combat_hand_select');
    expect(state.selection?.prompt).toContain('ArmamentsAction');
    expect(state.combat?.hand).toHaveLength(2);
  });

  it('translates game over', () => {
    const { state } = translate(recorded.GAME_OVER);
    expect(state.game_over).toMatchObject({
      is_victory: false,
      floor: 6,
      score: 112,
      character_id: 'IRONCLAD',
    });
    expect(state.available_actions).toEqual(['proceed']);
  });
});

describe('GameAction -> CommunicationMod command', () => {
  it('has a command for every legal action of every recorded screen', () => {
    let checked = 0;
    for (const [name, line] of Object.entries(recorded)) {
      if (typeof line !== 'string' || name === 'COMMAND_ERROR') continue;
      const { message, state } = translate(line);
      for (const action of legalActionsFromState(state)) {
        expect(
          () => sts1ActionToCommand(action, message),
          `${name}: ${JSON.stringify(action)}`,
        ).not.toThrow();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('numbers hand cards from 1 and passes the monster index', () => {
    expect(command(recorded.COMBAT_TURN_1, { action: 'play_card', card_index: 2, target_index: 0 })).toBe(
      'play 3 0',
    );
    expect(command(recorded.COMBAT_TURN_1, { action: 'play_card', card_index: 1 })).toBe('play 2');
    expect(command(recorded.COMBAT_TURN_1, { action: 'end_turn' })).toBe('end');
  });

  it('rejects a targeted card without a target as INVALID_TARGET', () => {
    expect(rejection(recorded.COMBAT_TURN_1, { action: 'play_card', card_index: 0 }).code).toBe(
      'INVALID_TARGET',
    );
    expect(rejection(recorded.COMBAT_TURN_1, { action: 'play_card', card_index: 7 }).code).toBe(
      'INVALID_TARGET',
    );
  });

  it('uses and discards potions by slot', () => {
    const line = recorded.COMBAT_TURN_2_WITH_POTION;
    expect(command(line, { action: 'use_potion', option_index: 0, target_index: 0 })).toBe('potion use 0 0');
    expect(command(line, { action: 'discard_potion', option_index: 0 })).toBe('potion discard 0');
    expect(rejection(line, { action: 'use_potion', option_index: 1 }).code).toBe('INVALID_ACTION');
  });

  it('maps event options past a locked one to the right choice', () => {
    expect(command(recorded.NEOW_EVENT, { action: 'choose_event_option', option_index: 2 })).toBe('choose 1');
    expect(
      rejection(recorded.NEOW_EVENT, { action: 'choose_event_option', option_index: 1 }).message,
    ).toContain('locked');
  });

  it('maps shop purchases to the position in the affordable choice list', () => {
    const line = recorded.SHOP_SCREEN;
    expect(command(line, { action: 'remove_card_at_shop' })).toBe('choose 0');
    expect(command(line, { action: 'buy_card', option_index: 2 })).toBe('choose 2');
    expect(command(line, { action: 'buy_relic', option_index: 1 })).toBe('choose 3');
    expect(command(line, { action: 'buy_potion', option_index: 0 })).toBe('choose 4');
    expect(rejection(line, { action: 'buy_card', option_index: 1 }).message).toContain(
      'costs 168 gold and you have 160',
    );
    expect(command(line, { action: 'close_shop_inventory' })).toBe('leave');
  });

  it('uses the screen-specific words for skip, confirm and proceed', () => {
    expect(command(recorded.CARD_REWARD, { action: 'skip_reward_cards' })).toBe('skip');
    expect(command(recorded.GRID_CONFIRM, { action: 'confirm_selection' })).toBe('confirm');
    expect(command(recorded.COMBAT_REWARD, { action: 'proceed' })).toBe('proceed');
    expect(command(recorded.BOSS_MAP, { action: 'choose_map_node', option_index: 0 })).toBe('choose 0');
  });

  it('starts runs with the class, ascension and seed', () => {
    expect(command(recorded.MAIN_MENU, { action: 'select_character', option_index: 1 })).toBe(
      'start the_silent',
    );
    const message = parseCommunicationModLine(recorded.MAIN_MENU);
    expect(
      sts1ActionToCommand({ action: 'select_character', option_index: 0 }, message, {
        ascension: 5,
        seed: 'ABC',
      }),
    ).toBe('start ironclad 5 ABC');
  });

  it('says plainly when StS1 has no such action', () => {
    const error = rejection(recorded.COMBAT_TURN_1, { action: 'crystal_set_tool', tool: 'big' });
    expect(error.code).toBe('NOT_SUPPORTED');
  });
});

describe('StS1 ids', () => {
  it('become the UPPER_SNAKE ids of the StS2 mod and spire content', () => {
    expect(sts1CardId('Strike_R')).toBe('STRIKE_IRONCLAD');
    expect(sts1CardId('Defend_G')).toBe('DEFEND_SILENT');
    expect(sts1CardId('Shrug It Off')).toBe('SHRUG_IT_OFF');
    expect(sts1Id('PreservedInsect')).toBe('PRESERVED_INSECT');
    expect(sts1Id('JawWorm')).toBe('JAW_WORM');
    expect(sts1PowerId('Weakened')).toBe('WEAK_POWER');
    expect(sts1PowerId('Wraith Form v2')).toBe('WRAITH_FORM_V2_POWER');
  });

  it('reach the translated state, enemies and relics included', () => {
    const state = translateSts1State(parseCommunicationModLine(recorded.COMBAT_TURN_1));
    expect(state.combat?.enemies[0]?.enemy_id).toBe('JAW_WORM');
    expect(state.run?.relics[0]?.relic_id).toBe('BURNING_BLOOD');
    expect(state.run?.deck.map((card) => card.card_id).slice(0, 1)).toEqual(['STRIKE_IRONCLAD']);
  });
});

describe('rules text from spire content', () => {
  it('fills card and relic text by normalised id, and leaves unknown ids empty', async () => {
    const text = await loadSpireContentText();
    const state = translateSts1State(parseCommunicationModLine(recorded.COMBAT_TURN_1), text);
    expect(state.combat?.hand[2]?.rules_text).toContain('8 damage');
    expect(state.run?.relics[0]?.description).toMatch(/heal 6 HP/i);
    expect(text.describeCard?.({ id: 'NOT_A_CARD', name: 'x', upgrades: 0 })).toBeUndefined();
  });
});

describe('parseCommunicationModLine', () => {
  it('names the bad field of an unreadable state', () => {
    const broken = JSON.parse(recorded.COMBAT_TURN_1) as { game_state: { gold: unknown } };
    broken.game_state.gold = 'lots';
    expect(() => parseCommunicationModLine(JSON.stringify(broken))).toThrow(/\$\.game_state\.gold/);
    expect(() => parseCommunicationModLine('{"available_commands": [')).toThrow(/not JSON/);
  });
});
