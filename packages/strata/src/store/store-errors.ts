import { StrataError } from '../errors/strata-error.js';

/** What a compare-and-swap lost to: the record kind, its key and the versions seen. */
export interface ConflictDescription {
  store: string;
  record: 'session' | 'lesson' | 'knowledge';
  key: Record<string, string>;
  expectedVersion: number;
  /** The version committed now; `null` when the record does not exist. */
  actualVersion: number | null;
}

/** A lost compare-and-swap: retryable after reloading the record. */
export function storeConflictError(conflict: ConflictDescription): StrataError {
  const keyText = Object.entries(conflict.key)
    .map(([name, value]) => `${name} "${value}"`)
    .join(', ');
  const found =
    conflict.actualVersion === null ? 'it does not exist' : `it is at version ${conflict.actualVersion}`;
  const expected = conflict.expectedVersion === 0 ? 'to create it' : `version ${conflict.expectedVersion}`;
  return new StrataError(
    'STORE_CONFLICT',
    `${conflict.store}: the ${conflict.record} (${keyText}) was changed by another writer: expected ${expected}, but ${found}. Reload it and retry.`,
    { details: { ...conflict }, isRetryable: true },
  );
}

/** A lost compare-and-swap on a session commit. */
export function sessionConflictError(
  store: string,
  commit: { sessionId: string; expectedVersion: number },
  actualVersion: number | null,
): StrataError {
  return storeConflictError({
    store,
    record: 'session',
    key: { sessionId: commit.sessionId },
    expectedVersion: commit.expectedVersion,
    actualVersion,
  });
}

export function storeClosedError(store: string): StrataError {
  return new StrataError(
    'STORE_CLOSED',
    `${store}: the store is closed. Call open() again or create a new store.`,
    { details: { store } },
  );
}

export function schemaTooNewError(
  store: string,
  where: string,
  databaseVersion: number,
  supportedVersion: number,
): StrataError {
  return new StrataError(
    'STORE_SCHEMA_TOO_NEW',
    `${store}: the database ${where} has schema version ${databaseVersion}, written by a newer Strata; this Strata supports schema version ${supportedVersion} at most. Upgrade strata to open it, or point the store at another database.`,
    { details: { store, where, databaseVersion, supportedVersion } },
  );
}

/** Removes the password of any `scheme://user:password@host` URL in a text. */
export function redactConnectionText(text: string, password?: string): string {
  let redacted = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1***@');
  if (password !== undefined && password.length > 0) redacted = redacted.split(password).join('***');
  return redacted;
}

export function namespaceMismatchError(
  store: string,
  sessionId: string,
  committedNamespace: string,
  givenNamespace: string,
): StrataError {
  return new StrataError(
    'INPUT_INVALID',
    `${store}: session "${sessionId}" belongs to namespace "${committedNamespace}", not "${givenNamespace}". Commit it with its own namespace, or use another sessionId.`,
    { details: { store, sessionId, committedNamespace, givenNamespace } },
  );
}

/** Two different lessons with one id: retrying cannot help, so not retryable. */
export function duplicateLessonIdError(store: string, namespace: string, id: string): StrataError {
  return new StrataError(
    'STORE_CONFLICT',
    `${store}: a lesson with id "${id}" already exists in namespace "${namespace}" under another idempotency key. Give each lesson a unique id, or an idempotencyKey so that repeating the write is a no-op.`,
    { details: { store, record: 'lesson', namespace, id, reason: 'duplicate-id' }, isRetryable: false },
  );
}
