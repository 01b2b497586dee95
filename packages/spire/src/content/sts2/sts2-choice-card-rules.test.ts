import { describe, expect, it } from 'vitest';
import { Combat } from '../../engine/combat.js';
import { createRun } from '../../engine/run.js';
import type { CharacterId, RunState } from '../../engine/run-state.js';
import { testCombatCard } from '../../test-support/sts2-test-fight.js';
import { withRuleset } from '../registry.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';

function fight(character: CharacterId): { run: RunState; combat: Combat } {
  const run = createRun({ seed: 'choice-card-rules', character, ruleset: 'sts2' });
  return withRuleset('sts2', () => {
    run.deck = [{ uid: run.counters.nextUid++, id: 'DEFEND_REGENT', upgraded: false }];
    run.relics = [];
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', ['SEAPUNK', 'SEAPUNK'], 'monster');
    combat.combat.player.energy = 9;
    combat.combat.player.stars = 9;
    return { run, combat };
  });
}

/** Plays `id` (upgraded or not), takes the first option and returns the card it put in the hand. */
function playAndChoose(character: CharacterId, id: string, upgraded: boolean) {
  const { combat } = fight(character);
  return withRuleset('sts2', () => {
    const state = combat.combat;
    state.hand.push(testCombatCard(combat.run, id, upgraded));
    const before = new Set(state.hand.map((card) => card.uid));
    combat.playCard(state.hand.length - 1, 0);
    expect(state.selection?.source).toBe('generated');
    expect(new Set(state.selection?.generated.map((card) => card.id)).size).toBe(3);
    combat.choose(0);
    const added = state.hand.filter((card) => !before.has(card.uid));
    expect(added).toHaveLength(1);
    const card = added[0];
    if (card === undefined) throw new Error('nothing added');
    return { card, facts: ALL_STS2_CARD_FACTS.find((facts) => facts.id === card.id), combat };
  });
}

describe('StS2 cards that offer 1 of 3 new cards', () => {
  it('Quasar adds the chosen Colorless card, upgraded when Quasar is', () => {
    const plain = playAndChoose('REGENT', 'QUASAR', false);
    expect(plain.facts?.character).toBe('Colorless');
    expect(plain.card.upgraded).toBe(false);
    expect(playAndChoose('REGENT', 'QUASAR', true).card.upgraded).toBe(true);
  });

  it("Discovery adds a card of the player's character that costs 0 this turn", () => {
    const { card, facts, combat } = playAndChoose('SILENT', 'DISCOVERY', false);
    expect(facts?.character).toBe('Silent');
    expect(withRuleset('sts2', () => combat.costOf(card))).toBeLessThanOrEqual(0);
  });

  it("Splash adds another character's Attack that costs 0 this turn", () => {
    const { card, facts, combat } = playAndChoose('NECROBINDER', 'SPLASH', true);
    expect(facts?.type).toBe('Attack');
    expect(facts?.character).not.toBe('Necrobinder');
    expect(facts?.character).not.toBe('Colorless');
    expect(card.upgraded).toBe(true);
    expect(withRuleset('sts2', () => combat.costOf(card))).toBeLessThanOrEqual(0);
  });
});
