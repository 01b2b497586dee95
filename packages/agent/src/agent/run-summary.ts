import type { GameState } from '@strata-memory/spire';
import { sanitizeGameText as clean } from '../observe/sanitize-game-text.js';
import { actOf, floorOf } from './game-events.js';

/** Themes read from the deck's rules text; the two strongest name the archetype. */
const THEMES: Array<{ name: string; pattern: RegExp }> = [
  { name: 'poison', pattern: /poison/i },
  { name: 'shivs', pattern: /shiv/i },
  { name: 'strength', pattern: /strength/i },
  { name: 'block', pattern: /block/i },
  { name: 'exhaust', pattern: /exhaust/i },
  { name: 'card draw', pattern: /draw \d+|draw a card|draw cards/i },
  { name: 'discard', pattern: /discard/i },
  { name: 'vulnerable', pattern: /vulnerable/i },
  { name: 'weak', pattern: /\bweak\b/i },
  { name: 'orbs', pattern: /channel|orb/i },
  { name: 'stars', pattern: /\bstars?\b|forge/i },
];

/** The deck's main themes (block, exhaust, card draw, ...) by how many cards mention them. */
export function deckArchetype(state: GameState): string {
  const deck = state.run?.deck ?? [];
  const counts = THEMES.map((theme) => ({
    name: theme.name,
    count: deck.filter((card) => theme.pattern.test(card.resolved_rules_text ?? card.rules_text ?? ''))
      .length,
  }))
    .filter((theme) => theme.count >= 2)
    .sort((a, b) => b.count - a.count);
  if (counts.length === 0) return 'starter basics';
  return counts
    .slice(0, 2)
    .map((theme) => `${theme.name} (${theme.count})`)
    .join(' + ');
}

/**
 * The run summary layer's text: character, act, floor, HP, gold, deck archetype and size, key
 * relics, next boss. Overwritten at combat end and floor change.
 */
export function renderRunSummary(state: GameState): string {
  const run = state.run;
  if (!run) return `Act ${actOf(state)}, floor ${floorOf(state)}.`;
  const deck = run.deck ?? [];
  const types = new Map<string, number>();
  for (const card of deck) types.set(card.card_type, (types.get(card.card_type) ?? 0) + 1);
  const typeText = [...types.entries()].map(([type, count]) => `${count} ${clean(type, 12)}`).join(', ');
  const relics = (run.relics ?? []).map((relic) => clean(relic.name, 30));
  const keyRelics =
    relics.length > 8 ? `${relics.slice(0, 8).join(', ')} and ${relics.length - 8} more` : relics.join(', ');
  const upgraded = deck.filter((card) => card.upgraded).length;
  const boss = run.boss_id ?? state.boss_encounter_id;
  return [
    `${clean(run.character_name ?? run.character_id, 30)}, act ${actOf(state)}, floor ${run.floor}: HP ${run.current_hp}/${run.max_hp}, gold ${run.gold}.`,
    `Deck: ${deck.length} cards (${typeText || 'none'}; ${upgraded} upgraded); archetype: ${deckArchetype(state)}.`,
    `Relics: ${keyRelics || 'none'}.`,
    boss ? `Next boss: ${clean(boss, 40)}.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
