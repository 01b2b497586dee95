// Golden runs: a fixed set of StS1 seeds, each played to the end of the run by the random legal
// player (engine only) and by the heuristic bot (engine and bot), must end exactly as recorded in
// golden-runs.json. The values come from one full run per seed with the engine and bot of main at
// 6f5387d (before the speed work of issue 15); the bot's were re-recorded when the bot-strength
// branch changed its play on purpose (damage value, reward bar, No Draw). A speed change that moves
// any decision, HP or floor fails here. A change meant to alter behaviour re-records them:
//   SPIRE_GOLDEN_WRITE=1 npx vitest run packages/spire/src/engine/golden-runs.test.ts
// and says why in its commit.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GoldenOutcome, type GoldenPlayer, playGoldenRun } from '../test-support/golden-outcome.js';
import type { CharacterId } from './run-state.js';

const FILE = new URL('./golden-runs.json', import.meta.url);
const CHARACTERS: readonly CharacterId[] = ['IRONCLAD', 'SILENT'];
const SEEDS: Readonly<Record<GoldenPlayer, number>> = { random: 20, bot: 10 };

type Golden = Record<string, GoldenOutcome[]>;

function playAll(): Golden {
  const golden: Golden = {};
  for (const player of ['random', 'bot'] as const)
    for (const character of CHARACTERS) {
      const outcomes: GoldenOutcome[] = [];
      for (let seed = 0; seed < SEEDS[player]; seed++)
        outcomes.push(playGoldenRun(player, 'sts1', character, `golden-${seed}`));
      golden[`sts1/${player}/${character}`] = outcomes;
    }
  return golden;
}

describe('golden runs (StS1)', () => {
  it('end every fixed seed exactly as recorded (floor, HP, gold, deck, every decision)', () => {
    const played = playAll();
    // Two-space JSON is what biome's formatter writes, so a re-recorded file passes `npm run lint`.
    if (process.env.SPIRE_GOLDEN_WRITE === '1') writeFileSync(FILE, `${JSON.stringify(played, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Golden;
    expect(Object.keys(played)).toEqual(Object.keys(recorded));
    for (const key of Object.keys(recorded)) expect(played[key], key).toEqual(recorded[key]);
  });
});
