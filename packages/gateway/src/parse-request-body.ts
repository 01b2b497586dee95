import { StrataError } from '@strata-memory/strata/errors';
import type { z } from 'zod';

/**
 * A request body validated against its schema; otherwise INPUT_INVALID (400) naming the first five wrong fields,
 * what was expected (`expected`, e.g. "{ model, messages: [...] } as the OpenAI API documents") and the first
 * wrong top-level field as `details.param`, which OpenAI's error body carries.
 */
export function parseRequestBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  what: string,
  expected: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw new StrataError('INPUT_INVALID', `The ${what} is not valid: ${problems}. Send ${expected}.`, {
    details: { param: String(parsed.error.issues[0]?.path[0] ?? '') },
  });
}
