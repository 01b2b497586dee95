import { StrataError } from '@strata-memory/strata';

/** Win counts must be whole numbers with 0 <= wins <= runs; anything else is a caller's bug worth naming. */
export function checkCounts(wins: number, runs: number, what: string): void {
  if (!Number.isInteger(wins) || !Number.isInteger(runs) || runs < 0 || wins < 0 || wins > runs) {
    throw new StrataError(
      'INPUT_INVALID',
      `${what}: ${wins} wins of ${runs} runs is not a count. Pass whole numbers with 0 <= wins <= runs.`,
      { details: { wins, runs } },
    );
  }
}
