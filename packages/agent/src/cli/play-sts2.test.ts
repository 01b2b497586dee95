import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { readSts2Snapshots, STS2_FIXTURE_FILE, startFakeSts2ModServer } from '@strata-memory/spire';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTrace } from '../trace/trace-file.js';
import { agentPlayRunner, createAgentPlayRunner } from './agent-play-runner.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-cli-sts2-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/**
 * The real play path: the agent loop as runner, no test doubles besides the mod on 127.0.0.1.
 * The scripted mod never finishes an animation, so tests skip the bridge's wait for one (as sts2-play.test does).
 */
const noWaitRunner = createAgentPlayRunner({ waitForActionsMs: 0, maxRetries: 0 });

async function play(argv: string[], env: Record<string, string> = {}, runner = noWaitRunner) {
  const io = captureIo(directory, env);
  const code = await runCli(['play', ...argv], io, { playRunner: runner });
  return { code, stdout: io.output(), stderr: io.errors() };
}

function lastJsonLine(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '') as Record<string, unknown>;
}

describe('strata play --game sts2 (fake StS2 mod on 127.0.0.1)', () => {
  it('plays real StS2 states through the bridge and records the game in run.json and the result', async () => {
    const states = readSts2Snapshots(STS2_FIXTURE_FILE)
      .map((snapshot) => snapshot.raw_state)
      .slice(0, 3);
    expect(states).toHaveLength(3);
    const server = await startFakeSts2ModServer({ states });
    try {
      const runsDir = join(directory, 'runs');
      const { code, stdout, stderr } = await play([
        '--game',
        'sts2',
        '--sts2-url',
        server.url,
        '--max-steps',
        '3',
        '--store',
        'memory',
        '--json',
        '--runs-dir',
        runsDir,
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const result = lastJsonLine(stdout);
      expect(result).toMatchObject({ agent: 'structured', game: 'sts2', steps: 3, calls: 3 });
      const posted = server.requests.filter(
        (request) => request.method === 'POST' && request.path === '/action',
      );
      expect(posted).toHaveLength(3);

      const runDir = String(result.runDir);
      expect(runDir.startsWith(runsDir)).toBe(true);
      expect(runDir).toContain('-structured-sts2-');
      const manifest = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')) as Record<string, unknown>;
      expect(manifest).toMatchObject({ game: 'sts2', sts2Url: server.url, store: 'memory', maxSteps: 3 });
      expect(JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'))).toEqual(result);
      // The trace holds the actions the mod received, in order.
      const actions = readTrace(join(runDir, 'trace.jsonl')).records.map((record) => record.action);
      expect(posted.map((request) => request.body)).toEqual(actions);
    } finally {
      await server.close();
    }
  });

  it('takes the mod URL from STRATA_STS2_URL and reports an unreachable mod by URL, without a stack trace', async () => {
    // Port 47: nothing listens there, and fetch does not block it (port 9 is on fetch's blocked list).
    const url = 'http://127.0.0.1:47';
    const { code, stdout, stderr } = await play(
      ['--game', 'sts2', '--store', 'memory', '--json', '--runs-dir', join(directory, 'runs')],
      { STRATA_STS2_URL: url },
      agentPlayRunner, // the bridge's own defaults, retries included
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^error \[GAME_UNREACHABLE\]: Cannot reach the StS2 agent mod at http:\/\/127\.0\.0\.1:47\b/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects --resume with --game sts2, and a bad --sts2-url before any run starts', async () => {
    const resumed = await play([
      '--game',
      'sts2',
      '--resume',
      'latest',
      '--runs-dir',
      join(directory, 'runs'),
    ]);
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain('error [INPUT_INVALID]: --resume is for simulator runs');

    // A run recorded as StS2 (run.json says so) cannot be resumed either, even without --game.
    const runsDir = join(directory, 'runs');
    const runId = '20261129-151500-structured-sts2-abcd';
    mkdirSync(join(runsDir, runId), { recursive: true });
    writeFileSync(
      join(runsDir, runId, 'run.json'),
      JSON.stringify({
        runId,
        agent: 'structured',
        seed: 1,
        character: 'ironclad',
        policy: 'heuristic',
        budget: 5000,
        store: 'sqlite',
        savePrompts: false,
        startedAt: new Date().toISOString(),
        game: 'sts2',
      }),
    );
    const recorded = await play(['--resume', runId, '--runs-dir', runsDir]);
    expect(recorded.code).toBe(1);
    expect(recorded.stderr).toContain(
      `error [INPUT_INVALID]: --resume is for simulator runs: run ${runId} played Slay the Spire 2`,
    );
    // `latest` skips it: there is no simulator run to continue here.
    const latest = await play(['--resume', 'latest', '--runs-dir', runsDir]);
    expect(latest.code).toBe(1);
    expect(latest.stderr).toContain(
      `[SESSION_NOT_FOUND]: No runs under ${runsDir} to resume (Slay the Spire 2 runs cannot be resumed).`,
    );
    rmSync(runsDir, { recursive: true });

    const badUrl = await play(['--game', 'sts2', '--sts2-url', 'not a url', '--store', 'memory']);
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain("--sts2-url 'not a url' is not an http:// URL");
    expect(existsSync(join(directory, 'runs'))).toBe(false);
  });

  it('documents the options, and that seed and character are for the simulator', async () => {
    const { code, stdout } = await play(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--game <name>');
    expect(stdout).toContain('--sts2-url <url>');
    expect(stdout).toContain('strata play --game sts2 --sts2-url http://127.0.0.1:8080');
    expect(stdout).toContain('--seed, --character and --ruleset apply to the simulator only');
    expect(stdout).toContain('--ruleset <name>');
  });
});
