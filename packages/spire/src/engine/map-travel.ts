// Where the player may travel next: the rooms the paths lead to, or, while a relic allows flying
// (StS2's Winged Boots), any room of the next row.
import { getRelic } from '../content/registry.js';
import { currentNode, nextNodes } from './map.js';
import type { MapNode, RunState } from './run-state.js';

/** Whether a relic lets the player ignore the paths for the next room. */
function canFly(run: RunState): boolean {
  for (const relic of run.relics) if (getRelic(relic.id).freeTravel?.(run) === true) return true;
  return false;
}

/** The rooms the player may enter next: the path's children first, then (flying) the rest of the row. */
export function reachableNodes(run: RunState): MapNode[] {
  const next = nextNodes(run.map, run.position);
  const position = run.position;
  if (position === null || next.length === 0 || !canFly(run)) return next;
  for (const node of run.map.nodes)
    if (node.row === position.row + 1 && !next.includes(node)) next.push(node);
  return next;
}

/**
 * Whether entering `node`, one of `reachableNodes(run)`, leaves the paths (a flight the relics pay
 * for): it is not a child of the current node. Read from the current node's children rather than by
 * listing `nextNodes` again (a map has one node per row and column).
 */
export function isFlight(run: RunState, node: MapNode): boolean {
  const position = run.position;
  // The first row is entered from below the map, where every node of it is on a path.
  if (position === null) return false;
  const current = currentNode(run);
  return current === undefined || node.row !== position.row + 1 || !current.children.includes(node.column);
}
