import { describe, expect, it } from 'vitest';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from '../bridges/sts2/snapshot-files.js';
import { SpireError } from './game-error.js';
import { parseGameState } from './game-state-schema.js';
import { formatIssuePath } from './state-malformed-error.js';

const fixtures = readSts2Snapshots(STS2_FIXTURE_FILE);
// All 200 shared snapshots are parsed by the StS2 bridge test (bridges/sts2/sts2-game.test.ts).

function clone<T>(value: T): T {
  return structuredClone(value);
}

function firstFixture(): Record<string, unknown> {
  const raw = fixtures[0]?.raw_state;
  if (raw === undefined) throw new Error('fixture file is empty');
  return clone(raw) as Record<string, unknown>;
}

function malformedError(input: unknown): SpireError {
  try {
    parseGameState(input, 'test state');
  } catch (error) {
    if (error instanceof SpireError) return error;
    throw error;
  }
  throw new Error('expected parseGameState to throw');
}

describe('parseGameState on recorded StS2 states', () => {
  it('parses every in-project fixture into a typed state with its combat fields', () => {
    expect(fixtures.length).toBe(4);
    for (const snapshot of fixtures) {
      const state = parseGameState(snapshot.raw_state, snapshot.source);
      expect(state.screen).toBe('COMBAT');
      expect(state.state_version).toBe(10);
      expect(state.combat?.hand.length).toBeGreaterThan(0);
      expect(state.run?.deck.length).toBeGreaterThan(0);
      for (const enemy of state.combat?.enemies ?? []) {
        for (const intent of enemy.intents) {
          if (intent.intent_type === 'Attack')
            expect(intent.total_damage).toBe((intent.damage ?? 0) * (intent.hits ?? 0));
        }
      }
    }
  });

  it('keeps unknown extra fields (lenient passthrough)', () => {
    const raw = firstFixture();
    raw.some_future_field = { nested: [1, 2] };
    const state = parseGameState(raw) as unknown as Record<string, unknown>;
    expect(state.some_future_field).toEqual({ nested: [1, 2] });
  });
});

describe('parseGameState on bad input', () => {
  it('names the field path of a wrong type', () => {
    const raw = firstFixture() as { combat: { hand: Array<Record<string, unknown>> } };
    const card = raw.combat.hand[2];
    if (card === undefined) throw new Error('fixture hand too small');
    card.energy_cost = 'one';
    const error = malformedError(raw);
    expect(error.code).toBe('STATE_MALFORMED');
    expect(error.message).toContain('$.combat.hand[2].energy_cost');
    expect(error.message).toContain('got string "one"');
  });

  it('names a missing required field', () => {
    const raw = firstFixture() as { combat: { enemies: Array<Record<string, unknown>> } };
    const enemy = raw.combat.enemies[0];
    if (enemy === undefined) throw new Error('fixture has no enemy');
    delete enemy.intents;
    const error = malformedError(raw);
    expect(error.message).toContain('$.combat.enemies[0].intents');
    expect(error.message).toContain('got missing');
    expect(error.details.issues).toEqual([expect.objectContaining({ path: '$.combat.enemies[0].intents' })]);
  });

  it('rejects a truncated state whose combat payload is gone while play_card is advertised', () => {
    const raw = firstFixture();
    delete raw.combat;
    const error = malformedError(raw);
    expect(error.message).toContain("'play_card' is in available_actions but 'combat' is missing");
  });

  it('rejects non-objects with a clear message', () => {
    expect(malformedError(null).message).toContain('$:');
    expect(malformedError('{"screen":').code).toBe('STATE_MALFORMED');
  });

  it('formats issue paths like JSONPath', () => {
    expect(formatIssuePath(['run', 'deck', 3, 'name'])).toBe('$.run.deck[3].name');
    expect(formatIssuePath([])).toBe('$');
  });
});
