import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StrataError } from '../errors/strata-error.js';
import { applyStatePatch } from './apply-state-patch.js';
import { validateWithSchema, validateWithSchemaAsync } from './validate-with-schema.js';

const schema = z.object({
  hp: z.number().int().min(0),
  deck: z.array(z.object({ name: z.string(), cost: z.number() })),
  goal: z.string().optional(),
});

const state = { hp: 30, deck: [{ name: 'Strike', cost: 1 }], goal: 'win' };

function catchError(run: () => unknown): StrataError {
  try {
    run();
  } catch (error) {
    if (error instanceof StrataError) return error;
    throw error;
  }
  throw new Error('expected a StrataError');
}

describe('validateWithSchema', () => {
  it('returns the parsed value for valid input', () => {
    expect(validateWithSchema(schema, state)).toEqual({ ok: true, value: state });
  });

  it('reports every issue with a readable path', () => {
    const result = validateWithSchema(schema, { hp: -1, deck: [{ name: 'Strike', cost: 'one' }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.path).sort()).toEqual(['deck[0].cost', 'hp']);
    for (const issue of result.issues) expect(issue.message.length).toBeGreaterThan(0);
  });

  it('rejects a non-schema with CONFIG_INVALID', () => {
    expect(() => validateWithSchema({} as never, 1)).toThrow(/Standard Schema/);
  });

  it('refuses async schemas in the sync form and accepts them in the async form', async () => {
    const asyncSchema = z.string().refine(async (value) => value.length > 2, 'too short');
    expect(catchError(() => validateWithSchema(asyncSchema, 'ab')).code).toBe('NOT_SUPPORTED');
    const result = await validateWithSchemaAsync(asyncSchema, 'ab');
    expect(result).toEqual({ ok: false, issues: [{ path: '(root)', message: 'too short' }] });
  });
});

describe('applyStatePatch', () => {
  it('applies a merge patch and returns the validated state', () => {
    const next = applyStatePatch(schema, state, { hp: 25, goal: null });
    expect(next).toEqual({ hp: 25, deck: [{ name: 'Strike', cost: 1 }] });
  });

  it('rejects a patch that breaks the schema, naming each path, and leaves the old state untouched', () => {
    const before = structuredClone(state);
    const error = catchError(() => applyStatePatch(schema, state, { hp: -5, deck: [{ name: 7 }] }));
    expect(error.code).toBe('STATE_PATCH_INVALID');
    expect(error.message).toContain('hp:');
    expect(error.message).toContain('deck[0].name:');
    expect(error.message).toContain('deck[0].cost:');
    expect(error.details.issues).toHaveLength(3);
    expect(state).toEqual(before);
  });

  it('rejects a patch that is not an object', () => {
    for (const patch of [[1], 'hp', 3, null]) {
      const error = catchError(() => applyStatePatch(schema, state, patch));
      expect(error.code).toBe('STATE_PATCH_INVALID');
      expect(error.message).toMatch(/must be a JSON object/);
    }
  });

  it('rejects values that are not JSON, naming where', () => {
    const error = catchError(() => applyStatePatch(schema, state, { hp: Number.NaN }));
    expect(error.code).toBe('STATE_PATCH_INVALID');
    expect(error.message).toContain('hp: non-finite number');
    const dateError = catchError(() => applyStatePatch(schema, state, { goal: new Date(0) }));
    expect(dateError.message).toContain('goal: not a plain object');
  });
});
