import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTrace } from '../trace/trace-file.js';
import type { PlayRunner } from './play-runner.js';
import { createSyntheticPlayRunner } from './synthetic-play-runner.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-cli-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

async function cli(
  argv: string[],
  options: {
    env?: Record<string, string>;
    runner?: PlayRunner;
    tty?: boolean;
    stores?: (store: string) => boolean;
  } = {},
) {
  const io = captureIo(directory, options.env ?? {}, options.tty ?? false);
  // Synthetic runners need no store: every store kind counts as available.
  const code = await runCli(argv, io, {
    playRunner: options.runner ?? createSyntheticPlayRunner(),
    storeAvailable: options.stores ?? (() => true),
  });
  return { code, stdout: io.output(), stderr: io.errors() };
}

function lastJsonLine(stdout: string): Record<string, unknown> {
  const lines = stdout.trimEnd().split('\n');
  return JSON.parse(lines.at(-1) ?? '') as Record<string, unknown>;
}

describe('strata --help', () => {
  it.each([
    [[], 'play'],
    [['play'], '--resume <run-id|latest>'],
    [['bench'], '--seeds <list>'],
    [['report'], '<run-dir...>'],
    [['observe'], '--dump <file>'],
  ])('prints usage with examples for %j', async (command, expected) => {
    const { code, stdout } = await cli([...command, '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain(expected);
    expect(stdout).toContain('Examples:');
  });

  it('registers recall-eval', async () => {
    const { code, stdout } = await cli(['recall-eval', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--data <file.jsonl>');
  });

  it('lists every option of DESIGN.md section 4 for play', async () => {
    const { stdout } = await cli(['play', '--help']);
    for (const option of [
      '--agent',
      '--seed',
      '--character',
      '--policy',
      '--model',
      '--base-url',
      '--provider',
      '--budget',
      '--store',
      '--db',
      '--database-url',
      '--resume',
      '--save-prompts',
      '--max-steps',
      '--context-limit',
      '--window-turns',
      '--max-fallbacks',
      '--runs-dir',
      '--json',
    ]) {
      expect(stdout).toContain(option);
    }
  });
});

describe('strata play', () => {
  it('with --json prints exactly one line on stdout: the PlayResult, and writes the run folder', async () => {
    const { code, stdout } = await cli(['play', '--seed', '4', '--json']);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    const result = lastJsonLine(stdout);
    for (const key of [
      'agent',
      'seed',
      'policy',
      'won',
      'floor',
      'act',
      'steps',
      'calls',
      'promptTokens',
      'budget',
    ]) {
      expect(result).toHaveProperty(key);
    }
    expect(result).toMatchObject({
      agent: 'structured',
      seed: 4,
      policy: 'heuristic',
      character: 'ironclad',
    });
    const runDir = result.runDir as string;
    expect(runDir.startsWith(join(directory, 'runs'))).toBe(true);
    const trace = readTrace(join(runDir, 'trace.jsonl'));
    expect(trace.records).toHaveLength(result.steps as number);
    expect(JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8'))).toEqual(result);
    expect(existsSync(join(runDir, 'report.html'))).toBe(true);
    expect(JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'))).toMatchObject({
      agent: 'structured',
      seed: 4,
    });
  });

  it('without --json prints a summary with the token percentiles and a chart, no colour codes when NO_COLOR', async () => {
    const { code, stdout, stderr } = await cli(['play', '--agent', 'naive', '--seed', '2'], {
      env: { NO_COLOR: '1', FORCE_COLOR: '1' },
    });
    expect(code).toBe(0);
    expect(stderr).toContain('Playing run');
    expect(stdout).toMatch(/prompt size\s+p50 [\d,]+ · p95 [\d,]+ · max [\d,]+ tokens/);
    expect(stdout).toContain('Prompt tokens per call');
    expect(stdout).toMatch(/┤|┼/);
    expect(stdout).toContain('strata bench --seeds 2 --agents structured,window,naive');
    expect(stdout + stderr).not.toContain('\u001b[');
  });

  it('prints the seed it picked for --seed random, and plays that seed', async () => {
    const { stdout, stderr } = await cli(['play', '--seed', 'random', '--max-steps', '2']);
    const picked = /seed (\d+) \(random; pass --seed \1 to replay it\)/.exec(stderr);
    expect(picked).not.toBeNull();
    expect(stdout).toContain(`seed ${picked?.[1]}`);
  });

  it('passes the resolved options to the runner', async () => {
    const seen: unknown[] = [];
    const base = createSyntheticPlayRunner();
    const runner: PlayRunner = (request) => {
      seen.push({ ...request, onDecision: undefined, signal: undefined });
      return base(request);
    };
    await cli(
      [
        'play',
        '--agent',
        'window',
        '--seed',
        '9',
        '--budget',
        '3000',
        '--window-turns',
        '4',
        '--max-steps',
        '5',
        '--save-prompts',
        '--db',
        'x.db',
        '--json',
      ],
      { runner },
    );
    expect(seen[0]).toMatchObject({
      agent: 'window',
      seed: 9,
      budget: 3000,
      windowTurns: 4,
      maxSteps: 5,
      savePrompts: true,
      store: 'sqlite',
      dbFile: join(directory, 'x.db'),
      resume: false,
    });
  });

  it.each([
    [['play', '--agent', 'clever'], /unknown|Allowed choices are structured, window, naive/],
    [['play', '--seed', 'abc'], /--seed must be a whole number/],
    [['play', '--budget', '10'], /--budget must be between 901/],
    [['bench', '--seeds', '9-3'], /invalid seed range '9-3'.*'3-9'/],
    [['bench', '--agents', 'structured,clever'], /unknown agent 'clever'/],
    [['play', '--resume', 'latest'], /No runs under .* to resume/],
    [['play', '--resume', 'no-such-run'], /Run no-such-run not found/],
  ])('rejects %j with a message that names the fix and a non-zero exit', async (argv, message) => {
    const { code, stdout, stderr } = await cli(argv);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it('asks for an API key for --policy llm and never prints one it was given', async () => {
    const missing = await cli(['play', '--policy', 'llm', '--model', 'gpt-4.1-mini']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('set OPENAI_API_KEY');
    const secret = 'sk-test-0123456789abcdef';
    const failing: PlayRunner = async () => {
      throw new Error(`provider rejected key ${secret}`);
    };
    const leaked = await cli(['play', '--policy', 'llm', '--model', 'm', '--json'], {
      env: { OPENAI_API_KEY: secret },
      runner: failing,
    });
    expect(leaked.code).toBe(1);
    expect(leaked.stderr + leaked.stdout).not.toContain(secret);
    expect(leaked.stderr).toContain('[redacted]');
  });

  it('needs a database URL for Postgres and hides its password in errors', async () => {
    const missing = await cli(['play', '--store', 'postgres']);
    expect(missing.stderr).toContain('--database-url');
    const url = 'postgres://strata:hunter22secret@127.0.0.1:1/strata';
    const unreachable: PlayRunner = async (request) => {
      throw new Error(`cannot connect to ${request.databaseUrl}`);
    };
    const failed = await cli(['play', '--database-url', url], { runner: unreachable });
    expect(failed.code).toBe(1);
    expect(failed.stderr).not.toContain('hunter22secret');
  });

  it('resumes the newest unfinished run with its own settings', async () => {
    // A run that stopped after 10 of its decisions (no result.json): resume continues it.
    const interrupted: PlayRunner = async (request) => {
      const base = createSyntheticPlayRunner({ steps: 30 });
      let seen = 0;
      const controller = new AbortController();
      await base({
        ...request,
        signal: controller.signal,
        onDecision(record) {
          request.onDecision(record);
          seen += 1;
          if (seen === 10) controller.abort();
        },
      }).catch(() => undefined);
      throw new Error('crashed');
    };
    const crashed = await cli(['play', '--agent', 'naive', '--seed', '6'], { runner: interrupted });
    expect(crashed.code).toBe(1);
    const resumed = await cli(['play', '--resume', 'latest', '--seed', '99', '--json'], {
      runner: createSyntheticPlayRunner({ steps: 30 }),
    });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toBe('');
    const result = lastJsonLine(resumed.stdout);
    expect(result).toMatchObject({ agent: 'naive', seed: 6, steps: 30 });
    const steps = readTrace(join(result.runDir as string, 'trace.jsonl')).records.map(
      (record) => record.step,
    );
    expect(steps).toEqual(Array.from({ length: 30 }, (_, index) => index));
    const again = await cli(['play', '--resume', 'latest']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Nothing to resume .* finished/);
  });
});

describe('strata bench', () => {
  it('runs every agent on every seed and ends --json output with {runs, summary}', async () => {
    const { code, stdout } = await cli([
      'bench',
      '--seeds',
      '1-2,5',
      '--agents',
      'structured,naive',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);
    const { runs, summary } = lastJsonLine(stdout) as {
      runs: Array<{ agent: string; seed: number; promptTokens: { total: number } }>;
      summary: {
        agents: Array<{ agent: string; promptTokens: { total: number } }>;
        ratios: { totalOverStructured: Record<string, number> };
      };
    };
    expect(runs.map((run) => `${run.agent}:${run.seed}`)).toEqual([
      'structured:1',
      'naive:1',
      'structured:2',
      'naive:2',
      'structured:5',
      'naive:5',
    ]);
    const naive = summary.agents.find((entry) => entry.agent === 'naive');
    const structured = summary.agents.find((entry) => entry.agent === 'structured');
    const naiveTotal = runs
      .filter((run) => run.agent === 'naive')
      .reduce((sum, run) => sum + run.promptTokens.total, 0);
    expect(naive?.promptTokens.total).toBe(naiveTotal);
    expect(summary.ratios.totalOverStructured.naive).toBeCloseTo(
      naiveTotal / (structured?.promptTokens.total ?? 1),
      10,
    );
  });

  it('--json carries the statistics: Wilson intervals per agent and model, the exact test and runs per arm', async () => {
    const { code, stdout } = await cli(['bench', '--seeds', '1-6', '--agents', 'structured,naive', '--json']);
    expect(code).toBe(0);
    const { summary } = lastJsonLine(stdout) as {
      summary: {
        statistics: {
          groups: Array<{
            agent: string;
            model: string;
            runs: number;
            won: number;
            winRate: { estimate: number; lower: number; upper: number };
            floor: { median: number };
            decisions: { median: number };
            promptTokens: { p50: number; p95: number; max: number; total: number };
            cost: { withoutCaching: number; withCaching: number; source: string };
            repairs: number;
            fallbacks: number;
          }>;
          comparisons: Array<{ pValue: number; runsPerArmNeeded: number | null }>;
          measuresDecisionQuality: boolean;
          methods: { test: string; runsPerArm: string };
        };
      };
    };
    const { groups, comparisons } = summary.statistics;
    expect(groups.map((group) => `${group.agent}/${group.model}`)).toEqual([
      'structured/heuristic',
      'naive/heuristic',
    ]);
    // The synthetic runner wins the even seeds: 3 of 6, Wilson 95% [18.8%, 81.2%].
    expect(groups[0]).toMatchObject({ runs: 6, won: 3, repairs: 0, fallbacks: 0 });
    expect(groups[0]?.winRate.lower).toBeCloseTo(0.1876, 4);
    expect(groups[0]?.winRate.upper).toBeCloseTo(0.8124, 4);
    expect(groups[0]?.floor.median).toBe(50);
    expect(groups[1]?.promptTokens.total).toBeGreaterThan(groups[0]?.promptTokens.total ?? 0);
    expect(groups[1]?.cost.withCaching).toBeLessThan(groups[1]?.cost.withoutCaching ?? 0);
    expect(groups[0]?.cost.source).toBe('estimated');
    expect(comparisons).toEqual([expect.objectContaining({ pValue: 1, runsPerArmNeeded: null })]);
    expect(summary.statistics.measuresDecisionQuality).toBe(false);
    expect(summary.statistics.methods.test).toContain("Fisher's exact test");
  });

  it('prints the statistics with one number format and says heuristic wins measure no decision quality', async () => {
    const { code, stdout } = await cli(['bench', '--seeds', '1-2', '--agents', 'structured,naive']);
    expect(code).toBe(0);
    expect(stdout).toContain('decisions/run (mean)');
    expect(stdout).toMatch(/win rate \[95% CI\]/);
    expect(stdout).toMatch(/structured\s+heuristic\s+2\s+1\s+50% \[9%, 91%\]/);
    expect(stdout).toContain('runs/arm for 80% power');
    expect(stdout).toContain('identical trajectory');
    // Every number of four or more digits in the tables has its thousands separator.
    const tables = stdout.slice(stdout.indexOf('Runs ('), stdout.indexOf('win rate:'));
    expect(tables).toContain('structured');
    expect(tables).not.toMatch(/(?<![\d.,])\d{4,}(?![\d.,%])/);
  });

  it('prints a table and totals by agent', async () => {
    const { code, stdout } = await cli(['bench', '--seeds', '3', '--agents', 'structured,window,naive']);
    expect(code).toBe(0);
    expect(stdout).toContain('Totals by agent');
    expect(stdout).toMatch(/naive\s+1\s+\d+/);
    expect(stdout).toContain('goal structured within budget');
    expect(stdout).toContain('report: runs/bench-');
  });
});

describe('strata report', () => {
  it('finds the runs inside bench folders: runs/ with one play and a 3-seed, 2-agent bench is 7 runs', async () => {
    expect((await cli(['play', '--seed', '4', '--json'])).code).toBe(0);
    expect((await cli(['bench', '--seeds', '1-3', '--agents', 'structured,naive', '--json'])).code).toBe(0);
    const { code, stdout } = await cli(['report', 'runs', '--out', 'all.html', '--json']);
    expect(code).toBe(0);
    const { runs } = lastJsonLine(stdout) as { runs: Array<{ runDir: string; finished: boolean }> };
    expect(runs).toHaveLength(7);
    expect(runs.filter((run) => run.runDir.includes('/bench-'))).toHaveLength(6);
    expect(runs.every((run) => run.finished)).toBe(true);
    const html = readFileSync(join(directory, 'all.html'), 'utf8');
    expect(html).toContain('7 run(s)');
  });

  it('rebuilds one report over several runs', async () => {
    const first = lastJsonLine((await cli(['play', '--seed', '1', '--json'])).stdout);
    const second = lastJsonLine((await cli(['play', '--agent', 'naive', '--seed', '1', '--json'])).stdout);
    const { code, stdout } = await cli([
      'report',
      first.runDir as string,
      second.runDir as string,
      '--out',
      'both.html',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('2 run(s)');
    const html = readFileSync(join(directory, 'both.html'), 'utf8');
    expect(html).toContain(String(first.runId));
    expect(html).toContain(String(second.runId));
  });

  it('reports a run that crashed: marked unfinished, the torn last trace line named', async () => {
    const crashing: PlayRunner = async (request) => {
      await createSyntheticPlayRunner({ steps: 5 })(request);
      throw new Error('killed');
    };
    await cli(['play', '--seed', '3'], { runner: crashing });
    const runsDir = join(directory, 'runs');
    const [runId] = readdirSync(runsDir);
    const runDir = join(runsDir, String(runId));
    appendFileSync(join(runDir, 'trace.jsonl'), '{"step": 5, "prom');
    const { code, stdout, stderr } = await cli(['report', 'runs']);
    expect(code).toBe(0);
    expect(stdout).toContain('1 run(s), 5 calls');
    expect(stderr).toContain('skipped unreadable trace line(s) 6');
    expect(readFileSync(join(runDir, 'report.html'), 'utf8')).toMatch(/<td[^>]*>unfinished<\/td>/);
  });

  it('names a missing run directory', async () => {
    const { code, stderr } = await cli(['report', 'runs/nothing-here']);
    expect(code).toBe(1);
    expect(stderr).toContain('runs/nothing-here is not a directory');
  });

  it('rejects a bad pricing file', async () => {
    writeFileSync(join(directory, 'pricing.json'), JSON.stringify({ models: { x: { input: 'cheap' } } }));
    const run = lastJsonLine((await cli(['play', '--json'])).stdout);
    const { code, stderr } = await cli(['report', run.runDir as string, '--pricing', 'pricing.json']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/pricing file .* is invalid \(models\.x\.input/);
  });
});

describe('store selection', () => {
  it('falls back to memory, with a note naming the install command, when the SQLite driver is not installed', async () => {
    const seen: string[] = [];
    const base = createSyntheticPlayRunner({ steps: 3 });
    const { code, stderr } = await cli(['play'], {
      stores: (store) => store !== 'sqlite',
      runner: (request) => {
        seen.push(request.store);
        return base(request);
      },
    });
    expect(code).toBe(0);
    expect(seen).toEqual(['memory']);
    expect(stderr).toContain(
      'the sqlite store needs better-sqlite3, which is not installed (npm install better-sqlite3)',
    );
  });

  it('refuses an explicitly chosen store that is not available', async () => {
    const { code, stderr } = await cli(['play', '--store', 'sqlite'], { stores: () => false });
    expect(code).toBe(1);
    expect(stderr).toContain('--store sqlite is not available');
    expect(stderr).toContain('[MISSING_DEPENDENCY]');
    expect(stderr).toContain('npm install better-sqlite3');
  });

  it('refuses to resume a run that kept its memory only in the process', async () => {
    const crashing: PlayRunner = async (request) => {
      request.onDecision({ ...(await firstRecord(request)) });
      throw new Error('crashed');
    };
    await cli(['play', '--store', 'memory'], { runner: crashing });
    const { code, stderr } = await cli(['play', '--resume', 'latest']);
    expect(code).toBe(1);
    expect(stderr).toContain('used --store memory');
  });
});

async function firstRecord(request: Parameters<PlayRunner>[0]) {
  let record: Parameters<Parameters<PlayRunner>[0]['onDecision']>[0] | undefined;
  await createSyntheticPlayRunner({ steps: 1 })({
    ...request,
    onDecision(value) {
      record = value;
    },
  });
  if (!record) throw new Error('no record');
  return record;
}
