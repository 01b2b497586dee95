import type { JsonValue } from '../core/provenance.js';
import type { OutputSchema } from './chat-model.js';

/** OpenAI Chat Completions' `response_format` for structured output (the SDK's own shape, declared here). */
export interface OpenAIResponseFormat {
  type: 'json_schema';
  json_schema: { name: string; schema: { [key: string]: JsonValue }; strict: boolean };
}

/**
 * The `response_format` that asks an OpenAI-compatible server for JSON matching `schema`: strict
 * unless the schema sets `strict: false` (OpenAI's strict mode refuses optional fields).
 * One place for it, so every OpenAI-shaped request asks for structured output the same way.
 *
 * @example body.response_format = openAIResponseFormat(outputSchemaFromStandard('lessons', lessonsSchema))
 */
export function openAIResponseFormat(schema: OutputSchema<unknown>): OpenAIResponseFormat {
  return {
    type: 'json_schema',
    json_schema: { name: schema.name, schema: schema.jsonSchema, strict: schema.strict ?? true },
  };
}
