import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerRecallEvalCommand } from '../recall/recall-command.js';
import { agentPlayRunner } from './agent-play-runner.js';
import type { CliIo } from './cli-io.js';
import { createBenchCommand } from './commands/bench-command.js';
import { createObserveCommand } from './commands/observe-command.js';
import { createPlayCommand } from './commands/play-command.js';
import { createReportCommand } from './commands/report-command.js';
import type { PlayRunner } from './play-runner.js';
import { storeAvailable } from './run-options.js';

export interface CliDependencies {
  /** Plays one run; default: the agent loop. Tests pass scripted runners. */
  playRunner?: PlayRunner;
  /** Whether a store kind is in this build (default: strata exports its factory). */
  storeAvailable?: (store: string) => boolean;
  /** Called by commands that finish with a failure exit code but no exception (e.g. some lines skipped). */
  setExitCode?: (code: number) => void;
}

function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
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

/** The `strata` command line. */
export function createProgram(io: CliIo, dependencies: CliDependencies = {}): Command {
  const runner = dependencies.playRunner ?? agentPlayRunner;
  const setExitCode = dependencies.setExitCode ?? (() => {});
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
Every command takes --help; --json makes the last line of stdout one JSON object.`,
    );
  const stores = dependencies.storeAvailable ?? storeAvailable;
  program.addCommand(createPlayCommand(io, runner, stores));
  program.addCommand(createBenchCommand(io, runner, stores));
  program.addCommand(createReportCommand(io));
  program.addCommand(createObserveCommand(io, setExitCode));
  registerRecallEvalCommand(program);
  configure(program, io);
  return program;
}
