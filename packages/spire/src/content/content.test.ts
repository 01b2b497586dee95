import { describe, expect, it } from 'vitest';
import { cardPool } from './cards/index.js';
import { listDescriptions } from './descriptions.js';
import { allEncounters, allEvents, allMonsters, allPotions, allRelics } from './registry.js';

describe('content', () => {
  it('has at least 40 non-starter cards per character across all rarities', () => {
    for (const character of ['IRONCLAD', 'SILENT'] as const) {
      const total = ['Common', 'Uncommon', 'Rare'].reduce(
        (sum, rarity) => sum + cardPool(character, rarity as 'Common').length,
        0,
      );
      expect(total).toBeGreaterThanOrEqual(40);
      for (const rarity of ['Common', 'Uncommon', 'Rare'] as const)
        expect(cardPool(character, rarity).length).toBeGreaterThan(5);
    }
  });

  it('has the required relics, potions, events and encounters per act', () => {
    expect(allRelics().length).toBeGreaterThanOrEqual(25);
    expect(allPotions().length).toBeGreaterThanOrEqual(10);
    expect(allEvents().length).toBeGreaterThanOrEqual(8);
    const count = (act: number, kind: string) =>
      allEncounters().filter((encounter) => encounter.act === act && encounter.kind === kind).length;
    expect(count(1, 'weak') + count(1, 'strong')).toBe(14);
    expect(count(1, 'elite')).toBe(3);
    expect(count(1, 'boss')).toBe(3);
    for (const act of [2, 3]) {
      expect(count(act, 'weak') + count(act, 'strong')).toBeGreaterThanOrEqual(6);
      expect(count(act, 'elite')).toBeGreaterThanOrEqual(3);
      expect(count(act, 'boss')).toBeGreaterThanOrEqual(3);
    }
  });

  it('only references monsters that exist', () => {
    const ids = new Set(allMonsters().map((monster) => monster.id));
    for (const encounter of allEncounters()) {
      for (let roll = 0; roll < 5; roll++) {
        for (const id of encounter.monsters((items) => items[roll % items.length] as never))
          expect(ids.has(id)).toBe(true);
      }
    }
  });

  it('describes every piece of content in plain text with unique keys', () => {
    const descriptions = listDescriptions();
    const keys = new Set(descriptions.map((entry) => entry.key));
    expect(keys.size).toBe(descriptions.length);
    for (const entry of descriptions) {
      expect(entry.text.length).toBeGreaterThan(entry.name.length);
      expect(entry.text).not.toMatch(/!D!|!B!|!M!|undefined/);
    }
    const kinds = new Set(descriptions.map((entry) => entry.kind));
    for (const kind of ['card', 'relic', 'potion', 'power', 'monster', 'event'])
      expect(kinds.has(kind as never)).toBe(true);
    const bash = descriptions.find((entry) => entry.key === 'card:BASH');
    expect(bash?.text).toContain('Deal 8 damage. Apply 2 Vulnerable.');
    expect(bash?.text).toContain('Upgraded: Deal 10 damage. Apply 3 Vulnerable.');
  });
});
