import { describe, expect, it } from 'vitest';
import { Combat } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { applyAction, createRun } from '../../engine/run.js';
import type { CharacterId, CombatCard, RunState } from '../../engine/run-state.js';
import { sts2TestFight, testCombatCard } from '../../test-support/sts2-test-fight.js';
import { getCard, withRuleset } from '../registry.js';
import { ALL_STS2_CARD_FACTS, isFullyModelledSts2Card } from './sts2-cards.js';

interface Piles {
  readonly hand?: readonly string[];
  readonly drawPile?: readonly string[];
  readonly discardPile?: readonly string[];
}

/**
 * A fight against `monsters` (one 300-HP Seapunk by default) with 500 HP and 9 energy: `piles` laid
 * out, then `played` last in the hand.
 */
function fight(
  played: string,
  upgraded: boolean,
  piles: Piles = {},
  options: { readonly character?: CharacterId; readonly deck?: readonly string[] } = {},
): { run: RunState; combat: Combat; card: CombatCard } {
  const { run, combat } = sts2TestFight(
    'colorless-card-rules',
    options.character ?? 'IRONCLAD',
    options.deck ?? ['DEFEND_IRONCLAD'],
    (prepared) => {
      prepared.run.maxHp = 500;
      prepared.run.hp = 500;
      const state = prepared.combat;
      for (const monster of state.monsters) monster.block = 0;
      state.player.block = 0;
      state.hand = (piles.hand ?? []).map((id) => testCombatCard(prepared.run, id));
      state.drawPile = (piles.drawPile ?? []).map((id) => testCombatCard(prepared.run, id));
      state.discardPile = (piles.discardPile ?? []).map((id) => testCombatCard(prepared.run, id));
    },
    ['SEAPUNK'],
  );
  const card = testCombatCard(run, played, upgraded);
  run.combat?.hand.push(card);
  return { run, combat, card };
}

const sts2 = <T>(action: () => T): T => withRuleset('sts2', action);
const hpLost = (run: RunState): number => 300 - (run.combat?.monsters[0]?.hp ?? 300);
const handIndex = (run: RunState, card: CombatCard): number => run.combat?.hand.indexOf(card) ?? -1;
const play = (run: RunState, combat: Combat, card: CombatCard): void =>
  sts2(() => combat.playCard(handIndex(run, card), 0));
const reason = (combat: Combat, card: CombatCard): string | null => sts2(() => combat.unplayableReason(card));
const factsOf = (id: string) => {
  const facts = ALL_STS2_CARD_FACTS.find((card) => card.id === id);
  if (facts === undefined) throw new Error(`no facts for ${id}`);
  return facts;
};

describe('StS2 colorless, event, curse and status cards', () => {
  it('every card of this file counts as fully modelled, Panic Button included', () => {
    for (const id of [
      'BEAT_DOWN',
      'CATASTROPHE',
      'HIDDEN_GEM',
      'INTERCEPT',
      'JACKPOT',
      'KNOCKDOWN',
      'PANIC_BUTTON',
      'TAG_TEAM',
      'THE_GAMBIT',
      'ENTHRALLED',
      'NORMALITY',
      'SWEEPING_GAZE',
      'METAMORPHOSIS',
      'REBOUND',
      'STACK',
      'TORIC_TOUGHNESS',
      'WHISTLE',
      'GUILTY',
      'BYRDONIS_EGG',
    ])
      expect([id, isFullyModelledSts2Card(factsOf(id))]).toEqual([id, true]);
  });

  it('Beat Down costs 3 and plays 3 (4 upgraded) random Attacks of the Discard Pile, never its Skills', () => {
    for (const [upgraded, strikes] of [
      [false, 3],
      [true, 4],
    ] as const) {
      const discardPile = ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD'];
      const { run, combat, card } = fight('BEAT_DOWN', upgraded, {
        discardPile: [...discardPile, 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD'],
      });
      expect(sts2(() => getCard('BEAT_DOWN').text)).not.toMatch(/Unplayable/);
      play(run, combat, card);
      expect(hpLost(run)).toBe(6 * strikes);
      expect(run.combat?.player.energy).toBe(6);
      expect(run.combat?.player.block).toBe(0);
      // The played Strikes and Beat Down end in the Discard Pile again.
      expect(run.combat?.discardPile).toHaveLength(7);
    }
  });

  it('Catastrophe plays 2 (3 upgraded) random cards of the Draw Pile, leaving unplayable ones', () => {
    const { run, combat, card } = fight('CATASTROPHE', false, {
      drawPile: ['STRIKE_IRONCLAD', 'WOUND', 'STRIKE_IRONCLAD'],
    });
    play(run, combat, card);
    expect(hpLost(run)).toBe(12);
    expect(run.combat?.drawPile.map((each) => each.id)).toEqual(['WOUND']);
    const upgraded = fight('CATASTROPHE', true, {
      drawPile: ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD'],
    });
    play(upgraded.run, upgraded.combat, upgraded.card);
    expect(hpLost(upgraded.run)).toBe(18);
    expect(upgraded.run.combat?.drawPile).toHaveLength(1);
  });

  it('Hidden Gem gives a playable Draw Pile card Replay 2 (3 upgraded): it is then played that many extra times', () => {
    for (const [upgraded, plays] of [
      [false, 3],
      [true, 4],
    ] as const) {
      const { run, combat, card } = fight('HIDDEN_GEM', upgraded, { drawPile: ['WOUND', 'STRIKE_IRONCLAD'] });
      play(run, combat, card);
      const strike = run.combat?.drawPile.find((each) => each.id === 'STRIKE_IRONCLAD');
      if (strike === undefined) throw new Error('no Strike');
      run.combat?.drawPile.splice(run.combat.drawPile.indexOf(strike), 1);
      run.combat?.hand.push(strike);
      play(run, combat, strike);
      expect(hpLost(run)).toBe(6 * plays);
    }
  });

  it('Jackpot deals 25 (30) and adds 3 random 0-cost cards of the character, upgraded when it is', () => {
    for (const [upgraded, damage] of [
      [false, 25],
      [true, 30],
    ] as const) {
      const { run, combat, card } = fight('JACKPOT', upgraded);
      play(run, combat, card);
      expect(hpLost(run)).toBe(damage);
      const added = run.combat?.hand ?? [];
      expect(added).toHaveLength(3);
      for (const each of added) {
        const facts = factsOf(each.id);
        expect([each.id, facts.character, facts.cost, each.upgraded]).toEqual([
          each.id,
          'Ironclad',
          0,
          upgraded,
        ]);
      }
    }
  });

  it('Panic Button gives 30 Block, then cards give no Block for the rest of this turn and the next', () => {
    const deck = Array.from({ length: 10 }, () => 'DEFEND_IRONCLAD');
    const { run, combat, card } = fight('PANIC_BUTTON', false, { hand: ['DEFEND_IRONCLAD'] }, { deck });
    play(run, combat, card);
    expect(run.combat?.player.block).toBe(30);
    sts2(() => combat.playCard(0, 0));
    expect(run.combat?.player.block).toBe(30);
    const defendNow = (): number => {
      const before = run.combat?.player.block ?? 0;
      sts2(() => combat.playCard(0, 0));
      return (run.combat?.player.block ?? 0) - before;
    };
    sts2(() => combat.endTurn());
    expect(defendNow()).toBe(0);
    sts2(() => combat.endTurn());
    expect(defendNow()).toBe(5);
  });

  it('The Gambit gives 50 (75) Block Dexterity does not change; unblocked attack damage then kills', () => {
    const { run, combat, card } = fight('THE_GAMBIT', false);
    if (run.combat !== null) run.combat.player.powers.DEXTERITY = 3;
    play(run, combat, card);
    expect(run.combat?.player.block).toBe(50);
    const monster = run.combat?.monsters[0];
    if (monster === undefined) throw new Error('no monster');
    sts2(() => combat.damagePlayer(40, monster));
    expect(run.hp).toBe(500);
    // Damage that is not an attack does not count.
    sts2(() => combat.damagePlayer(20, null));
    expect(run.hp).toBe(490);
    sts2(() => combat.damagePlayer(1, monster));
    expect(run.hp).toBe(0);
    expect(run.combat?.over).toBe(true);
    const upgraded = fight('THE_GAMBIT', true);
    play(upgraded.run, upgraded.combat, upgraded.card);
    expect(upgraded.run.combat?.player.block).toBe(75);
    // It is still Block from a card: Panic Button's No Block stops it.
    const blocked = fight('THE_GAMBIT', false);
    if (blocked.run.combat !== null) blocked.run.combat.player.powers.NO_BLOCK = 1;
    play(blocked.run, blocked.combat, blocked.card);
    expect(blocked.run.combat?.player.block).toBe(0);
  });

  it('Intercept, Knockdown and Tag Team do their own part and say the rest is for other players', () => {
    const intercept = fight('INTERCEPT', false);
    play(intercept.run, intercept.combat, intercept.card);
    expect(intercept.run.combat?.player.block).toBe(9);
    const knockdown = fight('KNOCKDOWN', true);
    play(knockdown.run, knockdown.combat, knockdown.card);
    expect(hpLost(knockdown.run)).toBe(14);
    expect(knockdown.run.combat?.monsters[0]?.powers.KNOCKDOWN).toBe(3);
    const tagTeam = fight('TAG_TEAM', false);
    play(tagTeam.run, tagTeam.combat, tagTeam.card);
    expect(hpLost(tagTeam.run)).toBe(11);
    expect(tagTeam.run.combat?.monsters[0]?.powers.TAG_TEAM).toBe(1);
    for (const id of ['INTERCEPT', 'KNOCKDOWN', 'TAG_TEAM'])
      expect(sts2(() => getCard(id).text)).toMatch(/Multiplayer only/);
  });

  it('Enthralled in the hand must be played (for 2) before any other card', () => {
    const { run, combat, card } = fight('ENTHRALLED', false, { hand: ['STRIKE_IRONCLAD'] });
    const strike = run.combat?.hand[0];
    if (strike === undefined) throw new Error('no Strike');
    expect(reason(combat, strike)).toMatch(/Enthralled/);
    expect(reason(combat, card)).toBeNull();
    play(run, combat, card);
    expect(run.combat?.player.energy).toBe(7);
    expect(reason(combat, strike)).toBeNull();
  });

  it('Normality in the hand stops the 4th card of the turn', () => {
    const { run, combat } = fight('NORMALITY', false, {
      hand: ['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD'],
    });
    for (let played = 0; played < 3; played++) sts2(() => combat.playCard(0, 0));
    const last = run.combat?.hand[0];
    if (last === undefined || last.id !== 'STRIKE_IRONCLAD') throw new Error('no Strike left');
    expect(reason(combat, last)).toMatch(/Normality/);
    run.combat?.hand.splice(1, 1);
    expect(reason(combat, last)).toBeNull();
  });

  it('Sweeping Gaze makes a living Osty deal 10 (15) to a random enemy; without Osty it cannot be played', () => {
    for (const [upgraded, damage] of [
      [false, 10],
      [true, 15],
    ] as const) {
      const { run, combat, card } = fight('SWEEPING_GAZE', upgraded, {}, { character: 'NECROBINDER' });
      if (run.combat !== null) run.combat.summon = { id: 'OSTY', name: 'Osty', hp: 5, maxHp: 5 };
      play(run, combat, card);
      expect(hpLost(run)).toBe(damage);
    }
    const dead = fight('SWEEPING_GAZE', false, {}, { character: 'NECROBINDER' });
    if (dead.run.combat !== null) dead.run.combat.summon = null;
    expect(reason(dead.combat, dead.card)).toMatch(/Osty/);
  });

  it('Metamorphosis shuffles 3 (5) random Attacks of the character into the Draw Pile, free this combat', () => {
    for (const [upgraded, count] of [
      [false, 3],
      [true, 5],
    ] as const) {
      const { run, combat, card } = fight('METAMORPHOSIS', upgraded);
      play(run, combat, card);
      const added = run.combat?.drawPile ?? [];
      expect(added).toHaveLength(count);
      for (const each of added) {
        expect([factsOf(each.id).type, factsOf(each.id).character, each.combatCost]).toEqual([
          'Attack',
          'Ironclad',
          0,
        ]);
      }
    }
  });

  it('Rebound deals 9 and puts the next card played this turn on top of the Draw Pile, only that one', () => {
    const { run, combat, card } = fight('REBOUND', false, {
      hand: ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD'],
      drawPile: ['WOUND'],
    });
    play(run, combat, card);
    expect(hpLost(run)).toBe(9);
    expect(run.combat?.discardPile.map((each) => each.id)).toEqual(['REBOUND']);
    sts2(() => combat.playCard(0, 0));
    expect(run.combat?.drawPile.map((each) => each.id)).toEqual(['WOUND', 'STRIKE_IRONCLAD']);
    sts2(() => combat.playCard(0, 0));
    expect(run.combat?.discardPile.map((each) => each.id)).toEqual(['REBOUND', 'DEFEND_IRONCLAD']);
    expect(run.combat?.player.powers.REBOUND).toBeUndefined();
  });

  it('Stack gives Block equal to the Discard Pile (plus 3 upgraded)', () => {
    const discardPile = ['WOUND', 'WOUND', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD'];
    const base = fight('STACK', false, { discardPile });
    play(base.run, base.combat, base.card);
    expect(base.run.combat?.player.block).toBe(4);
    const upgraded = fight('STACK', true, { discardPile });
    play(upgraded.run, upgraded.combat, upgraded.card);
    expect(upgraded.run.combat?.player.block).toBe(7);
  });

  it('Toric Toughness gives 5 Block now and 5 at the start of each of the next 2 turns', () => {
    const { run, combat, card } = fight('TORIC_TOUGHNESS', false, {}, { deck: ['WOUND'] });
    play(run, combat, card);
    expect(run.combat?.player.block).toBe(5);
    const blocks: number[] = [];
    for (let turn = 0; turn < 3; turn++) {
      sts2(() => combat.endTurn());
      blocks.push(run.combat?.player.block ?? -1);
    }
    expect(blocks).toEqual([5, 5, 0]);
    expect(run.combat?.player.powers.TORIC_TOUGHNESS).toBeUndefined();
  });

  it('Whistle deals 33 and stuns: the enemy skips its move, then makes it the turn after', () => {
    const { run, combat, card } = fight('WHISTLE', false, {}, { deck: ['WOUND'] });
    const monster = run.combat?.monsters[0];
    if (monster === undefined) throw new Error('no monster');
    const planned = monster.move.id;
    expect(monster.move.baseDamage).toBeGreaterThan(0);
    play(run, combat, card);
    expect(hpLost(run)).toBe(33);
    expect(monster.move.intent).toBe('Stun');
    sts2(() => combat.endTurn());
    expect(run.hp).toBe(500);
    expect(monster.move.id).toBe(planned);
    sts2(() => combat.endTurn());
    expect(run.hp).toBeLessThan(500);
  });

  it('Guilty leaves the deck after its 5th won combat', () => {
    const { run, combat } = fight('STRIKE_IRONCLAD', false, {}, { deck: ['GUILTY', 'STRIKE_IRONCLAD'] });
    const win = (current: Combat): void =>
      sts2(() => {
        for (const monster of current.combat.monsters) {
          monster.hp = 0;
          monster.alive = false;
        }
        current.checkCombatOver();
      });
    win(combat);
    for (let fought = 2; fought <= 5; fought++) {
      expect(run.deck.map((card) => card.id)).toContain('GUILTY');
      win(sts2(() => Combat.start(run, 'TEST', ['SEAPUNK'], 'monster')));
    }
    expect(run.deck.map((card) => card.id)).toEqual(['STRIKE_IRONCLAD']);
  });

  it('Byrdonis Egg adds Hatch to rest sites: the Egg hatches into Byrdpip and Byrd Swoop', () => {
    const run = createRun({ seed: 'byrdonis-egg', character: 'IRONCLAD', ruleset: 'sts2' });
    run.relics = [];
    run.deck.push({ uid: run.counters.nextUid++, id: 'BYRDONIS_EGG', upgraded: false });
    run.map.nodes = [{ row: 0, column: 0, type: 'rest', children: [] }];
    run.position = null;
    run.screen = 'MAP';
    const act = (action: Parameters<typeof applyAction>[1]): void => {
      const result = applyAction(run, action);
      expect(result.ok, JSON.stringify(result)).toBe(true);
    };
    act({ action: 'choose_map_node', option_index: 0 });
    const hatch = toGameState(run).rest?.options.find((option) => option.option_id === 'HATCH');
    expect(hatch?.is_enabled).toBe(true);
    act({ action: 'choose_rest_option', option_index: hatch?.index ?? -1 });
    expect(run.relics.map((relic) => relic.id)).toEqual(['BYRDPIP']);
    const ids = run.deck.map((card) => card.id);
    expect(ids).not.toContain('BYRDONIS_EGG');
    expect(ids).toContain('BYRD_SWOOP');
    expect(run.restDone).toBe(true);
  });
});
