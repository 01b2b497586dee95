// A real StS2 state does not say whether this turn's first Shiv was played (Phantom Blades) or this
// combat's first card Block was gained (Vambrace), but its hand shows the numbers that follow from it:
// a mark is set when the simulator's hand then shows what the real hand shows and did not before.
import { cardCurrentValue } from '../api/card-current-value.js';
import type { GameState, HandCard } from '../api/game-state.js';
import { toGameState } from '../engine/game-state-projection.js';
import type { RunState } from '../engine/run-state.js';

interface TurnMark {
  /** The combat counter the engine's rule reads. */
  readonly counter: string;
  /** Whether the mark can matter here (the power or relic is there). */
  readonly applies: (run: RunState) => boolean;
  readonly note: string;
}

const MARKS: readonly TurnMark[] = [
  {
    counter: 'shivsThisTurn',
    applies: (run) => (run.combat?.player.powers.PHANTOM_BLADES ?? 0) > 0,
    note: "A Shiv was played this turn: the hand's Shivs show no Phantom Blades bonus.",
  },
  {
    counter: 'relic:VAMBRACE',
    applies: (run) => run.relics.some((relic) => relic.id === 'VAMBRACE'),
    note: "Vambrace was used this combat: the hand's Block cards show their Block not doubled.",
  },
];

/** Hand cards whose Damage or Block after the player's modifiers differ between the two hands. */
function differences(real: readonly HandCard[], run: RunState): number {
  const simulated = toGameState(run).combat?.hand ?? [];
  let count = 0;
  for (let index = 0; index < real.length; index++) {
    const shown = real[index];
    const ours = simulated[index];
    if (shown === undefined || ours === undefined || shown.card_id !== ours.card_id) continue;
    if (cardCurrentValue(shown, 'Damage') !== cardCurrentValue(ours, 'Damage')) count++;
    if (cardCurrentValue(shown, 'Block') !== cardCurrentValue(ours, 'Block')) count++;
  }
  return count;
}

/** Sets each mark the real hand's numbers show (see above); says which in `notes`. */
export function restoreTurnMarks(run: RunState, state: GameState, notes: string[]): void {
  const combat = run.combat;
  const real = state.combat?.hand ?? [];
  if (combat === null || real.length === 0) return;
  for (const mark of MARKS) {
    if (!mark.applies(run) || (combat.counters[mark.counter] ?? 0) > 0) continue;
    const before = differences(real, run);
    if (before === 0) continue;
    combat.counters[mark.counter] = 1;
    if (differences(real, run) < before) notes.push(mark.note);
    else delete combat.counters[mark.counter];
  }
}
