import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';

// Lone surrogates do not survive UTF-8 storage and Postgres rejects NUL in text, so every store
// refuses both up front and all stores behave the same.
const loneSurrogate = /[\uD800-\uDFFF]/u;
const hasUnstorableText = (value: string) => value.includes('\u0000') || loneSurrogate.test(value);

function invalid(store: string, message: string, details: Record<string, unknown>): StrataError {
  return new StrataError('INPUT_INVALID', `${store}: ${message}`, { details: { store, ...details } });
}

/** A key (session id, namespace, lesson id, knowledge key): a non-empty storable string. */
/** `value` is one of `allowed` (or undefined when `optional`). */
export function assertOneOf<T extends string>(
  store: string,
  what: string,
  value: unknown,
  allowed: readonly T[],
): asserts value is T | undefined {
  if (value !== undefined && !allowed.includes(value as T)) {
    throw invalid(
      store,
      `${what} must be ${allowed.map((each) => `'${each}'`).join(' or ')}, got ${describe(value)}.`,
      {
        field: what,
      },
    );
  }
}

export function assertKey(store: string, what: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.length === 0) {
    throw invalid(store, `${what} must be a non-empty string, got ${describe(value)}.`, { field: what });
  }
  assertText(store, what, value);
}

export function assertText(store: string, what: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') {
    throw invalid(store, `${what} must be a string, got ${describe(value)}.`, { field: what });
  }
  if (hasUnstorableText(value)) {
    throw invalid(
      store,
      `${what} contains a NUL character or an unpaired UTF-16 surrogate, which cannot be stored. Remove it before writing.`,
      { field: what },
    );
  }
}

export function assertVersion(store: string, what: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(store, `${what} must be a non-negative integer (0 to create), got ${describe(value)}.`, {
      field: what,
    });
  }
}

/** A whole number at or above `minimum` (a capacity, a limit). */
export function assertWholeNumber(
  store: string,
  what: string,
  value: unknown,
  minimum: number,
): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw invalid(store, `${what} must be a whole number >= ${minimum}, got ${describe(value)}.`, {
      field: what,
    });
  }
}

export function assertStep(store: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(store, `step must be a non-negative integer, got ${describe(value)}.`, { field: 'step' });
  }
}

export function assertFiniteNumber(store: string, what: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalid(store, `${what} must be a finite number, got ${describe(value)}.`, { field: what });
  }
}

export function assertStringList(store: string, what: string, value: unknown): asserts value is string[] {
  if (!Array.isArray(value)) {
    throw invalid(store, `${what} must be an array of strings, got ${describe(value)}.`, { field: what });
  }
  for (const item of value) assertText(store, `${what}[]`, item);
}

/** Serializes a value the way every store keeps it; refuses what JSON cannot carry. */
export function toJsonText(store: string, what: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new StrataError('INPUT_INVALID', `${store}: ${what} is not JSON-serializable (${String(error)}).`, {
      details: { store, field: what },
      cause: error,
    });
  }
  if (text === undefined) {
    throw invalid(store, `${what} is not a JSON value (got ${describe(value)}).`, { field: what });
  }
  return text;
}

export function fromJsonText<T = JsonValue>(text: string): T {
  return JSON.parse(text) as T;
}

/** Orders like SQLite BINARY and Postgres COLLATE "C": by UTF-8 bytes, i.e. code points. */
export function compareKeys(left: string, right: string): number {
  if (left === right) return 0;
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
}
