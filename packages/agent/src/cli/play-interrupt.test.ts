import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type StrataExit,
  spawnStrata,
  strataCommand,
  strataEnvironment,
} from '../test-support/spawn-strata.js';
import { readTrace } from '../trace/trace-file.js';

// Ctrl-C in a real terminal: `strata play` runs under util-linux `script`, which gives it a pty; the
// test types ^C (0x03) into that terminal, and the pty's line discipline sends SIGINT to the program,
// as a shell would.
const haveScript = spawnSync('script', ['--version']).status === 0;
const mustRun = process.env.CI === 'true';
if (!haveScript && !mustRun) {
  console.warn(
    'play-interrupt.test.ts did NOT run: util-linux `script` is missing (apt-get install bsdutils).',
  );
}

const directory = mkdtempSync(join(tmpdir(), 'strata-interrupt-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function quote(argument: string): string {
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}

interface Finished {
  code: number | null;
  output: string;
  endedAt: number;
}

/** `strata <args>` in a pseudo-terminal; its stdin is the terminal's keyboard. */
function inTerminal(args: string[]): { child: ChildProcess; output: () => string; done: Promise<Finished> } {
  const command = strataCommand(args).map(quote).join(' ');
  // -q quiet, -f flush, -e exit with the program's code, -c the command; no typescript file.
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: directory,
    env: strataEnvironment(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const done = new Promise<Finished>((resolveDone) => {
    child.on('close', (code) => resolveDone({ code, output, endedAt: performance.now() }));
  });
  return { child, output: () => output, done };
}

function plain(args: string[]): Promise<StrataExit> {
  return spawnStrata(args, { cwd: directory }).done;
}

function traceLines(runsDir: string): number {
  if (!existsSync(runsDir)) return 0;
  for (const entry of readdirSync(runsDir)) {
    const trace = join(runsDir, entry, 'trace.jsonl');
    if (existsSync(trace)) return readFileSync(trace, 'utf8').split('\n').length - 1;
  }
  return 0;
}

async function waitForDecisions(runsDir: string, count: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (traceLines(runsDir) < count && Date.now() < deadline && child.exitCode === null) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}

// "Stops within a second" is checked in decisions, not wall time: the run's own pace is measured for
// a tenth of a second before the key, and after the key it may add at most a second's worth of decisions.
// The defect was a loop that never yielded and played on for hundreds of decisions. Wall time from key
// to exit also counts Node's and script's teardown on a loaded CI machine (1,030 ms seen once), so it
// is only a hang guard here.
const hangGuardMs = 10_000;

interface Pressed {
  finished: Finished;
  ms: number;
  tracedAtKey: number;
  /** Decisions the run makes in one second at its pace just before the key (at least 3). */
  perSecond: number;
}

/** Measures the run's pace, types Ctrl-C and waits for the program to end. */
async function pressCtrlC(run: ReturnType<typeof inTerminal>, runsDir: string): Promise<Pressed> {
  const before = traceLines(runsDir);
  const startedAt = performance.now();
  await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  const tracedAtKey = traceLines(runsDir);
  const perSecond = Math.max(3, ((tracedAtKey - before) * 1000) / (performance.now() - startedAt));
  const pressedAt = performance.now();
  run.child.stdin?.write('\u0003');
  const finished = await run.done;
  return { finished, ms: finished.endedAt - pressedAt, tracedAtKey, perSecond };
}

// Skipped only outside CI when `script` (bsdutils; the terminal it drives) is missing (warned above);
// under CI=true it runs and fails without it.
describe.runIf(haveScript || mustRun)('Ctrl-C in a terminal during strata play (heuristic policy)', () => {
  it('SQLite: stops at the next decision, exits 130, says how to resume; the resumed run is whole', async () => {
    const runsDir = join(directory, 'sqlite-runs');
    const dbFile = join(directory, 'interrupt.db');
    const args = ['play', '--seed', '1', '--max-steps', '300', '--runs-dir', runsDir, '--db', dbFile];
    const run = inTerminal(args);
    await waitForDecisions(runsDir, 20, run.child);
    expect(run.child.exitCode, `the run ended before Ctrl-C:\n${run.output()}`).toBeNull();
    const { finished, ms, tracedAtKey, perSecond } = await pressCtrlC(run, runsDir);
    expect(finished.code, finished.output).toBe(130);
    expect(ms).toBeLessThan(hangGuardMs);
    const [runId] = readdirSync(runsDir);
    expect(finished.output).toContain(`strata play --resume ${runId}`);
    const runDir = join(runsDir, String(runId));
    expect(existsSync(join(runDir, 'result.json'))).toBe(false);
    const stoppedAt = readTrace(join(runDir, 'trace.jsonl')).records.length;
    expect(stoppedAt).toBeGreaterThanOrEqual(20);
    expect(stoppedAt - tracedAtKey).toBeLessThanOrEqual(perSecond);

    // What was committed resumes: the run goes on from there to its 300 steps (or to its end, when the
    // game is over sooner: seed 1's run length follows the simulator and the bot), each traced once.
    const resumed = await plain([
      'play',
      '--resume',
      'latest',
      '--runs-dir',
      runsDir,
      '--db',
      dbFile,
      '--json',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const result = JSON.parse(resumed.stdout.trimEnd().split('\n').at(-1) ?? '{}') as { steps?: number };
    const total = result.steps ?? 0;
    expect(total).toBeGreaterThan(stoppedAt);
    expect(total).toBeLessThanOrEqual(300);
    const steps = readTrace(join(runDir, 'trace.jsonl')).records.map((record) => record.step);
    expect(steps).toEqual(Array.from({ length: total }, (_, step) => step));
  }, 240_000);

  it('memory store: stops at the next decision, exits 130, and says the run cannot be resumed', async () => {
    // The interrupted run must outlast the wait before the key. Run lengths follow the bot and the
    // simulator (a bot change once cut seed 3 from 735 decisions to 217, played in 0.3 s), so the test
    // measures three seeds' uninterrupted runs here and interrupts the longest.
    let seed = '1';
    let naturalSteps = 0;
    for (const candidate of ['1', '2', '3']) {
      const whole = await plain([
        'play',
        '--seed',
        candidate,
        '--store',
        'memory',
        '--runs-dir',
        join(directory, `whole-${candidate}`),
        '--json',
      ]);
      expect(whole.code, whole.stderr).toBe(0);
      const steps = Number(
        (JSON.parse(whole.stdout.trimEnd().split('\n').at(-1) ?? '{}') as { steps?: number }).steps,
      );
      if (steps > naturalSteps) [seed, naturalSteps] = [candidate, steps];
    }
    const runsDir = join(directory, 'memory-runs');
    const run = inTerminal(['play', '--seed', seed, '--store', 'memory', '--runs-dir', runsDir]);
    await waitForDecisions(runsDir, 20, run.child);
    expect(run.child.exitCode, `the run ended before Ctrl-C:\n${run.output()}`).toBeNull();
    const { finished, ms, tracedAtKey, perSecond } = await pressCtrlC(run, runsDir);
    expect(finished.code, finished.output).toBe(130);
    expect(ms).toBeLessThan(hangGuardMs);
    const decisions = Number(/Interrupted after (\d+) decisions/.exec(finished.output)?.[1]);
    expect(decisions - tracedAtKey).toBeLessThanOrEqual(perSecond);
    expect(decisions).toBeLessThan(naturalSteps);
    expect(finished.output).toMatch(/--store memory.*cannot be resumed/s);
    expect(finished.output).not.toContain('--resume');
  }, 240_000);
});
