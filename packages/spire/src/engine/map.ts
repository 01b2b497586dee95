// Act map generation like the original: a 7x15 grid walked by 6 paths that never cross, then
// room types placed by the original odds and placement rules.

import type { RandomState } from './random.js';
import { nextInt, shuffleInPlace } from './random.js';
import type { MapNode, MapState, RoomType } from './run-state.js';

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

interface Cell {
  row: number;
  column: number;
  type: RoomType | null;
  children: Set<number>;
  parents: Set<number>;
}

/** Generates an act map from the map stream: 6 non-crossing paths over 7 x 15 cells, rooms placed with the original odds and rules, then the boss. */
export function generateMap(random: RandomState, bossId: string): MapState {
  const cells = new Map<number, Cell>();
  const key = (row: number, column: number) => row * MAP_WIDTH + column;
  const cellAt = (row: number, column: number): Cell => {
    const id = key(row, column);
    let cell = cells.get(id);
    if (cell === undefined) {
      cell = { row, column, type: null, children: new Set(), parents: new Set() };
      cells.set(id, cell);
    }
    return cell;
  };

  let firstStart = -1;
  for (let path = 0; path < PATHS; path++) {
    let column = nextInt(random, 'map', 0, MAP_WIDTH - 1);
    if (path === 1) while (column === firstStart) column = nextInt(random, 'map', 0, MAP_WIDTH - 1);
    if (path === 0) firstStart = column;
    for (let row = 0; row < MAP_HEIGHT - 1; row++) {
      const current = cellAt(row, column);
      const candidates: number[] = [];
      for (const next of [column - 1, column, column + 1]) {
        if (next < 0 || next >= MAP_WIDTH) continue;
        // No crossing: moving left is blocked by an edge from the left neighbour going right, and vice versa.
        if (next === column - 1 && cells.get(key(row, column - 1))?.children.has(column) === true) continue;
        if (next === column + 1 && cells.get(key(row, column + 1))?.children.has(column) === true) continue;
        candidates.push(next);
      }
      const next = candidates[nextInt(random, 'map', 0, candidates.length - 1)] ?? column;
      current.children.add(next);
      cellAt(row + 1, next).parents.add(column);
      column = next;
    }
  }

  // Fixed rows.
  const ordered = [...cells.values()].sort((a, b) => a.row - b.row || a.column - b.column);
  for (const cell of ordered) {
    if (cell.row === 0) cell.type = 'monster';
    else if (cell.row === TREASURE_ROW) cell.type = 'treasure';
    else if (cell.row === REST_ROW) cell.type = 'rest';
  }

  // The original's room list: its counts come from every node of the map except row 14 (its
  // row-before-the-rest-row quirk), monsters fill the list up to the nodes left to assign, the list
  // is shuffled, and the nodes take rooms from it row by row, left to right.
  const open = ordered.filter((cell) => cell.type === null);
  const total = ordered.filter((cell) => cell.row !== REST_ROW - 1).length;
  const bag: RoomType[] = [];
  for (const { type, share } of ODDS) {
    const count = Math.round(total * share);
    for (let copy = 0; copy < count; copy++) bag.push(type);
  }
  while (bag.length < open.length) bag.push('monster');
  shuffleInPlace(random, 'map', bag);
  for (const cell of open) cell.type = takeRoom(cell, bag, cells);

  const nodes: MapNode[] = ordered.map((cell) => ({
    row: cell.row,
    column: cell.column,
    type: cell.type ?? 'monster',
    children: [...cell.children].sort((a, b) => a - b),
  }));
  return { nodes, bossId };
}

/** Rooms the parent rule applies to: never right after a room of the same type. */
const PARENT_RULE: ReadonlySet<RoomType> = new Set(['elite', 'rest', 'shop', 'treasure']);

/**
 * The first room of the bag this node may hold (each type is tested once, at its first copy), taken
 * out of the bag; a monster, left in the bag, when none fits. Elites and rests never on rows 0-4,
 * rests never on row 13; elites, rests, shops (and treasure) never after a parent of the same type;
 * no room of the same type as a sibling (another child of one of its parents), events and monsters
 * included.
 */
function takeRoom(cell: Cell, bag: RoomType[], cells: ReadonlyMap<number, Cell>): RoomType {
  const at = (row: number, column: number) => cells.get(row * MAP_WIDTH + column);
  const parents: (RoomType | null)[] = [];
  const siblings: (RoomType | null)[] = [];
  for (const parentColumn of cell.parents) {
    const parent = at(cell.row - 1, parentColumn);
    if (parent === undefined) continue;
    parents.push(parent.type);
    for (const childColumn of parent.children)
      if (childColumn !== cell.column) siblings.push(at(cell.row, childColumn)?.type ?? null);
  }
  const tried = new Set<RoomType>();
  for (let index = 0; index < bag.length; index++) {
    const type = bag[index] as RoomType;
    if (tried.has(type)) continue;
    tried.add(type);
    if ((type === 'elite' || type === 'rest') && cell.row <= 4) continue;
    if (type === 'rest' && cell.row >= REST_ROW - 1) continue;
    if (PARENT_RULE.has(type) && parents.includes(type)) continue;
    if (siblings.includes(type)) continue;
    bag.splice(index, 1);
    return type;
  }
  return 'monster';
}

export function findNode(map: MapState, row: number, column: number): MapNode | undefined {
  return map.nodes.find((node) => node.row === row && node.column === column);
}

/** Nodes the player may move to next. */
export function nextNodes(map: MapState, position: { row: number; column: number } | null): MapNode[] {
  if (position === null) return map.nodes.filter((node) => node.row === 0);
  if (position.row >= MAP_HEIGHT - 1) return [];
  const current = findNode(map, position.row, position.column);
  if (current === undefined) return [];
  return current.children
    .map((column) => findNode(map, position.row + 1, column))
    .filter((node): node is MapNode => node !== undefined);
}
