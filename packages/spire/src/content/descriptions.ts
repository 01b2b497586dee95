// The rules corpus: one plain-text description per card, relic, potion, power, monster, event,
// encounter and character, for agents to retrieve from.
import { cardText } from '../engine/combat.js';
import type { MonsterDefinition } from '../engine/definitions.js';
import type { Ruleset } from '../engine/run-state.js';
import {
  allCards,
  allEncounters,
  allEvents,
  allMonsters,
  allPotions,
  allPowers,
  allRelics,
  contentSet,
  withRuleset,
} from './registry.js';

/** What a rules description describes. */
export type DescriptionKind =
  | 'card'
  | 'relic'
  | 'potion'
  | 'power'
  | 'monster'
  | 'event'
  | 'encounter'
  | 'character';

/** One entry of the rules corpus: a key, its kind, a display name and the rules text. */
export interface RulesDescription {
  /** Stable key, e.g. `card:BASH`, `monster:JAW_WORM`. */
  readonly key: string;
  readonly kind: DescriptionKind;
  readonly name: string;
  readonly text: string;
}

function titleCase(id: string): string {
  return id.charAt(0) + id.slice(1).toLowerCase();
}

function costText(cost: number): string {
  if (cost === -1) return 'X';
  if (cost === -2) return 'unplayable';
  return String(cost);
}

function monsterText(monster: MonsterDefinition): string {
  const hp = monster.hp[0] === monster.hp[1] ? `${monster.hp[0]}` : `${monster.hp[0]}-${monster.hp[1]}`;
  const moves = monster.moves
    .map((move) => {
      const hits = (move.hits ?? 1) > 1 ? `x${move.hits}` : '';
      return move.damage !== undefined ? `${move.name} (${move.damage}${hits} damage)` : move.name;
    })
    .join(', ');
  return `${monster.name}: ${hp} HP. ${monster.text} Moves: ${moves}.`;
}

const cached: Partial<Record<Ruleset, readonly RulesDescription[]>> = {};

/** Every rules description, in a stable order (cards, relics, potions, powers, monsters, encounters, events, characters). */
export function listDescriptions(ruleset: Ruleset = 'sts1'): readonly RulesDescription[] {
  const known = cached[ruleset];
  if (known !== undefined) return known;
  const entries = withRuleset(ruleset, () => describeActive(ruleset));
  cached[ruleset] = entries;
  return entries;
}

function describeActive(ruleset: Ruleset): RulesDescription[] {
  const entries: RulesDescription[] = [];
  for (const card of allCards()) {
    const cost = typeof card.cost === 'number' ? [card.cost, card.cost] : card.cost;
    const base = cardText(card, false);
    const upgraded = cardText(card, true);
    const canUpgrade = card.type !== 'Status' && card.type !== 'Curse';
    const costs =
      cost[0] === cost[1] ? costText(cost[0]) : `${costText(cost[0])} (upgraded ${costText(cost[1])})`;
    entries.push({
      key: `card:${card.id}`,
      kind: 'card',
      name: card.name,
      text: `${card.name} (${card.color === 'COLORLESS' || card.color === 'CURSE' || card.color === 'STATUS' ? card.color.toLowerCase() : titleCase(card.color)} ${card.rarity.toLowerCase()} ${card.type.toLowerCase()}, cost ${costs}): ${base}${canUpgrade && upgraded !== base ? ` Upgraded: ${upgraded}` : ''}`,
    });
  }
  for (const relic of allRelics()) {
    entries.push({
      key: `relic:${relic.id}`,
      kind: 'relic',
      name: relic.name,
      text: `${relic.name} (${relic.rarity.toLowerCase()} relic${relic.character === undefined ? '' : `, ${titleCase(relic.character)} only`}): ${relic.text}`,
    });
  }
  for (const potion of allPotions()) {
    entries.push({
      key: `potion:${potion.id}`,
      kind: 'potion',
      name: potion.name,
      text: `${potion.name} (${potion.rarity.toLowerCase()} potion, ${potion.combatOnly ? 'combat only' : 'usable any time'}): ${potion.text}`,
    });
  }
  for (const power of allPowers()) {
    entries.push({
      key: `power:${power.id}`,
      kind: 'power',
      name: power.name,
      text: `${power.name} (${power.debuff ? 'debuff' : 'buff'}): ${power.text}`,
    });
  }
  for (const monster of allMonsters()) {
    entries.push({
      key: `monster:${monster.id}`,
      kind: 'monster',
      name: monster.name,
      text: monsterText(monster),
    });
  }
  for (const encounter of allEncounters()) {
    if (encounter.act === 0) continue;
    const pool =
      encounter.kind === 'weak'
        ? 'an early'
        : encounter.kind === 'strong'
          ? 'a normal'
          : `an ${encounter.kind}`;
    entries.push({
      key: `encounter:${encounter.id}`,
      kind: 'encounter',
      name: encounter.name,
      text: `${encounter.name}: ${pool} fight of Act ${encounter.act}.`,
    });
  }
  for (const event of allEvents()) {
    entries.push({
      key: `event:${event.id}`,
      kind: 'event',
      name: event.name,
      text: `${event.name} (event, Act ${event.acts.join('/')}): ${event.text}`,
    });
  }
  for (const character of Object.values(contentSet(ruleset).characters)) {
    entries.push({
      key: `character:${character.id}`,
      kind: 'character',
      name: character.name,
      text: character.text,
    });
  }
  return entries;
}
