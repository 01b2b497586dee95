import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, lockRunDirectory } from './run-lock.js';

const directory = mkdtempSync(join(tmpdir(), 'strata-run-lock-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function lockOf(pid: number): string {
  return JSON.stringify({ pid, host: hostname(), token: 'other', startedAt: '2026-01-01T00:00:00Z' });
}

describe('lockRunDirectory', () => {
  it('refuses a second holder while the first holds the run, and frees it on release', () => {
    const runDir = join(directory, 'held');
    const lock = lockRunDirectory(runDir);
    let error: unknown;
    try {
      lockRunDirectory(runDir);
    } catch (caught) {
      error = caught;
    }
    expect(StrataError.is(error, 'STORE_CONFLICT')).toBe(true);
    expect((error as Error).message).toContain(`process ${process.pid}`);
    expect((error as StrataError).isRetryable).toBe(false);
    lock.release();
    expect(existsSync(join(runDir, LOCK_FILE_NAME))).toBe(false);
    lockRunDirectory(runDir).release();
  });

  it('takes over the lock of a process that is gone (a SIGKILLed run)', () => {
    const runDir = join(directory, 'stale');
    const exited = spawnSync(process.execPath, ['-e', 'process.pid']);
    expect(exited.pid).toBeGreaterThan(0);
    lockRunDirectory(runDir).release();
    writeFileSync(join(runDir, LOCK_FILE_NAME), lockOf(exited.pid as number));
    const lock = lockRunDirectory(runDir);
    lock.release();
  });

  it('treats a torn lock file as stale', () => {
    const runDir = join(directory, 'torn');
    lockRunDirectory(runDir).release();
    writeFileSync(join(runDir, LOCK_FILE_NAME), '{"pid": 12');
    lockRunDirectory(runDir).release();
  });

  it('respects the lock of another live process, and release never removes a lock it does not hold', async () => {
    const runDir = join(directory, 'live');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      lockRunDirectory(runDir).release();
      writeFileSync(join(runDir, LOCK_FILE_NAME), lockOf(child.pid as number));
      expect(() => lockRunDirectory(runDir)).toThrow(/being played by process/);
      expect(existsSync(join(runDir, LOCK_FILE_NAME))).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
