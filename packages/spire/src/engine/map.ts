// Act map generation like the original: a 7x15 grid walked by 6 paths that never cross, then
// room types placed by the original odds and placement rules.

import type { RandomState } from './random.js';
import { nextInt, shuffleInPlace } from './random.js';
import type { MapNode, MapState, RoomType, RunState } from './run-state.js';

/** Columns of an act map. */
export const MAP_WIDTH = 7;
/** Rows of an act map (the boss comes after them). */
export const MAP_HEIGHT = 15;
const PATHS = 6;
const TREASURE_ROW = 8;
const REST_ROW = MAP_HEIGHT - 1;

/** Room odds for the rows that are not fixed (original, Ascension 0). */
const ODDS: readonly { type: RoomType; share: number }[] = [
  { type: 'shop', share: 0.05 },
  { type: 'rest', share: 0.12 },
  { type: 'event', share: 0.22 },
  { type: 'elite', share: 0.08 },
];

const CELLS = MAP_WIDTH * MAP_HEIGHT;
const PRESENT = new Uint8Array(CELLS);
const CHILDREN = new Uint8Array(CELLS);
const PARENTS = new Uint8Array(CELLS);
/** Each cell's room as its ROOM_BIT (0 while unassigned). */
const TYPES = new Uint8Array(CELLS);
const CANDIDATES = [0, 0, 0];

/**
 * Generates an act map from the map stream: 6 non-crossing paths over 7 x 15 cells, rooms placed with the original odds and rules, then the boss.
 * Cells live in flat arrays indexed row * MAP_WIDTH + column, their edges as column bitmasks: a
 * run creates up to three maps, and Maps and Sets of cells were a third of a random playout's
 * allocations. The draws from the map stream are the same, in the same order.
 */
export function generateMap(random: RandomState, bossId: string): MapState {
  // Scratch grids reused by every call (generation is synchronous and keeps nothing of them).
  const present = PRESENT.fill(0);
  const children = CHILDREN.fill(0);
  const parents = PARENTS.fill(0);
  const types = TYPES.fill(0);
  const candidates = CANDIDATES;

  let firstStart = -1;
  for (let path = 0; path < PATHS; path++) {
    let column = nextInt(random, 'map', 0, MAP_WIDTH - 1);
    if (path === 1) while (column === firstStart) column = nextInt(random, 'map', 0, MAP_WIDTH - 1);
    if (path === 0) firstStart = column;
    for (let row = 0; row < MAP_HEIGHT - 1; row++) {
      const current = row * MAP_WIDTH + column;
      present[current] = 1;
      // Left, straight on, right. No crossing: moving left is blocked by an edge from the left
      // neighbour going right, and vice versa.
      let count = 0;
      if (column > 0 && ((children[current - 1] ?? 0) & (1 << column)) === 0)
        candidates[count++] = column - 1;
      candidates[count++] = column;
      if (column < MAP_WIDTH - 1 && ((children[current + 1] ?? 0) & (1 << column)) === 0)
        candidates[count++] = column + 1;
      const next = candidates[nextInt(random, 'map', 0, count - 1)] ?? column;
      children[current] = (children[current] ?? 0) | (1 << next);
      const below = current + MAP_WIDTH - column + next;
      present[below] = 1;
      parents[below] = (parents[below] ?? 0) | (1 << column);
      column = next;
    }
  }

  // The fixed rows; then the original's room list: its counts come from every node of the map
  // except row 14 (its row-before-the-rest-row quirk), monsters fill the list up to the nodes left to
  // assign, the list is shuffled, and the nodes take rooms from it row by row, left to right.
  // Cells are visited row by row, left to right (nested loops: no list of cells, no division per cell).
  let open = 0;
  let total = 0;
  for (let row = 0; row < MAP_HEIGHT; row++) {
    const fixed =
      row === 0
        ? ROOM_BIT.monster
        : row === TREASURE_ROW
          ? ROOM_BIT.treasure
          : row === REST_ROW
            ? ROOM_BIT.rest
            : 0;
    for (let cell = row * MAP_WIDTH; cell < (row + 1) * MAP_WIDTH; cell++) {
      if (present[cell] === 0) continue;
      types[cell] = fixed;
      if (fixed === 0) open++;
      if (row !== REST_ROW - 1) total++;
    }
  }
  // The bag holds ROOM_BITs: the placement rules below test bits, not room names.
  const rooms: number[] = [];
  for (const { type, share } of ODDS) {
    const count = Math.round(total * share);
    for (let copy = 0; copy < count; copy++) rooms.push(ROOM_BIT[type]);
  }
  while (rooms.length < open) rooms.push(ROOM_BIT.monster);
  shuffleInPlace(random, 'map', rooms);
  const bag: RoomBag = { rooms, first: 0 };
  for (let cell = 0; cell < CELLS; cell++)
    if (present[cell] === 1 && types[cell] === 0) types[cell] = takeRoom(cell, bag, types, children, parents);

  const nodes: MapNode[] = [];
  for (let row = 0; row < MAP_HEIGHT; row++) {
    for (let column = 0; column < MAP_WIDTH; column++) {
      const cell = row * MAP_WIDTH + column;
      if (present[cell] === 0) continue;
      // The children's columns in increasing order, visiting only the mask's set bits (at most 3).
      const list: number[] = [];
      let mask = children[cell] ?? 0;
      while (mask !== 0) {
        const bit = mask & -mask;
        mask ^= bit;
        list.push(31 - Math.clz32(bit));
      }
      nodes.push({ row, column, type: BIT_ROOM[types[cell] ?? 0] ?? 'monster', children: list });
    }
  }
  return { nodes, bossId };
}

/**
 * The shuffled room list of `generateMap`. A taken room is set to 0 in place rather than spliced
 * out, and `first` moves past the taken ones at the front: most nodes take the first room, and
 * shifting the rest of the list down for each was a fifth of the map's time.
 */
interface RoomBag {
  readonly rooms: number[];
  first: number;
}

/**
 * The first room of the bag this node may hold (each type is tested once, at its first copy), taken
 * out of the bag; a monster, left in the bag, when none fits. Elites and rests never on rows 0-4,
 * rests never on row 13; elites, rests, shops (and treasure) never after a parent of the same type;
 * no room of the same type as a sibling (another child of one of its parents), events and monsters
 * included.
 */
function takeRoom(
  cell: number,
  bag: RoomBag,
  types: Uint8Array,
  children: Uint8Array,
  parents: Uint8Array,
): number {
  const row = Math.floor(cell / MAP_WIDTH);
  const column = cell - row * MAP_WIDTH;
  const rowStart = row * MAP_WIDTH;
  // Room types of the parents and of the siblings, as bits of ROOM_BIT.
  // The set bits of the parent and sibling masks are visited directly (a map has at most 3 per mask).
  let parentTypes = 0;
  let siblingTypes = 0;
  let parentMask = parents[cell] ?? 0;
  while (parentMask !== 0) {
    const parentBit = parentMask & -parentMask;
    parentMask ^= parentBit;
    const parent = rowStart - MAP_WIDTH + (31 - Math.clz32(parentBit));
    parentTypes |= types[parent] ?? 0;
    let siblings = (children[parent] ?? 0) & ~(1 << column);
    while (siblings !== 0) {
      const siblingBit = siblings & -siblings;
      siblings ^= siblingBit;
      siblingTypes |= types[rowStart + 31 - Math.clz32(siblingBit)] ?? 0;
    }
  }
  // The types this node refuses, decided once rather than per copy in the bag.
  let refused = siblingTypes | (parentTypes & PARENT_RULE);
  if (row <= 4) refused |= ROOM_BIT.elite | ROOM_BIT.rest;
  if (row >= REST_ROW - 1) refused |= ROOM_BIT.rest;
  // Every type the bag can hold is refused: no copy in the bag fits.
  if ((refused & BAG_BITS) === BAG_BITS) return ROOM_BIT.monster;
  const rooms = bag.rooms;
  for (let index = bag.first; index < rooms.length; index++) {
    const bit = rooms[index] as number;
    // 0: taken already.
    if (bit === 0 || (refused & bit) !== 0) continue;
    rooms[index] = 0;
    while (bag.first < rooms.length && rooms[bag.first] === 0) bag.first++;
    return bit;
  }
  return ROOM_BIT.monster;
}

const ROOM_BIT: Readonly<Record<RoomType, number>> = {
  monster: 1,
  elite: 2,
  rest: 4,
  shop: 8,
  event: 16,
  treasure: 32,
  boss: 64,
};

/** The room of a ROOM_BIT, by bit. */
const BIT_ROOM: readonly (RoomType | undefined)[] = (() => {
  const rooms: (RoomType | undefined)[] = [];
  for (const [type, bit] of Object.entries(ROOM_BIT)) rooms[bit] = type as RoomType;
  return rooms;
})();

/** The types the room bag holds: the odds' rooms and the monsters that fill it. */
const BAG_BITS = ODDS.reduce((bits, { type }) => bits | ROOM_BIT[type], ROOM_BIT.monster);

/** Rooms the parent rule applies to: never right after a room of the same type. */
const PARENT_RULE = ROOM_BIT.elite | ROOM_BIT.rest | ROOM_BIT.shop | ROOM_BIT.treasure;

export function findNode(map: MapState, row: number, column: number): MapNode | undefined {
  for (const node of map.nodes) if (node.row === row && node.column === column) return node;
  return undefined;
}

/** The map's number of rows: the boss follows the last. */
export function mapHeight(map: MapState): number {
  return map.height ?? MAP_HEIGHT;
}

/** Nodes the player may move to next (loops, not closures: this runs for every map screen's legal actions). */
export function nextNodes(map: MapState, position: { row: number; column: number } | null): MapNode[] {
  const next: MapNode[] = [];
  if (position === null) {
    for (const node of map.nodes) if (node.row === 0) next.push(node);
    return next;
  }
  if (position.row >= mapHeight(map) - 1) return next;
  const current = findNode(map, position.row, position.column);
  if (current === undefined) return next;
  for (const column of current.children) {
    const node = findNode(map, position.row + 1, column);
    if (node !== undefined) next.push(node);
  }
  return next;
}

/** The map node the player stands on, if any. */
export function currentNode(run: RunState): MapNode | undefined {
  const position = run.position;
  return position === null ? undefined : findNode(run.map, position.row, position.column);
}
