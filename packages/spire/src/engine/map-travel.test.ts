import { describe, expect, it } from 'vitest';
import { withRuleset } from '../content/registry.js';
import { nextNodes } from './map.js';
import { isFlight, reachableNodes } from './map-travel.js';
import { addRelic, createRun } from './run.js';

describe('map travel', () => {
  it('calls a reachable room a flight exactly when it is not on a path from the current room', () => {
    withRuleset('sts2', () => {
      const run = createRun({ seed: 'flights', character: 'IRONCLAD', ruleset: 'sts2' });
      addRelic(run, 'WINGED_BOOTS');
      let flights = 0;
      const positions = [null, ...run.map.nodes.map((node) => ({ row: node.row, column: node.column }))];
      for (const position of positions) {
        run.position = position;
        const onPaths = nextNodes(run.map, position);
        for (const node of reachableNodes(run)) {
          expect(isFlight(run, node)).toBe(!onPaths.includes(node));
          if (isFlight(run, node)) flights++;
        }
      }
      expect(flights).toBeGreaterThan(0);
    });
  });
});
