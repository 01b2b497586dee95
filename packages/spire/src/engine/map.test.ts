import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMap, MAP_HEIGHT, MAP_WIDTH } from './map.js';
import { createRandomState } from './random.js';

describe('act map', () => {
  it('follows the original placement rules for every seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), (seed) => {
        const map = generateMap(createRandomState(seed), 'BOSS');
        const byKey = new Map(map.nodes.map((node) => [`${node.row}:${node.column}`, node]));
        // Collect violations and assert once: thousands of expect calls would dominate the test time.
        const violations: string[] = [];
        const check = (ok: boolean, message: string) => {
          if (!ok) violations.push(message);
        };
        for (const node of map.nodes) {
          const where = `${node.type} at ${node.row}:${node.column}`;
          check(
            node.row >= 0 && node.row < MAP_HEIGHT && node.column >= 0 && node.column < MAP_WIDTH,
            `${where} is off the grid`,
          );
          if (node.row === 0) check(node.type === 'monster', `${where}: row 0 must be monsters`);
          if (node.row === 8) check(node.type === 'treasure', `${where}: row 8 must be treasure`);
          if (node.row === MAP_HEIGHT - 1)
            check(node.type === 'rest', `${where}: the last row must be rest sites`);
          if (node.row < 5)
            check(node.type !== 'elite' && node.type !== 'rest', `${where}: no elite or rest before row 5`);
          if (node.row === MAP_HEIGHT - 2)
            check(node.type !== 'rest', `${where}: no rest right before the rest row`);
          if (node.row < MAP_HEIGHT - 1) check(node.children.length > 0, `${where} is a dead end`);
          for (const column of node.children) {
            check(Math.abs(column - node.column) <= 1, `${where} jumps to column ${column}`);
            const child = byKey.get(`${node.row + 1}:${column}`);
            check(child !== undefined, `${where} points to a missing node`);
            // Elites, rests and shops never follow a room of the same type.
            if (
              child !== undefined &&
              ['elite', 'rest', 'shop'].includes(child.type) &&
              node.row + 1 < MAP_HEIGHT - 1 &&
              node.row + 1 !== 8
            ) {
              check(child.type !== node.type, `${where} is followed by another ${child.type}`);
            }
          }
          // Paths never cross: an edge to the right and the neighbour's edge to the left cannot both exist.
          if (node.children.includes(node.column + 1)) {
            const neighbour = byKey.get(`${node.row}:${node.column + 1}`);
            check(
              !(neighbour?.children.includes(node.column) ?? false),
              `${where} crosses its right neighbour`,
            );
          }
        }
        // At least two distinct starting nodes (the first two paths start apart).
        check(map.nodes.filter((node) => node.row === 0).length >= 2, 'fewer than two starting nodes');
        expect(violations).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it("places rooms per floor as the original's rules do, over 2,000 maps", () => {
    // The original (decompiled RoomTypeAssigner; sts_lightspeed's Map.cpp assignRooms): shop 5%,
    // rest 12%, elite 8%, event 22% of the nodes outside row 14 (index 13), monsters filling the
    // list up to the nodes left, the list shuffled, rooms taken row by row under the rules. Its
    // floors 2-4 are about 55% monsters and floors 11-14 about 45%, with events and shops on every
    // floor from 2 to 14.
    const counts = Array.from({ length: MAP_HEIGHT }, () => new Map<string, number>());
    const bagRooms = { shop: 0, rest: 0, elite: 0, event: 0 };
    const placed = { shop: 0, rest: 0, elite: 0, event: 0 };
    for (let index = 0; index < 2000; index++) {
      const map = generateMap(createRandomState(`rooms-${index}`), 'BOSS');
      const total = map.nodes.filter((node) => node.row !== MAP_HEIGHT - 2).length;
      for (const [type, share] of [
        ['shop', 0.05],
        ['rest', 0.12],
        ['elite', 0.08],
        ['event', 0.22],
      ] as const) {
        const inBag = Math.round(total * share);
        const onMap = map.nodes.filter(
          (node) => node.type === type && node.row !== 0 && node.row !== 8 && node.row !== MAP_HEIGHT - 1,
        ).length;
        // A room the rules let nowhere stays in the list: never more on the map than in the list.
        expect(onMap).toBeLessThanOrEqual(inBag);
        bagRooms[type] += inBag;
        placed[type] += onMap;
      }
      for (const node of map.nodes) {
        const row = counts[node.row] as Map<string, number>;
        row.set(node.type, (row.get(node.type) ?? 0) + 1);
      }
    }
    const share = (row: number, type: string) => {
      const tally = counts[row] as Map<string, number>;
      const all = [...tally.values()].reduce((sum, count) => sum + count, 0);
      return (tally.get(type) ?? 0) / all;
    };
    for (const row of [1, 2, 3]) {
      expect(share(row, 'monster')).toBeGreaterThan(0.48);
      expect(share(row, 'monster')).toBeLessThan(0.62);
      expect(share(row, 'event')).toBeGreaterThan(0.25);
      expect(share(row, 'shop')).toBeGreaterThan(0.04);
    }
    for (const row of [10, 11, 12]) {
      expect(share(row, 'monster')).toBeGreaterThan(0.38);
      expect(share(row, 'monster')).toBeLessThan(0.52);
    }
    for (let row = 1; row < MAP_HEIGHT - 1; row++) {
      if (row === 8) continue;
      expect(share(row, 'event')).toBeGreaterThan(0.02);
      expect(share(row, 'shop')).toBeGreaterThan(0.004);
    }
    for (let row = 0; row < 5; row++) expect(share(row, 'elite') + share(row, 'rest')).toBe(0);
    expect(share(MAP_HEIGHT - 2, 'rest')).toBe(0);
    // Nearly every listed room finds a node (the rules turn only a few into monsters).
    for (const type of ['shop', 'rest', 'elite', 'event'] as const)
      expect(placed[type] / bagRooms[type]).toBeGreaterThan(0.9);
  });

  it('gives the same map for the same seed and another for another seed', () => {
    const first = JSON.stringify(generateMap(createRandomState('seed-a'), 'BOSS'));
    expect(JSON.stringify(generateMap(createRandomState('seed-a'), 'BOSS'))).toBe(first);
    expect(JSON.stringify(generateMap(createRandomState('seed-b'), 'BOSS'))).not.toBe(first);
  });
});
