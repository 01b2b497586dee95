// A relic's own counter (RunState keeps one per relic: -1 unset), shared by the StS1 and StS2 relic rules.
import type { CombatContext } from '../engine/definitions.js';
import type { RelicState, RunState } from '../engine/run-state.js';

/** The run's state of relic `id`, if the player has it. */
export function relicState(run: RunState, id: string): RelicState | undefined {
  for (const relic of run.relics) if (relic.id === id) return relic;
  return undefined;
}

/** A relic's run counter (charges, progress), or -1 when unset or the relic is not owned. */
export function counterOf(run: RunState, id: string): number {
  return relicState(run, id)?.counter ?? -1;
}

export function setCounter(run: RunState, id: string, value: number): void {
  const relic = relicState(run, id);
  if (relic !== undefined) relic.counter = value;
}

/** Counts one more on a relic's counter; true (and back to 0) every `every`-th time (never when `every` <= 0). */
export function countTo(run: RunState, id: string, every: number): boolean {
  const relic = relicState(run, id);
  if (relic === undefined || every <= 0) return false;
  relic.counter = relic.counter < 0 ? 1 : relic.counter + 1;
  if (relic.counter < every) return false;
  relic.counter = 0;
  return true;
}

/** {@link countTo} inside a combat. */
export function tick(context: CombatContext, id: string, every: number): boolean {
  return countTo(context.run, id, every);
}
