// Encounters per act and pool, with the original weights. Act 1 is complete; Acts 2 and 3 hold a
// representative set of the original's normal, elite and boss fights.
import type { EncounterDefinition } from '../engine/definitions.js';

const fixed =
  (...ids: string[]) =>
  () =>
    ids;
const LOUSE = ['RED_LOUSE', 'GREEN_LOUSE'] as const;
const GREMLINS = [
  'MAD_GREMLIN',
  'MAD_GREMLIN',
  'SNEAKY_GREMLIN',
  'SNEAKY_GREMLIN',
  'FAT_GREMLIN',
  'FAT_GREMLIN',
  'SHIELD_GREMLIN',
  'GREMLIN_WIZARD',
] as const;

/** Every encounter of the sts1 ruleset, by act and pool, with weights. */
export const ENCOUNTERS: readonly EncounterDefinition[] = [
  // Act 1 weak pool (first three combats)
  { id: 'CULTIST', name: 'Cultist', act: 1, kind: 'weak', weight: 2, monsters: fixed('CULTIST') },
  { id: 'JAW_WORM', name: 'Jaw Worm', act: 1, kind: 'weak', weight: 2, monsters: fixed('JAW_WORM') },
  {
    id: 'TWO_LOUSE',
    name: '2 Louse',
    act: 1,
    kind: 'weak',
    weight: 2,
    monsters: (pick) => [pick(LOUSE), pick(LOUSE)],
  },
  {
    id: 'SMALL_SLIMES',
    name: 'Small Slimes',
    act: 1,
    kind: 'weak',
    weight: 2,
    monsters: (pick) =>
      pick([
        ['SPIKE_SLIME_S', 'ACID_SLIME_M'],
        ['ACID_SLIME_S', 'SPIKE_SLIME_M'],
      ]),
  },
  // Act 1 strong pool
  {
    id: 'GREMLIN_GANG',
    name: 'Gremlin Gang',
    act: 1,
    kind: 'strong',
    weight: 1,
    monsters: (pick) => {
      const pool: string[] = [...GREMLINS];
      const chosen: string[] = [];
      for (let count = 0; count < 4; count++) {
        const gremlin = pick(pool);
        chosen.push(gremlin);
        pool.splice(pool.indexOf(gremlin), 1);
      }
      return chosen;
    },
  },
  {
    id: 'LOTS_OF_SLIMES',
    name: 'Lots of Slimes',
    act: 1,
    kind: 'strong',
    weight: 1,
    monsters: fixed('SPIKE_SLIME_S', 'SPIKE_SLIME_S', 'SPIKE_SLIME_S', 'ACID_SLIME_S', 'ACID_SLIME_S'),
  },
  { id: 'RED_SLAVER', name: 'Red Slaver', act: 1, kind: 'strong', weight: 1, monsters: fixed('RED_SLAVER') },
  {
    id: 'EXORDIUM_THUGS',
    name: 'Exordium Thugs',
    act: 1,
    kind: 'strong',
    weight: 1.5,
    monsters: (pick) => [
      pick(['RED_LOUSE', 'GREEN_LOUSE', 'ACID_SLIME_M', 'SPIKE_SLIME_M']),
      pick(['LOOTER', 'CULTIST', 'BLUE_SLAVER', 'RED_SLAVER']),
    ],
  },
  {
    id: 'EXORDIUM_WILDLIFE',
    name: 'Exordium Wildlife',
    act: 1,
    kind: 'strong',
    weight: 1.5,
    monsters: (pick) => [
      pick(['FUNGI_BEAST', 'JAW_WORM']),
      pick(['RED_LOUSE', 'GREEN_LOUSE', 'ACID_SLIME_M', 'SPIKE_SLIME_M']),
    ],
  },
  {
    id: 'BLUE_SLAVER',
    name: 'Blue Slaver',
    act: 1,
    kind: 'strong',
    weight: 2,
    monsters: fixed('BLUE_SLAVER'),
  },
  { id: 'LOOTER', name: 'Looter', act: 1, kind: 'strong', weight: 2, monsters: fixed('LOOTER') },
  {
    id: 'LARGE_SLIME',
    name: 'Large Slime',
    act: 1,
    kind: 'strong',
    weight: 2,
    monsters: (pick) => [pick(['ACID_SLIME_L', 'SPIKE_SLIME_L'])],
  },
  {
    id: 'THREE_LOUSE',
    name: '3 Louse',
    act: 1,
    kind: 'strong',
    weight: 2,
    monsters: (pick) => [pick(LOUSE), pick(LOUSE), pick(LOUSE)],
  },
  {
    id: 'TWO_FUNGI_BEASTS',
    name: '2 Fungi Beasts',
    act: 1,
    kind: 'strong',
    weight: 2,
    monsters: fixed('FUNGI_BEAST', 'FUNGI_BEAST'),
  },
  // Act 1 elites and bosses
  {
    id: 'GREMLIN_NOB',
    name: 'Gremlin Nob',
    act: 1,
    kind: 'elite',
    weight: 1,
    monsters: fixed('GREMLIN_NOB'),
  },
  { id: 'LAGAVULIN', name: 'Lagavulin', act: 1, kind: 'elite', weight: 1, monsters: fixed('LAGAVULIN') },
  {
    id: 'THREE_SENTRIES',
    name: '3 Sentries',
    act: 1,
    kind: 'elite',
    weight: 1,
    monsters: fixed('SENTRY', 'SENTRY', 'SENTRY'),
  },
  { id: 'SLIME_BOSS', name: 'Slime Boss', act: 1, kind: 'boss', weight: 1, monsters: fixed('SLIME_BOSS') },
  {
    id: 'THE_GUARDIAN',
    name: 'The Guardian',
    act: 1,
    kind: 'boss',
    weight: 1,
    monsters: fixed('THE_GUARDIAN'),
  },
  // Event fights (never drawn from the pools)
  {
    id: 'THREE_FUNGI_BEASTS',
    name: '3 Fungi Beasts',
    act: 0,
    kind: 'strong',
    weight: 1,
    monsters: fixed('FUNGI_BEAST', 'FUNGI_BEAST', 'FUNGI_BEAST'),
  },
  { id: 'HEXAGHOST', name: 'Hexaghost', act: 1, kind: 'boss', weight: 1, monsters: fixed('HEXAGHOST') },
  // Act 2 (The City)
  {
    id: 'SPHERIC_GUARDIAN',
    name: 'Spheric Guardian',
    act: 2,
    kind: 'weak',
    weight: 2,
    monsters: fixed('SPHERIC_GUARDIAN'),
  },
  { id: 'CHOSEN', name: 'Chosen', act: 2, kind: 'weak', weight: 2, monsters: fixed('CHOSEN') },
  {
    id: 'SHELLED_PARASITE',
    name: 'Shelled Parasite',
    act: 2,
    kind: 'weak',
    weight: 2,
    monsters: fixed('SHELLED_PARASITE'),
  },
  {
    id: 'THREE_BYRDS',
    name: '3 Byrds',
    act: 2,
    kind: 'weak',
    weight: 2,
    monsters: fixed('BYRD', 'BYRD', 'BYRD'),
  },
  {
    id: 'TWO_THIEVES',
    name: '2 Thieves',
    act: 2,
    kind: 'weak',
    weight: 2,
    monsters: fixed('LOOTER', 'MUGGER'),
  },
  {
    id: 'CHOSEN_AND_BYRDS',
    name: 'Chosen and Byrd',
    act: 2,
    kind: 'strong',
    weight: 2,
    monsters: fixed('BYRD', 'CHOSEN'),
  },
  {
    id: 'SENTRY_AND_SPHERE',
    name: 'Sentry and Sphere',
    act: 2,
    kind: 'strong',
    weight: 2,
    monsters: fixed('SENTRY', 'SPHERIC_GUARDIAN'),
  },
  { id: 'SNECKO', name: 'Snecko', act: 2, kind: 'strong', weight: 4, monsters: fixed('SNECKO') },
  {
    id: 'SNAKE_PLANT',
    name: 'Snake Plant',
    act: 2,
    kind: 'strong',
    weight: 6,
    monsters: fixed('SNAKE_PLANT'),
  },
  {
    id: 'CENTURION_AND_MYSTIC',
    name: 'Centurion and Healer',
    act: 2,
    kind: 'strong',
    weight: 6,
    monsters: fixed('CENTURION', 'MYSTIC'),
  },
  {
    id: 'CULTIST_AND_CHOSEN',
    name: 'Cultist and Chosen',
    act: 2,
    kind: 'strong',
    weight: 3,
    monsters: fixed('CULTIST', 'CHOSEN'),
  },
  {
    id: 'SHELL_PARASITE_AND_FUNGI',
    name: 'Shelled Parasite and Fungi',
    act: 2,
    kind: 'strong',
    weight: 3,
    monsters: fixed('SHELLED_PARASITE', 'FUNGI_BEAST'),
  },
  {
    id: 'THREE_CULTISTS',
    name: '3 Cultists',
    act: 2,
    kind: 'strong',
    weight: 3,
    monsters: fixed('CULTIST', 'CULTIST', 'CULTIST'),
  },
  {
    id: 'GREMLIN_LEADER',
    name: 'Gremlin Leader',
    act: 2,
    kind: 'elite',
    weight: 1,
    monsters: (pick) => {
      const pool = ['MAD_GREMLIN', 'SNEAKY_GREMLIN', 'FAT_GREMLIN', 'SHIELD_GREMLIN', 'GREMLIN_WIZARD'];
      return [pick(pool), pick(pool), 'GREMLIN_LEADER'];
    },
  },
  {
    id: 'BOOK_OF_STABBING',
    name: 'Book of Stabbing',
    act: 2,
    kind: 'elite',
    weight: 1,
    monsters: fixed('BOOK_OF_STABBING'),
  },
  {
    id: 'SLAVERS',
    name: 'Slavers',
    act: 2,
    kind: 'elite',
    weight: 1,
    monsters: fixed('BLUE_SLAVER', 'TASKMASTER', 'RED_SLAVER'),
  },
  {
    id: 'BRONZE_AUTOMATON',
    name: 'Bronze Automaton',
    act: 2,
    kind: 'boss',
    weight: 1,
    monsters: fixed('BRONZE_AUTOMATON'),
  },
  { id: 'THE_CHAMP', name: 'The Champ', act: 2, kind: 'boss', weight: 1, monsters: fixed('THE_CHAMP') },
  {
    id: 'THE_COLLECTOR',
    name: 'The Collector',
    act: 2,
    kind: 'boss',
    weight: 1,
    monsters: fixed('THE_COLLECTOR'),
  },
  // Act 3 (The Beyond)
  {
    id: 'THREE_DARKLINGS',
    name: '3 Darklings',
    act: 3,
    kind: 'weak',
    weight: 2,
    monsters: fixed('DARKLING', 'DARKLING', 'DARKLING'),
  },
  { id: 'ORB_WALKER', name: 'Orb Walker', act: 3, kind: 'weak', weight: 2, monsters: fixed('ORB_WALKER') },
  {
    id: 'THREE_SHAPES',
    name: '3 Shapes',
    act: 3,
    kind: 'weak',
    weight: 2,
    monsters: (pick) => {
      const pool = ['SPIKER', 'REPULSOR', 'EXPLODER'];
      return [pick(pool), pick(pool), pick(pool)];
    },
  },
  {
    id: 'SPIRE_GROWTH',
    name: 'Spire Growth',
    act: 3,
    kind: 'strong',
    weight: 1,
    monsters: fixed('SPIRE_GROWTH'),
  },
  { id: 'TRANSIENT', name: 'Transient', act: 3, kind: 'strong', weight: 1, monsters: fixed('TRANSIENT') },
  {
    id: 'FOUR_SHAPES',
    name: '4 Shapes',
    act: 3,
    kind: 'strong',
    weight: 1,
    monsters: (pick) => {
      const pool = ['SPIKER', 'REPULSOR', 'EXPLODER'];
      return [pick(pool), pick(pool), pick(pool), pick(pool)];
    },
  },
  { id: 'MAW', name: 'Maw', act: 3, kind: 'strong', weight: 1, monsters: fixed('MAW') },
  {
    id: 'SPHERE_AND_TWO_SHAPES',
    name: 'Sphere and 2 Shapes',
    act: 3,
    kind: 'strong',
    weight: 1,
    monsters: (pick) => {
      const pool = ['SPIKER', 'REPULSOR', 'EXPLODER'];
      return [pick(pool), pick(pool), 'SPHERIC_GUARDIAN'];
    },
  },
  {
    id: 'JAW_WORM_HORDE',
    name: 'Jaw Worm Horde',
    act: 3,
    kind: 'strong',
    weight: 1,
    monsters: fixed('JAW_WORM', 'JAW_WORM', 'JAW_WORM'),
  },
  {
    // The original lists 3 Darklings in Act 3's normal pool too (weight 1), besides the early one.
    id: 'THREE_DARKLINGS_LATE',
    name: '3 Darklings',
    act: 3,
    kind: 'strong',
    weight: 1,
    monsters: fixed('DARKLING', 'DARKLING', 'DARKLING'),
  },
  {
    id: 'WRITHING_MASS',
    name: 'Writhing Mass',
    act: 3,
    kind: 'strong',
    weight: 1,
    monsters: fixed('WRITHING_MASS'),
  },
  { id: 'GIANT_HEAD', name: 'Giant Head', act: 3, kind: 'elite', weight: 1, monsters: fixed('GIANT_HEAD') },
  { id: 'NEMESIS', name: 'Nemesis', act: 3, kind: 'elite', weight: 1, monsters: fixed('NEMESIS') },
  {
    id: 'REPTOMANCER',
    name: 'Reptomancer',
    act: 3,
    kind: 'elite',
    weight: 1,
    monsters: fixed('REPTOMANCER'),
  },
  {
    id: 'AWAKENED_ONE',
    name: 'Awakened One',
    act: 3,
    kind: 'boss',
    weight: 1,
    monsters: fixed('CULTIST', 'CULTIST', 'AWAKENED_ONE'),
  },
  { id: 'TIME_EATER', name: 'Time Eater', act: 3, kind: 'boss', weight: 1, monsters: fixed('TIME_EATER') },
  {
    id: 'DONU_AND_DECA',
    name: 'Donu and Deca',
    act: 3,
    kind: 'boss',
    weight: 1,
    monsters: fixed('DECA', 'DONU'),
  },
];

/** Encounters of an act's pool (weak, strong, elite or boss); Act 1's pool when the act has none of that kind. */
export function encountersOf(act: number, kind: EncounterDefinition['kind']): readonly EncounterDefinition[] {
  const found = ENCOUNTERS.filter((encounter) => encounter.act === act && encounter.kind === kind);
  if (found.length > 0) return found;
  return ENCOUNTERS.filter((encounter) => encounter.act === 1 && encounter.kind === kind);
}
