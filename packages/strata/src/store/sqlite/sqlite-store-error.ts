import { StrataError } from '../../errors/strata-error.js';

/**
 * Turns a better-sqlite3 / file-system error into a StrataError that names the file and the fix.
 * StrataErrors (conflicts, validation) pass through unchanged.
 */
export function toSqliteStoreError(error: unknown, path: string, action: string): StrataError {
  if (error instanceof StrataError) return error;
  const code = errorCode(error);
  const reason = error instanceof Error ? error.message : String(error);
  const details = { store: 'sqlite', path, action, sqliteCode: code };
  const options = { details, cause: error };
  const prefix = `SQLite store: could not ${action} "${path}"`;
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC') {
    return new StrataError(
      'STORE_DISK_FULL',
      `${prefix}: the disk (or the database size limit) is full (${code}). The write was rolled back; what was committed before is intact. Free disk space and retry.`,
      options,
    );
  }
  if (
    code.startsWith('SQLITE_READONLY') ||
    code === 'SQLITE_PERM' ||
    code === 'EACCES' ||
    code === 'EROFS' ||
    code === 'EPERM'
  ) {
    return new StrataError(
      'STORE_READ_ONLY',
      `${prefix}: the file or its directory is read-only (${code}). Make both writable by this process (SQLite also writes "${path}-wal" and "${path}-shm" beside it), or point the store at another path.`,
      options,
    );
  }
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) {
    return new StrataError(
      'STORE_CORRUPT',
      `${prefix}: it is not a SQLite database or it is damaged (${code}: ${reason}). The file was left untouched; move it away to start a new store, or point the store at another path.`,
      options,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: the database stayed locked by another connection longer than the busy timeout (${code}). Retry, or raise busyTimeoutMs.`,
      { ...options, isRetryable: true },
    );
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: the file cannot be opened (${code}: ${reason}). Check that the path names a file in an existing, writable directory.`,
      options,
    );
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: an I/O error occurred (${code}: ${reason}). Check the disk and retry; the failed write was rolled back.`,
      { ...options, isRetryable: true },
    );
  }
  return new StrataError('STORE_UNAVAILABLE', `${prefix}: ${reason} (${code}).`, options);
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'UNKNOWN';
}
