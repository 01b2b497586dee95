import type { z } from 'zod';
import { SpireError } from './game-error.js';

/** `$.combat.hand[3].energy_cost` from a zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = '$';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return text;
}

/** What stands at `path` in `input`, said briefly for an error message (`missing`, `null`, `string "x"`). */
export function describeReceived(input: unknown, path: readonly PropertyKey[]): string {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return 'missing';
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`.slice(0, 80);
}

/**
 * The `SpireError('STATE_MALFORMED')` for a state a zod schema rejected: the message names the first three
 * bad field paths with what was there, then `advice` (what to do); `details.issues` lists up to 20 as
 * `{path, message, received}`. One wording for every validator of states (spire's and the agent's looser one).
 */
export function stateMalformedError(
  input: unknown,
  zodError: z.ZodError,
  source: string,
  advice: string,
): SpireError {
  const issues = zodError.issues.slice(0, 20).map((issue) => ({
    path: formatIssuePath(issue.path),
    message: issue.message,
    received: describeReceived(input, issue.path),
  }));
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path}: ${issue.message} (got ${issue.received})`)
    .join('; ');
  const more = zodError.issues.length > 3 ? ` and ${zodError.issues.length - 3} more` : '';
  return new SpireError(
    'STATE_MALFORMED',
    `The ${source} has wrongly typed or missing fields: ${shown}${more}. ${advice}`,
    {
      details: { source, issues },
    },
  );
}
