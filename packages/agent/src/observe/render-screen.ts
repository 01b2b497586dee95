import type { DetailLevel } from './detail-level.js';
import { sanitizeGameText as clean } from './sanitize-game-text.js';
import type { ActionView, CardView, StateView } from './state-view.js';

type Item = Record<string, unknown>;

/**
 * Where each action's `option_index` points: the state field path of the list it indexes.
 * Items are matched by their own `index` field when they have one, else by position.
 */
const OPTION_LISTS: Record<string, string[]> = {
  choose_map_node: ['map', 'available_nodes'],
  claim_reward: ['reward', 'rewards'],
  choose_reward_card: ['reward', 'card_options'],
  choose_reward_alternative: ['reward', 'alternatives'],
  buy_card: ['shop', 'cards'],
  buy_relic: ['shop', 'relics'],
  buy_potion: ['shop', 'potions'],
  choose_rest_option: ['rest', 'options'],
  choose_event_option: ['event', 'options'],
  select_deck_card: ['selection', 'cards'],
  choose_treasure_relic: ['chest', 'relic_options'],
  choose_bundle: ['bundles'],
  select_character: ['character_select', 'characters'],
};

/** The item an action's `option_index` picks, if the state lists it. */
export function optionItem(state: StateView, action: ActionView): Item | undefined {
  const path = OPTION_LISTS[action.action];
  if (!path || action.option_index === undefined) return undefined;
  let list: unknown = state;
  for (const key of path) list = isObject(list) ? list[key] : undefined;
  if (!Array.isArray(list)) return undefined;
  const byIndex = list.find((item) => isObject(item) && item.index === action.option_index);
  const item = byIndex ?? list[action.option_index];
  return isObject(item) ? item : undefined;
}

/** Renders the payload of a non-combat screen: what is offered, with types, prices and texts. */
export function renderScreen(state: StateView, level: DetailLevel): string[] {
  const text = level.cardText;
  const lines: string[] = [];
  const map = objectAt(state, 'map');
  if (map && Array.isArray(map.available_nodes)) {
    lines.push(
      `Map: boss ${clean(state.run?.boss_id ?? state.boss_encounter_id ?? '?', 40)}; reachable rooms:`,
    );
    for (const node of map.available_nodes.filter(isObject)) lines.push(`- ${mapNodeLine(map, node)}`);
  }
  const reward = objectAt(state, 'reward');
  if (reward && state.screen === 'REWARD') {
    for (const item of listAt(reward, 'rewards')) {
      lines.push(
        `- reward ${item.index}: ${clean(item.reward_type, 20)}: ${clean(item.description, 80)}${item.claimable === false ? ' (not claimable)' : ''}`,
      );
    }
    if (reward.pending_card_choice) {
      lines.push('Card choice:');
      for (const card of listAt(reward, 'card_options'))
        lines.push(`- card ${card.index}: ${cardSummary(card, text)}`);
    }
    for (const alternative of listAt(reward, 'alternatives'))
      lines.push(`- alternative ${alternative.index}: ${clean(alternative.label, 40)}`);
  }
  const shop = objectAt(state, 'shop');
  if (shop && state.screen === 'SHOP') {
    if (shop.is_open === false) lines.push('Shop inventory is closed.');
    for (const card of listAt(shop, 'cards'))
      lines.push(`- card ${card.index}: ${cardSummary(card, text)}; ${shelf(card)}`);
    for (const relic of listAt(shop, 'relics'))
      lines.push(
        `- relic ${relic.index}: ${clean(relic.name, 40)}${describeText(relic, text)}; ${shelf(relic)}`,
      );
    for (const potion of listAt(shop, 'potions'))
      lines.push(
        `- potion ${potion.index}: ${clean(potion.name, 40)}${describeText(potion, text)}; ${shelf(potion)}`,
      );
    const removal = objectAt(shop, 'card_removal');
    if (removal)
      lines.push(
        `- card removal: price ${removal.price}${removal.available === false || removal.used ? ', unavailable' : ''}`,
      );
  }
  const rest = objectAt(state, 'rest');
  if (rest && state.screen === 'REST') {
    for (const option of listAt(rest, 'options')) {
      lines.push(
        `- ${option.index}: ${clean(option.title, 30)}${describeText(option, Math.max(text, 60))}${option.is_enabled === false ? ' (disabled)' : ''}`,
      );
    }
  }
  const event = objectAt(state, 'event');
  if (event && state.screen === 'EVENT') {
    lines.push(
      `Event: ${clean(event.title ?? event.event_id, 60)}${text > 0 ? `: ${clean(event.description, 300)}` : ''}`,
    );
    for (const option of listAt(event, 'options')) {
      const flags = [option.is_locked ? 'locked' : '', option.will_kill_player ? 'WILL KILL YOU' : ''].filter(
        Boolean,
      );
      lines.push(
        `- ${option.index}: ${clean(option.title, 40)}${describeText(option, Math.max(text, 80))}${flags.length ? ` (${flags.join(', ')})` : ''}`,
      );
    }
  }
  const chest = objectAt(state, 'chest');
  if (chest && state.screen === 'CHEST') {
    lines.push(`Chest: ${chest.is_opened ? 'opened' : 'closed'}`);
    for (const relic of listAt(chest, 'relic_options'))
      lines.push(`- relic ${relic.index}: ${clean(relic.name, 40)}${describeText(relic, text)}`);
  }
  const selection = objectAt(state, 'selection');
  if (selection && (state.screen === 'CARD_SELECTION' || state.combat)) {
    const range = `choose ${selection.min_select ?? '?'}-${selection.max_select ?? '?'}, selected ${selection.selected_count ?? 0}`;
    lines.push(`Selection (${clean(selection.kind, 30)}): ${clean(selection.prompt, 120)} (${range})`);
    for (const card of listAt(selection, 'cards')) {
      const flags = [
        card.is_selected ? 'selected' : '',
        card.is_selectable === false ? 'not selectable' : '',
      ].filter(Boolean);
      lines.push(
        `- card ${card.index}: ${cardSummary(card, Math.min(text, 60))}${flags.length ? ` (${flags.join(', ')})` : ''}`,
      );
    }
  }
  const gameOver = objectAt(state, 'game_over');
  if (gameOver && state.screen === 'GAME_OVER') {
    lines.push(`Game over: ${gameOver.is_victory ? 'victory' : 'defeat'} on floor ${gameOver.floor ?? '?'}`);
  }
  if (lines.length === 0) lines.push(...renderGeneric(state, text));
  return lines;
}

/** One short label for an action's option, for the numbered action list. */
export function optionLabel(state: StateView, action: ActionView): string | undefined {
  const item = optionItem(state, action);
  if (!item) return undefined;
  if (action.action === 'choose_map_node') return clean(item.node_type, 20);
  if (action.action === 'claim_reward')
    return `${clean(item.reward_type, 20)}: ${clean(item.description, 40)}`;
  if (action.action.startsWith('buy_')) return `${clean(item.name ?? item.potion_id, 40)} for ${item.price}`;
  const name = item.name ?? item.title ?? item.label ?? item.character_id;
  return name === undefined ? undefined : clean(name, 40);
}

function mapNodeLine(map: Item, node: Item): string {
  const nodes = Array.isArray(map.nodes) ? map.nodes.filter(isObject) : [];
  const full = nodes.find((each) => each.row === node.row && each.col === node.col);
  const children = Array.isArray(full?.children) ? full.children.filter(isObject) : [];
  const next = children
    .map((child) => nodes.find((each) => each.row === child.row && each.col === child.col)?.node_type)
    .filter((type): type is string => typeof type === 'string')
    .map((type) => clean(type, 12));
  return `${node.index}: ${clean(node.node_type, 20)} (row ${node.row}, col ${node.col})${next.length ? `, then ${next.join('/')}` : ''}`;
}

function cardSummary(card: Item, textChars: number): string {
  const view = card as CardView;
  const cost = view.costs_x ? 'X' : `${view.energy_cost ?? '?'}`;
  const text = textChars > 0 ? clean(view.resolved_rules_text ?? view.rules_text, textChars) : '';
  return `${clean(view.name ?? view.card_id, 40)} [cost ${cost}] ${clean(view.card_type ?? '', 12)}${view.rarity ? ` ${clean(view.rarity, 12)}` : ''}${text ? `: ${text}` : ''}`;
}

function shelf(item: Item): string {
  if (item.is_stocked === false) return 'sold';
  return `price ${item.price}${item.enough_gold === false ? ' (not enough gold)' : ''}`;
}

function describeText(item: Item, textChars: number): string {
  if (textChars <= 0 || typeof item.description !== 'string' || item.description === '') return '';
  return `: ${clean(item.description, textChars)}`;
}

/** Screens spire does not model in detail: scalar facts and numbered list items. */
function renderGeneric(state: StateView, textChars: number): string[] {
  const screen = (state.screen ?? '').toLowerCase();
  const payload = objectAt(state, screen);
  if (!payload) return [];
  const lines: string[] = [];
  const facts: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    facts.push(`${key.replace(/_/g, ' ')}: ${clean(value, textChars > 0 ? 160 : 60)}`);
  }
  if (facts.length > 0) lines.push(facts.join('; '));
  for (const [key, value] of Object.entries(payload)) {
    if (!Array.isArray(value) || value.length === 0) continue;
    lines.push(`${key.replace(/_/g, ' ')}:`);
    for (const [position, item] of value.entries()) {
      const label = isObject(item)
        ? [item.name, item.title, item.label, item.description]
            .filter((part) => typeof part === 'string')
            .map((part) => clean(part, 60))
            .join(': ')
        : clean(item, 60);
      lines.push(`- ${isObject(item) && typeof item.index === 'number' ? item.index : position}: ${label}`);
    }
  }
  return lines;
}

function objectAt(value: unknown, key: string): Item | undefined {
  const inner = isObject(value) ? value[key] : undefined;
  return isObject(inner) ? inner : undefined;
}

function listAt(value: Item, key: string): Item[] {
  const inner = value[key];
  return Array.isArray(inner) ? inner.filter(isObject) : [];
}

export function isObject(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
