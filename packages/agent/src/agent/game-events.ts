import type { GameState } from '@strata-memory/spire';

/** Transition events of a run, bound to memory hooks (resets, overwrites, expiry, extraction). */
export type GameEvent =
  | 'combat-start'
  | 'turn-end'
  | 'combat-end'
  | 'floor-change'
  | 'act-change'
  | 'run-end';

/** True when the state is a combat. */
export function inCombat(state: GameState | undefined): boolean {
  if (!state) return false;
  return (
    state.in_combat === true ||
    (state.screen === 'COMBAT' && state.combat !== null && state.combat !== undefined)
  );
}

/** The run's floor (0 before the first). */
export function floorOf(state: GameState | undefined): number {
  return state?.run?.floor ?? 0;
}

/** The run's act (1 when the state does not say). */
export function actOf(state: GameState | undefined): number {
  return state?.act ?? state?.run?.act ?? 1;
}

/**
 * The events between two consecutive states, in the order their hooks must run: a combat ends
 * before the floor changes; a new act is also a new floor; the run's end comes last.
 */
export function detectGameEvents(previous: GameState | undefined, next: GameState): GameEvent[] {
  const events: GameEvent[] = [];
  const wasInCombat = inCombat(previous);
  const isInCombat = inCombat(next);
  // A combat turn ends when the turn counter moves on or the combat is over (notes scoped 'turn' expire).
  if (wasInCombat && (!isInCombat || (next.turn ?? 0) !== (previous?.turn ?? 0))) events.push('turn-end');
  if (wasInCombat && !isInCombat) events.push('combat-end');
  if (previous !== undefined && actOf(next) !== actOf(previous)) events.push('act-change');
  if (previous !== undefined && floorOf(next) !== floorOf(previous)) events.push('floor-change');
  if (!wasInCombat && isInCombat) events.push('combat-start');
  if (next.screen === 'GAME_OVER' && previous?.screen !== 'GAME_OVER') events.push('run-end');
  return events;
}
