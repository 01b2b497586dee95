import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimulator, type GameState, SpireError } from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import { defaultBot } from '../agent/default-bot.js';
import { playRun } from '../agent/play-run.js';
import { repositoryRoot, sts2SnapshotsFixture } from '../test-support/spawn-strata.js';
import { listLegalActions } from './list-legal-actions.js';
import { observeState } from './render-observation.js';
import { parseStateView } from './state-view-schema.js';

const sharedStates = join(repositoryRoot, '..', 'shared', 'data', 'sts2');

function malformed(call: () => unknown): SpireError {
  try {
    call();
  } catch (error) {
    if (SpireError.is(error, 'STATE_MALFORMED')) return error;
    throw error;
  }
  throw new Error('expected STATE_MALFORMED');
}

const WRONGLY_TYPED: Array<[string, unknown, string]> = [
  ['a hand that is a string', { screen: 'COMBAT', combat: { hand: 'abc' } }, '$.combat.hand'],
  ['a null card in the hand', { screen: 'COMBAT', combat: { hand: [null] } }, '$.combat.hand[0]'],
  ['enemies that are an object', { screen: 'COMBAT', combat: { enemies: { e0: {} } } }, '$.combat.enemies'],
  [
    'powers that are a string',
    { screen: 'COMBAT', combat: { player: { powers: 'Strength' } } },
    '$.combat.player.powers',
  ],
  [
    'intents that are a number',
    { screen: 'COMBAT', combat: { enemies: [{ intents: 3 }] } },
    '$.combat.enemies[0].intents',
  ],
  ['potions that are a string', { screen: 'MAP', run: { potions: 'none' } }, '$.run.potions'],
  [
    'available actions that are a string',
    { screen: 'COMBAT', available_actions: 'end_turn' },
    '$.available_actions',
  ],
  [
    'a card name that is an object',
    { screen: 'COMBAT', combat: { hand: [{ name: { en: 'Strike' } }] } },
    '$.combat.hand[0].name',
  ],
];

describe('states with wrongly typed fields', () => {
  it.each(WRONGLY_TYPED)(
    '%s: observeState and listLegalActions throw STATE_MALFORMED naming %s',
    (_name, state, path) => {
      for (const call of [() => observeState(state), () => listLegalActions(state)]) {
        const error = malformed(call);
        expect(error.message).toContain(path);
        expect(error.message).toMatch(/Fix the state|mod and spire versions/);
        expect((error.details.issues as Array<{ path: string }>)[0]?.path).toBe(path);
      }
    },
  );

  it('playRun on a game that returns a wrongly typed hand stops with STATE_MALFORMED, not a TypeError', async () => {
    const simulator = createSimulator({ seed: '3', character: 'IRONCLAD' });
    const broken = async (state: GameState) =>
      (state.combat ? { ...state, combat: { ...state.combat, hand: 'abc' } } : state) as GameState;
    const game = {
      state: async () => broken(await simulator.state()),
      act: async (action: Parameters<typeof simulator.act>[0]) => broken(await simulator.act(action)),
    };
    const error = await playRun({ game, store: 'memory', maxSteps: 200 }).catch((caught: unknown) => caught);
    expect(SpireError.is(error, 'STATE_MALFORMED')).toBe(true);
    expect((error as Error).message).toContain('$.combat.hand');
  });

  it('partial states still render: every field is optional and unknown fields are kept', () => {
    expect(() => observeState({ screen: 'COMBAT' })).not.toThrow();
    expect(() =>
      observeState({ screen: 'MAP', run: { floor: 3 }, extra: { anything: [1, 'x'] } }),
    ).not.toThrow();
    expect(
      observeState({ screen: 'COMBAT', combat: { hand: null, enemies: null, player: null } }).text,
    ).toContain('Enemies:');
  });

  it("accepts every state of the project's StS2 fixtures and of a simulator run", async () => {
    const lines = readFileSync(sts2SnapshotsFixture, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    // The real StS2 snapshots of ../shared, when this checkout has them (CI must).
    for (const name of ['snapshots-a.jsonl', 'snapshots-b.jsonl']) {
      const file = join(sharedStates, name);
      if (!existsSync(file)) {
        if (process.env.CI === 'true')
          throw new Error(`${file} is missing; CI must check the real StS2 states`);
        console.warn(`state-view-schema.test.ts did NOT check ${file}: missing`);
        continue;
      }
      lines.push(
        ...readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
    }
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) {
      const value = JSON.parse(line) as { raw_state?: unknown };
      expect(() => parseStateView(value.raw_state ?? value)).not.toThrow();
    }
    const simulator = createSimulator({ seed: '5', character: 'IRONCLAD' });
    let state = await simulator.state();
    let checked = 0;
    for (; checked < 400 && state.screen !== 'GAME_OVER'; checked += 1) {
      expect(() => parseStateView(state)).not.toThrow();
      state = await simulator.act(defaultBot(state, simulator.legalActions()));
    }
    expect(checked).toBeGreaterThan(50);
  });
});
