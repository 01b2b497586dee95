import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGameCommands } from '@strata-memory/agentic-sts/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { syntheticRecallLine } from '@strata-memory/recall/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createProgram } from './create-program.js';

// Every command of the real `strata` program, run as a process (so main.ts's exit code is what is
// checked, not runCli's return value) with bad input: it must exit non-zero and say how to fix it.
const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');
const cliMain = join(repositoryRoot, 'packages', 'cli', 'src', 'main.ts');
const tsxLoader = pathToFileURL(join(repositoryRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

const directory = mkdtempSync(join(tmpdir(), 'strata-exit-codes-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
writeFileSync(join(directory, 'recall.jsonl'), `${syntheticRecallLine('one', 4)}\n`);
writeFileSync(join(directory, 'some-invalid.jsonl'), `${syntheticRecallLine('two', 4)}\nnot json\n`);
writeFileSync(join(directory, 'all-invalid.jsonl'), 'not json\n{"also": "no conversation"}\n');
writeFileSync(join(directory, 'not-states.jsonl'), '{"no_screen": true}\nnot json\n');
writeFileSync(join(directory, 'a-file'), 'not a directory\n');
mkdirSync(join(directory, 'a-directory'));

interface BadInput {
  args: string[];
  /** What the message must say: the fix (an option, a value to use, a command to run). */
  says: RegExp;
}

/**
 * Bad input for each command of the program. A command missing here fails the first test, so a new
 * command cannot go untested.
 */
const BAD_INPUTS: Record<string, BadInput[]> = {
  play: [
    { args: ['--seed', 'x'], says: /--seed must be a whole number/ },
    {
      args: ['--resume', 'no-such-run', '--runs-dir', 'runs'],
      says: /Run no-such-run not found.*pass --runs-dir/,
    },
  ],
  bench: [{ args: ['--seeds', '5-1'], says: /Write it low-high, e.g. '1-5'/ }],
  report: [{ args: ['no-such-dir'], says: /is not a directory\. Pass run directories/ }],
  observe: [
    { args: ['--input', 'missing.jsonl'], says: /does not exist\. Pass a JSONL file/ },
    { args: ['--input', 'not-states.jsonl', '--json'], says: /line\(s\) skipped|skipped: no game state/ },
  ],
  worker: [
    { args: [], says: /--queue needs a Postgres URL, e.g. --queue postgres:\/\// },
    { args: ['--queue', 'redis://127.0.0.1:6379'], says: /must be a postgres:\/\/ URL/ },
  ],
  serve: [
    { args: ['--host', '0.0.0.0', '--no-auth'], says: /--no-auth is refused on the non-loopback host/ },
    { args: ['--db', 'serve-without-keys.db'], says: /No API keys.*strata keys create --tenant/ },
  ],
  keys: [
    {
      args: ['create', '--tenant', 'bad name!', '--db', 'keys.db'],
      says: /Tenant name .* is not valid: use 1-64 letters/,
    },
    { args: ['revoke', 'nope', '--db', 'keys.db'], says: /No API key with id 'nope'.*strata keys list/ },
  ],
  'replay-states': [{ args: ['--input', 'missing.jsonl'], says: /does not exist\. Pass a JSONL file/ }],
  'recall-eval': [
    { args: ['--data', 'recall.jsonl', '--budget', '10'], says: /Raise the budget/ },
    { args: ['--data', 'recall.jsonl', '--strategy', 'foo'], says: /Use one or more of: layered/ },
    { args: ['--data', 'missing.jsonl'], says: /Pass an existing JSONL file with --data/ },
    { args: ['--data', 'all-invalid.jsonl'], says: /no usable conversation.*Fix the lines/ },
    // The rest of the file is evaluated and printed, but a script must see that lines were skipped.
    { args: ['--data', 'some-invalid.jsonl', '--json'], says: /some-invalid\.jsonl:2: not valid JSON/ },
  ],
};

function programCommands(): string[] {
  const io = captureIo(directory);
  const program = createProgram(io, { gameCommands: createGameCommands(io) });
  return program.commands.map((command) => command.name());
}

function strata(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    TSX_TSCONFIG_PATH: join(repositoryRoot, 'tsconfig.json'),
  };
  // The bad input is what the test passes, not a queue or database this machine happens to have set.
  for (const name of ['STRATA_QUEUE_URL', 'STRATA_DATABASE_URL', 'STRATA_STS2_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', tsxLoader, cliMain, ...args], {
    cwd: directory,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

const cases = Object.entries(BAD_INPUTS).flatMap(([command, inputs]) =>
  inputs.map((input) => ({ command, ...input })),
);

describe('every strata command exits non-zero on bad input', () => {
  it('has bad inputs for every command of the program', () => {
    const commands = programCommands();
    expect(commands.length).toBeGreaterThanOrEqual(6);
    for (const command of commands) {
      expect(BAD_INPUTS[command], `no bad input for 'strata ${command}'`).toBeDefined();
      expect(BAD_INPUTS[command]?.length).toBeGreaterThan(0);
    }
  });

  it.each(cases)('strata $command $args', async ({ command, args, says }) => {
    const { code, stderr } = await strata([command, ...args]);
    expect(code, stderr).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toMatch(says);
    // A message for a person, not a stack trace.
    expect(stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
