import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { StrataError } from '@strata-memory/strata';
import { InvalidArgumentError } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playRun } from '../agent/play-run.js';
import { RUN_LIMITS, type RunLimitName } from '../agent/run-limits.js';
import { runLimitOption } from './parse-cli-values.js';
import type { PlayRunner } from './play-runner.js';
import { createSyntheticPlayRunner } from './synthetic-play-runner.js';

// Issue 11 item 12: a run that fails to start leaves nothing behind, the parser and playRun share one
// rule for every numeric setting, and `--resume latest` skips runs with nothing to resume.

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-failed-start-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

async function cli(argv: string[], runner?: PlayRunner) {
  const io = captureIo(directory, { NO_COLOR: '1' });
  const code = await runCli(argv, io, {
    storeAvailable: () => true,
    ...(runner === undefined ? {} : { playRunner: runner }),
  });
  return { code, stdout: io.output(), stderr: io.errors() };
}

function runFolders(): string[] {
  const runsDir = join(directory, 'runs');
  return existsSync(runsDir) ? readdirSync(runsDir) : [];
}

/** Whether playRun takes `value` for `name` (an aborted signal: it checks its options, then plays nothing). */
async function playRunAccepts(name: RunLimitName, value: number): Promise<boolean> {
  try {
    await playRun({ store: 'memory', [name]: value, signal: AbortSignal.abort() });
    return true;
  } catch (error) {
    if (StrataError.is(error, 'CONFIG_INVALID')) return false;
    throw error;
  }
}

function parserAccepts(name: RunLimitName, value: number): boolean {
  try {
    runLimitOption(RUN_LIMITS[name])(String(value));
    return true;
  } catch (error) {
    if (error instanceof InvalidArgumentError) return false;
    throw error;
  }
}

describe('one rule for the run settings: the CLI parser and playRun agree', () => {
  for (const [name, limit] of Object.entries(RUN_LIMITS) as Array<
    [RunLimitName, (typeof RUN_LIMITS)[RunLimitName]]
  >) {
    it(`${limit.flag} / ${limit.option}: both take [${limit.minimum}, ${limit.maximum}] and refuse what is outside`, async () => {
      for (const value of [limit.minimum - 1, limit.minimum, limit.maximum, limit.maximum + 1]) {
        const inside = value >= limit.minimum && value <= limit.maximum;
        expect(parserAccepts(name, value), `parser, ${value}`).toBe(inside);
        expect(await playRunAccepts(name, value), `playRun, ${value}`).toBe(inside);
      }
    });
  }
});

describe('a failed start leaves no run folder', () => {
  it('--budget 900 is refused by the parser (exit 2) before any folder is made', async () => {
    const { code, stderr } = await cli(['play', '--budget', '900', '--store', 'memory']);
    expect(code).toBe(2);
    expect(stderr).toContain('--budget must be between 901 and 1000000');
    expect(runFolders()).toEqual([]);
  });

  it('a run that fails before its first decision removes its folder; one that played keeps it', async () => {
    const failing: PlayRunner = async () => {
      throw new StrataError('STORE_UNAVAILABLE', 'the store is down (test)');
    };
    const failed = await cli(['play', '--store', 'memory'], failing);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('the store is down');
    expect(runFolders()).toEqual([]);

    const crashLater: PlayRunner = async (request) => {
      await createSyntheticPlayRunner({ steps: 2 })(request);
      throw new Error('crashed after two decisions');
    };
    const crashed = await cli(['play', '--store', 'memory'], crashLater);
    expect(crashed.code).toBe(1);
    expect(runFolders()).toHaveLength(1);
  });

  it('a bench whose first run fails to start leaves no bench folder', async () => {
    const failing: PlayRunner = async () => {
      throw new StrataError('STORE_UNAVAILABLE', 'the store is down (test)');
    };
    const { code } = await cli(['bench', '--seeds', '1', '--agents', 'naive'], failing);
    expect(code).toBe(1);
    expect(runFolders()).toEqual([]);
  });
});

describe('--resume latest skips runs with nothing to resume', () => {
  /** What a failed start used to leave: run.json and an empty trace. */
  function leftoverRun(runId: string, ageSeconds: number): void {
    const runDir = join(directory, 'runs', runId);
    mkdirSync(runDir, { recursive: true });
    const manifest = {
      runId,
      agent: 'naive',
      seed: 3,
      character: 'ironclad',
      policy: 'heuristic',
      budget: 5000,
      store: 'sqlite',
      savePrompts: false,
      startedAt: new Date().toISOString(),
    };
    writeFileSync(join(runDir, 'run.json'), JSON.stringify(manifest));
    writeFileSync(join(runDir, 'trace.jsonl'), '');
    const time = new Date(Date.now() + ageSeconds * 1000);
    for (const file of ['run.json', 'trace.jsonl']) utimesSync(join(runDir, file), time, time);
  }

  it('resumes the newest run that has decisions, naming the empty ones it skipped', async () => {
    const interrupted: PlayRunner = async (request) => {
      await createSyntheticPlayRunner({ steps: 5 })(request);
      throw new Error('crashed');
    };
    await cli(['play', '--agent', 'naive', '--seed', '6'], interrupted);
    const [played] = runFolders();
    // Newer than the interrupted run.
    leftoverRun('20991231-000000-naive-s3-empty', 60);
    const resumed = await cli(['play', '--resume', 'latest'], createSyntheticPlayRunner({ steps: 8 }));
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      'Skipped 1 run(s) with nothing to resume (stopped before their first decision): 20991231-000000-naive-s3-empty',
    );
    expect(resumed.stderr).toContain(`Resuming run ${played}`);
    expect(resumed.stdout).toContain(`Run ${played}:`);
    expect(resumed.stdout).toContain('after 8 decisions');
  });

  it('with only empty runs, says there is nothing to resume and how to start one', async () => {
    leftoverRun('20991231-000000-naive-s3-empty', 0);
    const { code, stderr } = await cli(['play', '--resume', 'latest']);
    expect(code).toBe(1);
    expect(stderr).toContain('[SESSION_NOT_FOUND]');
    expect(stderr).toContain('Skipped 1 run(s) with nothing to resume');
    expect(stderr).toContain("Start one with 'strata play'");
  });
});
