import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Test support (not built into dist): the real `strata` program from source through tsx, as
// `npm run strata` runs it, in a child process. One copy for every test that needs a real process
// (kill and resume, Ctrl-C in a terminal, exit codes).

/** The repository's root folder. */
export const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
/** The StS2 bridge's recorded game states (one JSON state a line), which several tests read. */
export const sts2SnapshotsFixture = join(
  repositoryRoot,
  'packages',
  'spire',
  'src',
  'bridges',
  'sts2',
  'fixtures',
  'snapshots.jsonl',
);
/** The CLI's entry file (TypeScript source). */
export const cliMain = join(repositoryRoot, 'packages', 'cli', 'src', 'main.ts');
/** tsx's loader by file URL: the children may run in other folders, where a bare `--import tsx` would not resolve. */
export const tsxLoader = pathToFileURL(
  join(repositoryRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs'),
).href;

/** The environment a child `strata` runs with: tsx reads the repository's tsconfig (its paths map the workspace packages to source) from any cwd. */
export function strataEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NO_COLOR: '1',
    TSX_TSCONFIG_PATH: join(repositoryRoot, 'tsconfig.json'),
    ...extra,
  };
}

/** The command line (node, its arguments) that runs `strata <args>` from source. */
export function strataCommand(args: readonly string[]): string[] {
  return [process.execPath, '--import', tsxLoader, cliMain, ...args];
}

/** How a child `strata` ended, with everything it printed. */
export interface StrataExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** `performance.now()` when the process closed. */
  endedAt: number;
}

/** A child `strata`: the process, what it printed so far, and how it ended. */
export interface StrataProcess {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  done: Promise<StrataExit>;
}

/**
 * `strata <args>` as a child process. With `ownSession` it runs in a session of its own, as a separately
 * started program would: where the kernel schedules by session (sched_autogroup_enabled=1), all processes
 * of one session share one slice of the CPU, so workers started in the caller's session could never run
 * faster than one.
 */
export function spawnStrata(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ownSession?: boolean } = {},
): StrataProcess {
  const [node, ...nodeArgs] = strataCommand(args);
  const child = spawn(node as string, nodeArgs, {
    detached: options.ownSession === true,
    cwd: options.cwd ?? repositoryRoot,
    env: strataEnvironment(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<StrataExit>((resolveDone) => {
    child.on('close', (code, signal) =>
      resolveDone({ code, signal, stdout, stderr, endedAt: performance.now() }),
    );
  });
  return { child, output: () => ({ stdout, stderr }), done };
}
