import type { StandardSchemaV1 } from '@standard-schema/spec';
import { StrataError } from '../errors/strata-error.js';

/** One validation problem: where (a readable path such as `player.hand[2].cost`) and what. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** The value a schema accepted, or the issues it found. */
export type SchemaValidationResult<T> = { ok: true; value: T } | { ok: false; issues: SchemaIssue[] };

/**
 * Validates `value` with any Standard Schema v1 (zod v4, valibot, arktype, ...), synchronously.
 * Schemas whose validation is asynchronous throw NOT_SUPPORTED: use `validateWithSchemaAsync`.
 */
export function validateWithSchema<S extends StandardSchemaV1>(
  schema: S,
  value: unknown,
): SchemaValidationResult<StandardSchemaV1.InferOutput<S>> {
  const result = callValidate(schema, value);
  if (result instanceof Promise) {
    // Swallow the eventual rejection of the promise we will not await.
    result.catch(() => undefined);
    throw new StrataError(
      'NOT_SUPPORTED',
      `Schema from '${schema['~standard'].vendor}' validates asynchronously; synchronous validation is not supported by it. Use validateWithSchemaAsync, or a schema without async refinements.`,
    );
  }
  return toResult(result);
}

/** Like `validateWithSchema`, for schemas that may validate asynchronously. */
export async function validateWithSchemaAsync<S extends StandardSchemaV1>(
  schema: S,
  value: unknown,
): Promise<SchemaValidationResult<StandardSchemaV1.InferOutput<S>>> {
  return toResult(await callValidate(schema, value));
}

/** Renders issues one per line, `path: message`, for error messages and tool results. */
export function formatSchemaIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n');
}

/** `a.b[0]["odd key"]`, or `(root)` for an empty path. */
export function formatIssuePath(path: StandardSchemaV1.Issue['path']): string {
  if (!path || path.length === 0) return '(root)';
  let out = '';
  for (const segment of path) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'symbol') out += `[${key.toString()}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

function callValidate<S extends StandardSchemaV1>(schema: S, value: unknown) {
  const standard = (schema as Partial<StandardSchemaV1> | undefined)?.['~standard'];
  if (!standard || typeof standard.validate !== 'function') {
    throw new StrataError(
      'CONFIG_INVALID',
      'The schema is not a Standard Schema v1 (no `~standard.validate`). Pass a zod v4 schema or another Standard Schema.',
    );
  }
  return standard.validate(value) as
    | StandardSchemaV1.Result<StandardSchemaV1.InferOutput<S>>
    | Promise<StandardSchemaV1.Result<StandardSchemaV1.InferOutput<S>>>;
}

function toResult<T>(result: StandardSchemaV1.Result<T>): SchemaValidationResult<T> {
  if (result.issues) {
    const issues = result.issues.map((issue) => ({
      path: formatIssuePath(issue.path),
      message: issue.message,
    }));
    // A failure without issues would be unexplainable; keep at least one line.
    return { ok: false, issues: issues.length > 0 ? issues : [{ path: '(root)', message: 'invalid value' }] };
  }
  return { ok: true, value: result.value };
}
