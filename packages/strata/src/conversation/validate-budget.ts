import { StrataError } from '../errors/strata-error.js';

/** A budget must be a positive whole number of tokens. */
export function validateBudget(budget: unknown): number {
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget <= 0) {
    throw new StrataError(
      'CONFIG_INVALID',
      `The budget must be a positive whole number of tokens, got ${JSON.stringify(budget)}. Pass e.g. { budget: 5000 }.`,
      { details: { budget } },
    );
  }
  return budget;
}
