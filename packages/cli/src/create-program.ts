import { readFileSync } from 'node:fs';
import type { CliIo } from '@strata-memory/cli-kit';
import { Command } from 'commander';
import { registerRecallEvalCommand } from './commands/recall-command.js';
import { GAME_COMMAND_SUMMARIES } from './game-commands.js';
import { GATEWAY_COMMAND_SUMMARIES } from './gateway-commands.js';

function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return manifest.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Same output streams and error handling for a command and all its subcommands. */
function configure(command: Command, io: CliIo): void {
  command
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride()
    .showHelpAfterError(
      `(run 'strata ${command.name() === 'strata' ? '' : `${command.name()} `}--help' for usage)`,
    );
  for (const child of command.commands) configure(child, io);
}

/** Options of `createProgram`. */
export interface ProgramOptions {
  /** The loaded game commands; without them the program lists them by name only (for --help). */
  gameCommands?: Command[];
  /** Called by a command that ends with a failure exit code but no exception (e.g. input lines skipped). */
  setExitCode?: (code: number) => void;
  /** The loaded gateway commands (serve, keys); without them they are listed by name only. */
  gatewayCommands?: Command[];
}

/** The `strata` command line. */
export function createProgram(io: CliIo, options: ProgramOptions = {}): Command {
  const program = new Command('strata')
    .description(
      'Strata: bounded, layered memory for long-running LLM agents. Play Slay-the-Spire-style runs with ' +
        'the AgenticSTS agent or its baselines, and compare the size of every prompt.',
    )
    .version(packageVersion(), '-V, --version')
    .addHelpText(
      'after',
      `
Examples:
  strata play                                      # a full run: structured agent, heuristic bot
  strata bench --seeds 1-10 --agents structured,window,naive
  strata report runs/<run-id> runs/<other-run-id>
  strata observe --input snapshots.jsonl --dump observations.jsonl
  strata recall-eval --data ../shared/data/recall/locomo-dev.jsonl --budget 5000
  strata keys create --tenant acme && strata serve --upstream https://api.openai.com/v1
Every command takes --help; --json makes the last line of stdout one JSON object.`,
    );
  if (options.gameCommands !== undefined) {
    for (const command of options.gameCommands) program.addCommand(command);
  } else {
    // Listed for --help only; runCli loads the real commands before parsing one of them.
    for (const summary of GAME_COMMAND_SUMMARIES) {
      program.addCommand(new Command(summary.name).description(summary.description));
    }
  }
  if (options.gatewayCommands !== undefined) {
    for (const command of options.gatewayCommands) program.addCommand(command);
  } else {
    for (const summary of GATEWAY_COMMAND_SUMMARIES) {
      program.addCommand(new Command(summary.name).description(summary.description));
    }
  }
  registerRecallEvalCommand(program, {
    stdout: io.stdout,
    stderr: io.stderr,
    env: io.env,
    ...(options.setExitCode === undefined ? {} : { setExitCode: options.setExitCode }),
  });
  configure(program, io);
  return program;
}
