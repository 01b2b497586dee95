import type { RoomType, RunState } from '../engine/run-state.js';

/** Replaces the run's map by one path of these rooms, one per row, and goes back to the map screen. */
export function singlePathMap(run: RunState, rooms: readonly RoomType[]): void {
  run.map.nodes = rooms.map((type, row) => ({
    row,
    column: 0,
    type,
    children: row < rooms.length - 1 ? [0] : [],
  }));
  run.position = null;
  run.screen = 'MAP';
}
