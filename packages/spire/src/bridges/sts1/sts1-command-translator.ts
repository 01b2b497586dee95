import type { GameAction } from '../../api/game-action.js';
import { formatGameAction } from '../../api/game-action.js';
import { SpireError } from '../../api/game-error.js';
import type { CommunicationModMessage } from './communication-mod-protocol.js';
import {
  CANCEL_COMMANDS,
  CONFIRM_COMMANDS,
  cardRewardAlternatives,
  eventOptionsOf,
  offers,
  STS1_CHARACTERS,
  shopChoiceOrder,
} from './sts1-state-translator.js';

/** How `select_character` starts a run (`start <class> [ascension] [seed]`). */
export interface Sts1StartOptions {
  ascension?: number;
  seed?: string;
}

function invalid(action: GameAction, reason: string): SpireError {
  return new SpireError('INVALID_ACTION', `${formatGameAction(action)} is not possible here: ${reason}`, {
    details: { action },
  });
}

function outOfRange(action: GameAction, field: string, value: number | undefined, size: number): SpireError {
  return new SpireError(
    'INVALID_TARGET',
    `${formatGameAction(action)}: ${field} ${value ?? '(missing)'} is out of range; valid values are 0..${size - 1}.`,
    { details: { action, field, size } },
  );
}

function requireIndex(action: GameAction, field: 'option_index' | 'card_index', size: number): number {
  const value = action[field];
  if (value === undefined || value < 0 || value >= size) throw outOfRange(action, field, value, size);
  return value;
}

/**
 * Translates a spire action into the CommunicationMod command for the screen `message` describes.
 * Checks what it can locally (indices, targets, affordability) and throws `SpireError` with codes
 * `INVALID_ACTION` / `INVALID_TARGET` (the mod's `invalid_action` / `invalid_target`) or `NOT_SUPPORTED`.
 */
export function sts1ActionToCommand(
  action: GameAction,
  message: CommunicationModMessage,
  start: Sts1StartOptions = {},
): string {
  const game = message.game_state;
  const confirm = offers(message, ...CONFIRM_COMMANDS);
  const cancel = offers(message, ...CANCEL_COMMANDS);
  const choose = (index: number) => {
    if (!message.available_commands.includes('choose'))
      throw invalid(action, 'nothing can be chosen on this screen');
    return `choose ${index}`;
  };

  if (action.action === 'select_character') {
    if (!message.available_commands.includes('start'))
      throw invalid(action, 'a run can only start from the main menu');
    const index = requireIndex(action, 'option_index', STS1_CHARACTERS.length);
    const parts = ['start', STS1_CHARACTERS[index]?.className.toLowerCase() ?? 'ironclad'];
    if (start.ascension !== undefined || start.seed !== undefined) parts.push(String(start.ascension ?? 0));
    if (start.seed !== undefined) parts.push(start.seed);
    return parts.join(' ');
  }
  if (game === undefined) throw invalid(action, 'the game is at the main menu; use select_character');
  const screenType = game.screen_type;
  const combat = game.combat_state;

  switch (action.action) {
    case 'play_card': {
      if (!message.available_commands.includes('play') || combat === undefined) {
        throw invalid(action, 'cards cannot be played now');
      }
      const cardIndex = requireIndex(action, 'card_index', combat.hand.length);
      const card = combat.hand[cardIndex];
      if (card?.is_playable === false) throw invalid(action, `${card.name} cannot be played now`);
      if (card?.has_target) {
        const target = action.target_index;
        const monster = target === undefined ? undefined : combat.monsters[target];
        if (target === undefined || monster === undefined || monster.is_gone || monster.half_dead) {
          throw new SpireError(
            'INVALID_TARGET',
            `${formatGameAction(action)}: ${card.name} needs a target_index of a living enemy.`,
            { details: { action } },
          );
        }
        // CommunicationMod numbers hand cards from 1, as the game shows them.
        return `play ${cardIndex + 1} ${target}`;
      }
      return `play ${cardIndex + 1}`;
    }
    case 'end_turn':
      if (!message.available_commands.includes('end')) throw invalid(action, 'the turn cannot be ended now');
      return 'end';
    case 'use_potion':
    case 'discard_potion': {
      if (!message.available_commands.includes('potion')) throw invalid(action, 'potions cannot be used now');
      const slot = requireIndex(action, 'option_index', game.potions.length);
      const potion = game.potions[slot];
      if (action.action === 'discard_potion') {
        if (potion?.can_discard !== true) throw invalid(action, `potion slot ${slot} cannot be discarded`);
        return `potion discard ${slot}`;
      }
      if (potion?.can_use !== true) throw invalid(action, `potion slot ${slot} cannot be used now`);
      if (potion.requires_target) {
        const target = action.target_index;
        const monster = target === undefined ? undefined : combat?.monsters[target];
        if (target === undefined || monster === undefined || monster.is_gone) {
          throw new SpireError(
            'INVALID_TARGET',
            `${formatGameAction(action)}: ${potion.name} needs a target_index.`,
            {
              details: { action },
            },
          );
        }
        return `potion use ${slot} ${target}`;
      }
      return `potion use ${slot}`;
    }
    case 'choose_map_node':
    case 'claim_reward':
    case 'choose_reward_card':
    case 'choose_rest_option':
    case 'choose_treasure_relic':
    case 'select_deck_card': {
      const choices = game.choice_list ?? [];
      let index = requireIndex(action, 'option_index', Math.max(choices.length, 1));
      // Older CommunicationMod versions put "skip" first on reward screens.
      if ((screenType === 'COMBAT_REWARD' || screenType === 'BOSS_REWARD') && choices[0] === 'skip')
        index += 1;
      if (index >= choices.length)
        throw outOfRange(action, 'option_index', action.option_index, choices.length);
      return choose(index);
    }
    case 'choose_event_option': {
      const options = eventOptionsOf(game);
      const index = requireIndex(action, 'option_index', options.length);
      const choiceIndex = options[index]?.choiceIndex ?? null;
      if (choiceIndex === null) throw invalid(action, `event option ${index} is locked`);
      return choose(choiceIndex);
    }
    case 'choose_reward_alternative': {
      const alternatives = cardRewardAlternatives(message, game);
      const index = requireIndex(action, 'option_index', alternatives.length);
      if (alternatives[index]?.kind === 'skip') return cancel ?? 'skip';
      return choose((game.choice_list ?? []).indexOf('bowl'));
    }
    case 'skip_reward_cards':
      if (screenType !== 'CARD_REWARD' || cancel === undefined)
        throw invalid(action, 'no card reward can be skipped');
      return cancel;
    case 'open_chest':
      if (screenType !== 'CHEST') throw invalid(action, 'there is no chest here');
      return choose(0);
    case 'open_shop_inventory':
      if (screenType !== 'SHOP_ROOM') throw invalid(action, 'there is no merchant here');
      return choose(0);
    case 'close_shop_inventory':
      if (screenType !== 'SHOP_SCREEN' || cancel === undefined) throw invalid(action, 'the shop is not open');
      return cancel;
    case 'buy_card':
    case 'buy_relic':
    case 'buy_potion':
    case 'remove_card_at_shop': {
      if (screenType !== 'SHOP_SCREEN') throw invalid(action, 'the shop inventory is not open');
      const { screen, order } = shopChoiceOrder(game);
      const kind =
        action.action === 'buy_card'
          ? 'card'
          : action.action === 'buy_relic'
            ? 'relic'
            : action.action === 'buy_potion'
              ? 'potion'
              : 'purge';
      const items = kind === 'card' ? screen.cards : kind === 'relic' ? screen.relics : screen.potions;
      const itemIndex = kind === 'purge' ? 0 : requireIndex(action, 'option_index', items?.length ?? 0);
      const position = order.findIndex((entry) => entry.kind === kind && entry.index === itemIndex);
      if (position < 0) {
        const price = kind === 'purge' ? screen.purge_cost : items?.[itemIndex]?.price;
        throw invalid(action, `it costs ${price ?? '?'} gold and you have ${game.gold}, or it is sold out`);
      }
      return choose(position);
    }
    case 'confirm_selection':
      if (confirm === undefined) throw invalid(action, 'there is nothing to confirm');
      return confirm;
    case 'cancel_selection':
      if (cancel === undefined) throw invalid(action, 'this selection cannot be cancelled');
      return cancel;
    case 'proceed':
      // On the boss relic screen the way on is the skip button.
      if (screenType === 'BOSS_REWARD') {
        if (cancel === undefined) throw invalid(action, 'the boss relic cannot be skipped');
        return cancel;
      }
      if (confirm === undefined) throw invalid(action, 'there is no proceed button on this screen');
      return confirm;
    default:
      throw new SpireError(
        'NOT_SUPPORTED',
        `${formatGameAction(action)} has no CommunicationMod command: Slay the Spire 1 does not have this action.`,
        { details: { action } },
      );
  }
}
