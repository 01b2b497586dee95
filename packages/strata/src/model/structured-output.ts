import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonValue } from '../core/provenance.js';
import { StrataError } from '../errors/strata-error.js';
import { formatSchemaIssues, validateWithSchema } from '../state/validate-with-schema.js';
import type { OutputSchema } from './chat-model.js';

/** How much of a model's raw output an error keeps in `details.rawText`. */
export const RAW_TEXT_LIMIT = 2000;

/**
 * Parses a model's text as JSON and validates it with the schema's `validate`.
 * Tolerates a surrounding ```json fence (common with local models); anything else that is not
 * JSON, or JSON that fails validation, throws MODEL_OUTPUT_INVALID saying what was wrong, with
 * the raw text (truncated) in `details.rawText`.
 */
export function parseStructuredOutput<T>(text: string, schema: OutputSchema<T>, modelId: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripFence(text));
  } catch (error) {
    throw new StrataError(
      'MODEL_OUTPUT_INVALID',
      `Model '${modelId}' did not return valid JSON for schema '${schema.name}' (${(error as Error).message}). Output began: ${preview(text)}`,
      { details: { schema: schema.name, rawText: truncate(text), problem: 'not-json' }, cause: error },
    );
  }
  return validateParsedOutput(parsed, text, schema, modelId);
}

/** Validates an already parsed object (e.g. an Anthropic tool input) against the schema. */
export function validateParsedOutput<T>(
  parsed: unknown,
  text: string,
  schema: OutputSchema<T>,
  modelId: string,
): T {
  if (!schema.validate) return parsed as T;
  let result: ReturnType<NonNullable<OutputSchema<T>['validate']>>;
  try {
    result = schema.validate(parsed);
  } catch (error) {
    result = { ok: false, issues: [error instanceof Error ? error.message : String(error)] };
  }
  if (!result.ok) {
    throw new StrataError(
      'MODEL_OUTPUT_INVALID',
      `Model '${modelId}' returned JSON that does not match schema '${schema.name}':\n${result.issues.join('\n')}`,
      { details: { schema: schema.name, rawText: truncate(text), issues: result.issues, problem: 'schema' } },
    );
  }
  return result.value;
}

/**
 * Builds an `OutputSchema` from a Standard Schema (zod v4, ...). The JSON schema comes from
 * `jsonSchema` if given, else from the schema's own Standard JSON Schema converter (zod v4 has one).
 *
 * @example outputSchemaFromStandard('lessons', z.object({ lessons: z.array(lesson).max(2) }))
 */
export function outputSchemaFromStandard<S extends StandardSchemaV1>(
  name: string,
  schema: S,
  jsonSchema?: { [key: string]: JsonValue },
): OutputSchema<StandardSchemaV1.InferOutput<S>> {
  const resolved = jsonSchema ?? toJsonSchema(schema, name);
  return {
    name,
    jsonSchema: resolved,
    strict: isStrictCompatible(resolved),
    validate(value) {
      const result = validateWithSchema(schema, value);
      return result.ok
        ? { ok: true, value: result.value }
        : { ok: false, issues: formatSchemaIssues(result.issues).split('\n') };
    },
  };
}

/**
 * Whether OpenAI strict structured outputs accept the schema: every object closed
 * (`additionalProperties: false`) with all its properties required. Checked recursively.
 */
export function isStrictCompatible(schema: JsonValue): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictCompatible);
  if (typeof schema !== 'object' || schema === null) return true;
  const properties = schema.properties;
  if (schema.type === 'object' || properties !== undefined) {
    if (schema.additionalProperties !== false) return false;
    const keys =
      typeof properties === 'object' && properties !== null && !Array.isArray(properties)
        ? Object.keys(properties)
        : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (!keys.every((key) => required.includes(key))) return false;
  }
  return Object.values(schema).every(isStrictCompatible);
}

function toJsonSchema(schema: StandardSchemaV1, name: string): { [key: string]: JsonValue } {
  const converter = (schema as unknown as Partial<StandardJSONSchemaV1>)['~standard']?.jsonSchema;
  if (!converter) {
    throw new StrataError(
      'NOT_SUPPORTED',
      `Schema '${name}' cannot produce a JSON schema (no '~standard.jsonSchema'). Pass the JSON schema as the third argument.`,
    );
  }
  const { $schema: _ignored, ...rest } = converter.output({ target: 'draft-07' });
  return rest as { [key: string]: JsonValue };
}

function stripFence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```(?:json|JSON)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  return fenced?.[1] ?? trimmed;
}

export function truncate(text: string, limit = RAW_TEXT_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}... [${text.length - limit} more characters]`;
}

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine === ''
    ? '(empty output)'
    : JSON.stringify(oneLine.length > 120 ? `${oneLine.slice(0, 120)}...` : oneLine);
}
