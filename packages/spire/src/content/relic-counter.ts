// A relic's own counter (RunState keeps one per relic: -1 unset), shared by the StS1 and StS2 relic rules.
import type { CombatContext } from '../engine/definitions.js';
import type { RelicState, RunState } from '../engine/run-state.js';

/** The run's state of relic `id`, if the player has it. */
export function relicState(run: RunState, id: string): RelicState | undefined {
  for (const relic of run.relics) if (relic.id === id) return relic;
  return undefined;
}

/** Increments a relic counter modulo `every` and returns true when it wraps. */
export function tick(context: CombatContext, id: string, every: number): boolean {
  const relic = relicState(context.run, id);
  if (relic === undefined) return false;
  relic.counter = relic.counter < 0 ? 1 : relic.counter + 1;
  if (relic.counter >= every) {
    relic.counter = 0;
    return true;
  }
  return false;
}
