import { StrataError } from '@strata-memory/strata';
import { REPAIR_RESERVE_TOKENS } from '../policy/llm-policy.js';

/** Decisions in a row that may fall back before the run stops (`maxConsecutiveFallbacks`, `--max-fallbacks`). */
export const DEFAULT_MAX_CONSECUTIVE_FALLBACKS = 5;

/** A whole-number setting of a run, with the command-line flag that sets it. */
export interface RunLimit {
  /** The `playRun` option. */
  option: string;
  /** The `strata play` / `strata bench` flag. */
  flag: string;
  minimum: number;
  maximum: number;
  /** Why the minimum is what it is, when that is not obvious. */
  reason?: string;
}

/**
 * The one rule for every numeric run setting: the CLI parses its flags with these bounds and
 * `playRun` checks its options against the same ones, so a value the parser accepts never fails
 * the run after its folder was made.
 */
export const RUN_LIMITS = {
  budget: {
    option: 'budget',
    flag: '--budget',
    // The prompt is assembled under budget - REPAIR_RESERVE_TOKENS and must still hold a state.
    minimum: REPAIR_RESERVE_TOKENS + 501,
    maximum: 1_000_000,
    reason: `${REPAIR_RESERVE_TOKENS} tokens are kept for repair turns and a prompt needs 500 more`,
  },
  maxSteps: { option: 'maxSteps', flag: '--max-steps', minimum: 1, maximum: 10_000_000 },
  contextLimit: { option: 'contextLimit', flag: '--context-limit', minimum: 256, maximum: 100_000_000 },
  windowTurns: { option: 'windowTurns', flag: '--window-turns', minimum: 1, maximum: 10_000 },
  maxConsecutiveFallbacks: {
    option: 'maxConsecutiveFallbacks',
    flag: '--max-fallbacks',
    minimum: 1,
    maximum: 1_000_000,
  },
} as const satisfies Record<string, RunLimit>;

/** A numeric run setting's `playRun` option name, a key of `RUN_LIMITS`. */
export type RunLimitName = keyof typeof RUN_LIMITS;

/** Why `value` breaks `limit`, or undefined when it is a whole number within the bounds. */
export function runLimitProblem(limit: RunLimit, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
  if (value < limit.minimum || value > limit.maximum) {
    return `must be between ${limit.minimum} and ${limit.maximum}${limit.reason === undefined ? '' : ` (${limit.reason})`}`;
  }
  return undefined;
}

/** Throws CONFIG_INVALID naming the option, its flag and the bounds, for the first setting out of bounds. */
export function checkRunLimits(options: Partial<Record<RunLimitName, unknown>>): void {
  for (const [name, limit] of Object.entries(RUN_LIMITS) as Array<[RunLimitName, RunLimit]>) {
    const value = options[name];
    if (value === undefined) continue;
    const problem = runLimitProblem(limit, value);
    if (problem !== undefined) {
      throw new StrataError(
        'CONFIG_INVALID',
        `${limit.option} (${limit.flag}) ${problem}, got ${String(value)}.`,
        { details: { option: limit.option, value, minimum: limit.minimum, maximum: limit.maximum } },
      );
    }
  }
}
