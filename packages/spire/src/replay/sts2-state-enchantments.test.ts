import { describe, expect, it } from 'vitest';
import type * as Api from '../api/game-state.js';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from '../bridges/sts2/snapshot-files.js';
import { withRuleset } from '../content/registry.js';
import { toGameState } from '../engine/game-state-projection.js';
import type { CombatCard, RunState } from '../engine/run-state.js';
import { quietPiles, sts2TestFight, testCombatCard } from '../test-support/sts2-test-fight.js';
import { fromSts2State } from './from-sts2-state.js';

/** The in-project real state whose deck holds Astral Pulse with Sharp 2 (Damage 14 -> 16). */
function sharpPulseState(): Api.GameState {
  const snapshot = readSts2Snapshots(STS2_FIXTURE_FILE).find((line) =>
    JSON.stringify(line).includes('"SHARP"'),
  );
  if (snapshot === undefined) throw new Error('no fixture with Sharp');
  return JSON.parse(JSON.stringify(snapshot.raw_state)) as Api.GameState;
}

/**
 * The state with a plain Astral Pulse added to the deck before the Sharp one, and an Astral Pulse in
 * the hand for each of `shown`, its Damage showing that (the real hand's shape: numbers, no
 * enchantment_id). The real state's piles name no enchantment either (card id, type, upgrade).
 */
function pulsesInHand(...shown: number[]): Api.GameState {
  const state = sharpPulseState();
  const deck = state.run?.deck ?? [];
  const sharp = deck.find((card) => card.card_id === 'ASTRAL_PULSE');
  const template = state.combat?.hand[0];
  if (sharp === undefined || template === undefined || state.combat === null || state.combat === undefined)
    throw new Error('fixture changed');
  const damage = (value: number): Api.DynamicValue[] => [
    { name: 'Damage', base_value: 14, current_value: value, enchanted_value: value, is_modified: false },
  ];
  deck.unshift({
    ...sharp,
    enchantment_id: null,
    enchantment_name: null,
    dynamic_values: damage(14),
  });
  for (const value of shown)
    state.combat.hand.push({
      ...template,
      index: state.combat.hand.length,
      card_id: 'ASTRAL_PULSE',
      name: 'Astral Pulse',
      card_type: 'Attack',
      dynamic_values: damage(value),
    });
  return state;
}

function loaded(state: unknown): RunState & { combat: NonNullable<RunState['combat']> } {
  const run = fromSts2State(state).run;
  if (run === null || run.combat === null) throw new Error('the state did not load');
  return run as RunState & { combat: NonNullable<RunState['combat']> };
}

const sharpCards = (cards: readonly CombatCard[]) => cards.filter((card) => card.enchantment?.id === 'SHARP');

describe('fromSts2State: enchantments where the state shows them', () => {
  it('a hand card whose numbers show no enchantment stays plain; the Sharp deck copy is in the draw pile', () => {
    const run = loaded(pulsesInHand(14));
    const pulse = run.combat.hand.find((card) => card.id === 'ASTRAL_PULSE');
    expect(pulse).toBeDefined();
    expect(pulse?.enchantment).toBeUndefined();
    expect(sharpCards(run.combat.drawPile).map((card) => card.enchantment)).toEqual([
      { id: 'SHARP', amount: 2 },
    ]);
  });

  it('of two Astral Pulses in the hand, the one whose numbers show Sharp (14 -> 16) takes it', () => {
    const run = loaded(pulsesInHand(14, 16));
    const pulses = run.combat.hand.filter((card) => card.id === 'ASTRAL_PULSE');
    expect(pulses.map((card) => card.enchantment)).toEqual([undefined, { id: 'SHARP', amount: 2 }]);
    const piles = [...run.combat.drawPile, ...run.combat.discardPile, ...run.combat.exhaustPile];
    expect(sharpCards(piles)).toEqual([]);
  });

  it("a hand card that names its enchantment (spire's own view) keeps it, though no deck card has it", () => {
    const fight = sts2TestFight('hand-enchantment', 'IRONCLAD', ['STRIKE_IRONCLAD'], quietPiles);
    fight.combat.combat.hand = [
      { ...testCombatCard(fight.run, 'STRIKE_IRONCLAD'), enchantment: { id: 'GLAM', amount: 1 } },
    ];
    const state = withRuleset('sts2', () => toGameState(fight.run));
    const load = fromSts2State(state);
    expect(load.run?.combat?.hand[0]?.enchantment).toEqual({ id: 'GLAM', amount: 1 });
    expect(load.run?.deck[0]?.enchantment).toBeUndefined();
  });
});
