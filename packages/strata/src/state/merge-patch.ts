import type { JsonValue } from '../core/provenance.js';

type JsonObject = { [key: string]: JsonValue };

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Applies a JSON merge patch (RFC 7396) and returns the result; neither argument is mutated and
 * the result shares no objects with them.
 * - an object patch merges key by key, `null` deletes a key;
 * - any other patch (array, string, number, boolean, null) replaces the target wholesale.
 *
 * @example applyMergePatch({ a: 1, b: { c: 2 } }, { b: { c: null, d: 3 } }) // { a: 1, b: { d: 3 } }
 */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isJsonObject(patch)) return cloneJson(patch);
  const result: JsonObject = {};
  if (isJsonObject(target)) {
    for (const key of Object.keys(target)) setOwn(result, key, cloneJson(target[key] as JsonValue));
  }
  for (const key of Object.keys(patch)) {
    const value = patch[key] as JsonValue;
    if (value === null) {
      delete result[key];
    } else {
      setOwn(result, key, applyMergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value));
    }
  }
  return result;
}

/** A deep copy of a JSON value. */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T;
  if (isJsonObject(value)) {
    const copy: JsonObject = {};
    for (const key of Object.keys(value)) setOwn(copy, key, cloneJson(value[key] as JsonValue));
    return copy as T;
  }
  return value;
}

// A key named "__proto__" (legal in parsed JSON) must become an own property, never the prototype.
function setOwn(object: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    object[key] = value;
  }
}
