import { withRuleset } from '../content/registry.js';
import { Combat } from '../engine/combat.js';
import { createRun } from '../engine/run.js';
import type { CharacterId, CombatCard, RunState } from '../engine/run-state.js';

/**
 * An StS2 fight for card and relic rule tests: `deck` only, no relics, `monsters` (two Seapunks by
 * default) at 300 HP and 9 energy; `prepare` adjusts the fight (quiet enemies, stars) before the test plays.
 */
export function sts2TestFight(
  seed: string,
  character: CharacterId,
  deck: readonly string[],
  prepare?: (combat: Combat) => void,
  monsters: readonly string[] = ['SEAPUNK', 'SEAPUNK'],
): { run: RunState; combat: Combat } {
  const run = createRun({ seed, character, ruleset: 'sts2' });
  return withRuleset('sts2', () => {
    run.deck = deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
    run.relics = [];
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', monsters, 'monster');
    for (const monster of combat.combat.monsters) {
      monster.hp = 300;
      monster.maxHp = 300;
    }
    combat.combat.player.energy = 9;
    prepare?.(combat);
    return { run, combat };
  });
}

/** Prepares a quiet fight for card tests: no monster Block, 9 Stars, and empty piles the test fills. */
export function quietPiles(combat: Combat): void {
  const state = combat.combat;
  for (const monster of state.monsters) monster.block = 0;
  state.player.stars = 9;
  state.hand = [];
  state.drawPile = [];
  state.discardPile = [];
}

/** A new combat card of the run (a fresh uid), for tests that lay out the piles themselves. */
export function testCombatCard(run: RunState, id: string, upgraded = false): CombatCard {
  return {
    uid: run.counters.nextUid++,
    id,
    upgraded,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  };
}

/**
 * An Ironclad fight against `monsters` (300 HP, no Block) with `hand` in hand, 70 HP, no Block and empty
 * piles, for monster rule tests; `powers`, when given, replaces each monster's powers.
 */
export function sts2MonsterFight(
  seed: string,
  monsters: readonly string[],
  hand: readonly string[],
  powers?: () => Record<string, number>,
): { run: RunState; combat: Combat } {
  return sts2TestFight(
    seed,
    'IRONCLAD',
    ['DEFEND_IRONCLAD'],
    (combat) => {
      combat.run.hp = 70;
      const state = combat.combat;
      for (const monster of state.monsters) {
        monster.block = 0;
        if (powers !== undefined) monster.powers = powers();
      }
      state.hand = hand.map((id) => testCombatCard(combat.run, id));
      state.drawPile = [];
      state.discardPile = [];
      state.player.block = 0;
    },
    monsters,
  );
}
