import { createSimulator, type Simulator } from '../engine/simulator.js';

/**
 * An StS2 simulator whose first-floor fight is made a boss fight against one 240 HP monster that
 * attacks once for `damage`, for bot tests of boss play.
 */
export function firstFloorBoss(seed: string, damage: number): Simulator {
  const simulator = createSimulator({ ruleset: 'sts2', seed, character: 'IRONCLAD' });
  simulator.step({ action: 'choose_map_node', option_index: 0 });
  const combat = simulator.run.combat;
  const monster = combat?.monsters[0];
  if (combat === null || monster === undefined) throw new Error('expected a fight on the first floor');
  combat.monsters.splice(1);
  combat.kind = 'boss';
  monster.hp = 240;
  monster.maxHp = 240;
  monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: damage, hits: 1 };
  return simulator;
}
