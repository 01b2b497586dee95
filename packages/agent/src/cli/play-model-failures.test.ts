import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { fakeReply } from '@strata-memory/strata/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playRun } from '../agent/play-run.js';
import { deadPort, useFakeDecisionServers } from '../test-support/fake-decision-server.js';
import { readTrace } from '../trace/trace-file.js';
import { toPlayRunOptions } from './agent-play-runner.js';
import type { PlayRunner } from './play-runner.js';

// `strata play` / `strata bench --policy llm` against a failing model server: the run must stop with
// an error and a non-zero exit, never quietly finish as the heuristic bot.

let directory: string;
const { serve, decisionRequests } = useFakeDecisionServers();
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-model-failures-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** The agent loop as the CLI runs it, without the model client's retry backoff (a test of seconds, not minutes). */
const noRetryRunner: PlayRunner = (request) =>
  playRun({ ...toPlayRunOptions(request), maxRetries: 0, initialDelayMs: 1 });

async function cli(argv: string[], runner?: PlayRunner) {
  const io = captureIo(directory, { NO_COLOR: '1' });
  const code = await runCli(argv, io, runner === undefined ? {} : { playRunner: runner });
  return { code, stdout: io.output(), stderr: io.errors() };
}

function llmArgs(baseUrl: string): string[] {
  return ['--policy', 'llm', '--model', 'fake-model', '--base-url', baseUrl, '--store', 'memory'];
}

function runFolders(runsDir: string): string[] {
  return existsSync(runsDir) ? readdirSync(runsDir) : [];
}

describe('strata play --policy llm against a failing model', () => {
  it('stops after --max-fallbacks decisions in a row with exit 1, naming the first model error', async () => {
    const server = await serve(() => fakeReply.error(500, 'fake outage'));
    const { code, stdout, stderr } = await cli(
      ['play', ...llmArgs(server.baseURL), '--max-fallbacks', '3', '--max-steps', '40'],
      noRetryRunner,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('error [MODEL_API_ERROR]');
    expect(stderr).toContain('did not play on as the heuristic bot');
    expect(stderr).toMatch(/3 decisions in a row/);
    expect(stderr).toMatch(/First model error: step 0: .*500.*fake outage/);
    expect(stderr).toMatch(/strata play --resume \S+ --runs-dir runs \(add --max-fallbacks <n>/);
    // It did not play on: three decisions, all fallbacks, no result and no summary.
    expect(decisionRequests(server)).toBe(3);
    const [runId] = runFolders(join(directory, 'runs'));
    const runDir = join(directory, 'runs', runId ?? '');
    const trace = readTrace(join(runDir, 'trace.jsonl')).records;
    expect(trace).toHaveLength(3);
    for (const record of trace) expect(record.fallback).toBe(true);
    expect(existsSync(join(runDir, 'result.json'))).toBe(false);
    expect(stdout).not.toMatch(/\b(won|lost)\b/);
  });

  it('with --json prints the stop as the last line: reason, steps and the first model error', async () => {
    const server = await serve(() => fakeReply.error(500, 'fake outage'));
    const { code, stdout } = await cli(
      ['play', ...llmArgs(server.baseURL), '--max-fallbacks', '2', '--json'],
      noRetryRunner,
    );
    expect(code).toBe(1);
    const last = JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '');
    expect(last).toMatchObject({
      stopped: 'consecutive-fallbacks',
      steps: 2,
      error: { code: 'MODEL_API_ERROR' },
    });
    expect(last.firstModelError).toMatch(/^step 0: .*500/);
    expect(last.won).toBeUndefined();
  });

  it('stops at once when nothing listens on --base-url, leaving no run folder', async () => {
    const port = await deadPort();
    // The CLI's own runner, retries included: one decision's worth, not one per step.
    const { code, stdout, stderr } = await cli(['play', ...llmArgs(`http://127.0.0.1:${port}/v1`)]);
    expect(code).toBe(1);
    expect(stderr).toContain('error [MODEL_API_ERROR]');
    expect(stderr).toMatch(/Could not reach/);
    expect(stderr).toContain(`127.0.0.1:${port}`);
    expect(stderr).toContain('Nothing was played, so no run folder was kept.');
    expect(runFolders(join(directory, 'runs'))).toEqual([]);
    expect(stdout).toBe('');
  });

  it('stops at the first decision on HTTP 401', async () => {
    const server = await serve(() => fakeReply.error(401, 'bad key'));
    const { code, stderr } = await cli(['play', ...llmArgs(server.baseURL)], noRetryRunner);
    expect(code).toBe(1);
    expect(stderr).toContain('401');
    expect(stderr).toMatch(/Check --model, --base-url and the API key/);
    expect(decisionRequests(server)).toBe(1);
  });

  it('plays through occasional failures and prints the first model error in the summary and in --json', async () => {
    const reply = (count: number, legal: number[]) =>
      count % 3 === 0 ? fakeReply.error(500, 'fake blip') : fakeReply.json({ choice: legal[0] });
    const server = await serve(reply);
    const summary = await cli(
      ['play', ...llmArgs(server.baseURL), '--max-fallbacks', '2', '--max-steps', '12'],
      noRetryRunner,
    );
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/model error {2}first: step \d+: .*500.*fake blip/);
    const json = await cli(
      ['play', ...llmArgs(server.baseURL), '--max-fallbacks', '2', '--max-steps', '12', '--json'],
      noRetryRunner,
    );
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout.trimEnd().split('\n').at(-1) ?? '');
    expect(result.steps).toBe(12);
    expect(result.firstModelError).toMatch(/500.*fake blip/);
  });

  it('rejects --max-fallbacks 0 before anything starts', async () => {
    const { code, stderr } = await cli(['play', '--policy', 'llm', '--max-fallbacks', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain('--max-fallbacks must be between 1 and');
    expect(runFolders(join(directory, 'runs'))).toEqual([]);
  });
});

describe('strata bench --policy llm against a failing model', () => {
  it('stops the bench at the first run that trips --max-fallbacks, with exit 1 and a --json stop line', async () => {
    const server = await serve(() => fakeReply.error(500, 'fake outage'));
    const { code, stdout, stderr } = await cli(
      [
        'bench',
        ...llmArgs(server.baseURL),
        '--seeds',
        '1-3',
        '--agents',
        'structured,naive',
        '--max-fallbacks',
        '2',
        '--json',
      ],
      noRetryRunner,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('error [MODEL_API_ERROR]');
    expect(stderr).toMatch(/First model error: step 0: .*500/);
    const last = JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '');
    expect(last.runs).toEqual([]);
    expect(last.stopped).toMatchObject({ stopped: 'consecutive-fallbacks', steps: 2 });
    // Only the first run was played; the other five never started.
    expect(decisionRequests(server)).toBe(2);
    const [bench] = runFolders(join(directory, 'runs'));
    expect(runFolders(join(directory, 'runs', bench ?? ''))).toHaveLength(1);
  });
});
