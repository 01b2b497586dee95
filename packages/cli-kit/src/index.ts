/**
 * Shared pieces of the `strata` command line: the io seam, terminal styling, progress bars, tables. Both
 * the CLI program (@strata-memory/cli) and the packages that contribute commands to it (the game commands
 * in @strata-memory/agentic-sts) depend on this package, never on each other.
 *
 * @module @strata-memory/cli-kit
 */
export { type CapturedIo, captureIo } from './capture-io.js';
export { type CliIo, colorEnabled, createTerminalStyle, processIo, type TerminalStyle } from './cli-io.js';
export { CommandInterrupted } from './command-interrupted.js';
export { displayPath } from './display-path.js';
export { formatTable } from './format-table.js';
export { createProgressDisplay, type ProgressDisplay, type ProgressOptions } from './progress-display.js';
