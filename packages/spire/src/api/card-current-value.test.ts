import { describe, expect, it } from 'vitest';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from '../bridges/sts2/snapshot-files.js';
import { cardCurrentBlock, cardCurrentDamage } from './card-current-value.js';
import type { GameState } from './game-state.js';

describe('cardCurrentValue', () => {
  it("reads a real StS2 hand card's number after Strength from dynamic_values, not its damage", () => {
    // The recorded boss fight: Whirlwind+ with Strength 2 shows damage 8 and Damage current 10.
    const state = readSts2Snapshots(STS2_FIXTURE_FILE)[0]?.raw_state as GameState;
    const whirlwind = state.combat?.hand.find((card) => card.card_id === 'WHIRLWIND');
    expect(whirlwind?.damage).toBe(8);
    expect(whirlwind && cardCurrentDamage(whirlwind)).toBe(10);
    expect(whirlwind && cardCurrentBlock(whirlwind)).toBeNull();
  });

  it('reads damage and block themselves where a state has no dynamic_values (StS1)', () => {
    expect(cardCurrentDamage({ damage: 9, block: null })).toBe(9);
    expect(cardCurrentBlock({ damage: null, block: 7 })).toBe(7);
    expect(cardCurrentDamage({})).toBeNull();
  });

  it('prefers the named current_value over damage and block when both are there', () => {
    const card = {
      damage: 6,
      block: 5,
      dynamic_values: [
        { name: 'Block', current_value: 3 },
        { name: 'Damage', current_value: 4 },
      ],
    };
    expect(cardCurrentDamage(card)).toBe(4);
    expect(cardCurrentBlock(card)).toBe(3);
  });
});
