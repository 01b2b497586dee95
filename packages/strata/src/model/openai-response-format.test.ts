import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openAIResponseFormat } from './openai-response-format.js';
import { outputSchemaFromStandard } from './structured-output.js';

describe('openAIResponseFormat', () => {
  it('asks for strict json_schema output named after the schema, with its JSON schema', () => {
    const schema = outputSchemaFromStandard('point', z.object({ x: z.number(), y: z.number() }));
    expect(openAIResponseFormat(schema)).toEqual({
      type: 'json_schema',
      json_schema: { name: 'point', schema: schema.jsonSchema, strict: true },
    });
  });

  it('is strict when the schema does not say, and not strict when it says false', () => {
    const jsonSchema = { type: 'object', properties: { x: { type: 'number' } } };
    expect(openAIResponseFormat({ name: 'unsaid', jsonSchema }).json_schema.strict).toBe(true);
    expect(openAIResponseFormat({ name: 'loose', jsonSchema, strict: false }).json_schema.strict).toBe(false);
    // Optional fields: outputSchemaFromStandard turns strict off, and the format carries that.
    const optional = outputSchemaFromStandard('p', z.object({ x: z.number().optional() }));
    expect(openAIResponseFormat(optional).json_schema.strict).toBe(false);
  });
});
