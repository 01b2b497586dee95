import type { CardView, GameState } from '@strata-memory/spire';
import type { KnowledgeEntry } from '@strata-memory/strata';
import { cardCost } from '../observe/render-observation.js';
import { sanitizeGameText as clean } from '../observe/sanitize-game-text.js';

/**
 * Knowledge keys follow spire's rules corpus (`card:bash`, `monster:jaw_worm`, `power:strength`),
 * so the engine's corpus and texts learned from states share one key space. The current numbers of
 * a card (upgrades, modifiers) are in the observation; knowledge holds its rules.
 */
export function cardKey(card: Pick<CardView, 'card_id'>): string {
  return `card:${card.card_id}`.toLowerCase();
}

/** The knowledge key of a power (e.g. `power:strength`). */
export function powerKey(powerId: string): string {
  return `power:${powerId.replace(/_POWER$/i, '')}`.toLowerCase();
}

/** The knowledge key of a monster (e.g. `monster:jaw_worm`). */
export function monsterKey(enemyId: string): string {
  return `monster:${enemyId}`.toLowerCase();
}

function cardEntry(card: CardView): KnowledgeEntry | undefined {
  const text = card.resolved_rules_text ?? card.rules_text;
  if (!card.card_id || !text) return undefined;
  const keywords =
    card.keywords && card.keywords.length > 0
      ? ` [${card.keywords.map((word) => clean(word, 20)).join(', ')}]`
      : '';
  return {
    key: cardKey(card),
    title: clean(card.name, 40),
    text: `${clean(card.card_type, 12)} card, cost ${cardCost(card)}${keywords}: ${clean(card.rules_text ?? text, 300)}`,
  };
}

/**
 * Knowledge entries from the rules text a state carries (cards, relics, potions, powers, the event),
 * for the real StS2 whose rules are only known through its states, and for the simulator alike.
 * Enemies get what was seen of them (max HP); the first text seen of a key is kept.
 */
export function knowledgeFromState(state: GameState): KnowledgeEntry[] {
  const entries: KnowledgeEntry[] = [];
  const push = (entry: KnowledgeEntry | undefined) => {
    if (entry) entries.push(entry);
  };
  for (const card of state.run?.deck ?? []) push(cardEntry(card));
  for (const card of state.combat?.hand ?? []) push(cardEntry(card));
  for (const card of state.reward?.card_options ?? []) push(cardEntry(card));
  for (const card of state.shop?.cards ?? []) push(cardEntry(card));
  for (const relic of state.run?.relics ?? []) {
    if (relic.description)
      push({
        key: `relic:${relic.relic_id}`.toLowerCase(),
        title: clean(relic.name, 40),
        text: `relic: ${clean(relic.description, 300)}`,
      });
  }
  for (const potion of state.run?.potions ?? []) {
    if (potion.potion_id && potion.description) {
      push({
        key: `potion:${potion.potion_id}`.toLowerCase(),
        title: clean(potion.name, 40),
        text: `potion: ${clean(potion.description, 300)}`,
      });
    }
  }
  const powers = [
    ...(state.combat?.player.powers ?? []),
    ...(state.combat?.enemies ?? []).flatMap((enemy) => enemy.powers),
  ];
  for (const power of powers) {
    if (power.description) {
      push({
        key: powerKey(power.power_id),
        title: clean(power.name, 40),
        text: `${power.is_debuff ? 'debuff' : 'buff'}: ${clean(power.description, 300)}`,
      });
    }
  }
  for (const enemy of state.combat?.enemies ?? []) {
    push({
      key: monsterKey(enemy.enemy_id),
      title: clean(enemy.name, 40),
      text: `enemy, max HP ${enemy.max_hp}`,
    });
  }
  if (state.event?.event_id && state.event.description) {
    push({
      key: `event:${state.event.event_id}`.toLowerCase(),
      title: clean(state.event.title, 60),
      text: `event: ${clean(state.event.description, 400)}`,
    });
  }
  return entries;
}

/**
 * Keys in play, in an order that keeps the knowledge section stable for cache reuse: what changes
 * only between combats (enemies of this fight, relics, deck) first, what changes within a turn last.
 * Shop shelves are left to the observation: it already shows their texts, and a dozen more entries
 * at the shop would make the prompt's size spike there.
 */
export function knowledgeKeys(state: GameState): string[] {
  const keys: string[] = [];
  for (const enemy of state.combat?.enemies ?? []) keys.push(monsterKey(enemy.enemy_id));
  if (state.event?.event_id) keys.push(`event:${state.event.event_id}`);
  for (const relic of state.run?.relics ?? []) keys.push(`relic:${relic.relic_id}`);
  const deck = [...(state.run?.deck ?? [])].sort((a, b) => cardKey(a).localeCompare(cardKey(b)));
  for (const card of deck) keys.push(cardKey(card));
  for (const card of state.reward?.card_options ?? []) keys.push(cardKey(card));
  for (const potion of state.run?.potions ?? [])
    if (potion.potion_id) keys.push(`potion:${potion.potion_id}`);
  for (const power of state.combat?.player.powers ?? []) keys.push(`power:${power.power_id}`);
  for (const enemy of state.combat?.enemies ?? [])
    for (const power of enemy.powers) keys.push(`power:${power.power_id}`);
  for (const card of state.combat?.hand ?? []) keys.push(cardKey(card));
  return [...new Set(keys.map((key) => key.toLowerCase()))];
}
