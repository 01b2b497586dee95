// StS2's `?` room events (public wiki export, game version v0.103.2): each act's own events and the
// shared ones the game deals into every act, each with its condition. When a `?` room rolls an
// event, the engine picks uniformly among the events of the act not yet seen this run whose
// condition holds (the game shuffles the act's list when the act starts and takes the next allowed
// unseen one, which picks the same way). The real game picks Overgrowth or Underdocks for Act 1;
// the simulator mixes both act pools, as it does for their encounters.
import type { EncounterDefinition, EventDefinition } from '../../engine/definitions.js';
import { GLORY_EVENTS } from './events/glory-events.js';
import { HIVE_EVENTS } from './events/hive-events.js';
import { OVERGROWTH_EVENTS } from './events/overgrowth-events.js';
import { SHARED_EVENTS } from './events/shared-events.js';
import { UNDERDOCKS_EVENTS } from './events/underdocks-events.js';

/**
 * Events of the export the simulator does not offer, and why. The game offers the first two too;
 * the others never come up in a `?` room.
 */
export const UNSIMULATED_STS2_EVENTS: Readonly<Record<string, string>> = {
  CRYSTAL_SPHERE: 'a tile-revealing minigame whose tiles and rewards the export does not list',
  FAKE_MERCHANT: 'a shop of 6 relics from a pool of 9 and a fight the export does not detail',
  THE_ARCHITECT: 'the dialogue after the final boss, not a `?` room event',
  DEPRECATED_EVENT: 'removed from the game',
};

/** The acts of the export: Overgrowth and Underdocks are Act 1, Hive Act 2, Glory Act 3. */
export const STS2_EVENTS_BY_ACT: Readonly<Record<string, readonly EventDefinition[]>> = {
  OVERGROWTH: OVERGROWTH_EVENTS,
  UNDERDOCKS: UNDERDOCKS_EVENTS,
  HIVE: HIVE_EVENTS,
  GLORY: GLORY_EVENTS,
  SHARED: SHARED_EVENTS,
};

export function buildSts2Events(): EventDefinition[] {
  return Object.values(STS2_EVENTS_BY_ACT).flat();
}

/**
 * Fights events start that the export lists as one encounter of several monsters: the Battleworn
 * Dummy's three settings are one dummy each (Battle Friend V1, V2, V3).
 */
export function buildSts2EventEncounters(): EncounterDefinition[] {
  return ['BATTLE_FRIEND_V1', 'BATTLE_FRIEND_V2', 'BATTLE_FRIEND_V3'].map((monsterId, index) => ({
    id: `BATTLEWORN_DUMMY_SETTING_${index + 1}`,
    name: 'Battleworn Dummy',
    act: 0,
    kind: 'strong',
    weight: 1,
    monsters: () => [monsterId],
  }));
}
