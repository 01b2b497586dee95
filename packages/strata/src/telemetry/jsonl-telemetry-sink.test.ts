import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createJsonlTelemetrySink } from './jsonl-telemetry-sink.js';

const here = dirname(fileURLToPath(import.meta.url));
const record = {
  type: 'event' as const,
  name: 'transition',
  step: 1,
  sessionId: undefined,
  at: 0,
  details: {},
};

/** A path whose folder cannot be created: its parent is a regular file. */
function uncreatablePath(): string {
  const directory = mkdtempSync(join(tmpdir(), 'strata-sink-'));
  const file = join(directory, 'not-a-folder');
  writeFileSync(file, 'x');
  return join(file, 'telemetry', 'telemetry.jsonl');
}

describe('createJsonlTelemetrySink', () => {
  it('never crashes the process when its folder cannot be created, written to or not', () => {
    const path = uncreatablePath();
    // A separate Node process: an unhandled rejection there ends it with a non-zero exit code.
    const script = `
      import { createJsonlTelemetrySink } from ${JSON.stringify(join(here, 'jsonl-telemetry-sink.ts'))};
      const idle = createJsonlTelemetrySink(${JSON.stringify(path)});
      const used = createJsonlTelemetrySink(${JSON.stringify(path)});
      used.write({ type: 'event', name: 'transition', step: 1, sessionId: undefined, at: 0, details: {} });
      setTimeout(async () => {
        await idle.flush();
        await used.flush();
        console.log(JSON.stringify({ idle: idle.errors.length, used: used.errors.length }));
      }, 100);
    `;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).not.toMatch(/Unhandled|ENOTDIR/);
    expect(result.status).toBe(0);
    const counts = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
    // The idle sink never needed its folder; the used one reports the failure where the README says.
    expect(counts).toEqual({ idle: 0, used: 1 });
  });

  it('reports write failures through onError and errors, and flush() still resolves', async () => {
    const path = uncreatablePath();
    const reported: unknown[] = [];
    const sink = createJsonlTelemetrySink(path, { onError: (error) => reported.push(error) });
    sink.write(record);
    await expect(sink.flush()).resolves.toBeUndefined();
    expect(sink.errors).toHaveLength(1);
    expect(reported).toHaveLength(1);
    expect((reported[0] as NodeJS.ErrnoException).code).toBe('ENOTDIR');
    // A later write is tried again (the folder may have become creatable); it fails the same way here.
    sink.write(record);
    await sink.flush();
    expect(reported).toHaveLength(2);
  });

  it('creates the folder on first write and appends one line per record', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'strata-sink-')), 'deep', 'folder', 'telemetry.jsonl');
    const sink = createJsonlTelemetrySink(path);
    sink.write(record);
    sink.write({ ...record, step: 2 });
    await sink.flush();
    expect(sink.errors).toEqual([]);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).step)).toEqual([1, 2]);
  });
});
