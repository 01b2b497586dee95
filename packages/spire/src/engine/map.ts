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

  // A shuffled bag of rooms for the remaining nodes, assigned under the placement rules.
  const open = ordered.filter((cell) => cell.type === null);
  const bag: RoomType[] = [];
  for (const { type, share } of ODDS) {
    const count = Math.round(open.length * share);
    for (let copy = 0; copy < count; copy++) bag.push(type);
  }
  shuffleInPlace(random, 'map', bag);
  for (const cell of open) {
    const parents = [...cell.parents].map((column) => cells.get(key(cell.row - 1, column))?.type ?? null);
    const siblings: (RoomType | null)[] = [];
    for (const parentColumn of cell.parents) {
      const parent = cells.get(key(cell.row - 1, parentColumn));
      if (parent === undefined) continue;
      for (const childColumn of parent.children) {
        if (childColumn === cell.column) continue;
        siblings.push(cells.get(key(cell.row, childColumn))?.type ?? null);
      }
    }
    let placed: RoomType = 'monster';
    for (let index = 0; index < bag.length; index++) {
      const type = bag[index] as RoomType;
      if ((type === 'elite' || type === 'rest') && cell.row < 5) continue;
      if (type === 'rest' && cell.row >= REST_ROW - 1) continue;
      if ((type === 'elite' || type === 'rest' || type === 'shop') && parents.includes(type)) continue;
      if (type !== 'event' && siblings.includes(type)) continue;
      placed = type;
      bag.splice(index, 1);
      break;
    }
    cell.type = placed;
  }

  const nodes: MapNode[] = ordered.map((cell) => ({
    row: cell.row,
    column: cell.column,
    type: cell.type ?? 'monster',
    children: [...cell.children].sort((a, b) => a - b),
  }));
  return { nodes, bossId };
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
