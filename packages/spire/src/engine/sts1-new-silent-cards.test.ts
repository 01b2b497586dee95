// The Silent cards added last (issue 15): Distraction, Alchemize, Nightmare and Well-Laid Plans.
import { describe, expect, it } from 'vitest';
import { getCard } from '../content/registry.js';
import { applyAction, legalActions } from './run.js';
import type { RunState } from './run-state.js';
import { runInFight } from './test-helpers.js';

function withHand(cards: readonly string[]) {
  const { run, combat } = runInFight({
    monsters: ['JAW_WORM'],
    deck: [...cards, 'DEFEND_SILENT', 'DEFEND_SILENT', 'DEFEND_SILENT', 'DEFEND_SILENT', 'DEFEND_SILENT'],
    character: 'SILENT',
    seed: 'new-cards',
  });
  const state = run.combat;
  if (state === null) throw new Error('expected a fight');
  const all = [...state.hand, ...state.drawPile, ...state.discardPile];
  state.hand = cards.map((id) => {
    const index = all.findIndex((entry) => entry.id === id);
    return all.splice(index, 1)[0] as (typeof all)[number];
  });
  state.drawPile = all;
  state.discardPile = [];
  state.player.energy = 10;
  return { run, combat, state };
}

function act(run: RunState, action: Parameters<typeof applyAction>[1]): void {
  const result = applyAction(run, action);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

describe('new StS1 Silent cards', () => {
  it('have the original costs, rarities and types', () => {
    expect([getCard('DISTRACTION').rarity, getCard('DISTRACTION').cost]).toEqual(['Uncommon', [1, 0]]);
    expect([getCard('ALCHEMIZE').rarity, getCard('ALCHEMIZE').cost]).toEqual(['Rare', [1, 0]]);
    expect([getCard('NIGHTMARE').rarity, getCard('NIGHTMARE').cost]).toEqual(['Rare', [3, 2]]);
    expect([getCard('WELL_LAID_PLANS').type, getCard('WELL_LAID_PLANS').magic]).toEqual(['Power', [1, 2]]);
  });

  it('Distraction adds a Silent Skill that costs 0 this turn, and exhausts', () => {
    const { combat, state } = withHand(['DISTRACTION']);
    combat.playCard(0, 0);
    const added = state.hand[state.hand.length - 1];
    expect(added === undefined ? '' : getCard(added.id).type).toBe('Skill');
    expect(added?.turnCost).toBe(0);
    expect(state.exhaustPile.map((card) => card.id)).toContain('DISTRACTION');
  });

  it('Alchemize fills an empty potion slot', () => {
    const { run, combat } = withHand(['ALCHEMIZE']);
    run.potions = [null, null, null];
    combat.playCard(0, 0);
    expect(run.potions.filter((potion) => potion !== null)).toHaveLength(1);
  });

  it('Nightmare puts 3 copies of the chosen card into the next hand', () => {
    const { run, combat, state } = withHand(['NIGHTMARE', 'BACKFLIP', 'DEFEND_SILENT']);
    combat.playCard(0, 0);
    expect(state.selection?.prompt).toContain('3 copies');
    combat.choose(state.selection?.options.indexOf(state.hand[0]?.uid ?? -1) ?? 0);
    act(run, { action: 'end_turn' });
    expect(run.combat?.hand.filter((card) => card.id === 'BACKFLIP').length).toBeGreaterThanOrEqual(3);
  });

  it('Well-Laid Plans asks at the end of the turn which card to Retain, then ends the turn', () => {
    const { run, combat, state } = withHand(['WELL_LAID_PLANS', 'BACKFLIP', 'DEFEND_SILENT']);
    combat.playCard(0, 0);
    const turn = state.turn;
    act(run, { action: 'end_turn' });
    expect(run.combat?.turn).toBe(turn);
    expect(run.combat?.selection?.minimum).toBe(0);
    expect(legalActions(run).some((action) => action.action === 'confirm_selection')).toBe(true);
    const backflip = run.combat?.selection?.options.indexOf(
      run.combat.hand.find((card) => card.id === 'BACKFLIP')?.uid ?? -1,
    );
    act(run, { action: 'select_deck_card', option_index: backflip ?? 0 });
    expect(run.combat?.turn).toBe(turn + 1);
    expect(run.combat?.hand.some((card) => card.id === 'BACKFLIP')).toBe(true);
    // Confirming with nothing chosen ends the turn too.
    act(run, { action: 'end_turn' });
    act(run, { action: 'confirm_selection' });
    expect(run.combat?.turn).toBe(turn + 2);
  });
});
