import { describe, expect, it } from 'vitest';
import type { EngineAction } from '../../engine/action.js';
import { applyAction, createRun } from '../../engine/run.js';
import type { RunState } from '../../engine/run-state.js';
import { getCard, withRuleset } from '../registry.js';
import { isModelledSts2Entity } from './sts2-coverage.js';

function act(run: RunState, action: EngineAction): void {
  const result = withRuleset('sts2', () => applyAction(run, action));
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** An StS2 run with a Spoils Map in the deck, moved on to Act 2 through the boss chest. */
function actTwoWithMap(): RunState {
  const run = createRun({ seed: 'spoils-map', character: 'IRONCLAD', ruleset: 'sts2' });
  run.deck.push({ uid: run.counters.nextUid++, id: 'SPOILS_MAP', upgraded: false });
  run.screen = 'CHEST';
  run.bossRelic = { relicIds: ['ANCHOR'] };
  act(run, { action: 'choose_treasure_relic', option_index: 0 });
  expect(run.act).toBe(2);
  return run;
}

describe('StS2 quest cards', () => {
  it('Spoils Map marks one Treasure room of Act 2; its chest holds 600 more Gold and the map is used up', () => {
    const run = actTwoWithMap();
    const sites = run.map.nodes.filter((node) => node.spoils !== undefined);
    expect(sites).toHaveLength(1);
    const site = sites[0];
    if (site === undefined) throw new Error('no site');
    expect(site.type).toBe('treasure');
    expect(site.spoils?.gold).toBe(600);
    // Straight to the site: a map of that one room.
    run.map = { nodes: [{ ...site, row: 0, children: [] }], bossId: run.map.bossId };
    run.position = null;
    run.screen = 'MAP';
    act(run, { action: 'choose_map_node', option_index: 0 });
    const chest = run.treasure?.gold ?? 0;
    expect(chest).toBeGreaterThanOrEqual(600);
    const gold = run.gold;
    act(run, { action: 'open_chest' });
    expect(run.gold - gold).toBe(chest);
    expect(run.deck.some((card) => card.id === 'SPOILS_MAP')).toBe(false);
  });

  it('Spoils Map and Lantern Key count as fully modelled and say what they do', () => {
    expect(isModelledSts2Entity('card', 'LANTERN_KEY')).toBe(true);
    expect(withRuleset('sts2', () => getCard('LANTERN_KEY').text)).toBe(
      'Unlocks a special event in the next Act. Unplayable.',
    );
    expect(isModelledSts2Entity('card', 'SPOILS_MAP')).toBe(true);
    expect(withRuleset('sts2', () => getCard('SPOILS_MAP').text)).toBe(
      'Marks a site of 600 extra Gold in the next Act. Unplayable.',
    );
  });
});
