// Playable characters: starting HP, gold, deck and relic of the original.
import type { CharacterId } from '../engine/run-state.js';

/** A playable character: starting HP, gold, deck and relic. */
export interface CharacterDefinition {
  readonly id: CharacterId;
  readonly name: string;
  readonly maxHp: number;
  readonly gold: number;
  readonly deck: readonly string[];
  readonly relic: string;
  readonly text: string;
}

/** The playable characters of the sts1 ruleset. */
export const CHARACTERS: Readonly<Partial<Record<CharacterId, CharacterDefinition>>> = {
  IRONCLAD: {
    id: 'IRONCLAD',
    name: 'The Ironclad',
    maxHp: 80,
    gold: 99,
    deck: [
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'BASH',
    ],
    relic: 'BURNING_BLOOD',
    text: 'The Ironclad: 80 HP, 99 Gold. Starts with 5 Strike, 4 Defend, Bash and Burning Blood (heal 6 HP after each combat). Strength, self-damage and Exhaust.',
  },
  SILENT: {
    id: 'SILENT',
    name: 'The Silent',
    maxHp: 70,
    gold: 99,
    deck: [
      'STRIKE_SILENT',
      'STRIKE_SILENT',
      'STRIKE_SILENT',
      'STRIKE_SILENT',
      'STRIKE_SILENT',
      'DEFEND_SILENT',
      'DEFEND_SILENT',
      'DEFEND_SILENT',
      'DEFEND_SILENT',
      'DEFEND_SILENT',
      'SURVIVOR',
      'NEUTRALIZE',
    ],
    relic: 'RING_OF_THE_SNAKE',
    text: 'The Silent: 70 HP, 99 Gold. Starts with 5 Strike, 5 Defend, Survivor, Neutralize and Ring of the Snake (draw 2 extra cards on the first turn of each combat). Poison, Shivs and discards.',
  },
};

/** Ids of the characters the engine can play. */
export const CHARACTER_IDS: readonly CharacterId[] = ['IRONCLAD', 'SILENT'];
