// Helpers for the engine's tests: a run placed straight into a chosen fight with a chosen deck.
import { Combat } from './combat.js';
import { createRun } from './run.js';
import type { CharacterId, CombatCard, MonsterState, RunState } from './run-state.js';

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

/** The fight's monsters (throws when the run is not in a fight). */
export function monstersOf(run: RunState): MonsterState[] {
  if (run.combat === null) throw new Error('no combat');
  return run.combat.monsters;
}

/** A fresh combat copy of `cardId` with the run's next uid, in no pile yet. */
export function newCombatCard(run: RunState, cardId: string, upgraded = false): CombatCard {
  return {
    uid: run.counters.nextUid++,
    id: cardId,
    upgraded,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  };
}

/** Puts a fresh copy of `cardId` at the end of the hand; its hand index. */
export function putInHand(run: RunState, cardId: string, upgraded = false): number {
  const combat = run.combat;
  if (combat === null) throw new Error('no combat');
  combat.hand.push(newCombatCard(run, cardId, upgraded));
  return combat.hand.length - 1;
}

/** Puts `cardId` into the hand and plays it at `target` with Energy to spare. */
export function playAt(run: RunState, cardId: string, target = 0, upgraded = false): void {
  const combat = run.combat;
  if (combat === null) throw new Error('no combat');
  combat.player.energy = 10;
  new Combat(run).playCard(putInHand(run, cardId, upgraded), target);
}
