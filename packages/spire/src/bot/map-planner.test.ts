import { describe, expect, it } from 'vitest';
import type { GameState, MapState } from '../api/game-state.js';
import { chooseMapNode } from './map-planner.js';

/** Two one-room paths from the start: a Monster (option 0) and an Elite (option 1). */
function fork(character: string): { state: GameState; map: MapState } {
  const node = (col: number, type: string) => ({
    row: 1,
    col,
    node_type: type,
    state: 'Travelable',
    visited: false,
    is_current: false,
    is_available: true,
    parents: [],
    children: [],
  });
  const map = {
    current_node: null,
    rows: 2,
    cols: 2,
    available_nodes: [
      { index: 0, row: 1, col: 0, node_type: 'Monster' },
      { index: 1, row: 1, col: 1, node_type: 'Elite' },
    ],
    nodes: [node(0, 'Monster'), node(1, 'Elite')],
  } as unknown as MapState;
  // Healthy, with a few cards added to the starter deck: ready for an elite.
  const deck = [1, 2, 3].map((index) => ({
    card_id: `CARD_${index}`,
    rarity: 'Common',
    card_type: 'Attack',
  }));
  const state = {
    run: { character_id: character, current_hp: 70, max_hp: 70, gold: 0, deck },
  } as unknown as GameState;
  return { state, map };
}

describe('map planner', () => {
  it('sends a healthy Silent to the elite and a healthy Ironclad to the monster', () => {
    const silent = fork('SILENT');
    expect(chooseMapNode(silent.state, silent.map)).toBe(1);
    const ironclad = fork('IRONCLAD');
    expect(chooseMapNode(ironclad.state, ironclad.map)).toBe(0);
  });

  it('takes the Unknown room over the hallway fight in StS2, and the fight in StS1', () => {
    const { state, map } = fork('IRONCLAD');
    const unknown = { ...map, available_nodes: [...map.available_nodes], nodes: [...map.nodes] };
    unknown.available_nodes[1] = {
      index: 1,
      row: 1,
      col: 1,
      node_type: 'Unknown',
    } as MapState['available_nodes'][number];
    unknown.nodes[1] = { ...(map.nodes[1] as MapState['nodes'][number]), node_type: 'Unknown' };
    expect(chooseMapNode(state, unknown, true)).toBe(1);
    expect(chooseMapNode(state, unknown)).toBe(0);
  });
});
