import type { GameCommandDependencies } from '@strata-memory/agentic-sts/cli';
import { type CliIo, CommandInterrupted } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata/errors';
import { CommanderError } from 'commander';
import { createProgram } from './create-program.js';
import { GAME_COMMAND_SUMMARIES, type GameCommandsLoader, loadGameCommands } from './game-commands.js';
import { type GatewayCommandsLoader, isGatewayCommand, loadGatewayCommands } from './gateway-commands.js';

/** What `runCli` runs on; tests replace parts of it. */
export interface CliDependencies extends GameCommandDependencies {
  /** Loads the game commands (default: import @strata-memory/agentic-sts/cli). Tests pass their own. */
  loadGameCommands?: GameCommandsLoader;
  /** Loads the gateway commands (default: import @strata-memory/gateway). */
  loadGatewayCommands?: GatewayCommandsLoader;
}

/** The command `argv` runs (`strata help <command>` counts as that command), if any. */
function commandOf(argv: readonly string[]): string | undefined {
  const words = argv.filter((argument) => !argument.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

function isGameCommand(name: string | undefined): boolean {
  return GAME_COMMAND_SUMMARIES.some((command) => command.name === name);
}

/** Values that must never reach the terminal: API keys and database URLs (they may hold a password). */
function secretsOf(argv: readonly string[], env: CliIo['env']): string[] {
  const secrets = [
    env.OPENAI_API_KEY,
    env.ANTHROPIC_API_KEY,
    env.STRATA_DATABASE_URL,
    env.STRATA_UPSTREAM_API_KEY,
  ];
  argv.forEach((argument, index) => {
    if (argument === '--database-url') secrets.push(argv[index + 1]);
    if (argument.startsWith('--database-url=')) secrets.push(argument.slice('--database-url='.length));
  });
  const values: string[] = [];
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4) continue;
    values.push(secret);
    // A URL's password alone, too (drivers may print host and user with it).
    try {
      const password = decodeURIComponent(new URL(secret).password);
      if (password.length >= 4) values.push(password);
    } catch {}
  }
  return values;
}

/** The text with every secret replaced by `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join('[redacted]');
  return result;
}

/** Runs the CLI on `argv` (without node and the script) and returns the exit code; never calls process.exit. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  dependencies: CliDependencies = {},
): Promise<number> {
  const secrets = secretsOf(argv, io.env);
  let exitCode = 0;
  try {
    // The game engine loads only when a game command runs: --help, --version and the other commands stay fast.
    const {
      loadGameCommands: loader,
      loadGatewayCommands: gatewayLoader,
      ...gameDependencies
    } = dependencies;
    const setExitCode = (code: number) => {
      exitCode = Math.max(exitCode, code);
    };
    const gameCommands = isGameCommand(commandOf(argv))
      ? (await loadGameCommands(loader)).createGameCommands(io, { ...gameDependencies, setExitCode })
      : undefined;
    // Likewise the gateway (Fastify, prom-client) loads only for serve and keys.
    const gatewayCommands = isGatewayCommand(commandOf(argv))
      ? (await loadGatewayCommands(gatewayLoader)).createGatewayCommands(io)
      : undefined;
    const program = createProgram(io, {
      setExitCode,
      ...(gameCommands === undefined ? {} : { gameCommands }),
      ...(gatewayCommands === undefined ? {} : { gatewayCommands }),
    });
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end here too; commander already printed them (and the usage error).
      if (error.exitCode === 0) return 0;
      return 2;
    }
    if (error instanceof CommandInterrupted) {
      io.stderr.write(`${redact(error.message, secrets)}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    const code = stableErrorCode(error) === undefined ? '' : ` [${stableErrorCode(error)}]`;
    io.stderr.write(`error${code}: ${redact(message, secrets)}\n`);
    if (io.env.STRATA_DEBUG && error instanceof Error && error.stack) {
      io.stderr.write(`${redact(error.stack, secrets)}\n`);
    }
    return 1;
  }
}

/** The stable code of a StrataError, or of a SpireError (the game package's error class), for the error line. */
function stableErrorCode(error: unknown): string | undefined {
  if (StrataError.is(error)) return error.code;
  if (error instanceof Error && error.name === 'SpireError') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code)) return code;
  }
  return undefined;
}
