// Test support (not built into dist): one full run per seed, reduced to the facts a behaviour change
// would move (floor, HP, gold, deck, and a hash of every decision with the HP after it).
import { createHeuristicBot } from '../bot/heuristic-bot.js';
import { actionKey } from '../engine/action.js';
import type { CharacterId, Ruleset } from '../engine/run-state.js';
import { createSimulator } from '../engine/simulator.js';

/** Who makes the decisions: the heuristic bot, or a fixed LCG over the legal actions (engine only). */
export type GoldenPlayer = 'bot' | 'random';

/** What one full run ended with. `trace` hashes every (action, HP, floor) in order. */
export interface GoldenOutcome {
  readonly seed: string;
  readonly floor: number;
  readonly act: number;
  readonly hp: number;
  readonly maxHp: number;
  readonly gold: number;
  readonly victory: boolean;
  readonly steps: number;
  /** Deck size and a hash of its cards in order (ids, + for upgraded). */
  readonly deck: string;
  readonly trace: string;
}

const MAX_STEPS = 20_000;

/** FNV-1a over the string, folded into `hash` (32 bits). */
function fnv(hash: number, text: string): number {
  let value = hash;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

const hex = (value: number): string => value.toString(16).padStart(8, '0');

/** Plays one full run of `seed` and returns its outcome (the same inputs always give the same outcome). */
export function playGoldenRun(
  player: GoldenPlayer,
  ruleset: Ruleset,
  character: CharacterId,
  seed: string,
): GoldenOutcome {
  const simulator = createSimulator({ seed, character, ruleset });
  const bot = player === 'bot' ? createHeuristicBot() : null;
  // The random player's choice stream: the bench's LCG, started from the seed's hash.
  let choice = fnv(0x811c9dc5, seed);
  let trace = 0x811c9dc5;
  let steps = 0;
  while (!simulator.over && steps < MAX_STEPS) {
    let action = bot?.choose(simulator.view());
    if (action === undefined) {
      const legal = simulator.legalActions();
      choice = (Math.imul(choice, 1664525) + 1013904223) >>> 0;
      action = legal[choice % legal.length];
      if (action === undefined) throw new Error(`no legal action on seed ${seed}`);
    }
    const result = simulator.step(action);
    if (!result.ok) throw new Error(`illegal action on seed ${seed}: ${result.error.message}`);
    trace = fnv(trace, `${actionKey(action)}/${simulator.run.hp}/${simulator.run.floor};`);
    steps++;
  }
  const run = simulator.run;
  return {
    seed,
    floor: run.floor,
    act: run.act,
    hp: run.hp,
    maxHp: run.maxHp,
    gold: run.gold,
    victory: run.result?.victory === true,
    steps,
    deck: `${run.deck.length}:${hex(fnv(0x811c9dc5, run.deck.map((card) => `${card.id}${card.upgraded ? '+' : ''}`).join(',')))}`,
    trace: hex(trace),
  };
}
