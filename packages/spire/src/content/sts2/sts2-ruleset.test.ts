import { describe, expect, it } from 'vitest';
import { parseGameState } from '../../api/game-state-schema.js';
import { legalActionsFromState } from '../../api/legal-actions-from-state.js';
import { createHeuristicBot } from '../../bot/heuristic-bot.js';
import { Combat } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { rollPotion } from '../../engine/rewards.js';
import { createRun } from '../../engine/run.js';
import type { CharacterId, RunState } from '../../engine/run-state.js';
import { createSimulator } from '../../engine/simulator.js';
import { allMonsters, getCard, getMonster, getPotion, withRuleset } from '../registry.js';
import { STS2_CHARACTER_IDS } from './sts2-content.js';
import { UNHITTABLE_HP } from './sts2-monsters.js';

/** An StS2 run placed in a fight with a chosen deck (hand drawn from it as usual). */
function fight(options: {
  readonly monsters: readonly string[];
  readonly deck: readonly string[];
  readonly character?: CharacterId;
}): { run: RunState; combat: Combat } {
  const run = createRun({ seed: 'sts2-rules', character: options.character ?? 'IRONCLAD', ruleset: 'sts2' });
  return withRuleset('sts2', () => {
    run.deck = options.deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
    run.relics = [];
    run.screen = 'COMBAT';
    run.room = 'monster';
    return { run, combat: Combat.start(run, 'TEST', options.monsters, 'monster') };
  });
}

function inHand(run: RunState, id: string): number {
  return run.combat?.hand.findIndex((card) => card.id === id) ?? -1;
}

describe('StS2 ruleset: whole runs', () => {
  it.each(STS2_CHARACTER_IDS)(
    'plays whole %s runs with the bot; every state validates and lists the engine legal actions',
    (character) => {
      for (const seed of ['a', 'b']) {
        const game = createSimulator({ seed: `sts2-${seed}`, character, ruleset: 'sts2' });
        const bot = createHeuristicBot();
        let steps = 0;
        while (!game.over && steps < 6000) {
          const state = game.view();
          parseGameState(state);
          const wire = legalActionsFromState(state)
            .map((action) => JSON.stringify(action))
            .sort();
          const engine = game
            .legalActions()
            .map((action) => JSON.stringify(action))
            .sort();
          expect(wire).toEqual(engine);
          const result = game.step(bot.choose(state));
          expect(result.ok, JSON.stringify(result)).toBe(true);
          steps++;
        }
        expect(game.over).toBe(true);
        expect(game.run.ruleset).toBe('sts2');
      }
    },
  );

  it('replays the same seed and actions to the same states', () => {
    const first = createSimulator({ seed: 'replay', character: 'REGENT', ruleset: 'sts2' });
    const bot = createHeuristicBot();
    const states: string[] = [];
    while (!first.over && states.length < 400) {
      states.push(JSON.stringify(first.view()));
      first.step(bot.choose(first.view()));
    }
    const second = createSimulator({ seed: 'replay', character: 'REGENT', ruleset: 'sts2' });
    first.history.forEach((action, index) => {
      expect(JSON.stringify(second.view())).toBe(states[index]);
      second.step(action);
    });
  });

  it('makes StS2 the default: a run without a ruleset is StS2; sts1 is asked for and shows no StS2 fields', () => {
    const byDefault = createSimulator({ seed: 'default', character: 'IRONCLAD' });
    expect(byDefault.run.ruleset).toBe('sts2');
    while (byDefault.view().screen !== 'COMBAT')
      byDefault.step(byDefault.legalActions()[0] ?? { action: 'proceed' });
    expect(byDefault.view().combat?.player.stars).toBe(0);
    const game = createSimulator({ seed: 'default', character: 'IRONCLAD', ruleset: 'sts1' });
    expect(game.run.ruleset).toBe('sts1');
    while (game.view().screen !== 'COMBAT') game.step(game.legalActions()[0] ?? { action: 'proceed' });
    const state = game.view();
    expect(state.combat?.player.stars).toBeUndefined();
    expect(state.combat?.hand[0]?.star_cost).toBeUndefined();
    expect(() => createRun({ seed: 'x', character: 'REGENT', ruleset: 'sts1' })).toThrow(
      /Unknown character "REGENT" for ruleset sts1/,
    );
  });
});

describe('StS2 potions', () => {
  it('never rolls an event or token potion (the Potion-Shaped Rock, Foul Potion) as a reward', () => {
    const run = createRun({ seed: 'potion-rolls', character: 'IRONCLAD', ruleset: 'sts2' });
    const rolled = new Set(withRuleset('sts2', () => Array.from({ length: 3_000 }, () => rollPotion(run))));
    const rarities = withRuleset('sts2', () => [...rolled].map((id) => getPotion(id).rarity));
    expect(rolled.size).toBeGreaterThan(40);
    expect(rolled.has('POTION_SHAPED_ROCK')).toBe(false);
    expect(rarities).not.toContain('Special');
    expect(withRuleset('sts2', () => getPotion('POTION_SHAPED_ROCK').rarity)).toBe('Special');
  });
});

describe('StS2 mechanics', () => {
  it('Stars: Venerate gains them, Falling Star costs 2 and is unplayable without them', () => {
    const { run, combat } = fight({
      monsters: ['SEAPUNK'],
      deck: ['FALLING_STAR', 'VENERATE'],
      character: 'REGENT',
    });
    withRuleset('sts2', () => {
      expect(combat.unplayableReason(run.combat?.hand[inHand(run, 'FALLING_STAR')] as never)).toMatch(
        /Not enough stars/,
      );
      combat.playCard(inHand(run, 'VENERATE'), -1);
      expect(run.combat?.player.stars).toBe(2);
      const hp = run.combat?.monsters[0]?.hp ?? 0;
      combat.playCard(inHand(run, 'FALLING_STAR'), 0);
      expect(run.combat?.player.stars).toBe(0);
      expect(run.combat?.monsters[0]?.hp).toBe(hp - 8);
      expect(run.combat?.monsters[0]?.powers.WEAK).toBe(1);
      expect(run.combat?.monsters[0]?.powers.VULNERABLE).toBe(1);
    });
    expect(toGameState(run).combat?.player.stars).toBe(0);
  });

  it('Forge creates the Sovereign Blade in hand and adds to its damage', () => {
    const { run, combat } = fight({ monsters: ['SEAPUNK'], deck: ['WROUGHT_IN_WAR'], character: 'REGENT' });
    withRuleset('sts2', () => {
      combat.playCard(inHand(run, 'WROUGHT_IN_WAR'), 0);
      const blade = run.combat?.hand.find((card) => card.id === 'SOVEREIGN_BLADE');
      expect(blade?.bonus).toBe(7);
      combat.forge(3);
      expect(run.combat?.hand.filter((card) => card.id === 'SOVEREIGN_BLADE').length).toBe(1);
      expect(blade?.bonus).toBe(10);
    });
    const shown = toGameState(run).combat?.hand.find((card) => card.card_id === 'SOVEREIGN_BLADE');
    expect(shown?.damage).toBe(20);
    expect(shown?.rules_text).toContain('Deal 20 damage');
  });

  it('Summon: Osty takes unblocked attack damage before the player, and Osty attacks deal damage', () => {
    const { run, combat } = fight({ monsters: ['SEAPUNK'], deck: ['BODYGUARD'], character: 'NECROBINDER' });
    withRuleset('sts2', () => {
      combat.playCard(inHand(run, 'BODYGUARD'), -1);
      expect(run.combat?.summon).toEqual({ id: 'OSTY', name: 'Osty', hp: 5, maxHp: 5 });
      const hp = run.hp;
      combat.damagePlayer(8, run.combat?.monsters[0] ?? null);
      expect(run.combat?.summon?.hp).toBe(0);
      expect(run.hp).toBe(hp - 3);
      combat.summonAttack(0, 10);
    });
    expect(toGameState(run).combat?.player.summons?.[0]?.is_alive).toBe(false);
  });

  it('Surrounded: a Back Attack enemy the player does not face deals 50% more', () => {
    const { run, combat } = fight({ monsters: ['CRUSHER', 'ROCKET'], deck: ['STRIKE_IRONCLAD'] });
    withRuleset('sts2', () => {
      const [crusher, rocket] = run.combat?.monsters ?? [];
      expect(run.combat?.player.powers.SURROUNDED).toBe(1);
      if (crusher === undefined || rocket === undefined) throw new Error('two monsters expected');
      const before = toGameState(run).combat?.enemies.map((enemy) => enemy.intents[0]?.damage);
      // Facing the Crusher (the first Back Attack enemy) by default: the Rocket is behind.
      expect(before).toEqual([12, Math.floor(3 * 1.5)]);
      combat.playCard(inHand(run, 'STRIKE_IRONCLAD'), 1);
      const after = toGameState(run).combat?.enemies.map((enemy) => enemy.intents[0]?.damage);
      expect(after).toEqual([Math.floor(12 * 1.5), 3]);
    });
  });

  it('Doormaker: the Door opens on its first turn into the 489-HP Doormaker in its Hunger phase', () => {
    const { run, combat } = fight({ monsters: ['DOORMAKER'], deck: ['DEFEND_IRONCLAD'] });
    withRuleset('sts2', () => {
      const door = run.combat?.monsters[0];
      expect(door?.hp).toBe(UNHITTABLE_HP);
      expect(door?.move.id).toBe('DRAMATIC_OPEN_MOVE');
      combat.endTurn();
      expect(door?.name).toBe('Doormaker');
      expect(door?.hp).toBe(489);
      expect(door?.powers).toEqual({ HUNGER: 1 });
      expect(door?.move.id).toBe('HUNGER_MOVE');
      // While Hungry, a played Skill is exhausted.
      combat.playCard(0, -1);
      expect(run.combat?.exhaustPile.map((card) => card.id)).toContain('DEFEND_IRONCLAD');
    });
  });

  it('Waterfall Giant: killed, it is About to Blow, then explodes for its Steam Eruption and leaves', () => {
    const { run, combat } = fight({ monsters: ['WATERFALL_GIANT'], deck: ['DEFEND_IRONCLAD'] });
    withRuleset('sts2', () => {
      const giant = run.combat?.monsters[0];
      if (giant === undefined) throw new Error('no giant');
      giant.powers.STEAM_ERUPTION = 30;
      combat.reduceMonsterHp(giant, giant.hp, false);
      expect(giant.alive).toBe(true);
      expect(giant.hp).toBe(UNHITTABLE_HP);
      expect(giant.move.id).toBe('ABOUT_TO_BLOW_MOVE');
      expect(run.combat?.over).toBe(false);
      combat.endTurn();
      expect(giant.move.id).toBe('EXPLODE_MOVE');
      expect(giant.move.baseDamage).toBe(30);
      const hp = run.hp;
      run.combat = run.combat ?? null;
      combat.endTurn();
      expect(run.hp).toBeLessThan(hp);
      expect(run.combat?.over).toBe(true);
      expect(run.combat?.victory).toBe(true);
    });
  });

  it('Ceremonial Beast: Plow stuns it and takes its Strength the first time its HP falls to the Plow amount', () => {
    const { run, combat } = fight({ monsters: ['CEREMONIAL_BEAST'], deck: ['DEFEND_IRONCLAD'] });
    withRuleset('sts2', () => {
      const beast = run.combat?.monsters[0];
      if (beast === undefined) throw new Error('no beast');
      expect(beast.move.id).toBe('STAMP_MOVE');
      combat.endTurn(); // Stamp: Plow 150
      expect(beast.powers.PLOW).toBe(150);
      combat.endTurn(); // Plow: 18 damage, +2 Strength
      expect(beast.powers.STRENGTH).toBe(2);
      expect(beast.move.id).toBe('PLOW_MOVE');
      combat.reduceMonsterHp(beast, beast.hp - 151, false);
      expect([beast.move.id, beast.powers.PLOW]).toEqual(['PLOW_MOVE', 150]);
      combat.reduceMonsterHp(beast, 1, false);
      expect(beast.move.id).toBe('STUN_MOVE');
      expect(beast.powers.PLOW).toBeUndefined();
      expect(beast.powers.STRENGTH).toBeUndefined();
      const hp = run.hp;
      combat.endTurn(); // stunned: no damage; then the second phase opens with Beast Cry
      expect(run.hp).toBe(hp);
      expect(beast.move.id).toBe('BEAST_CRY_MOVE');
      // Once only: falling further does not stun it again.
      combat.reduceMonsterHp(beast, 10, false);
      expect(beast.move.id).toBe('BEAST_CRY_MOVE');
    });
  });

  it('Terror Eel: Shriek stuns it once, the first time its HP falls to half', () => {
    const { run, combat } = fight({ monsters: ['TERROR_EEL'], deck: ['DEFEND_IRONCLAD'] });
    withRuleset('sts2', () => {
      const eel = run.combat?.monsters[0];
      if (eel === undefined) throw new Error('no eel');
      expect(eel.powers.SHRIEK).toBe(1);
      const before = eel.move.id;
      combat.reduceMonsterHp(eel, eel.hp - Math.floor(eel.maxHp / 2) - 1, false);
      expect(eel.move.id).toBe(before);
      combat.reduceMonsterHp(eel, 1, false);
      expect(eel.move.id).toBe('STUN_MOVE');
      expect(eel.powers.SHRIEK).toBeUndefined();
    });
  });

  it('Test Subject: dies twice and comes back at 200 then 300 HP, then dies for good', () => {
    const { run, combat } = fight({ monsters: ['TEST_SUBJECT'], deck: ['DEFEND_IRONCLAD'] });
    withRuleset('sts2', () => {
      const subject = run.combat?.monsters[0];
      if (subject === undefined) throw new Error('no subject');
      combat.reduceMonsterHp(subject, subject.hp, false);
      expect([subject.alive, subject.maxHp, subject.move.id]).toEqual([true, 200, 'RESPAWN_MOVE']);
      combat.reduceMonsterHp(subject, subject.hp, false);
      expect([subject.alive, subject.maxHp]).toEqual([true, 300]);
      expect(subject.powers.ADAPTABLE).toBeUndefined();
      combat.reduceMonsterHp(subject, subject.hp, false);
      expect(subject.alive).toBe(false);
      expect(run.combat?.victory).toBe(true);
    });
  });

  it('names every monster without the placeholders the game fills in (Test Subject #C{Count})', () => {
    withRuleset('sts2', () => {
      expect(getMonster('TEST_SUBJECT').name).toBe('Test Subject');
      for (const monster of allMonsters()) expect(monster.name, monster.id).not.toMatch(/[{}]/);
    });
  });

  it('says in its text which parts of a real card it does not simulate', () => {
    withRuleset('sts2', () => {
      expect(getCard('BASH').text).toBe('Deal !D! damage. Apply 2 Vulnerable.');
      expect(getCard('COMPILE_DRIVER').text).toMatch(/One more effect of the real card is not simulated/);
      expect(getCard('BLADE_DANCE').text).toContain('Add 3 Shiv into your Hand.');
    });
  });
});
