import { describe, expect, it } from 'vitest';
import { allRelics, withRuleset } from '../content/registry.js';
import { pick } from './random.js';
import { rollRelic } from './rewards.js';
import { createRun } from './run.js';

describe('relic rolls', () => {
  it('take the relic a pick over the unowned relics of the rarity takes, with the same draw', () => {
    withRuleset('sts1', () => {
      for (let seed = 0; seed < 50; seed++) {
        const run = createRun({ seed: `relics-${seed}`, character: 'SILENT', ruleset: 'sts1' });
        for (const rarity of ['Common', 'Uncommon', 'Rare', 'Boss', 'Shop'] as const) {
          const expected = { ...run.random };
          const pool = allRelics().filter(
            (relic) =>
              relic.rarity === rarity &&
              (relic.character === undefined || relic.character === run.character) &&
              !run.relics.some((owned) => owned.id === relic.id),
          );
          expect(rollRelic(run, rarity)).toBe(pick(expected, 'treasure', pool).id);
          expect(run.random).toEqual(expected);
        }
      }
    });
  });
});
