// Replays real Slay the Spire 2 combat states in the simulator: each state is loaded with
// `fromSts2State` and the combat is played to its end by the heuristic bot. The report says, per
// state, whether it loaded, which names are unknown, what went wrong and how the fight ended, and
// sums up how many of the distinct card, relic, power, potion and enemy names the StS2 ruleset knows.
import type { GameAction } from '../api/game-action.js';
import { SpireError } from '../api/game-error.js';
import type { GameState } from '../api/game-state.js';
import { createHeuristicBot } from '../bot/heuristic-bot.js';
import {
  hasCard,
  hasMonster,
  hasPotion,
  hasPower,
  hasRelicDefinition,
  withRuleset,
} from '../content/registry.js';
import { isModelledSts2Entity } from '../content/sts2/sts2-coverage.js';
import { toGameState } from '../engine/game-state-projection.js';
import { applyAction } from '../engine/run.js';
import { enginePowerId, fromSts2State, type UnknownNames } from './from-sts2-state.js';

/** How the replay of one state ended. */
export type ReplayOutcome = 'victory' | 'defeat' | 'unfinished' | 'no_combat' | 'not_loaded' | 'error';

/** The replay of one recorded state. */
export interface StateReplay {
  /** 0-based position of the state in the input. */
  readonly index: number;
  readonly runId: string | null;
  readonly character: string | null;
  readonly act: number | null;
  readonly floor: number | null;
  readonly turn: number | null;
  readonly enemies: readonly string[];
  readonly loaded: boolean;
  readonly unknown: UnknownNames;
  /** Malformed input (`input:`) or an engine failure (`engine:`); empty when all went well. */
  readonly errors: readonly string[];
  readonly notes: readonly string[];
  readonly outcome: ReplayOutcome;
  /** Actions the bot took and player turns the fight lasted after the state. */
  readonly actions: number;
  readonly turns: number;
  readonly hpBefore: number | null;
  readonly hpAfter: number | null;
}

/** A kind of name counted in the coverage table. */
export type CoverageKind = 'card' | 'relic' | 'power' | 'potion' | 'enemy';
/** The kinds of name counted in the coverage table, in table order. */
export const COVERAGE_KINDS: readonly CoverageKind[] = ['card', 'relic', 'power', 'potion', 'enemy'];

/** One row of the coverage table: how many names of a kind the states held, and how many the engine knows. */
export interface CoverageRow {
  readonly kind: CoverageKind;
  /** Distinct names in the states. */
  readonly total: number;
  /** Names the StS2 ruleset has a definition (with its numbers) for. */
  readonly known: number;
  /** Names whose every effect the simulator models (the rest are known with numbers but partly simplified). */
  readonly modelled: number;
  readonly unknownNames: readonly string[];
  /** Known names the simulator models only in part (each entity's description says what it leaves out). */
  readonly partlyModelledNames: readonly string[];
}

/** Totals over every replayed state. */
export interface ReplaySummary {
  readonly states: number;
  readonly loaded: number;
  /** Loaded combats that reached their end (victory or defeat), or held no fight to play. */
  readonly finished: number;
  /** States with an engine error (internal) and with malformed input. */
  readonly engineErrors: number;
  readonly inputErrors: number;
  readonly outcomes: Readonly<Record<ReplayOutcome, number>>;
  readonly coverage: readonly CoverageRow[];
}

/** What `replaySts2States` returns: every state's replay and the totals. */
export interface ReplayReport {
  readonly states: readonly StateReplay[];
  readonly summary: ReplaySummary;
}

/** Options of `replaySts2States`. */
export interface ReplayOptions {
  /** Chooses the actions (default: the heuristic bot). */
  readonly choose?: (state: GameState) => GameAction;
  /** Bot actions per state before the fight counts as unfinished (default 3,000). */
  readonly maxActions?: number;
  /** Called after each state, for progress. */
  readonly onState?: (replay: StateReplay) => void;
}

const EMPTY: UnknownNames = { cards: [], relics: [], powers: [], potions: [], enemies: [] };

function record(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  const inner = value.raw_state;
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : value;
}

/** Distinct names of one state per kind, read from the raw JSON (so even malformed states count). */
function namesOf(raw: unknown): Record<CoverageKind, string[]> {
  const names: Record<CoverageKind, string[]> = { card: [], relic: [], power: [], potion: [], enemy: [] };
  const state = record(raw);
  const add = (kind: CoverageKind, value: unknown): void => {
    if (typeof value === 'string' && value.length > 0 && !names[kind].includes(value))
      names[kind].push(value);
  };
  const list = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value)
      ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
      : [];
  const combat = record(state?.combat);
  const run = record(state?.run);
  const player = record(combat?.player);
  for (const card of [
    ...list(combat?.hand),
    ...list(player?.draw_cards),
    ...list(player?.discard_cards),
    ...list(player?.exhaust_cards),
    ...list(run?.deck),
  ])
    add('card', card.card_id);
  for (const power of list(player?.powers)) add('power', power.power_id);
  for (const enemy of list(combat?.enemies)) {
    add('enemy', enemy.enemy_id);
    for (const power of list(enemy.powers)) add('power', power.power_id);
  }
  for (const relic of list(run?.relics)) add('relic', relic.relic_id);
  for (const potion of list(run?.potions)) add('potion', potion.potion_id);
  return names;
}

function known(kind: CoverageKind, name: string): boolean {
  switch (kind) {
    case 'card':
      return hasCard(name);
    case 'relic':
      return hasRelicDefinition(name);
    case 'power':
      return hasPower(enginePowerId(name));
    case 'potion':
      return hasPotion(name);
    case 'enemy':
      return hasMonster(name);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function replayOne(raw: unknown, index: number, options: ReplayOptions): StateReplay {
  const state = record(raw);
  const run = record(state?.run);
  const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
  const base = {
    index,
    runId: typeof state?.run_id === 'string' ? state.run_id : null,
    character: typeof run?.character_id === 'string' ? run.character_id : null,
    act: number(state?.act),
    floor: number(run?.floor),
    turn: number(state?.turn),
    enemies: namesOf(raw).enemy,
  };
  let loaded: ReturnType<typeof fromSts2State>;
  try {
    loaded = fromSts2State(raw);
  } catch (error) {
    const kind = error instanceof SpireError && error.code === 'STATE_MALFORMED' ? 'input' : 'engine';
    return {
      ...base,
      loaded: false,
      unknown: EMPTY,
      errors: [`${kind}: ${message(error)}`],
      notes: [],
      outcome: kind === 'input' ? 'not_loaded' : 'error',
      actions: 0,
      turns: 0,
      hpBefore: null,
      hpAfter: null,
    };
  }
  const simulated = loaded.run;
  if (simulated === null || simulated.combat === null) {
    return {
      ...base,
      loaded: true,
      unknown: loaded.unknown,
      errors: [],
      notes: loaded.notes,
      outcome: 'no_combat',
      actions: 0,
      turns: 0,
      hpBefore: null,
      hpAfter: null,
    };
  }
  const choose = options.choose ?? createHeuristicBot().choose;
  const maxActions = options.maxActions ?? 3000;
  const combat = simulated.combat;
  const startTurn = combat.turn;
  const hpBefore = simulated.hp;
  const errors: string[] = [];
  let actions = 0;
  try {
    while (!combat.over && simulated.screen === 'COMBAT' && actions < maxActions) {
      const action = choose(toGameState(simulated));
      const result = applyAction(simulated, action);
      actions++;
      if (!result.ok) {
        errors.push(
          `engine: the bot's action ${JSON.stringify(action)} was rejected: ${result.error.message}`,
        );
        break;
      }
    }
  } catch (error) {
    errors.push(`engine: ${message(error)}`);
  }
  const outcome: ReplayOutcome =
    errors.length > 0 ? 'error' : !combat.over ? 'unfinished' : combat.victory ? 'victory' : 'defeat';
  return {
    ...base,
    loaded: true,
    unknown: loaded.unknown,
    errors,
    notes: loaded.notes,
    outcome,
    actions,
    turns: combat.turn - startTurn,
    hpBefore,
    hpAfter: simulated.hp,
  };
}

/** Replays every state (raw `GET /state` objects or snapshot lines with `raw_state`). */
export function replaySts2States(inputs: readonly unknown[], options: ReplayOptions = {}): ReplayReport {
  const states: StateReplay[] = [];
  const seen: Record<CoverageKind, Set<string>> = {
    card: new Set(),
    relic: new Set(),
    power: new Set(),
    potion: new Set(),
    enemy: new Set(),
  };
  inputs.forEach((raw, index) => {
    const names = namesOf(raw);
    for (const kind of COVERAGE_KINDS) for (const name of names[kind]) seen[kind].add(name);
    const replay = replayOne(raw, index, options);
    states.push(replay);
    options.onState?.(replay);
  });
  const coverage = withRuleset('sts2', () =>
    COVERAGE_KINDS.map((kind): CoverageRow => {
      const names = [...seen[kind]].sort();
      const unknownNames = names.filter((name) => !known(kind, name));
      const partlyModelledNames = names.filter(
        (name) => known(kind, name) && !isModelledSts2Entity(kind, name),
      );
      const known_ = names.length - unknownNames.length;
      return {
        kind,
        total: names.length,
        known: known_,
        modelled: known_ - partlyModelledNames.length,
        unknownNames,
        partlyModelledNames,
      };
    }),
  );
  const outcomes: Record<ReplayOutcome, number> = {
    victory: 0,
    defeat: 0,
    unfinished: 0,
    no_combat: 0,
    not_loaded: 0,
    error: 0,
  };
  for (const state of states) outcomes[state.outcome] += 1;
  return {
    states,
    summary: {
      states: states.length,
      loaded: states.filter((state) => state.loaded).length,
      finished: outcomes.victory + outcomes.defeat + outcomes.no_combat,
      engineErrors: states.filter((state) => state.errors.some((error) => error.startsWith('engine:')))
        .length,
      inputErrors: states.filter((state) => state.errors.some((error) => error.startsWith('input:'))).length,
      outcomes,
      coverage,
    },
  };
}
