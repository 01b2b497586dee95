import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { applyMergePatch, isJsonObject } from './merge-patch.js';
import { formatSchemaIssues, type SchemaIssue, validateWithSchema } from './validate-with-schema.js';

/**
 * Applies a JSON merge patch to a state object and validates the result with its schema.
 * Returns the new, validated state; on any problem throws STATE_PATCH_INVALID (details.issues
 * lists path + message) and the old state is untouched (it is never mutated).
 */
export function applyStatePatch<S extends StandardSchemaV1>(
  schema: S,
  state: JsonValue,
  patch: unknown,
): StandardSchemaV1.InferOutput<S> {
  if (!isJsonObject(patch)) {
    throw new StrataError(
      'STATE_PATCH_INVALID',
      `The state patch must be a JSON object (a merge patch: keys to set, null to delete), got ${describe(patch)}.`,
      { details: { issues: [{ path: '(root)', message: 'expected an object' }] } },
    );
  }
  const problem = findNonJson(patch, '');
  if (problem) {
    throw new StrataError(
      'STATE_PATCH_INVALID',
      `The state patch is not plain JSON: ${problem.path}: ${problem.message}. Send only objects, arrays, strings, finite numbers, booleans and null.`,
      { details: { issues: [problem] } },
    );
  }
  const next = applyMergePatch(state, patch);
  const result = validateWithSchema(schema, next);
  if (!result.ok) {
    throw new StrataError(
      'STATE_PATCH_INVALID',
      `The state patch was rejected; the state is unchanged. Fix these fields and send the patch again:\n${formatSchemaIssues(result.issues)}`,
      { details: { issues: result.issues } },
    );
  }
  return result.value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function findNonJson(value: unknown, path: string): SchemaIssue | undefined {
  const here = path === '' ? '(root)' : path;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : { path: here, message: 'non-finite number' };
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const problem = findNonJson(value[index], `${path}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      return { path: here, message: 'not a plain object' };
    for (const key of Object.keys(value)) {
      const problem = findNonJson(
        (value as Record<string, unknown>)[key],
        path === '' ? key : `${path}.${key}`,
      );
      if (problem) return problem;
    }
    return undefined;
  }
  return { path: here, message: `${typeof value} is not a JSON value` };
}
