import type { GameCommandDependencies } from '@strata-memory/agentic-sts/cli';
import type { CliIo } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata/errors';
import type { Command } from 'commander';

/** The package that holds the game commands; an optional peer of this CLI. */
export const GAME_PACKAGE = '@strata-memory/agentic-sts';

/**
 * The game commands as `strata --help` lists them, without loading the game engine.
 * A test checks this list against the real commands, so the two cannot drift apart.
 */
export const GAME_COMMAND_SUMMARIES: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'play',
    description: 'Play one full run and write runs/<run-id>/ (trace.jsonl, result.json, report.html).',
  },
  {
    name: 'bench',
    description: 'Play the same seeds with several agents side by side; print a table, totals and ratios.',
  },
  {
    name: 'worker',
    description:
      "Take run jobs of 'strata bench --queue' from the Postgres job queue and play them (several machines and processes share one queue).",
  },
  {
    name: 'report',
    description: '(Re)build an HTML report from run traces; several runs and agents go side by side.',
  },
  {
    name: 'observe',
    description:
      'Render game states as the agent sees them (the observation layer), with their token counts.',
  },
  {
    name: 'replay-states',
    description:
      'Load real Slay the Spire 2 combat states into the simulator and play each fight to its end with the bot; report coverage of the names.',
  },
];

/** What the game package's `/cli` entry provides. */
export interface GameCommandsModule {
  /** The game commands, writing to `io`. */
  createGameCommands(io: CliIo, dependencies?: GameCommandDependencies): Command[];
}

/** Loads the game commands entry; separate so tests can stand in for a missing package. */
export type GameCommandsLoader = () => Promise<GameCommandsModule>;

export const importGameCommands: GameCommandsLoader = () => import('@strata-memory/agentic-sts/cli');

/** True when the game package itself is missing (not one of its own dependencies). */
function isGamePackageMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
  return notFound && typeof message === 'string' && message.includes(GAME_PACKAGE);
}

/** The game commands, or MISSING_DEPENDENCY naming the install command when the game package is absent. */
export async function loadGameCommands(
  load: GameCommandsLoader = importGameCommands,
): Promise<GameCommandsModule> {
  try {
    return await load();
  } catch (error) {
    if (!isGamePackageMissing(error)) throw error;
    throw new StrataError(
      'MISSING_DEPENDENCY',
      `The game commands (${GAME_COMMAND_SUMMARIES.map((command) => command.name).join(', ')}) live in ${GAME_PACKAGE}, which is not installed. Install it: npm install ${GAME_PACKAGE}`,
      { cause: error, details: { package: GAME_PACKAGE } },
    );
  }
}
