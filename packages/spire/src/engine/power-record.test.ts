import { describe, expect, it } from 'vitest';
import { RULESETS } from '../content/registry.js';
import { knownPowerIds, powerRecord, presentPowerIds } from './power-record.js';
import type { Powers, Ruleset } from './run-state.js';
import { createSimulator } from './simulator.js';

/** Plays `runs` random legal runs of `ruleset` and hands every creature's powers record to `visit` after each step. */
function everyRecord(ruleset: Ruleset, runs: number, visit: (powers: Powers) => void): void {
  for (let run = 0; run < runs; run++) {
    const simulator = createSimulator({ seed: `record-${run}`, character: 'IRONCLAD', ruleset });
    let choice = 7;
    for (let step = 0; step < 5_000 && !simulator.over; step++) {
      const legal = simulator.legalActions();
      choice = (Math.imul(choice, 1_664_525) + 1_013_904_223) >>> 0;
      const action = legal[choice % legal.length];
      if (action === undefined) throw new Error(`no legal action on step ${step}`);
      simulator.step(action);
      const combat = simulator.run.combat;
      if (combat === null) continue;
      visit(combat.player.powers);
      for (const monster of combat.monsters) visit(monster.powers);
    }
  }
}

describe('powers records', () => {
  it.each(RULESETS)(
    '%s: a new record has every power id of the ruleset as a key, with no power present',
    (ruleset) => {
      const powers = powerRecord(ruleset);
      expect(Object.keys(powers)).toEqual(knownPowerIds(ruleset));
      expect(Object.values(powers).every((amount) => amount === undefined)).toBe(true);
      expect(presentPowerIds(powers)).toEqual([]);
    },
  );

  it('lists the present powers only, in the record key order, and a removed one no more', () => {
    const powers = powerRecord('sts1');
    powers.WEAK = 2;
    powers.STRENGTH = -1;
    expect(presentPowerIds(powers)).toEqual(['STRENGTH', 'WEAK']);
    powers.WEAK = undefined;
    expect(presentPowerIds(powers)).toEqual(['STRENGTH']);
  });

  // The fixed layout (see powerRecord) holds only while the engine never adds a key: a power id
  // missing from the content, or `powers.ID = undefined` for an id the ruleset lacks, would add one.
  it.each(RULESETS)('%s: random runs never add a key to a powers record', (ruleset) => {
    const keys = knownPowerIds(ruleset).length;
    const grown = new Set<string>();
    everyRecord(ruleset, 12, (powers) => {
      const own = Object.keys(powers);
      if (own.length !== keys) for (const id of own) if (!knownPowerIds(ruleset).includes(id)) grown.add(id);
    });
    expect([...grown]).toEqual([]);
  });
});
