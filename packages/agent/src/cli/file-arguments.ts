import { accessSync, constants, existsSync, mkdirSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StrataError } from '@strata-memory/strata';
import { describeFileError } from '../trace/describe-file-error.js';

// Files and folders named on the command line are checked before any work starts, so a wrong path
// is reported as what it is (a file in the way, a directory, no permission) with its flag, instead
// of a raw ENOTDIR/EISDIR/EACCES from deep inside a run.

/** The fix every --runs-dir error names. */
export const RUNS_DIR_FIX = 'Pass a writable directory with --runs-dir (default: runs).';

function fileError(message: string, error: unknown, path: string): StrataError {
  return new StrataError('INPUT_INVALID', message, {
    cause: error,
    details: { path, errno: (error as NodeJS.ErrnoException | undefined)?.code },
  });
}

function notADirectory(): NodeJS.ErrnoException {
  return Object.assign(new Error('not a directory'), { code: 'ENOTDIR', syscall: 'stat' });
}

/**
 * A file a command reads (`--input`): it must be a readable file. `shown` is the path as the user
 * typed it; `expected` says what to pass instead (e.g. "a JSONL file of game states").
 */
export function requireReadableFile(path: string, shown: string, flag: string, expected: string): void {
  let stats: Stats;
  try {
    stats = statSync(path);
    if (!stats.isDirectory()) accessSync(path, constants.R_OK);
  } catch (error) {
    throw fileError(
      `${flag} ${shown} cannot be read: ${describeFileError(error)}. Pass ${expected}.`,
      error,
      path,
    );
  }
  if (stats.isDirectory()) {
    throw fileError(`${flag} ${shown} is a directory, not a file. Pass ${expected}.`, undefined, path);
  }
}

/** A folder a command writes into (`--runs-dir`): made when missing; it must then be a writable directory. */
export function prepareOutputDirectory(path: string, shown: string, flag: string, fix: string): void {
  try {
    mkdirSync(path, { recursive: true });
    if (!statSync(path).isDirectory()) throw notADirectory();
    accessSync(path, constants.W_OK);
  } catch (error) {
    throw fileError(`${flag} ${shown} cannot hold files: ${describeFileError(error)}. ${fix}`, error, path);
  }
}

/** A file a command writes (`--dump`, `--out`): its folder is made; the path must not be a directory. */
export function prepareOutputFile(path: string, shown: string, flag: string, fix: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    if (!statSync(dirname(path)).isDirectory()) throw notADirectory();
    if (existsSync(path)) {
      if (statSync(path).isDirectory()) {
        throw Object.assign(new Error('is a directory'), { code: 'EISDIR', syscall: 'open' });
      }
      accessSync(path, constants.W_OK);
    } else {
      accessSync(dirname(path), constants.W_OK);
    }
  } catch (error) {
    throw fileError(`${flag} ${shown} cannot be written: ${describeFileError(error)}. ${fix}`, error, path);
  }
}
