// Act map generation like the original: a 7x15 grid walked by 6 paths that never cross, then
// room types placed by the original odds and placement rules.

import type { RandomState } from './random.js';
import { floatOfState, stepState } from './random.js';
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
// The scratch grids of `generateMap` share one buffer, cleared by one `fill` (each `fill` is a call
// into the runtime).
const SCRATCH = new Uint8Array(5 * CELLS);
const PRESENT = SCRATCH.subarray(0, CELLS);
const CHILDREN = SCRATCH.subarray(CELLS, 2 * CELLS);
const PARENTS = SCRATCH.subarray(2 * CELLS, 3 * CELLS);
/** Each cell's room as its ROOM_BIT (0 while unassigned). */
const TYPES = SCRATCH.subarray(3 * CELLS, 4 * CELLS);
/** The room list as ROOM_BITs (a map has fewer rooms than cells); a taken room is set to 0. */
const BAG = SCRATCH.subarray(4 * CELLS, 5 * CELLS);

/**
 * Generates an act map from the map stream: 6 non-crossing paths over 7 x 15 cells, rooms placed with the original odds and rules, then the boss.
 * Cells live in flat arrays indexed row * MAP_WIDTH + column, their edges as column bitmasks: a
 * run creates up to three maps, and Maps and Sets of cells were a third of a random playout's
 * allocations. The draws from the map stream are the same, in the same order: the stream's state
 * is kept in a local and stored back at the end (with the changes below, callgrind: -1.4% instructions on random playouts).
 */
export function generateMap(random: RandomState, bossId: string): MapState {
  // Local copies of the exported sizes: an exported binding is read through a checked cell. Typed by
  // the constants' literal types, so a change to either fails to compile until these follow.
  const width: typeof MAP_WIDTH = 7;
  const height: typeof MAP_HEIGHT = 15;
  // Scratch grids reused by every call (generation is synchronous and keeps nothing of them).
  SCRATCH.fill(0);
  const present = PRESENT;
  const children = CHILDREN;
  const parents = PARENTS;
  const types = TYPES;
  let state = random.map;

  let firstStart = -1;
  for (let path = 0; path < PATHS; path++) {
    // nextInt(random, 'map', 0, width - 1) on the local state, as every draw below.
    state = stepState(state);
    let column = Math.floor(floatOfState(state) * width);
    if (path === 1)
      while (column === firstStart) {
        state = stepState(state);
        column = Math.floor(floatOfState(state) * width);
      }
    if (path === 0) firstStart = column;
    for (let row = 0; row < height - 1; row++) {
      const current = row * width + column;
      present[current] = 1;
      // Left, straight on, right, in that order. No crossing: moving left is blocked by an edge
      // from the left neighbour going right, and vice versa.
      const left = column > 0 && ((children[current - 1] as number) & (1 << column)) === 0;
      const right = column < width - 1 && ((children[current + 1] as number) & (1 << column)) === 0;
      const count = (left ? 2 : 1) + (right ? 1 : 0);
      state = stepState(state);
      const next = (left ? column - 1 : column) + Math.floor(floatOfState(state) * count);
      children[current] = (children[current] as number) | (1 << next);
      const below = current + width - column + next;
      present[below] = 1;
      parents[below] = (parents[below] as number) | (1 << column);
      column = next;
    }
  }

  // The fixed rows; then the original's room list: its counts come from every node of the map
  // except row 14 (its row-before-the-rest-row quirk), monsters fill the list up to the nodes left to
  // assign, the list is shuffled, and the nodes take rooms from it row by row, left to right.
  // Cells are visited row by row, left to right (nested loops: no list of cells, no division per cell).
  let open = 0;
  let total = 0;
  for (let row = 0; row < height; row++) {
    const fixed =
      row === 0
        ? ROOM_BIT.monster
        : row === TREASURE_ROW
          ? ROOM_BIT.treasure
          : row === REST_ROW
            ? ROOM_BIT.rest
            : 0;
    for (let cell = row * width; cell < (row + 1) * width; cell++) {
      if (present[cell] === 0) continue;
      types[cell] = fixed;
      if (fixed === 0) open++;
      if (row !== REST_ROW - 1) total++;
    }
  }
  // The bag holds ROOM_BITs: the placement rules below test bits, not room names.
  const bag = BAG;
  let size = 0;
  for (let odds = 0; odds < ODDS.length; odds++) {
    const count = Math.round(total * (ODDS[odds] as { share: number }).share);
    const bit = ODDS_BITS[odds] as number;
    for (let copy = 0; copy < count; copy++) bag[size++] = bit;
  }
  while (size < open) bag[size++] = ROOM_BIT.monster;
  // shuffleInPlace(random, 'map', list of the bag) on the local state: the same Fisher-Yates draws.
  for (let index = size - 1; index > 0; index--) {
    state = stepState(state);
    const other = Math.floor(floatOfState(state) * (index + 1));
    const held = bag[index] as number;
    bag[index] = bag[other] as number;
    bag[other] = held;
  }
  random.map = state;

  // Each node takes the first room of the bag it may hold (each type is tested once, at its first
  // copy); a monster, left in the bag, when none fits. A taken room is set to 0 in place rather than
  // spliced out, and `first` moves past the taken ones at the front: most nodes take the first room.
  let first = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    if (present[cell] === 0 || types[cell] !== 0) continue;
    const refused = refusedRooms(cell, types, children, parents);
    let room = ROOM_BIT.monster;
    // Unless every type the bag can hold is refused (then no copy in the bag fits).
    if ((refused & BAG_BITS) !== BAG_BITS)
      for (let index = first; index < size; index++) {
        const bit = bag[index] as number;
        // 0: taken already.
        if (bit === 0 || (refused & bit) !== 0) continue;
        bag[index] = 0;
        while (first < size && bag[first] === 0) first++;
        room = bit;
        break;
      }
    types[cell] = room;
  }

  const nodes: MapNode[] = [];
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const cell = row * width + column;
      if (present[cell] === 0) continue;
      nodes.push({
        row,
        column,
        type: BIT_ROOM[types[cell] as number] ?? 'monster',
        children: columnsOf(children[cell] as number),
      });
    }
  }
  return { nodes, bossId };
}

/**
 * The columns of a children mask in increasing order (a map node has 1 to 3 children), as an array
 * literal of its final length: pushing onto `[]` grew each node's array once.
 */
function columnsOf(mask: number): number[] {
  const low = 31 - Math.clz32(mask & -mask);
  const rest = mask & (mask - 1);
  if (rest === 0) return mask === 0 ? [] : [low];
  const middle = 31 - Math.clz32(rest & -rest);
  const high = rest & (rest - 1);
  return high === 0 ? [low, middle] : [low, middle, 31 - Math.clz32(high)];
}

/**
 * The room types a node refuses, as ROOM_BITs. Elites and rests never on rows 0-4, rests never on
 * row 13; elites, rests, shops (and treasure) never after a parent of the same type; no room of the
 * same type as a sibling (another child of one of its parents), events and monsters included.
 */
function refusedRooms(cell: number, types: Uint8Array, children: Uint8Array, parents: Uint8Array): number {
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
  let refused = siblingTypes | (parentTypes & PARENT_RULE);
  if (row <= 4) refused |= ROOM_BIT.elite | ROOM_BIT.rest;
  if (row >= REST_ROW - 1) refused |= ROOM_BIT.rest;
  return refused;
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

/** Each ODDS entry's ROOM_BIT, by index (a keyed read of ROOM_BIT per copy was a megamorphic lookup). */
const ODDS_BITS: readonly number[] = ODDS.map(({ type }) => ROOM_BIT[type]);

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
