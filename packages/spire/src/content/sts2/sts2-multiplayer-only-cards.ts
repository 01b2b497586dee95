// StS2 cards the game marks `CardMultiplayerConstraint.MultiplayerOnly` (checked one by one against
// decompiled card classes of the game in public repositories; the wiki export the facts come from
// does not carry the flag). A run with one player takes them out of every card pool it draws from:
// rewards, shops, transforms and cards generated in combat. The simulator plays one-player runs, so
// its pools leave them out too; a real state that holds one still loads and plays.
// Not every card of the export was checked: one marked MultiplayerOnly that is missing here would
// still be offered.

/** Ids of the export's cards that only multiplayer runs offer. */
export const STS2_MULTIPLAYER_ONLY_CARDS: ReadonlySet<string> = new Set([
  'BEACON_OF_HOPE',
  'BELIEVE_IN_YOU',
  'COORDINATE',
  'DEMONIC_SHIELD',
  'ENERGY_SURGE',
  'FLANKING',
  'GLIMPSE_BEYOND',
  'HAMMER_TIME',
  'HUDDLE_UP',
  'IGNITION',
  'INTERCEPT',
  'KNOCKDOWN',
  'LARGESSE',
  'LEGION_OF_BONE',
  'LIFT',
  'MIMIC',
  'RALLY',
  'SNEAKY',
  'TAG_TEAM',
  'TANK',
]);

/** True when a one-player run may offer or generate the card. */
export function inSinglePlayerPools(id: string): boolean {
  return !STS2_MULTIPLAYER_ONLY_CARDS.has(id);
}
