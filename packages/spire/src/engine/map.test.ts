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

  it('gives the same map for the same seed and another for another seed', () => {
    const first = JSON.stringify(generateMap(createRandomState('seed-a'), 'BOSS'));
    expect(JSON.stringify(generateMap(createRandomState('seed-a'), 'BOSS'))).toBe(first);
    expect(JSON.stringify(generateMap(createRandomState('seed-b'), 'BOSS'))).not.toBe(first);
  });
});
