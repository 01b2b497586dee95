import { createGameCommands } from '@strata-memory/agentic-sts/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { SpireError } from '@strata-memory/spire';
import { describe, expect, it } from 'vitest';
import { GAME_COMMAND_SUMMARIES, GAME_PACKAGE, type GameCommandsLoader } from './game-commands.js';
import { runCli } from './run-cli.js';

/** A loader that records whether it ran, standing in for the game package. */
function countingLoader(): { load: GameCommandsLoader; calls: () => number } {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return { createGameCommands };
    },
    calls: () => calls,
  };
}

/** What Node throws when a package is not installed. */
function missingPackageLoader(name: string): GameCommandsLoader {
  return async () => {
    throw Object.assign(
      new Error(`Cannot find package '${name}' imported from /somewhere/cli/dist/game-commands.js`),
      {
        code: 'ERR_MODULE_NOT_FOUND',
      },
    );
  };
}

describe('strata: game commands load lazily', () => {
  it('--help lists the game commands without loading the game package', async () => {
    const io = captureIo(process.cwd());
    const loader = countingLoader();
    expect(await runCli(['--help'], io, { loadGameCommands: loader.load })).toBe(0);
    expect(loader.calls()).toBe(0);
    for (const { name, description } of GAME_COMMAND_SUMMARIES) {
      // Commander wraps long descriptions; their opening words stay on the command's line.
      expect(io.output()).toContain(`${name}  `);
      expect(io.output()).toContain(description.split(' ').slice(0, 3).join(' '));
    }
    expect(io.output()).toContain('recall-eval');
  });

  it('--version and recall-eval --help do not load the game package', async () => {
    const loader = countingLoader();
    const version = captureIo(process.cwd());
    expect(await runCli(['--version'], version, { loadGameCommands: loader.load })).toBe(0);
    expect(version.output()).toMatch(/^\d+\.\d+\.\d+/);
    const recall = captureIo(process.cwd());
    expect(await runCli(['recall-eval', '--help'], recall, { loadGameCommands: loader.load })).toBe(0);
    expect(recall.output()).toContain('--budget');
    expect(loader.calls()).toBe(0);
  });

  it('a game command loads the game package and runs its real command (also `help <command>`)', async () => {
    const loader = countingLoader();
    const io = captureIo(process.cwd());
    expect(await runCli(['play', '--help'], io, { loadGameCommands: loader.load })).toBe(0);
    expect(loader.calls()).toBe(1);
    expect(io.output()).toContain('--max-steps');
    const help = captureIo(process.cwd());
    expect(await runCli(['help', 'observe'], help, { loadGameCommands: loader.load })).toBe(0);
    expect(loader.calls()).toBe(2);
    expect(help.output()).toContain('--input');
  });

  it('without the game package a game command fails with MISSING_DEPENDENCY and the install command', async () => {
    const io = captureIo(process.cwd());
    const code = await runCli(['play', '--seed', '1'], io, {
      loadGameCommands: missingPackageLoader(GAME_PACKAGE),
    });
    expect(code).toBe(1);
    expect(io.errors()).toContain('[MISSING_DEPENDENCY]');
    expect(io.errors()).toContain(`npm install ${GAME_PACKAGE}`);
    // The rest of the CLI still works.
    expect(
      await runCli(['--help'], captureIo(process.cwd()), {
        loadGameCommands: missingPackageLoader(GAME_PACKAGE),
      }),
    ).toBe(0);
  });

  it('a missing dependency of the game package itself is not reported as the game package missing', async () => {
    const io = captureIo(process.cwd());
    const code = await runCli(['play'], io, { loadGameCommands: missingPackageLoader('chart.js') });
    expect(code).toBe(1);
    expect(io.errors()).not.toContain('MISSING_DEPENDENCY');
    expect(io.errors()).toContain("Cannot find package 'chart.js'");
  });

  it('the help summaries match the real game commands', () => {
    const real = createGameCommands(captureIo(process.cwd())).map((command) => ({
      name: command.name(),
      description: command.description(),
    }));
    expect(real).toEqual(GAME_COMMAND_SUMMARIES);
  });
});

describe('strata recall-eval: help without loading the evaluation', () => {
  it('lists the same strategies as the evaluation', async () => {
    const { RECALL_STRATEGIES } = await import('@strata-memory/recall');
    const { RECALL_STRATEGY_NAMES } = await import('./commands/recall-command.js');
    expect([...RECALL_STRATEGY_NAMES]).toEqual([...RECALL_STRATEGIES]);
  });
});

describe('strata: errors', () => {
  it('prints a spire error with its code, like a Strata error', async () => {
    const io = captureIo(process.cwd());
    const code = await runCli(['play'], io, {
      loadGameCommands: async () => {
        throw new SpireError('GAME_UNREACHABLE', 'Cannot reach the StS2 agent mod at http://127.0.0.1:8080.');
      },
    });
    expect(code).toBe(1);
    expect(io.errors()).toContain('error [GAME_UNREACHABLE]: Cannot reach the StS2 agent mod');
  });
});
