import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@strata-memory/cli';
import { captureIo } from '@strata-memory/cli-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'strata-queue-cli-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

async function cli(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(directory, env, false);
  const code = await runCli(argv, io);
  return { code, stdout: io.output(), stderr: io.errors() };
}

// Mistakes caught before anything connects or is queued (no Postgres needed).
describe('strata worker and strata bench --queue: bad input', () => {
  it('lists worker in strata --help and documents its options', async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toMatch(/worker\s+Take run jobs/);
    const worker = await cli(['worker', '--help']);
    expect(worker.code).toBe(0);
    for (const option of [
      '--queue',
      '--concurrency',
      '--visibility-timeout',
      '--requests-per-minute',
      '--tokens-per-minute',
    ]) {
      expect(worker.stdout).toContain(option);
    }
    const bench = await cli(['bench', '--help']);
    for (const option of [
      '--queue',
      '--detach',
      '--collect',
      '--cancel',
      '--retries',
      '--requests-per-second',
    ]) {
      expect(bench.stdout).toContain(option);
    }
  });

  it('refuses a worker without a queue, and a queue that is not a postgres:// URL, naming the fix', async () => {
    const missing = await cli(['worker']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('INPUT_INVALID');
    expect(missing.stderr).toContain('--queue needs a Postgres URL');
    const redis = await cli(['worker', '--queue', 'redis://127.0.0.1:6379']);
    expect(redis.code).toBe(1);
    expect(redis.stderr).toContain('must be a postgres:// URL');
    const cancel = await cli(['bench', '--cancel', 'bench-x']);
    expect(cancel.code).toBe(1);
    expect(cancel.stderr).toContain('--queue needs a Postgres URL');
  });

  it('refuses a bad --concurrency, an llm bench without a model and a base URL with a key, before connecting', async () => {
    const concurrency = await cli(['worker', '--queue', 'postgres://127.0.0.1/x', '--concurrency', '0']);
    expect(concurrency.code).toBe(2);
    expect(concurrency.stderr).toContain('--concurrency must be between 1 and 64');
    // Checked before connecting: port 1 has no Postgres, yet the error is about the model.
    const noModel = await cli(['bench', '--queue', 'postgres://127.0.0.1:1/x', '--policy', 'llm']);
    expect(noModel.code).toBe(1);
    expect(noModel.stderr).toContain('--policy llm needs --model');
    const keyInUrl = await cli([
      'bench',
      '--queue',
      'postgres://127.0.0.1:1/x',
      '--policy',
      'llm',
      '--model',
      'm',
      '--base-url',
      'http://user:sk-secret@127.0.0.1:9/v1',
    ]);
    expect(keyInUrl.code).toBe(1);
    expect(keyInUrl.stderr).toContain('--base-url carries credentials');
    expect(keyInUrl.stderr).not.toContain('sk-secret');
  });

  it('never prints the password of the queue URL when the queue cannot be opened', async () => {
    const result = await cli([
      'bench',
      '--queue',
      'postgres://someone:s3cret-pass@127.0.0.1:1/none',
      '--seeds',
      '1',
      '--agents',
      'naive',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('STORE_UNAVAILABLE');
    expect(result.stderr).toContain('127.0.0.1:1/none');
    expect(result.stderr).not.toContain('s3cret-pass');
  });
});
