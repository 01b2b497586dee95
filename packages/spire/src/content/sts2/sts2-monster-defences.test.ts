import { describe, expect, it } from 'vitest';
import { sts2TestFight } from '../../test-support/sts2-test-fight.js';

describe('StS2 monsters spawn with the amounts their pages give', () => {
  const spawned = (monsterId: string, power: string): number | undefined => {
    const { run } = sts2TestFight('monster-defences', 'IRONCLAD', ['STRIKE_IRONCLAD'], undefined, [
      monsterId,
    ]);
    return run.combat?.monsters[0]?.powers[power];
  };

  it.each([
    ['INKLET', 'SLIPPERY', 1],
    ['VANTOM', 'SLIPPERY', 9],
    ['PHANTASMAL_GARDENER', 'SKITTISH', 7],
    ['LOUSE_PROGENITOR', 'CURL_UP', 18],
    ['INFESTED_PRISM', 'VITAL_SPARK', 1],
    ['SCROLL_OF_BITING', 'PAPER_CUTS', 2],
    ['FOSSIL_STALKER', 'SUCK', 3],
    ['SKULKING_COLONY', 'HARDENED_SHELL', 20],
  ])('%s spawns with %s %i', (monsterId, power, amount) => {
    expect(spawned(monsterId, power)).toBe(amount);
  });
});
