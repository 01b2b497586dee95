// The amounts of powers StS2 monsters spawn with, from their pages (export v0.103.2): the facts name
// the powers but not their amounts, which default to 1.

/** Spawn amounts by monster id, then power id (only those a page states). */
const SPAWN_POWER_AMOUNTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  ZAPBOT: { HIGH_VOLTAGE: 2 },
  AXEBOT: { STOCK: 2 },
  LIVING_SHIELD: { RAMPART: 25 },
  CORPSE_SLUG: { RAVENOUS: 5 },
  TEST_SUBJECT: { ENRAGE: 3 },
  SLUMBERING_BEETLE: { PLATING: 18, SLUMBER: 3 },
  LAGAVULIN_MATRIARCH: { PLATING: 12, ASLEEP: 3 },
};

/** The amount of `power` the monster `monsterId` spawns with: its page's, or 1 when the page gives none. */
export function sts2SpawnPowerAmount(monsterId: string, power: string): number {
  return SPAWN_POWER_AMOUNTS[monsterId]?.[power] ?? 1;
}
