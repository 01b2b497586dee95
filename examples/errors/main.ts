// `@strata-memory/strata/errors`: StrataError and its codes alone (fast to load, no tokenizer or layers),
// for code that only needs to recognise Strata's errors. Every error Strata throws is a StrataError with a
// stable `code`, a message that says what to do, `details` and `isRetryable`.
// Run: `node --import tsx examples/errors/main.ts`.
import { createMemory } from '@strata-memory/strata';
import { StrataError, type StrataErrorCode } from '@strata-memory/strata/errors';

function attempt(what: string, run: () => unknown): void {
  try {
    run();
    console.log(`${what}: ok`);
  } catch (error) {
    if (!StrataError.is(error)) throw error; // not Strata's: let it through
    console.log(`${what}: ${error.code} (retryable: ${error.isRetryable})`);
    console.log(`  ${error.message}`);
  }
}

attempt('a budget below the system prompt', () =>
  createMemory({ budget: 5, system: 'You are a support agent for Acme printers.', layers: [] }),
);
attempt('an unknown layer kind', () => createMemory({ budget: 500, layers: [{ kind: 'diary' } as never] }));
attempt('a budget that is not a whole number', () => createMemory({ budget: 12.5, layers: [] }));

// Switch on the code, never on the message text.
function advice(code: StrataErrorCode): string {
  if (code === 'STORE_CONFLICT') return 'reload the session and redo the step';
  if (code === 'MISSING_DEPENDENCY') return 'run the npm install command in the message';
  return 'fix the input the message names';
}
const conflict = new StrataError('STORE_CONFLICT', 'Someone else committed first; reload and retry.');
console.log(`${conflict.code}: retryable ${conflict.isRetryable}, ${advice(conflict.code)}`);
console.log(`StrataError.is(conflict, 'STORE_CONFLICT'): ${StrataError.is(conflict, 'STORE_CONFLICT')}`);
