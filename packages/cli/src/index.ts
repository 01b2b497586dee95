/**
 * The `strata` program as a library: run it in-process (tests, embedding) or add commands to it.
 *
 * @module @strata-memory/cli
 */
export { createProgram, type ProgramOptions } from './create-program.js';
export {
  GAME_COMMAND_SUMMARIES,
  GAME_PACKAGE,
  type GameCommandsLoader,
  type GameCommandsModule,
  loadGameCommands,
} from './game-commands.js';
export {
  GATEWAY_COMMAND_SUMMARIES,
  GATEWAY_PACKAGE,
  type GatewayCommandsLoader,
  type GatewayCommandsModule,
  loadGatewayCommands,
} from './gateway-commands.js';
export { type CliDependencies, redact, runCli } from './run-cli.js';
