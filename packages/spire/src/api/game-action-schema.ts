import { z } from 'zod';
import { ACTION_NAMES, type GameAction } from './game-action.js';
import { SpireError } from './game-error.js';
import { formatIssuePath } from './state-malformed-error.js';

const index = z.number().int().min(-1);

/** Zod schema of a `GameAction` (for model output, CLI input, HTTP bodies). Unknown keys are dropped. */
export const gameActionSchema = z.object({
  action: z.enum(ACTION_NAMES),
  card_index: index.exactOptional(),
  target_index: index.exactOptional(),
  option_index: index.exactOptional(),
  x: z.number().int().exactOptional(),
  y: z.number().int().exactOptional(),
  tool: z.enum(['big', 'small']).exactOptional(),
});

// Compile-time guard: the schema's output is a GameAction.
type Assignable<T extends GameAction> = T;
/** What `gameActionSchema` outputs; checked at compile time to be a `GameAction`. */
export type ParsedGameAction = Assignable<z.output<typeof gameActionSchema>>;

/**
 * Validates an untrusted action. Null indices (which the mod accepts) are treated as absent.
 * Throws `SpireError('INVALID_REQUEST')` naming the bad field.
 */
export function parseGameAction(input: unknown): GameAction {
  const withoutNulls =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null))
      : input;
  const result = gameActionSchema.safeParse(withoutNulls);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined ? '$' : formatIssuePath(issue.path);
  throw new SpireError(
    'INVALID_REQUEST',
    `Invalid action at ${where}: ${issue?.message ?? 'unknown problem'}. ` +
      'Send {"action": <name>, "card_index"?, "target_index"?, "option_index"?} with a name from available_actions.',
    {
      details: {
        issues: result.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message })),
      },
    },
  );
}
