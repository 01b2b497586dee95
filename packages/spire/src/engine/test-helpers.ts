// Helpers for the engine's tests: a run placed straight into a chosen fight with a chosen deck.
import { Combat } from './combat.js';
import { createRun } from './run.js';
import type { CharacterId, RunState } from './run-state.js';

export function runInFight(options: {
  readonly monsters: readonly string[];
  readonly deck?: readonly string[];
  readonly character?: CharacterId;
  readonly seed?: string;
  readonly relics?: readonly string[];
}): { run: RunState; combat: Combat } {
  const run = createRun({
    ruleset: 'sts1',
    seed: options.seed ?? 'rules',
    character: options.character ?? 'IRONCLAD',
  });
  if (options.deck !== undefined) {
    run.deck = options.deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
  }
  run.relics = (options.relics ?? []).map((id) => ({ id, counter: -1, used: false }));
  run.screen = 'COMBAT';
  run.room = 'monster';
  const combat = Combat.start(run, 'TEST', options.monsters, 'monster');
  return { run, combat };
}
