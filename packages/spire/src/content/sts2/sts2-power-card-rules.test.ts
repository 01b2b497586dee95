import { describe, expect, it } from 'vitest';
import type { Combat } from '../../engine/combat.js';
import type { CharacterId, CombatCard, RunState } from '../../engine/run-state.js';
import { sts2TestFight } from '../../test-support/sts2-test-fight.js';
import { contentSet, withRuleset } from '../registry.js';

function fight(character: CharacterId, deck: readonly string[]): { run: RunState; combat: Combat } {
  return sts2TestFight('power-card-rules', character, deck, (combat) => {
    // Enemies that neither attack nor block, so turns can pass without changing the numbers checked.
    for (const monster of combat.combat.monsters)
      monster.move = { ...monster.move, baseDamage: null, hits: 0 };
  });
}

let nextUid = 8000;
function card(id: string): CombatCard {
  return {
    uid: nextUid++,
    id,
    upgraded: false,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  };
}

/** Takes the first option of the open choice `times` times, then confirms the choice if still open. */
function chooseFirst(combat: Combat, times = 1): void {
  withRuleset('sts2', () => {
    for (let time = 0; time < times; time++) combat.choose(0);
    if (combat.combat.selection !== null) combat.resolveSelection();
  });
}

/** Plays a fresh copy of `id` from the hand against enemy `target`. */
function playFresh(combat: Combat, id: string, target = 0): void {
  withRuleset('sts2', () => {
    combat.combat.hand.push(card(id));
    combat.playCard(combat.combat.hand.length - 1, target);
  });
}

describe('StS2 power cards read by the engine (numbers from the export)', () => {
  it('Fasten adds 5 Block to Defend cards only', () => {
    const { combat } = fight('IRONCLAD', ['DEFEND_IRONCLAD']);
    playFresh(combat, 'FASTEN');
    combat.combat.player.block = 0;
    playFresh(combat, 'DEFEND_IRONCLAD');
    expect(combat.combat.player.block).toBe(5 + 5);
    combat.combat.player.block = 0;
    playFresh(combat, 'TRUE_GRIT');
    expect(combat.combat.player.block).toBeLessThan(10);
  });

  it('Orbit gives 1 Energy back for every 4 Energy spent on cards after it', () => {
    const { combat } = fight('REGENT', ['DEFEND_REGENT']);
    playFresh(combat, 'ORBIT');
    const state = combat.combat;
    state.player.energy = 9;
    for (let play = 0; play < 3; play++) playFresh(combat, 'DEFEND_REGENT');
    expect(state.player.energy).toBe(9 - 3);
    playFresh(combat, 'DEFEND_REGENT');
    expect(state.player.energy).toBe(9 - 4 + 1);
  });

  it('Pillar of Creation gains 3 Block and Arsenal 1 Strength for each card created', () => {
    const { combat } = fight('REGENT', ['DEFEND_REGENT']);
    playFresh(combat, 'PILLAR_OF_CREATION');
    playFresh(combat, 'ARSENAL');
    const state = combat.combat;
    state.player.block = 0;
    withRuleset('sts2', () => {
      combat.addCard('SHIV', 'hand');
      combat.addCard('SHIV', 'draw');
    });
    expect(state.player.block).toBe(2 * 3);
    expect(state.player.powers.STRENGTH).toBe(2);
  });

  it('Oblivion gives the enemy 3 Doom for each card played this turn, and ends with the turn', () => {
    const { combat } = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    playFresh(combat, 'OBLIVION', 1);
    const enemy = combat.combat.monsters[1];
    expect(enemy?.powers.DOOM).toBe(3);
    playFresh(combat, 'DEFEND_NECROBINDER');
    playFresh(combat, 'DEFEND_NECROBINDER');
    expect(enemy?.powers.DOOM).toBe(3 * 3);
    expect(combat.combat.monsters[0]?.powers.DOOM ?? 0).toBe(0);
    withRuleset('sts2', () => combat.endTurn());
    const doom = enemy?.powers.DOOM ?? 0;
    playFresh(combat, 'DEFEND_NECROBINDER');
    expect(enemy?.powers.DOOM ?? 0).toBe(doom);
  });

  it('Tyranny draws 1 more card at the start of the turn and Exhausts the chosen one', () => {
    const { combat } = fight(
      'IRONCLAD',
      Array.from({ length: 12 }, () => 'DEFEND_IRONCLAD'),
    );
    playFresh(combat, 'TYRANNY');
    const state = combat.combat;
    withRuleset('sts2', () => combat.endTurn());
    expect(state.selection?.prompt).toBe('Choose a card to Exhaust.');
    expect(state.hand).toHaveLength(6);
    const exhausted = state.exhaustPile.length;
    withRuleset('sts2', () => combat.choose(0));
    expect(state.hand).toHaveLength(5);
    expect(state.exhaustPile).toHaveLength(exhausted + 1);
  });

  it('Lethality makes the first Attack of the turn deal 50% more, and only the first', () => {
    const { combat } = fight('NECROBINDER', ['DEFEND_NECROBINDER']);
    playFresh(combat, 'LETHALITY');
    const enemy = combat.combat.monsters[0];
    if (enemy === undefined) throw new Error('no enemy');
    enemy.block = 0;
    playFresh(combat, 'STRIKE_NECROBINDER');
    expect(300 - enemy.hp).toBe(9); // 6 x 1.5
    playFresh(combat, 'STRIKE_NECROBINDER');
    expect(300 - enemy.hp).toBe(9 + 6);
  });

  it('Nostalgia puts the first Attack or Skill of each turn on top of the Draw Pile', () => {
    const { combat } = fight(
      'IRONCLAD',
      Array.from({ length: 8 }, () => 'DEFEND_IRONCLAD'),
    );
    playFresh(combat, 'NOSTALGIA');
    const state = combat.combat;
    playFresh(combat, 'STRIKE_IRONCLAD');
    expect(state.drawPile[state.drawPile.length - 1]?.id).toBe('STRIKE_IRONCLAD');
    playFresh(combat, 'TRUE_GRIT');
    expect(state.drawPile.some((card) => card.id === 'TRUE_GRIT')).toBe(false);
  });

  it('Foregone Conclusion puts 2 chosen Draw Pile cards into the next hand', () => {
    const { combat } = fight(
      'REGENT',
      Array.from({ length: 14 }, () => 'DEFEND_REGENT'),
    );
    playFresh(combat, 'FOREGONE_CONCLUSION');
    const state = combat.combat;
    withRuleset('sts2', () => combat.endTurn());
    expect(state.selection?.source).toBe('draw');
    const draw = state.drawPile.length;
    chooseFirst(combat, 2);
    expect(state.hand).toHaveLength(5 + 2);
    expect(state.drawPile).toHaveLength(draw - 2);
    expect(state.player.powers.FOREGONE_CONCLUSION ?? 0).toBe(0);
  });

  it('Stratagem lets the player put a chosen Draw Pile card into the hand after each shuffle', () => {
    // 5 cards: the whole deck is in hand, so the next draw shuffles the discard pile back.
    const { combat } = fight('SILENT', [
      'DEFEND_SILENT',
      'DEFEND_SILENT',
      'STRIKE_SILENT',
      'NEUTRALIZE',
      'SURVIVOR',
    ]);
    playFresh(combat, 'STRATAGEM');
    const state = combat.combat;
    expect(state.player.powers.STRATAGEM).toBe(1);
    state.discardPile.push(...state.hand.splice(0), card('BACKFLIP'), card('BACKFLIP'));
    expect(state.drawPile).toHaveLength(0);
    withRuleset('sts2', () => combat.draw(1));
    // 7 cards shuffled, 1 drawn; the choice is over the 6 left.
    expect(state.hand).toHaveLength(1);
    expect(state.selection?.source).toBe('draw');
    expect(state.selection?.options).toHaveLength(6);
    const chosen = state.drawPile.find((entry) => entry.uid === state.selection?.options[0]);
    chooseFirst(combat);
    expect(state.hand).toHaveLength(2);
    expect(state.hand).toContain(chosen);
    expect(state.drawPile).toHaveLength(5);
    // Without the power a shuffle opens no choice.
    const plain = fight('SILENT', ['DEFEND_SILENT']).combat;
    plain.combat.discardPile.push(...plain.combat.hand.splice(0), card('BACKFLIP'));
    withRuleset('sts2', () => plain.draw(1));
    expect(plain.combat.selection).toBeNull();
  });

  it('Entropy Transforms a chosen card of the hand into another card of its pool at the start of the turn', () => {
    const { combat } = fight(
      'IRONCLAD',
      Array.from({ length: 14 }, () => 'DEFEND_IRONCLAD'),
    );
    playFresh(combat, 'ENTROPY');
    const state = combat.combat;
    withRuleset('sts2', () => combat.endTurn());
    expect(state.selection?.prompt).toBe('Choose cards to Transform.');
    expect(state.selection?.source).toBe('hand');
    const uid = state.selection?.options[0];
    chooseFirst(combat);
    const transformed = state.hand.find((entry) => entry.uid === uid);
    expect(transformed).toBeDefined();
    expect(transformed?.id).not.toBe('DEFEND_IRONCLAD');
    // A card of the Ironclad's reward pools, and the other four Defends stay.
    const pools = withRuleset('sts2', () =>
      (['Common', 'Uncommon', 'Rare'] as const).flatMap((rarity) =>
        contentSet('sts2').cardPool('IRONCLAD', rarity),
      ),
    );
    expect(pools).toContain(transformed?.id);
    expect(state.hand.filter((entry) => entry.id === 'DEFEND_IRONCLAD')).toHaveLength(4);
    // The deck keeps its Defends.
    expect(combat.run.deck.every((entry) => entry.id === 'DEFEND_IRONCLAD')).toBe(true);
  });
});

describe('Blade of Ink', () => {
  it('adds 2 Inky Shivs that deal 2 more damage and apply 1 Weak to their target', () => {
    const { combat } = fight('SILENT', ['DEFEND_SILENT']);
    const state = combat.combat;
    state.hand = [];
    playFresh(combat, 'BLADE_OF_INK');
    expect(state.hand.map((entry) => [entry.id, entry.enchantment?.id])).toEqual([
      ['SHIV', 'INKY'],
      ['SHIV', 'INKY'],
    ]);
    const enemy = state.monsters[1];
    if (enemy === undefined) throw new Error('no enemy');
    enemy.block = 0;
    withRuleset('sts2', () => combat.playCard(0, 1));
    expect(300 - enemy.hp).toBe(4 + 2);
    expect(enemy.powers.WEAK).toBe(1);
    expect(state.monsters[0]?.powers.WEAK ?? 0).toBe(0);
  });
});
