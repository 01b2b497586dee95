/**
 * The game commands of the `strata` CLI (play, bench, report, observe). The CLI package
 * (@strata-memory/cli) loads this entry lazily, only when one of these commands runs, so `strata --help`
 * and the non-game commands never load the game engine.
 *
 * @module @strata-memory/agentic-sts/cli
 */
export {
  createGameCommands,
  GAME_COMMAND_NAMES,
  type GameCommandDependencies,
  type GameCommandName,
} from './create-game-commands.js';
export type { PlayRunner, PlayRunRequest } from './play-runner.js';
export { createSyntheticPlayRunner } from './synthetic-play-runner.js';
