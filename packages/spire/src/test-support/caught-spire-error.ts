import { SpireError } from '../api/game-error.js';

// Test support (not built into dist).

/** The SpireError `promise` rejects with; any other outcome fails the test (a resolve, or another error rethrown). */
export async function caughtSpireError(promise: Promise<unknown>): Promise<SpireError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpireError) return error;
    throw error;
  }
  throw new Error('expected a SpireError');
}
