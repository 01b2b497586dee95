import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repositoryRoot, strataCommand, sts2SnapshotsFixture } from '../test-support/spawn-strata.js';

// Issue 11 item 19: a wrong path or a wrongly typed state is reported with a stable code, what was
// wrong and what to do, never as a raw ENOTDIR/EISDIR/EACCES or an internal TypeError.

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-file-errors-'));
  writeFileSync(join(directory, 'a-file'), 'not a directory\n');
  mkdirSync(join(directory, 'a-directory'));
  writeFileSync(
    join(directory, 'states.jsonl'),
    `${readFileSync(sts2SnapshotsFixture, 'utf8').split('\n')[0]}\n`,
  );
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo(directory, { NO_COLOR: '1' });
  const code = await runCli(argv, io, { storeAvailable: () => true });
  return { code, stdout: io.output(), stderr: io.errors() };
}

/** No raw Node error text: an errno code at the start of the message, or a TypeError's wording. */
function expectNoRawError(stderr: string): void {
  expect(stderr).not.toMatch(/error: E[A-Z]+:/);
  expect(stderr).not.toMatch(/is not a function|Cannot read properties of/);
}

describe('paths given to the commands', () => {
  it.each([
    [['play', '--runs-dir', 'a-file', '--store', 'memory', '--max-steps', '2']],
    [['play', '--runs-dir', 'a-file/runs', '--store', 'memory', '--max-steps', '2']],
    [['bench', '--runs-dir', 'a-file', '--seeds', '1', '--agents', 'naive', '--max-steps', '2']],
  ])('%j: a file in the way of --runs-dir is INPUT_INVALID naming the flag and the fix', async (argv) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(1);
    expect(stderr).toContain('error [INPUT_INVALID]: --runs-dir a-file');
    expect(stderr).toContain('a file is in the way');
    expect(stderr).toContain('Pass a writable directory with --runs-dir');
    expectNoRawError(stderr);
  });

  it('--resume latest with a file as --runs-dir is INPUT_INVALID', async () => {
    const { code, stderr } = await cli(['play', '--resume', 'latest', '--runs-dir', 'a-file']);
    expect(code).toBe(1);
    expect(stderr).toContain('error [INPUT_INVALID]');
    expect(stderr).toContain('a-file');
    expect(stderr).toContain('--runs-dir');
    expectNoRawError(stderr);
  });

  it.each([
    [
      ['observe', '--input', 'a-directory'],
      /--input a-directory is a directory, not a file\. Pass a JSONL file/,
    ],
    [
      ['replay-states', '--input', 'a-directory'],
      /--input a-directory is a directory, not a file\. Pass a JSONL file/,
    ],
    [
      ['observe', '--input', 'states.jsonl', '--dump', 'a-directory'],
      /--dump a-directory cannot be written: it is a directory/,
    ],
    [
      ['observe', '--input', 'states.jsonl', '--dump', 'a-file/out.jsonl'],
      /--dump a-file\/out\.jsonl cannot be written: a file is in the way/,
    ],
  ])('%j is INPUT_INVALID with what was wrong', async (argv, message) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(1);
    expect(stderr).toContain('error [INPUT_INVALID]');
    expect(stderr).toMatch(message);
    expectNoRawError(stderr);
  });

  it('report --out a directory is INPUT_INVALID, not EISDIR', async () => {
    const played = await cli(['play', '--store', 'memory', '--max-steps', '2', '--json']);
    expect(played.code).toBe(0);
    const { code, stderr } = await cli(['report', 'runs', '--out', 'a-directory']);
    expect(code).toBe(1);
    expect(stderr).toContain('error [INPUT_INVALID]: --out a-directory cannot be written: it is a directory');
    expectNoRawError(stderr);
  });
});

describe('states with wrongly typed fields', () => {
  it('observe reports a wrongly typed hand as STATE_MALFORMED with the field, not a TypeError', async () => {
    writeFileSync(
      join(directory, 'bad.jsonl'),
      `${JSON.stringify({ screen: 'COMBAT', combat: { hand: 'abc', enemies: [] } })}\n${JSON.stringify({ screen: 'COMBAT', combat: { hand: [null] } })}\n`,
    );
    const { code, stdout, stderr } = await cli(['observe', '--input', 'bad.jsonl', '--json']);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /bad\.jsonl:1: skipped: \[STATE_MALFORMED\] .*\$\.combat\.hand: .*expected array.*\(got string "abc"\)/,
    );
    expect(stderr).toMatch(/bad\.jsonl:2: skipped: \[STATE_MALFORMED\] .*\$\.combat\.hand\[0\]/);
    expectNoRawError(stderr);
    const summary = JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '');
    expect(summary.failed.map((entry: { code?: string }) => entry.code)).toEqual([
      'STATE_MALFORMED',
      'STATE_MALFORMED',
    ]);
  });
});

// A real EACCES needs a user the permission applies to: as root (this machine's CI), the program runs
// as `nobody`; as anyone else, as the current user.
describe('an unwritable --runs-dir', () => {
  it('is INPUT_INVALID saying permission denied, from the real program', async () => {
    const readOnly = join(directory, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    chmodSync(directory, 0o755);
    const asRoot = process.getuid?.() === 0;
    const [node, ...nodeArgs] = strataCommand([
      'play',
      '--runs-dir',
      'read-only/runs',
      '--store',
      'memory',
      '--max-steps',
      '2',
    ]);
    const child = spawn(node as string, nodeArgs, {
      cwd: directory,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: directory,
        NO_COLOR: '1',
        TSX_TSCONFIG_PATH: join(repositoryRoot, 'tsconfig.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(
      'error [INPUT_INVALID]: --runs-dir read-only/runs cannot hold files: permission denied',
    );
    expect(stderr).toContain('Pass a writable directory with --runs-dir');
    expectNoRawError(stderr);
  });
});
