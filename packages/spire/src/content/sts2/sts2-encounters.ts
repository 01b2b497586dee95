// StS2 encounters from the facts: the act of each (Overgrowth and Underdocks are both Act 1, Hive
// Act 2, Glory Act 3), normal, weak, elite and boss rooms.
import type { EncounterDefinition } from '../../engine/definitions.js';
import { STS2_ACT_FACTS } from './data/sts2-act-facts.js';
import { STS2_ENCOUNTER_FACTS } from './data/sts2-encounter-facts.js';

/** The act number of each StS2 act. The real game picks Overgrowth or Underdocks for Act 1; the simulator mixes both pools. */
export const STS2_ACT_NUMBERS: Readonly<Record<string, number>> = {
  OVERGROWTH: 1,
  UNDERDOCKS: 1,
  HIVE: 2,
  GLORY: 3,
};

function actOf(encounterId: string): number {
  for (const act of STS2_ACT_FACTS) {
    if (act.encounters.includes(encounterId) || act.bosses.includes(encounterId))
      return STS2_ACT_NUMBERS[act.id] ?? 0;
  }
  return 0;
}

/**
 * Monster ids the encounter export names that the monster export lists under another id: the
 * Decimillipede's front, middle and back segments are one monster (Decimillipede Segment) there.
 */
const MONSTER_ALIASES: Readonly<Record<string, string>> = {
  DECIMILLIPEDE_SEGMENT_FRONT: 'DECIMILLIPEDE_SEGMENT',
  DECIMILLIPEDE_SEGMENT_MIDDLE: 'DECIMILLIPEDE_SEGMENT',
  DECIMILLIPEDE_SEGMENT_BACK: 'DECIMILLIPEDE_SEGMENT',
};

/**
 * Lists longer than this are a pool, not a lineup (Ruby Raiders lists 5 raiders, the Swarm of
 * Slimes 6 slimes); the export does not say how many spawn, so the simulator draws POOL_LINEUP.
 */
const LARGEST_LINEUP = 4;
const POOL_LINEUP = 3;

export function buildSts2Encounters(): EncounterDefinition[] {
  return STS2_ENCOUNTER_FACTS.map((facts) => {
    const kind: EncounterDefinition['kind'] =
      facts.room === 'Boss' ? 'boss' : facts.room === 'Elite' ? 'elite' : facts.weak ? 'weak' : 'strong';
    const monsters = facts.monsters.map((id) => MONSTER_ALIASES[id] ?? id);
    const pool = monsters.length > LARGEST_LINEUP;
    return {
      id: facts.id,
      name: facts.name,
      act: actOf(facts.id),
      kind,
      weight: 1,
      ...(pool
        ? {
            text: `${facts.name}: the export lists ${monsters.length} monsters for this encounter, not how many of them spawn; the simulator spawns ${POOL_LINEUP} of them, drawn from the list.`,
          }
        : {}),
      monsters: pool
        ? (pick: <T>(items: readonly T[]) => T) => {
            const left = [...monsters.keys()];
            const chosen: number[] = [];
            for (let count = 0; count < POOL_LINEUP; count++) {
              const index = pick(left);
              left.splice(left.indexOf(index), 1);
              chosen.push(index);
            }
            return chosen.sort((a, b) => a - b).map((index) => monsters[index] as string);
          }
        : () => monsters,
    };
  });
}

export function sts2EncountersOf(
  encounters: readonly EncounterDefinition[],
  act: number,
  kind: EncounterDefinition['kind'],
): readonly EncounterDefinition[] {
  const found = encounters.filter((encounter) => encounter.act === act && encounter.kind === kind);
  if (found.length > 0) return found;
  // Hive and Glory list no weak encounters of their own in the export: their normal ones serve.
  if (kind === 'weak') return sts2EncountersOf(encounters, act, 'strong');
  return encounters.filter((encounter) => encounter.act === 1 && encounter.kind === kind);
}
