import { cardCurrentBlock, cardCurrentDamage } from '@strata-memory/spire';
import { createTiktokenTokenizer, type Tokenizer } from '@strata-memory/strata';
import { describeAction } from './describe-action.js';
import type { DetailLevel } from './detail-level.js';
import { listCombatActions } from './list-combat-actions.js';
import { renderScreen } from './render-screen.js';
import { sanitizeGameText as clean } from './sanitize-game-text.js';
import {
  type ActionView,
  asStateView,
  type CardView,
  type EnemyView,
  type IntentView,
  type PowerView,
  type StateView,
} from './state-view.js';

/** Options of `renderObservation`. */
export interface RenderObservationOptions {
  /** The numbered legal actions. Default: read from the state (combat states of the StS2 mod). */
  actions?: readonly ActionView[];
  /** Counts tokens for the cap. Default: o200k_base. */
  tokenizer?: Tokenizer;
  /** Hard cap on the rendering's tokens (default 600): detail is shed level by level to fit. */
  maxTokens?: number;
}

/** A state rendered for the model: the text and its exact token count. */
export interface Observation {
  text: string;
  tokens: number;
  /** The actions as numbered in the text: `actions[i]` is choice `i`. */
  actions: ActionView[];
  /** 0 = full detail; higher levels shed card texts, relics, then action names to fit the cap. */
  detail: number;
}

const LEVELS: DetailLevel[] = [
  { cardText: 110, potionText: true, relics: true, actionNames: true, piles: true },
  { cardText: 60, potionText: false, relics: false, actionNames: true, piles: true },
  { cardText: 0, potionText: false, relics: false, actionNames: true, piles: true },
  { cardText: 0, potionText: false, relics: false, actionNames: false, piles: false },
];

/** Default token budget of a rendered observation. */
export const DEFAULT_OBSERVATION_TOKENS = 600;
const TRUNCATED = '\n[observation truncated to fit its budget]';

let defaultTokenizer: Tokenizer | undefined;
function tokenizerOrDefault(tokenizer: Tokenizer | undefined): Tokenizer {
  if (tokenizer) return tokenizer;
  defaultTokenizer ??= createTiktokenTokenizer('o200k_base');
  return defaultTokenizer;
}

/**
 * Compact text of the current state and the numbered legal actions, within `maxTokens`.
 * @example renderObservation(await game.state(), { actions: legalActions(state) })
 */
export function renderObservation(state: unknown, options: RenderObservationOptions = {}): string {
  return observeState(state, options).text;
}

/** Like `renderObservation`, with its token count and the numbered actions. */
export function observeState(state: unknown, options: RenderObservationOptions = {}): Observation {
  const view = asStateView(state);
  const tokenizer = tokenizerOrDefault(options.tokenizer);
  const maxTokens = options.maxTokens ?? DEFAULT_OBSERVATION_TOKENS;
  const actions = [...(options.actions ?? listCombatActions(view))];
  let parts = { body: '', actions: '' };
  for (const [detail, level] of LEVELS.entries()) {
    parts = renderAtLevel(view, actions, level);
    const text = `${parts.body}\n${parts.actions}`;
    const tokens = tokenizer.count(text);
    if (tokens <= maxTokens) return { text, tokens, actions, detail };
  }
  // Last resort: cut the state, never the numbered actions, and say so visibly.
  const room = maxTokens - tokenizer.count(`${TRUNCATED}\n${parts.actions}`) - 1;
  let text =
    room > 0
      ? `${tokenizer.truncate(parts.body, room)}${TRUNCATED}\n${parts.actions}`
      : `${parts.body}\n${parts.actions}`;
  if (tokenizer.count(text) > maxTokens) {
    text = tokenizer.truncate(text, Math.max(0, maxTokens - tokenizer.count(TRUNCATED))) + TRUNCATED;
  }
  return { text, tokens: tokenizer.count(text), actions, detail: LEVELS.length };
}

function renderAtLevel(
  state: StateView,
  actions: ActionView[],
  level: DetailLevel,
): { body: string; actions: string } {
  const lines: string[] = [];
  lines.push(headerLine(state));
  const combat = state.combat;
  if (combat && (state.screen === undefined || state.screen === null || /COMBAT/i.test(state.screen))) {
    lines.push(...renderCombat(state, level));
    // A choice in the middle of combat (a card to exhaust, discard, upgrade...).
    if (state.selection) lines.push(...renderScreen(state, level));
  } else {
    lines.push(...statusLines(state, level));
    lines.push(...renderScreen(state, level));
  }
  const actionLines = ['Actions (answer with the number):'];
  if (actions.length === 0) actionLines.push('(none)');
  for (const [index, action] of actions.entries()) {
    actionLines.push(`${index}: ${describeAction(state, action, level.actionNames)}`);
  }
  return { body: lines.join('\n'), actions: actionLines.join('\n') };
}

function headerLine(state: StateView): string {
  const run = state.run ?? {};
  const parts = [`Screen ${clean(state.screen ?? 'UNKNOWN', 40)}`];
  const act = state.act ?? run.act;
  if (act !== undefined && act !== null) parts.push(`act ${act}`);
  const floor = run.floor ?? state.floor;
  if (floor !== undefined && floor !== null) parts.push(`floor ${floor}`);
  if (state.combat && state.turn !== undefined && state.turn !== null) parts.push(`turn ${state.turn}`);
  if (state.combat && state.combat_type) parts.push(`${clean(state.combat_type, 20)} fight`);
  return parts.join(', ');
}

/** Out of combat: who we are and what we have. */
function statusLines(state: StateView, level: DetailLevel): string[] {
  const run = state.run;
  if (!run) return [];
  const lines = [
    `${clean(run.character_name ?? run.character_id ?? 'Player', 30)}: HP ${run.current_hp ?? '?'}/${run.max_hp ?? '?'}, gold ${run.gold ?? 0}, deck ${run.deck?.length ?? 0} cards`,
  ];
  const potions = potionNames(state, level.potionText);
  if (potions) lines.push(`Potions: ${potions}`);
  if (level.relics && run.relics && run.relics.length > 0) lines.push(`Relics: ${relicNames(state)}`);
  return lines;
}

function renderCombat(state: StateView, level: DetailLevel): string[] {
  const combat = state.combat ?? {};
  const player = combat.player ?? {};
  const run = state.run ?? {};
  const lines: string[] = [];
  const hand = combat.hand ?? [];
  const usesStars = (player.stars ?? 0) > 0 || hand.some((card) => (card.star_cost ?? 0) > 0);
  const maxEnergy = player.max_energy ?? run.max_energy;
  const self = [
    `HP ${player.current_hp ?? run.current_hp ?? '?'}/${player.max_hp ?? run.max_hp ?? '?'}`,
    `block ${player.block ?? 0}`,
    `energy ${player.energy ?? 0}${maxEnergy !== undefined && maxEnergy !== null ? `/${maxEnergy}` : ''}`,
  ];
  if (usesStars) self.push(`stars ${player.stars ?? 0}`);
  if ((player.focus ?? 0) !== 0) self.push(`focus ${player.focus}`);
  lines.push(`You (${clean(run.character_name ?? run.character_id ?? 'player', 30)}): ${self.join(', ')}`);
  lines.push(`Your powers: ${powerList(player.powers)}`);
  const orbs = (player.orbs ?? []).map((orb) => clean(orb.name ?? orb.orb_id, 20)).filter(Boolean);
  if (orbs.length > 0) lines.push(`Orbs: ${orbs.join(', ')}`);
  if (level.piles) {
    const piles = [
      pile('draw', player.draw_cards, player.draw_pile_count),
      pile('discard', player.discard_cards, player.discard_pile_count),
      pile('exhaust', player.exhaust_cards, player.exhaust_pile_count),
    ].filter((part): part is string => part !== undefined);
    if (piles.length > 0) lines.push(`Piles: ${piles.join(', ')}`);
  }
  lines.push('Enemies:');
  // Every enemy the state lists: one at 0 HP with intents may be about to revive (phase bosses).
  const enemies = combat.enemies ?? [];
  if (enemies.length === 0) lines.push('(none)');
  for (const [position, enemy] of enemies.entries()) lines.push(enemyLine(enemy, enemy.index ?? position));
  lines.push(`Hand (${hand.length}):`);
  for (const [position, card] of hand.entries()) lines.push(cardLine(card, card.index ?? position, level));
  const potions = potionNames(state, level.potionText);
  lines.push(`Potions: ${potions || 'none'}`);
  if (level.relics && run.relics && run.relics.length > 0) lines.push(`Relics: ${relicNames(state)}`);
  return lines;
}

function pile(name: string, cards: unknown[] | number | null | undefined, count: number | null | undefined) {
  if (typeof count === 'number') return `${name} ${count}`;
  if (typeof cards === 'number') return `${name} ${cards}`;
  if (Array.isArray(cards)) return `${name} ${cards.length}`;
  return undefined;
}

/** Powers as text (`Strength 2, Weak 1 (debuff)`), or `none`. */
export function powerList(powers: readonly PowerView[] | null | undefined): string {
  if (!powers || powers.length === 0) return 'none';
  return powers
    .map((power) => {
      const name = clean(power.name ?? power.power_id, 40);
      const amount = power.amount !== undefined && power.amount !== null ? ` ${power.amount}` : '';
      return `${name}${amount}${power.is_debuff ? ' (debuff)' : ''}`;
    })
    .join(', ');
}

/** An intent as text (`Attack 6x2 (12 total)`). */
export function intentText(intent: IntentView): string {
  const type = clean(intent.intent_type ?? 'Unknown', 30);
  const damage = intent.damage;
  if (damage !== undefined && damage !== null) {
    const hits = intent.hits ?? 1;
    const total = intent.total_damage ?? damage * hits;
    return `${type} ${damage}x${hits}${hits > 1 ? ` (${total} total)` : ''}`;
  }
  if (intent.status_card_count) return `${type} (${intent.status_card_count} status cards)`;
  return type;
}

/** Intents of a downed enemy that mean it comes back (StS2 phase bosses heal and buff at 0 HP). */
const REVIVING_INTENT = /\b(heal|buff|revive|respawn|rebirth)/i;

function enemyLine(enemy: EnemyView, index: number): string {
  const intents = (enemy.intents ?? []).map(intentText);
  if (intents.length === 0 && enemy.intent) intents.push(clean(enemy.intent, 40));
  const name = `e${index} ${clean(enemy.name ?? enemy.enemy_id, 40)}: HP ${enemy.current_hp ?? '?'}/${enemy.max_hp ?? '?'}`;
  const down = enemy.is_alive === false || enemy.current_hp === 0;
  if (down && intents.length === 0) return `${name}, down (defeated)`;
  const reviving =
    down && (enemy.is_half_dead === true || intents.some((intent) => REVIVING_INTENT.test(intent)));
  const parts = [
    `${name}${down ? (reviving ? ', down, reviving' : ', down') : ''}, block ${enemy.block ?? 0}`,
    `powers: ${powerList(enemy.powers)}`,
    `intent: ${intents.length > 0 ? intents.join(' + ') : 'unknown'}`,
  ];
  if (enemy.is_hittable === false) parts.push('not targetable');
  return parts.join('; ');
}

/** A card's cost as text (`1`, `X`, `?`, or `1+2 stars`). */
export function cardCost(card: CardView): string {
  const energy = card.costs_x
    ? 'X'
    : card.energy_cost === undefined || card.energy_cost === null
      ? '?'
      : `${card.energy_cost}`;
  const stars = card.star_cost ?? 0;
  return stars > 0 ? `${energy}+${stars} stars` : energy;
}

function cardLine(card: CardView, index: number, level: DetailLevel): string {
  const status =
    card.playable === false
      ? `unplayable${card.unplayable_reason ? ` (${clean(card.unplayable_reason, 30)})` : ''}`
      : 'playable';
  const type = card.card_type ? ` ${clean(card.card_type, 12)}` : '';
  let line = `h${index} ${clean(card.name ?? card.card_id, 40)} [cost ${cardCost(card)}]${type}, ${status}`;
  line += cardNumbers(card);
  if (level.cardText > 0) {
    const text = clean(card.resolved_rules_text ?? card.rules_text ?? card.description, level.cardText);
    if (text) line += `: ${text}`;
  }
  return line;
}

/**
 * The damage and Block a card deals or gives after the player's modifiers, before the target's
 * (`, deals 9x2, blocks 6`): from `dynamic_values` in StS2 states (real or simulated, whose `damage`
 * is the card's own number), from `damage`/`block` in StS1's; "" when the state shows neither.
 */
function cardNumbers(card: CardView): string {
  const damage = cardCurrentDamage(card);
  const block = cardCurrentBlock(card);
  const hits = card.hits ?? 1;
  let numbers = '';
  if (damage !== null) numbers += `, deals ${damage}${hits > 1 ? `x${hits}` : ''}`;
  if (block !== null) numbers += `, blocks ${block}`;
  return numbers;
}

function potionNames(state: StateView, withText: boolean): string {
  const potions = state.run?.potions ?? [];
  return potions
    .map((potion, position) => {
      if (potion.occupied === false || (!potion.name && !potion.potion_id)) return undefined;
      const usable = potion.can_use === false ? ', not usable now' : '';
      const text = withText && potion.description ? `: ${clean(potion.description, 80)}` : '';
      return `p${potion.index ?? position} ${clean(potion.name ?? potion.potion_id, 40)}${usable}${text}`;
    })
    .filter((part): part is string => part !== undefined)
    .join('; ');
}

function relicNames(state: StateView): string {
  return (state.run?.relics ?? [])
    .map((relic) => {
      const name = clean(relic.name ?? relic.relic_id, 40);
      return relic.counter !== undefined && relic.counter !== null && relic.counter >= 0
        ? `${name} (${relic.counter})`
        : name;
    })
    .join(', ');
}
