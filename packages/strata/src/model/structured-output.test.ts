import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStrictCompatible, outputSchemaFromStandard, parseStructuredOutput } from './structured-output.js';

describe('outputSchemaFromStandard', () => {
  it('derives the JSON schema from zod and validates with it', () => {
    const schema = outputSchemaFromStandard('point', z.object({ x: z.number(), y: z.number() }));
    expect(schema.jsonSchema).toMatchObject({ type: 'object', required: ['x', 'y'] });
    expect(schema.strict).toBe(true);
    expect(schema.validate?.({ x: 1, y: 2 })).toEqual({ ok: true, value: { x: 1, y: 2 } });
    expect(schema.validate?.({ x: 1 })).toMatchObject({ ok: false, issues: [expect.stringContaining('y:')] });
  });

  it('turns strict mode off for schemas OpenAI strict mode would refuse (optional fields)', () => {
    expect(outputSchemaFromStandard('p', z.object({ x: z.number().optional() })).strict).toBe(false);
    expect(
      isStrictCompatible({ type: 'object', properties: { a: { type: 'object', properties: {} } } }),
    ).toBe(false);
  });
});

describe('parseStructuredOutput', () => {
  const schema = outputSchemaFromStandard('point', z.object({ x: z.number() }));

  it('accepts JSON inside a ```json fence', () => {
    expect(parseStructuredOutput('```json\n{"x": 3}\n```', schema, 'm')).toEqual({ x: 3 });
  });

  it('says what was wrong with garbage and keeps a truncated copy of it', () => {
    try {
      parseStructuredOutput(`The answer is x=3${'!'.repeat(5000)}`, schema, 'local-model');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'MODEL_OUTPUT_INVALID',
        details: { problem: 'not-json', schema: 'point' },
      });
      expect((error as Error).message).toMatch(
        /Model 'local-model' did not return valid JSON for schema 'point'/,
      );
      expect((error as { details: { rawText: string } }).details.rawText.length).toBeLessThan(2100);
    }
  });
});
