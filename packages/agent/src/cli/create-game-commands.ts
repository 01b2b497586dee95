import type { CliIo } from '@strata-memory/cli-kit';
import type { Command } from 'commander';
import { agentPlayRunner } from './agent-play-runner.js';
import { createBenchCommand } from './commands/bench-command.js';
import { createObserveCommand } from './commands/observe-command.js';
import { createPlayCommand } from './commands/play-command.js';
import { createReplayStatesCommand } from './commands/replay-states-command.js';
import { createReportCommand } from './commands/report-command.js';
import { createWorkerCommand } from './commands/worker-command.js';
import type { PlayRunner } from './play-runner.js';
import { storeAvailable } from './run-options.js';

/** The commands this entry adds to `strata`, in the order `strata --help` lists them. */
export const GAME_COMMAND_NAMES = ['play', 'bench', 'worker', 'report', 'observe', 'replay-states'] as const;
/** The name of a game command. */
export type GameCommandName = (typeof GAME_COMMAND_NAMES)[number];

/** What the game commands run on; tests replace parts of it. */
export interface GameCommandDependencies {
  /** Plays one run; default: the agent loop. Tests pass scripted runners. */
  playRunner?: PlayRunner;
  /** Whether a store kind is in this build (default: strata exports its factory). */
  storeAvailable?: (store: string) => boolean;
  /** Called by commands that finish with a failure exit code but no exception (e.g. some lines skipped). */
  setExitCode?: (code: number) => void;
}

/** Builds the game commands (play, bench, worker, report, observe, replay-states) for the `strata` program. */
export function createGameCommands(io: CliIo, dependencies: GameCommandDependencies = {}): Command[] {
  const runner = dependencies.playRunner ?? agentPlayRunner;
  const stores = dependencies.storeAvailable ?? storeAvailable;
  const setExitCode = dependencies.setExitCode ?? (() => {});
  return [
    createPlayCommand(io, runner, stores),
    createBenchCommand(io, runner, stores, setExitCode),
    createWorkerCommand(io),
    createReportCommand(io),
    createObserveCommand(io, setExitCode),
    createReplayStatesCommand(io, setExitCode),
  ];
}
