// The simulator's rulesets as the CLI names them, and the characters each one plays.

/** The simulator's games: Slay the Spire 2 (default) and Slay the Spire. */
export const RULESETS = ['sts2', 'sts1'] as const;

/** Characters each ruleset plays (the Regent and the Necrobinder are StS2's). */
export const RULESET_CHARACTERS: Readonly<Record<(typeof RULESETS)[number], readonly string[]>> = {
  sts2: ['ironclad', 'silent', 'regent', 'necrobinder'],
  sts1: ['ironclad', 'silent'],
};
