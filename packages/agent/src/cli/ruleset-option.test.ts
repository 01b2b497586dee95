import { StrataError } from '@strata-memory/strata';
import { describe, expect, it } from 'vitest';
import { type RunCommandOptions, validateRunOptions } from './run-options.js';

const base: RunCommandOptions = {
  character: 'ironclad',
  ruleset: 'sts2',
  policy: 'heuristic',
  provider: 'openai',
  budget: 5000,
  store: 'memory',
  db: '.strata/strata.db',
  runsDir: 'runs',
};

describe('--ruleset', () => {
  it("accepts each ruleset's characters and refuses StS2's characters in sts1 with the fix named", () => {
    for (const character of ['ironclad', 'silent', 'regent', 'necrobinder'])
      expect(validateRunOptions({ ...base, character }, {}, false).store).toBe('memory');
    for (const character of ['ironclad', 'silent'])
      expect(validateRunOptions({ ...base, ruleset: 'sts1', character }, {}, false).store).toBe('memory');
    let error: unknown;
    try {
      validateRunOptions({ ...base, ruleset: 'sts1', character: 'regent' }, {}, false);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StrataError);
    expect((error as StrataError).code).toBe('INPUT_INVALID');
    expect((error as StrataError).message).toMatch(
      /--character regent is not in --ruleset sts1.*--ruleset sts2/,
    );
  });
});
