// All monsters.
import type { MonsterDefinition } from '../../engine/definitions.js';
import { ACT1_MONSTERS } from './act1.js';
import { ACT2_MONSTERS } from './act2.js';
import { ACT3_MONSTERS } from './act3.js';

/** Every monster of the sts1 ruleset (Acts 1, 2 and 3). */
export const MONSTERS: readonly MonsterDefinition[] = [...ACT1_MONSTERS, ...ACT2_MONSTERS, ...ACT3_MONSTERS];
