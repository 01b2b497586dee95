import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StrataError } from '@strata-memory/strata';

/** `runs/<run-id>/run.lock`: which process is playing the run. */
export const LOCK_FILE_NAME = 'run.lock';

export interface RunLock {
  readonly filePath: string;
  /** Removes the lock if it is still this holder's; safe to call twice. */
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
  token: string;
  startedAt: string;
}

/**
 * Takes the run directory for this process, so two `--resume` of one run cannot both rewrite its
 * trace. Written by hand rather than with proper-lockfile: its staleness is time-based (a refresh
 * timer, and a SIGKILLed run would block its own resume for the stale period), while a lock that
 * names its process is free the moment that process is gone.
 */
export function lockRunDirectory(runDir: string): RunLock {
  mkdirSync(runDir, { recursive: true });
  const filePath = join(runDir, LOCK_FILE_NAME);
  const content: LockContent = {
    pid: process.pid,
    host: hostname(),
    token: randomUUID(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let descriptor: number;
    try {
      descriptor = openSync(filePath, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(filePath);
      if (holder !== undefined && holderAlive(holder)) {
        throw new StrataError(
          'STORE_CONFLICT',
          `Run ${runDir} is being played by process ${holder.pid} on ${holder.host} (since ${holder.startedAt}). Wait for it to finish or stop it; if that process is gone, delete ${filePath}.`,
          { details: { runDir, holder: holder.pid }, isRetryable: false },
        );
      }
      // A crashed holder (or a torn lock file): take the run over.
      try {
        unlinkSync(filePath);
      } catch {}
      continue;
    }
    try {
      writeSync(descriptor, JSON.stringify(content));
    } finally {
      closeSync(descriptor);
    }
    let released = false;
    return {
      filePath,
      release() {
        if (released) return;
        released = true;
        if (readLock(filePath)?.token !== content.token) return;
        try {
          unlinkSync(filePath);
        } catch {}
      },
    };
  }
  throw new StrataError(
    'STORE_CONFLICT',
    `Could not lock ${runDir}: another process keeps taking ${filePath}. Make sure only one 'strata play' runs on it.`,
    { details: { runDir }, isRetryable: false },
  );
}

function readLock(filePath: string): LockContent | undefined {
  try {
    const value = JSON.parse(readFileSync(filePath, 'utf8')) as Partial<LockContent>;
    if (typeof value.pid !== 'number' || typeof value.token !== 'string') return undefined;
    return value as LockContent;
  } catch {
    return undefined;
  }
}

/** Another host's lock cannot be checked: treat it as held. Here, the process must still exist. */
function holderAlive(holder: LockContent): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
