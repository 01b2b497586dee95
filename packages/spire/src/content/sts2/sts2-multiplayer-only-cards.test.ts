import { describe, expect, it } from 'vitest';
import { Combat } from '../../engine/combat.js';
import { createRun } from '../../engine/run.js';
import { contentSet, withRuleset } from '../registry.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import { STS2_MULTIPLAYER_ONLY_CARDS } from './sts2-multiplayer-only-cards.js';

const POOL_RARITIES = ['Common', 'Uncommon', 'Rare'] as const;
const CHARACTERS = ['IRONCLAD', 'SILENT', 'REGENT', 'NECROBINDER'] as const;

describe('StS2 multiplayer-only cards', () => {
  it('are cards of the export that the pools would otherwise hold', () => {
    for (const id of STS2_MULTIPLAYER_ONLY_CARDS) {
      const facts = STS2_CARD_FACTS.find((card) => card.id === id);
      expect(facts, id).toBeDefined();
      expect(POOL_RARITIES as readonly string[], id).toContain(facts?.rarity);
    }
  });

  it('are in no reward pool of a one-player run, and every other pool card still is', () => {
    const content = contentSet('sts2');
    const pooled = new Set<string>();
    for (const rarity of POOL_RARITIES) {
      for (const character of CHARACTERS)
        for (const id of content.cardPool(character, rarity)) pooled.add(id);
      if (rarity !== 'Common') for (const id of content.colorlessPool(rarity)) pooled.add(id);
    }
    for (const id of STS2_MULTIPLAYER_ONLY_CARDS) expect(pooled.has(id), id).toBe(false);
    // The filter takes out those cards only: the Colorless and character cards around them stay.
    const expected = STS2_CARD_FACTS.filter(
      (card) =>
        (POOL_RARITIES as readonly string[]).includes(card.rarity) &&
        ['Ironclad', 'Silent', 'Regent', 'Necrobinder', 'Colorless'].includes(card.character) &&
        !STS2_MULTIPLAYER_ONLY_CARDS.has(card.id),
    ).map((card) => card.id);
    for (const id of expected) expect(pooled.has(id), id).toBe(true);
  });

  it('are never among the cards Quasar generates in combat', () => {
    const offered = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const run = createRun({ seed: `multiplayer-only-${seed}`, character: 'REGENT', ruleset: 'sts2' });
      withRuleset('sts2', () => {
        run.deck = [{ uid: run.counters.nextUid++, id: 'DEFEND_REGENT', upgraded: false }];
        run.relics = [];
        run.screen = 'COMBAT';
        run.room = 'monster';
        const combat = Combat.start(run, 'TEST', ['SEAPUNK'], 'monster');
        const state = combat.combat;
        state.player.energy = 9;
        state.player.stars = 9;
        state.hand.push({
          uid: 9100,
          id: 'QUASAR',
          upgraded: false,
          combatCost: null,
          turnCost: null,
          bonus: 0,
          retainOnce: false,
        });
        combat.playCard(state.hand.length - 1, 0);
        for (const card of state.selection?.generated ?? []) offered.add(card.id);
      });
    }
    // 180 offers from the Colorless pool: enough to have met its multiplayer-only cards without the filter.
    expect(offered.size).toBeGreaterThan(20);
    for (const id of offered) expect(STS2_MULTIPLAYER_ONLY_CARDS.has(id), id).toBe(false);
  });
});
