import type {
  ChestState,
  CombatState,
  DeckCard,
  Enemy,
  EventOption,
  EventState,
  GameOverState,
  GameState,
  HandCard,
  Intent,
  IntentType,
  MapNode,
  MapNodeType,
  MapState,
  PileCard,
  Potion,
  Power,
  Relic,
  RestOption,
  RewardItem,
  RewardState,
  SelectionCard,
  SelectionState,
  ShopState,
} from '../../api/game-state.js';
import { GAME_STATE_VERSION } from '../../api/game-state.js';
import type {
  CommunicationModCard,
  CommunicationModGameState,
  CommunicationModMessage,
  CommunicationModMonster,
  CommunicationModPotion,
  CommunicationModPower,
  CommunicationModRelic,
} from './communication-mod-protocol.js';
import { sts1CardId, sts1Id, sts1PowerId } from './sts1-ids.js';

/**
 * Translates CommunicationMod's game state (Slay the Spire 1) into spire's `GameState` (the StS2 agent
 * mod's shape), so the same agent plays both games. The reverse direction is `sts1ActionToCommand`.
 */

/**
 * Optional text sources: CommunicationMod sends ids and names but no rules text. Ids given here are
 * already normalised to spire's UPPER_SNAKE ids (see sts1-ids.ts), so spire's content can answer.
 */
export interface Sts1TextSources {
  /** Rules text of a card (e.g. from spire's content); default none (`rules_text: ''`). */
  describeCard?: (card: { id: string; name: string; upgrades: number }) => string | undefined;
  /** Description of a relic; default none (`description: null`). */
  describeRelic?: (relic: { id: string; name: string }) => string | undefined;
}

/** StS1 classes in the order `select_character` offers them. */
export const STS1_CHARACTERS = [
  { className: 'IRONCLAD', characterId: 'IRONCLAD', name: 'The Ironclad' },
  { className: 'THE_SILENT', characterId: 'SILENT', name: 'The Silent' },
  { className: 'DEFECT', characterId: 'DEFECT', name: 'The Defect' },
  { className: 'WATCHER', characterId: 'WATCHER', name: 'The Watcher' },
] as const;

const TITLE_CASE: Record<string, string> = {
  ATTACK: 'Attack',
  SKILL: 'Skill',
  POWER: 'Power',
  STATUS: 'Status',
  CURSE: 'Curse',
  BASIC: 'Basic',
  COMMON: 'Common',
  UNCOMMON: 'Uncommon',
  RARE: 'Rare',
  SPECIAL: 'Special',
};

function titleCase(value: string): string {
  return TITLE_CASE[value] ?? value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

const DEBUFF_POWER_IDS = new Set([
  'Vulnerable',
  'Weakened',
  'Frail',
  'Poison',
  'Constricted',
  'Entangled',
  'No Draw',
  'Draw Reduction',
  'Shackled',
  'Lockon',
  'Choked',
  'Hex',
  'Confusion',
  'NoBlockPower',
  'Slow',
  'Bias',
  'Wraith Form v2',
  'Mark',
  'Fasting',
]);

const MAP_SYMBOLS: Record<string, MapNodeType> = {
  M: 'Monster',
  E: 'Elite',
  R: 'Rest',
  $: 'Shop',
  '?': 'Event',
  T: 'Treasure',
  B: 'Boss',
};

/** One StS1 intent becomes one or more StS2-style intents, attack first as the game shows them. */
const INTENT_PARTS: Record<string, IntentType[]> = {
  ATTACK: ['Attack'],
  ATTACK_BUFF: ['Attack', 'Buff'],
  ATTACK_DEBUFF: ['Attack', 'Debuff'],
  ATTACK_DEFEND: ['Attack', 'Defend'],
  BUFF: ['Buff'],
  DEBUFF: ['Debuff'],
  STRONG_DEBUFF: ['Debuff'],
  DEFEND: ['Defend'],
  DEFEND_DEBUFF: ['Defend', 'Debuff'],
  DEFEND_BUFF: ['Defend', 'Buff'],
  ESCAPE: ['Escape'],
  MAGIC: ['Buff'],
  SLEEP: ['Sleep'],
  STUN: ['Stun'],
  UNKNOWN: ['Unknown'],
  NONE: ['Unknown'],
  DEBUG: [],
};

const REST_OPTIONS: Record<string, Omit<RestOption, 'index' | 'is_enabled'>> = {
  rest: { option_id: 'HEAL', title: 'Rest', description: 'Heal for 30% of your max HP.' },
  smith: { option_id: 'SMITH', title: 'Smith', description: 'Upgrade a card in your deck.' },
  lift: { option_id: 'LIFT', title: 'Lift', description: 'Permanently gain 1 Strength (Girya).' },
  toke: { option_id: 'TOKE', title: 'Toke', description: 'Remove a card from your deck (Peace Pipe).' },
  dig: { option_id: 'DIG', title: 'Dig', description: 'Obtain a random relic (Shovel).' },
  recall: { option_id: 'RECALL', title: 'Recall', description: 'Obtain the Ruby Key.' },
};

/** The command words a screen offers, whichever synonym CommunicationMod lists. */
export function offers(message: CommunicationModMessage, ...commands: string[]): string | undefined {
  return commands.find((command) => message.available_commands.includes(command));
}

export const CONFIRM_COMMANDS = ['proceed', 'confirm'] as const;
export const CANCEL_COMMANDS = ['return', 'skip', 'cancel', 'leave'] as const;

function characterIdOf(className: string): string {
  return STS1_CHARACTERS.find((entry) => entry.className === className)?.characterId ?? className;
}

function convertPower(power: CommunicationModPower, index: number): Power {
  const isStatPenalty = ['Strength', 'Dexterity', 'Focus'].includes(power.id) && power.amount < 0;
  return {
    index,
    power_id: sts1PowerId(power.id),
    name: power.name,
    amount: power.amount,
    is_debuff: DEBUFF_POWER_IDS.has(power.id) || isStatPenalty,
  };
}

function keywordsOf(card: CommunicationModCard): string[] {
  const keywords: string[] = [];
  if (card.exhausts === true) keywords.push('Exhaust');
  if (card.ethereal === true) keywords.push('Ethereal');
  return keywords;
}

function cardView(card: CommunicationModCard, index: number, text: Sts1TextSources) {
  return {
    index,
    card_id: sts1CardId(card.id),
    name: card.name,
    upgraded: card.upgrades > 0,
    card_type: titleCase(card.type),
    rarity: titleCase(card.rarity),
    energy_cost: card.cost,
    costs_x: card.cost === -1,
    rules_text:
      text.describeCard?.({ id: sts1CardId(card.id), name: card.name, upgrades: card.upgrades }) ?? '',
    keywords: keywordsOf(card),
  };
}

function deckCard(card: CommunicationModCard, index: number, text: Sts1TextSources): DeckCard {
  return cardView(card, index, text);
}

function pileCard(card: CommunicationModCard): PileCard {
  return {
    card_id: sts1CardId(card.id),
    upgraded: card.upgrades > 0,
    card_type: titleCase(card.type),
    name: card.name,
  };
}

function isTargetable(monster: CommunicationModMonster): boolean {
  return !monster.is_gone && !monster.half_dead && monster.current_hp > 0;
}

function targetIndices(monsters: readonly CommunicationModMonster[]): number[] {
  return monsters.flatMap((monster, index) => (isTargetable(monster) ? [index] : []));
}

function intentsOf(monster: CommunicationModMonster): Intent[] {
  const parts = INTENT_PARTS[monster.intent] ?? ['Unknown'];
  return parts.map((intentType, index) => {
    if (intentType !== 'Attack') {
      return { index, intent_type: intentType, label: null, damage: null, hits: null, total_damage: null };
    }
    const adjusted = monster.move_adjusted_damage;
    const damage = Math.max(
      0,
      adjusted !== undefined && adjusted >= 0 ? adjusted : (monster.move_base_damage ?? 0),
    );
    const hits = Math.max(1, monster.move_hits ?? 1);
    return {
      index,
      intent_type: intentType,
      label: hits > 1 ? `${damage}x${hits}` : `${damage}`,
      damage,
      hits,
      total_damage: damage * hits,
    };
  });
}

function convertEnemy(monster: CommunicationModMonster, index: number): Enemy {
  return {
    index,
    enemy_id: sts1Id(monster.id),
    name: monster.name,
    current_hp: monster.current_hp,
    max_hp: monster.max_hp,
    block: monster.block,
    // Half-dead (the Awakened One between its forms, a Darkling waiting to regrow) reads as the simulator
    // shows it: not alive, not hittable, and `is_half_dead`, so the agent sees the same facts in both.
    is_alive: !monster.is_gone && !monster.half_dead && monster.current_hp > 0,
    is_hittable: isTargetable(monster),
    ...(monster.half_dead && !monster.is_gone ? { is_half_dead: true } : {}),
    powers: monster.powers.map(convertPower),
    intent: monster.intent,
    move_id: monster.move_id === undefined ? null : String(monster.move_id),
    intents: monster.is_gone ? [] : intentsOf(monster),
  };
}

function unplayableReason(card: CommunicationModCard, energy: number): string | null {
  if (card.is_playable !== false) return null;
  if (card.cost === -2) return 'unplayable';
  if (card.cost > energy) return 'not_enough_energy';
  return 'blocked_by_hook';
}

function convertHandCard(
  card: CommunicationModCard,
  index: number,
  canPlay: boolean,
  energy: number,
  targets: number[],
  text: Sts1TextSources,
): HandCard {
  const playable = canPlay && card.is_playable !== false;
  return {
    ...cardView(card, index, text),
    playable,
    unplayable_reason: playable ? null : (unplayableReason(card, energy) ?? 'blocked_by_hook'),
    target_type: card.has_target ? 'AnyEnemy' : 'None',
    requires_target: card.has_target,
    target_index_space: card.has_target ? 'combat.enemies' : null,
    valid_target_indices: card.has_target ? targets : [],
  };
}

function convertCombat(
  message: CommunicationModMessage,
  game: CommunicationModGameState,
  text: Sts1TextSources,
) {
  const combat = game.combat_state;
  if (combat === undefined) return null;
  const targets = targetIndices(combat.monsters);
  const canPlay = message.available_commands.includes('play');
  const result: CombatState = {
    player: {
      current_hp: combat.player.current_hp,
      max_hp: combat.player.max_hp,
      block: combat.player.block,
      energy: combat.player.energy,
      powers: combat.player.powers.map(convertPower),
      orbs: combat.player.orbs.map((orb, slotIndex) => ({
        slot_index: slotIndex,
        orb_id: sts1Id(orb.id),
        name: orb.name,
        passive_value: orb.passive_amount,
        evoke_value: orb.evoke_amount,
        is_front: slotIndex === 0,
      })),
      draw_cards: combat.draw_pile.map(pileCard),
      discard_cards: combat.discard_pile.map(pileCard),
      exhaust_cards: combat.exhaust_pile.map(pileCard),
    },
    hand: combat.hand.map((card, index) =>
      convertHandCard(card, index, canPlay, combat.player.energy, targets, text),
    ),
    enemies: combat.monsters.map(convertEnemy),
  };
  return result;
}

function convertRelic(relic: CommunicationModRelic, index: number, text: Sts1TextSources): Relic {
  return {
    index,
    relic_id: sts1Id(relic.id),
    name: relic.name,
    description: text.describeRelic?.({ id: sts1Id(relic.id), name: relic.name }) ?? null,
    counter: relic.counter >= 0 ? relic.counter : null,
  };
}

function isEmptySlot(potion: CommunicationModPotion): boolean {
  return potion.id === 'Potion Slot';
}

function convertPotion(potion: CommunicationModPotion, index: number, targets: number[]): Potion {
  const occupied = !isEmptySlot(potion);
  return {
    index,
    potion_id: occupied ? sts1Id(potion.id) : null,
    name: occupied ? potion.name : null,
    occupied,
    target_type: occupied ? (potion.requires_target ? 'AnyEnemy' : 'Self') : null,
    requires_target: potion.requires_target,
    target_index_space: potion.requires_target ? 'combat.enemies' : null,
    valid_target_indices: potion.requires_target ? targets : [],
    can_use: potion.can_use,
    can_discard: potion.can_discard,
  };
}

function convertMap(game: CommunicationModGameState): MapState {
  const screen = game.screen_state as {
    current_node?: { x: number; y: number };
    next_nodes?: Array<{ x: number; y: number; symbol?: string }>;
    boss_available?: boolean;
  };
  const maxRow = game.map.reduce((max, node) => Math.max(max, node.y), 0);
  const bossChild = game.map.flatMap((node) => node.children).find((child) => child.y > maxRow);
  const bossNode =
    bossChild === undefined ? { row: maxRow + 1, col: 3 } : { row: bossChild.y, col: bossChild.x };
  const nextNodes = screen.boss_available
    ? [{ row: bossNode.row, col: bossNode.col, node_type: 'Boss' as MapNodeType }]
    : (screen.next_nodes ?? []).map((node) => ({
        row: node.y,
        col: node.x,
        node_type: MAP_SYMBOLS[node.symbol ?? '?'] ?? 'Unknown',
      }));
  const available = new Set(nextNodes.map((node) => `${node.row},${node.col}`));
  const current =
    screen.current_node === undefined ? null : { row: screen.current_node.y, col: screen.current_node.x };
  const parents = new Map<string, Array<{ row: number; col: number }>>();
  for (const node of game.map) {
    for (const child of node.children) {
      const key = `${child.y},${child.x}`;
      parents.set(key, [...(parents.get(key) ?? []), { row: node.y, col: node.x }]);
    }
  }
  const nodes: MapNode[] = game.map.map((node) => {
    const key = `${node.y},${node.x}`;
    const isCurrent = current !== null && current.row === node.y && current.col === node.x;
    const isAvailable = available.has(key);
    return {
      row: node.y,
      col: node.x,
      node_type: MAP_SYMBOLS[node.symbol] ?? 'Unknown',
      state: isAvailable ? 'Travelable' : isCurrent ? 'Traveled' : 'Untravelable',
      visited: isCurrent,
      is_current: isCurrent,
      is_available: isAvailable,
      is_start: node.y === 0,
      is_boss: false,
      parents: parents.get(key) ?? node.parents.map((parent) => ({ row: parent.y, col: parent.x })),
      children: node.children.map((child) => ({ row: child.y, col: child.x })),
    };
  });
  return {
    current_node: current,
    rows: maxRow + 1,
    cols: 7,
    available_nodes: nextNodes.map((node, index) => ({ index, ...node, state: 'Travelable' })),
    nodes,
    boss_node: bossNode,
    is_travel_enabled: true,
  };
}

/** Event options as shown, each with the `choose` index CommunicationMod expects (disabled ones have none). */
export function eventOptionsOf(
  game: CommunicationModGameState,
): Array<EventOption & { choiceIndex: number | null }> {
  const screen = game.screen_state as {
    options?: Array<{ text?: string; label?: string; disabled?: boolean; choice_index?: number }>;
  };
  const options = screen.options ?? [];
  if (options.length === 0) {
    // Mini-games (Gremlin wheel, match game) only offer a choice list.
    return (game.choice_list ?? []).map((choice, index) => ({
      index,
      title: choice,
      description: choice,
      is_locked: false,
      is_proceed: false,
      choiceIndex: index,
    }));
  }
  let nextChoice = 0;
  return options.map((option, index) => {
    const disabled = option.disabled === true;
    const choiceIndex = disabled ? null : (option.choice_index ?? nextChoice);
    if (!disabled) nextChoice = (choiceIndex ?? nextChoice) + 1;
    const label = option.label ?? option.text ?? '';
    return {
      index,
      title: label,
      description: option.text ?? label,
      is_locked: disabled,
      is_proceed: /^(leave|proceed|continue|ignore)\b/i.test(label),
      choiceIndex,
    };
  });
}

function convertEvent(game: CommunicationModGameState): EventState {
  const screen = game.screen_state as { event_id?: string; event_name?: string; body_text?: string };
  const options = eventOptionsOf(game).map(({ choiceIndex: _choice, ...option }) => option);
  return {
    event_id: screen.event_id ?? '',
    title: screen.event_name ?? screen.event_id ?? 'Event',
    description: screen.body_text ?? '',
    is_finished: options.length === 1 && options[0]?.is_proceed === true,
    options,
  };
}

function rewardItem(reward: Record<string, unknown>, index: number, potionSlotFree: boolean): RewardItem {
  const type = String(reward.reward_type ?? '');
  const named = (key: string) => String((reward[key] as { name?: unknown } | undefined)?.name ?? 'unknown');
  switch (type) {
    case 'GOLD':
    case 'STOLEN_GOLD':
      return { index, reward_type: 'Gold', description: `${Number(reward.gold ?? 0)} Gold`, claimable: true };
    case 'CARD':
      return { index, reward_type: 'Card', description: 'Add a card to your deck', claimable: true };
    case 'POTION':
      return {
        index,
        reward_type: 'Potion',
        description: `Potion: ${named('potion')}`,
        claimable: potionSlotFree,
      };
    case 'RELIC':
      return { index, reward_type: 'Relic', description: `Relic: ${named('relic')}`, claimable: true };
    case 'EMERALD_KEY':
      return { index, reward_type: 'EmeraldKey', description: 'Emerald Key', claimable: true };
    case 'SAPPHIRE_KEY':
      return {
        index,
        reward_type: 'SapphireKey',
        description: `Sapphire Key (instead of the relic ${named('link')})`,
        claimable: true,
      };
    default:
      return { index, reward_type: type, description: type.toLowerCase(), claimable: true };
  }
}

function convertCombatReward(message: CommunicationModMessage, game: CommunicationModGameState): RewardState {
  const rewards = ((game.screen_state as { rewards?: Array<Record<string, unknown>> }).rewards ?? []).map(
    (reward, index) => rewardItem(reward, index, game.potions.some(isEmptySlot)),
  );
  return {
    pending_card_choice: false,
    can_proceed: offers(message, ...CONFIRM_COMMANDS) !== undefined,
    rewards,
    card_options: [],
    alternatives: [],
  };
}

/** Card-reward alternatives: skip (a cancel command) and Singing Bowl (a choice). */
export function cardRewardAlternatives(message: CommunicationModMessage, game: CommunicationModGameState) {
  const screen = game.screen_state as { skip_available?: boolean; bowl_available?: boolean };
  const alternatives: Array<{ index: number; label: string; kind: 'skip' | 'bowl' }> = [];
  if (screen.skip_available !== false && offers(message, ...CANCEL_COMMANDS) !== undefined) {
    alternatives.push({ index: alternatives.length, label: 'Skip', kind: 'skip' });
  }
  if (screen.bowl_available === true) {
    alternatives.push({ index: alternatives.length, label: 'Singing Bowl: +2 Max HP', kind: 'bowl' });
  }
  return alternatives;
}

function convertCardReward(
  message: CommunicationModMessage,
  game: CommunicationModGameState,
  text: Sts1TextSources,
): RewardState {
  const cards = ((game.screen_state as { cards?: CommunicationModCard[] }).cards ?? []).map((card, index) =>
    cardView(card, index, text),
  );
  return {
    pending_card_choice: true,
    can_proceed: false,
    rewards: [],
    card_options: cards,
    alternatives: cardRewardAlternatives(message, game).map(({ index, label }) => ({ index, label })),
  };
}

/** Shop items in the order CommunicationMod numbers its choices: purge, then affordable cards, relics, potions. */
export function shopChoiceOrder(game: CommunicationModGameState) {
  const screen = game.screen_state as {
    cards?: CommunicationModCard[];
    relics?: CommunicationModRelic[];
    potions?: CommunicationModPotion[];
    purge_available?: boolean;
    purge_cost?: number;
  };
  const order: Array<{ kind: 'purge' | 'card' | 'relic' | 'potion'; index: number }> = [];
  if (screen.purge_available === true && game.gold >= (screen.purge_cost ?? Number.POSITIVE_INFINITY)) {
    order.push({ kind: 'purge', index: 0 });
  }
  (screen.cards ?? []).forEach((card, index) => {
    if ((card.price ?? Number.POSITIVE_INFINITY) <= game.gold) order.push({ kind: 'card', index });
  });
  (screen.relics ?? []).forEach((relic, index) => {
    if ((relic.price ?? Number.POSITIVE_INFINITY) <= game.gold) order.push({ kind: 'relic', index });
  });
  (screen.potions ?? []).forEach((potion, index) => {
    if ((potion.price ?? Number.POSITIVE_INFINITY) <= game.gold) order.push({ kind: 'potion', index });
  });
  return { screen, order };
}

function convertShop(game: CommunicationModGameState, open: boolean, text: Sts1TextSources): ShopState {
  if (!open) {
    return {
      is_open: false,
      can_open: true,
      can_close: false,
      cards: [],
      relics: [],
      potions: [],
      card_removal: null,
    };
  }
  const { screen } = shopChoiceOrder(game);
  const purgeCost = screen.purge_cost ?? 0;
  return {
    is_open: true,
    can_open: false,
    can_close: true,
    cards: (screen.cards ?? []).map((card, index) => {
      const price = card.price ?? 0;
      return { ...cardView(card, index, text), price, is_stocked: true, enough_gold: price <= game.gold };
    }),
    relics: (screen.relics ?? []).map((relic, index) => {
      const price = relic.price ?? 0;
      return {
        index,
        relic_id: sts1Id(relic.id),
        name: relic.name,
        description: text.describeRelic?.({ id: sts1Id(relic.id), name: relic.name }) ?? null,
        price,
        is_stocked: true,
        enough_gold: price <= game.gold,
      };
    }),
    potions: (screen.potions ?? []).map((potion, index) => {
      const price = potion.price ?? 0;
      return {
        index,
        potion_id: sts1Id(potion.id),
        name: potion.name,
        price,
        is_stocked: true,
        enough_gold: price <= game.gold,
      };
    }),
    card_removal: {
      price: purgeCost,
      available: screen.purge_available === true,
      used: screen.purge_available !== true,
      enough_gold: screen.purge_available === true && game.gold >= purgeCost,
    },
  };
}

function restChoices(game: CommunicationModGameState): string[] {
  const fromScreen = (game.screen_state as { rest_options?: unknown }).rest_options;
  if (Array.isArray(fromScreen) && game.choice_list === undefined) return fromScreen.map(String);
  return game.choice_list ?? [];
}

function convertRest(game: CommunicationModGameState) {
  return {
    options: restChoices(game).map((choice, index): RestOption => {
      const known = REST_OPTIONS[choice.toLowerCase()];
      return {
        index,
        ...(known ?? { option_id: choice.toUpperCase(), title: choice, description: choice }),
        is_enabled: true,
      };
    }),
  };
}

function selectionCards(
  cards: CommunicationModCard[],
  selected: CommunicationModCard[],
  text: Sts1TextSources,
): SelectionCard[] {
  const selectedIds = new Set(selected.map((card) => card.uuid).filter((uuid) => uuid !== undefined));
  return cards.map((card, index) => ({
    ...cardView(card, index, text),
    ...(card.uuid === undefined ? {} : { stable_id: card.uuid }),
    is_selected: card.uuid !== undefined && selectedIds.has(card.uuid),
  }));
}

function convertGrid(
  message: CommunicationModMessage,
  game: CommunicationModGameState,
  text: Sts1TextSources,
) {
  const screen = game.screen_state as {
    cards?: CommunicationModCard[];
    selected_cards?: CommunicationModCard[];
    num_cards?: number;
    any_number?: boolean;
    for_upgrade?: boolean;
    for_transform?: boolean;
    for_purge?: boolean;
  };
  const count = screen.num_cards ?? 1;
  const purpose = screen.for_purge
    ? { kind: 'deck_card_select', verb: 'remove' }
    : screen.for_upgrade
      ? { kind: 'deck_upgrade_select', verb: 'upgrade' }
      : screen.for_transform
        ? { kind: 'deck_transform_select', verb: 'transform' }
        : { kind: 'deck_card_select', verb: 'select' };
  const selected = screen.selected_cards ?? [];
  const result: SelectionState = {
    kind: purpose.kind,
    prompt: `Choose ${screen.any_number ? 'any number of' : count} card${count === 1 && !screen.any_number ? '' : 's'} to ${purpose.verb}.`,
    cards: selectionCards(screen.cards ?? [], selected, text),
    min_select: screen.any_number ? 0 : count,
    max_select: count,
    selected_count: selected.length,
    requires_confirmation: true,
    can_confirm: offers(message, ...CONFIRM_COMMANDS) !== undefined,
  };
  return result;
}

function convertHandSelect(
  message: CommunicationModMessage,
  game: CommunicationModGameState,
  text: Sts1TextSources,
) {
  const screen = game.screen_state as {
    hand?: CommunicationModCard[];
    selected?: CommunicationModCard[];
    max_cards?: number;
    can_pick_zero?: boolean;
  };
  const count = screen.max_cards ?? 1;
  const reason = game.current_action === undefined ? '' : ` (${game.current_action})`;
  const result: SelectionState = {
    kind: 'combat_hand_select',
    prompt: `Choose ${screen.can_pick_zero ? 'up to ' : ''}${count} card${count === 1 ? '' : 's'} from your hand${reason}.`,
    cards: selectionCards(screen.hand ?? [], [], text),
    selected_cards: selectionCards(screen.selected ?? [], [], text),
    min_select: screen.can_pick_zero ? 0 : count,
    max_select: count,
    selected_count: (screen.selected ?? []).length,
    requires_confirmation: true,
    can_confirm: offers(message, ...CONFIRM_COMMANDS) !== undefined,
  };
  return result;
}

function convertGameOver(message: CommunicationModMessage, game: CommunicationModGameState): GameOverState {
  const screen = game.screen_state as { victory?: boolean; score?: number };
  return {
    is_victory: screen.victory === true,
    floor: game.floor,
    character_id: characterIdOf(game.class),
    can_continue: false,
    can_return_to_main_menu: offers(message, ...CONFIRM_COMMANDS) !== undefined,
    act: game.act,
    score: screen.score ?? null,
  };
}

function combatTypeOf(roomType: string): string | null {
  if (roomType === 'MonsterRoomBoss') return 'boss';
  if (roomType === 'MonsterRoomElite') return 'elite';
  if (roomType === 'MonsterRoom') return 'monster';
  return null;
}

function mainMenuState(message: CommunicationModMessage): GameState {
  const canStart = message.available_commands.includes('start');
  return {
    state_version: GAME_STATE_VERSION,
    screen: 'MAIN_MENU',
    session: { mode: 'singleplayer', phase: 'menu', control_scope: 'local_player' },
    in_combat: false,
    available_actions: canStart ? ['select_character'] : [],
    character_select: {
      selected_character_id: null,
      can_embark: canStart,
      ascension: 0,
      characters: STS1_CHARACTERS.map((character, index) => ({
        index,
        character_id: character.characterId,
        name: character.name,
        is_locked: false,
        is_selected: false,
      })),
    },
  };
}

/** The spire screen and the actions a CommunicationMod message offers. */
function screenAndActions(message: CommunicationModMessage, game: CommunicationModGameState) {
  const choose = message.available_commands.includes('choose');
  const confirm = offers(message, ...CONFIRM_COMMANDS) !== undefined;
  const cancel = offers(message, ...CANCEL_COMMANDS) !== undefined;
  const actions: string[] = [];
  const add = (condition: boolean, ...names: string[]) => {
    if (condition) actions.push(...names);
  };
  const hand = game.combat_state?.hand ?? [];
  add(
    message.available_commands.includes('play') && hand.some((card) => card.is_playable !== false),
    'play_card',
  );
  add(message.available_commands.includes('end'), 'end_turn');
  const potionCommand = message.available_commands.includes('potion');
  add(potionCommand && game.potions.some((potion) => potion.can_use), 'use_potion');
  add(potionCommand && game.potions.some((potion) => potion.can_discard), 'discard_potion');

  switch (game.screen_type) {
    case 'EVENT':
      add(choose, 'choose_event_option');
      return { screen: 'EVENT', actions };
    case 'CHEST':
      add(choose, 'open_chest');
      add(confirm, 'proceed');
      return { screen: 'CHEST', actions };
    case 'SHOP_ROOM':
      add(choose, 'open_shop_inventory');
      add(confirm, 'proceed');
      return { screen: 'SHOP', actions };
    case 'SHOP_SCREEN': {
      const { order } = shopChoiceOrder(game);
      add(choose && order.some((item) => item.kind === 'card'), 'buy_card');
      add(choose && order.some((item) => item.kind === 'relic'), 'buy_relic');
      add(choose && order.some((item) => item.kind === 'potion'), 'buy_potion');
      add(choose && order.some((item) => item.kind === 'purge'), 'remove_card_at_shop');
      add(cancel, 'close_shop_inventory');
      return { screen: 'SHOP', actions };
    }
    case 'REST':
      add(choose, 'choose_rest_option');
      add(confirm, 'proceed');
      return { screen: 'REST', actions };
    case 'CARD_REWARD': {
      const alternatives = cardRewardAlternatives(message, game);
      add(choose, 'choose_reward_card');
      add(
        alternatives.some((alternative) => alternative.kind === 'skip'),
        'skip_reward_cards',
      );
      add(alternatives.length > 0, 'choose_reward_alternative');
      return { screen: 'REWARD', actions };
    }
    case 'COMBAT_REWARD':
      add(choose, 'claim_reward');
      add(confirm, 'proceed');
      return { screen: 'REWARD', actions };
    case 'MAP':
      add(choose, 'choose_map_node');
      return { screen: 'MAP', actions };
    case 'BOSS_REWARD':
      add(choose, 'choose_treasure_relic');
      add(cancel, 'proceed');
      return { screen: 'CHEST', actions };
    case 'GRID':
    case 'HAND_SELECT':
      add(choose, 'select_deck_card');
      add(confirm, 'confirm_selection');
      add(cancel, 'cancel_selection');
      return { screen: 'CARD_SELECTION', actions };
    case 'GAME_OVER':
      add(confirm, 'proceed');
      return { screen: 'GAME_OVER', actions };
    default: {
      const inCombat = game.combat_state !== undefined && game.room_phase === 'COMBAT';
      add(confirm, 'proceed');
      return { screen: inCombat ? 'COMBAT' : 'UNKNOWN', actions };
    }
  }
}

/** Translates one CommunicationMod message (not an error message) into a `GameState`. */
export function translateSts1State(message: CommunicationModMessage, text: Sts1TextSources = {}): GameState {
  const game = message.game_state;
  if (!message.in_game || game === undefined) return mainMenuState(message);
  const { screen, actions } = screenAndActions(message, game);
  const combat = convertCombat(message, game, text);
  const targets = targetIndices(game.combat_state?.monsters ?? []);
  const state: GameState = {
    state_version: GAME_STATE_VERSION,
    run_id: String(game.seed ?? ''),
    screen,
    session: { mode: 'singleplayer', phase: 'run', control_scope: 'local_player' },
    in_combat: combat !== null && game.room_phase === 'COMBAT',
    turn: game.combat_state?.turn ?? null,
    combat_type: combatTypeOf(game.room_type),
    act: game.act,
    boss_encounter_id: game.act_boss ?? null,
    available_actions: actions,
    combat,
    run: {
      character_id: characterIdOf(game.class),
      character_name: STS1_CHARACTERS.find((entry) => entry.className === game.class)?.name ?? game.class,
      floor: game.floor,
      act: game.act,
      ascension: game.ascension_level,
      current_hp: game.current_hp,
      max_hp: game.max_hp,
      gold: game.gold,
      deck: game.deck.map((card, index) => deckCard(card, index, text)),
      relics: game.relics.map((relic, index) => convertRelic(relic, index, text)),
      potions: game.potions.map((potion, index) => convertPotion(potion, index, targets)),
    },
    map: game.screen_type === 'MAP' ? convertMap(game) : null,
    reward:
      game.screen_type === 'COMBAT_REWARD'
        ? convertCombatReward(message, game)
        : game.screen_type === 'CARD_REWARD'
          ? convertCardReward(message, game, text)
          : null,
    selection:
      game.screen_type === 'GRID'
        ? convertGrid(message, game, text)
        : game.screen_type === 'HAND_SELECT'
          ? convertHandSelect(message, game, text)
          : null,
    event: game.screen_type === 'EVENT' ? convertEvent(game) : null,
    shop:
      game.screen_type === 'SHOP_ROOM' || game.screen_type === 'SHOP_SCREEN'
        ? convertShop(game, game.screen_type === 'SHOP_SCREEN', text)
        : null,
    rest: game.screen_type === 'REST' ? convertRest(game) : null,
    chest: convertChest(game),
    game_over: game.screen_type === 'GAME_OVER' ? convertGameOver(message, game) : null,
  };
  return state;
}

function convertChest(game: CommunicationModGameState): ChestState | null {
  if (game.screen_type === 'CHEST') {
    const screen = game.screen_state as { chest_open?: boolean };
    return { is_opened: screen.chest_open === true, has_relic_been_claimed: false, relic_options: [] };
  }
  if (game.screen_type === 'BOSS_REWARD') {
    const relics = (game.screen_state as { relics?: CommunicationModRelic[] }).relics ?? [];
    return {
      is_opened: true,
      has_relic_been_claimed: false,
      relic_options: relics.map((relic, index) => ({
        index,
        relic_id: sts1Id(relic.id),
        name: relic.name,
        rarity: 'Boss',
      })),
    };
  }
  return null;
}
