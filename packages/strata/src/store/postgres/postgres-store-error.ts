import { StrataError } from '../../errors/strata-error.js';
import { redactConnectionText } from '../store-errors.js';

/** Where the store points, for messages: never the password. */
export interface PostgresLocation {
  host: string;
  port: string;
  database: string;
  user: string;
  password?: string;
  /** What the user typed, password redacted: set when it is not a URL the driver can read. */
  typed?: string;
  /** Why the typed URL cannot be read. */
  invalid?: string;
}

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Parses like the `pg` driver does (pg-connection-string): spaces and stray '%' are encoded first,
 * and an empty host ('user@/db') is allowed.
 */
function parseLikeDriver(connectionString: string): URL {
  let text = connectionString;
  if (/ |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(text)) text = encodeURI(text).replace(/%25(\d\d)/g, '%$1');
  try {
    return new URL(text);
  } catch {
    return new URL(text.replace('@/', '@localhost/'));
  }
}

/** Reads host, port, database and user from a URL or key=value connection string. */
export function describeConnectionString(connectionString: string): PostgresLocation {
  if (URL_SCHEME.test(connectionString.trim())) {
    let url: URL;
    try {
      url = parseLikeDriver(connectionString.trim());
    } catch (error) {
      // Say what the user typed (never the password), not the driver's defaults.
      const password = /^[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:([^@\s]*)@/i.exec(connectionString.trim())?.[1];
      return {
        host: '?',
        port: '?',
        database: '?',
        user: '',
        ...(password ? { password } : {}),
        typed: redactConnectionText(connectionString.trim(), password),
        invalid: error instanceof Error ? error.message : String(error),
      };
    }
    if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') {
      const location: PostgresLocation = {
        host: decodeURIComponent(url.hostname) || url.searchParams.get('host') || 'localhost',
        port: url.port || url.searchParams.get('port') || '5432',
        database:
          decodeURIComponent(url.pathname.replace(/^\//, '')) ||
          decodeURIComponent(url.username) ||
          'postgres',
        user: decodeURIComponent(url.username),
      };
      if (url.password !== '') location.password = decodeURIComponent(url.password);
      return location;
    }
  }
  const value = (key: string) =>
    new RegExp(`(?:^|\\s)${key}\\s*=\\s*'?([^'\\s]*)`).exec(connectionString)?.[1];
  const location: PostgresLocation = {
    host: value('host') ?? 'localhost',
    port: value('port') ?? '5432',
    database: value('dbname') ?? 'postgres',
    user: value('user') ?? '',
  };
  const password = value('password');
  if (password !== undefined) location.password = password;
  return location;
}

export function formatLocation(location: PostgresLocation): string {
  return location.typed ?? `${location.host}:${location.port}/${location.database}`;
}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * Turns a `pg` error into a StrataError naming the server (host:port/database, no password) and
 * the fix. StrataErrors pass through unchanged.
 */
export function toPostgresStoreError(
  error: unknown,
  location: PostgresLocation,
  action: string,
): StrataError {
  if (error instanceof StrataError) return error;
  const where = formatLocation(location);
  const code = errorCode(error);
  const rawReason = error instanceof Error ? error.message : String(error);
  const reason = redactConnectionText(rawReason, location.password);
  const details = { store: 'postgres', server: where, action, postgresCode: code };
  // The driver's error may carry the connection settings: keep it only when there is no password.
  const options = location.password === undefined ? { details, cause: error } : { details };
  const prefix = `Postgres store: could not ${action} ${where}`;
  if (unreachableCodes.has(code) || /timeout|terminated|Connection ended/i.test(rawReason)) {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: the server is unreachable (${code === 'UNKNOWN' ? reason : code}). Start Postgres on ${location.host}:${location.port}, or set the connectionString option or STRATA_DATABASE_URL to a reachable server.`,
      { ...options, isRetryable: true },
    );
  }
  if (code === '3D000') {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: database "${location.database}" does not exist. Create it (createdb -h ${location.host} -p ${location.port} ${location.database}) or name an existing database in the connection string.`,
      options,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: authentication failed for user "${location.user}" (${code}). Check the user and password in the connection string.`,
      options,
    );
  }
  if (code === '53100') {
    return new StrataError(
      'STORE_DISK_FULL',
      `${prefix}: the server's disk is full (53100). The transaction was rolled back; committed data is intact. Free disk space on the database server and retry.`,
      options,
    );
  }
  if (code === '25006' || code === '42501') {
    return new StrataError(
      'STORE_READ_ONLY',
      `${prefix}: the server refuses writes (${code}: ${reason}). Connect to a writable primary, or grant this user INSERT/UPDATE/DELETE and CREATE on the database.`,
      options,
    );
  }
  if (code === '40001' || code === '40P01') {
    return new StrataError(
      'STORE_CONFLICT',
      `${prefix}: the transaction lost to a concurrent one (${code}) and was rolled back. Reload and retry.`,
      { ...options, isRetryable: true },
    );
  }
  if (code.startsWith('08') || code.startsWith('57P') || code === '53300') {
    return new StrataError(
      'STORE_UNAVAILABLE',
      `${prefix}: the connection failed or the server is not accepting connections (${code}: ${reason}). Retry; if it persists, check the server.`,
      { ...options, isRetryable: true },
    );
  }
  return new StrataError('STORE_UNAVAILABLE', `${prefix}: ${reason} (${code}).`, options);
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  if (error instanceof AggregateError && error.errors.length > 0) return errorCode(error.errors[0]);
  return 'UNKNOWN';
}
