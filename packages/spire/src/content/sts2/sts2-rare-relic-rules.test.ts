import { describe, expect, it } from 'vitest';
import type { EngineAction } from '../../engine/action.js';
import { Combat } from '../../engine/combat.js';
import { applyAction, createRun, legalActions } from '../../engine/run.js';
import type { CombatState, RunState } from '../../engine/run-state.js';
import { cardPool, colorlessPool, getCard, getRelic, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { STS2_RARE_RELIC_RULES } from './sts2-rare-relic-rules.js';
import { isFullyModelledSts2Relic } from './sts2-relics.js';

const sts2 = <T>(body: () => T): T => withRuleset('sts2', body);

/** An StS2 Ironclad run in a fight against a Seapunk (or `monsters`) with these relics and deck. */
function fight(options: {
  readonly relics: readonly string[];
  readonly deck: readonly string[];
  readonly monsters?: readonly string[];
  readonly kind?: CombatState['kind'];
  readonly potions?: readonly (string | null)[];
  readonly seed?: string;
}): { run: RunState; combat: Combat } {
  const run = createRun({ seed: options.seed ?? 'rare-relics', character: 'IRONCLAD', ruleset: 'sts2' });
  return sts2(() => {
    run.deck = options.deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
    run.relics = options.relics.map((id) => ({ id, counter: -1, used: false }));
    run.potions = [...(options.potions ?? [null, null, null])];
    run.screen = 'COMBAT';
    run.room = options.kind === 'elite' ? 'elite' : 'monster';
    const combat = Combat.start(run, 'TEST', options.monsters ?? ['SEAPUNK'], options.kind ?? 'monster');
    // A monster that outlives every test: only the damage dealt to it is asserted.
    for (const monster of combat.combat.monsters) {
      monster.hp = 900;
      monster.maxHp = 900;
    }
    return { run, combat };
  });
}

function combatOf(run: RunState): CombatState {
  if (run.combat === null) throw new Error('no combat');
  return run.combat;
}

function act(run: RunState, action: EngineAction): void {
  const result = applyAction(run, action);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** Plays the first card with this id in hand (at the first monster when it targets one). */
function play(run: RunState, id: string): void {
  const index = combatOf(run).hand.findIndex((card) => card.id === id);
  expect(index, `${id} in hand`).toBeGreaterThanOrEqual(0);
  const action = legalActions(run).find(
    (legal) => legal.action === 'play_card' && legal.card_index === index,
  );
  expect(action, `${id} playable`).toBeDefined();
  act(run, action as EngineAction);
}

const endTurn = (run: RunState) => act(run, { action: 'end_turn' });

/** A turn ended after `turns` player turns (the player gets high HP so no fight is lost). */
function endTurns(run: RunState, turns: number): void {
  for (let turn = 0; turn < turns; turn++) endTurn(run);
}

function durable(run: RunState): void {
  run.maxHp = 999;
  run.hp = 999;
}

const strikes = (count: number) => Array.from({ length: count }, () => 'STRIKE_IRONCLAD');
const defends = (count: number) => Array.from({ length: count }, () => 'DEFEND_IRONCLAD');

describe('StS2 Rare relics', () => {
  it.each([
    ['KUNAI', 'DEXTERITY'],
    ['SHURIKEN', 'STRENGTH'],
  ])('%s: every third Attack of a turn gives %s', (relic, power) => {
    const { run } = fight({ relics: [relic], deck: strikes(5) });
    play(run, 'STRIKE_IRONCLAD');
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).player.powers[power]).toBeUndefined();
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).player.powers[power]).toBe(1);
  });

  it('Mummified Hand: a Power makes one card in hand that costs Energy free this turn', () => {
    const { run, combat } = fight({ relics: ['MUMMIFIED_HAND'], deck: strikes(5) });
    sts2(() => combat.addCard('INFLAME', 'hand'));
    play(run, 'INFLAME');
    const free = combatOf(run).hand.filter((card) => sts2(() => combat.costOf(card)) === 0);
    expect(free).toHaveLength(1);
    endTurn(run);
    expect(combatOf(run).hand.every((card) => sts2(() => combat.costOf(card)) === 1)).toBe(true);
  });

  it('Art of War: a turn without Attacks gives 1 more Energy next turn; a turn with one does not', () => {
    const { run } = fight({ relics: ['ART_OF_WAR'], deck: [...defends(5), ...strikes(5)], seed: 'aow' });
    durable(run);
    expect(combatOf(run).player.energy).toBe(3);
    endTurn(run);
    expect(combatOf(run).player.energy).toBe(4);
    const attack = combatOf(run).hand.find((card) => card.id === 'STRIKE_IRONCLAD');
    if (attack === undefined) sts2(() => new Combat(run).addCard('STRIKE_IRONCLAD', 'hand'));
    play(run, 'STRIKE_IRONCLAD');
    endTurn(run);
    expect(combatOf(run).player.energy).toBe(3);
  });

  it('Chandelier and Captain’s Wheel act at the start of the third turn only', () => {
    const { run } = fight({ relics: ['CHANDELIER', 'CAPTAINS_WHEEL'], deck: defends(10) });
    durable(run);
    endTurn(run);
    expect(combatOf(run).player.energy).toBe(3);
    expect(combatOf(run).player.block).toBe(0);
    endTurn(run);
    expect(combatOf(run).turn).toBe(3);
    expect(combatOf(run).player.energy).toBe(6);
    expect(combatOf(run).player.block).toBe(18);
    endTurn(run);
    expect(combatOf(run).player.energy).toBe(3);
  });

  it('Gambling Chip: the first hand opens a discard choice; the cards chosen are replaced by draws', () => {
    const { run } = fight({ relics: ['GAMBLING_CHIP'], deck: [...defends(5), ...strikes(5)] });
    const selection = combatOf(run).selection;
    expect(selection?.relic).toBe('GAMBLING_CHIP');
    expect(selection?.minimum).toBe(0);
    expect(selection?.count).toBe(5);
    const chosen = [combatOf(run).hand[0]?.uid, combatOf(run).hand[1]?.uid];
    act(run, { action: 'select_deck_card', option_index: 0 });
    act(run, { action: 'select_deck_card', option_index: 0 });
    act(run, { action: 'confirm_selection' });
    expect(combatOf(run).selection).toBeNull();
    expect(combatOf(run).discardPile.map((card) => card.uid)).toEqual(chosen);
    expect(combatOf(run).hand).toHaveLength(5);
    expect(combatOf(run).drawPile).toHaveLength(3);
    // Only the first turn of a combat asks.
    durable(run);
    endTurn(run);
    expect(combatOf(run).selection).toBeNull();
  });

  it('Vexing Puzzlebox: a random card of the character joins the first hand, free this turn', () => {
    const { run, combat } = fight({ relics: ['VEXING_PUZZLEBOX'], deck: defends(5) });
    const hand = combatOf(run).hand;
    expect(hand).toHaveLength(6);
    const added = hand.find((card) => card.id !== 'DEFEND_IRONCLAD');
    expect(added).toBeDefined();
    const pool = sts2(() =>
      ['Common', 'Uncommon', 'Rare'].flatMap((rarity) => cardPool('IRONCLAD', rarity as 'Rare')),
    );
    expect(pool).toContain(added?.id);
    expect(sts2(() => combat.costOf(added as never))).toBe(0);
  });

  it('Meat on the Bone heals at the end of a won combat only at or below the HP threshold', () => {
    for (const [hp, after] of [
      [40, 52],
      [41, 41],
    ] as const) {
      const { run } = fight({ relics: ['MEAT_ON_THE_BONE'], deck: strikes(5) });
      run.maxHp = 80;
      run.hp = hp;
      const state = combatOf(run);
      const monster = state.monsters[0];
      if (monster !== undefined) monster.hp = 1;
      play(run, 'STRIKE_IRONCLAD');
      expect(state.victory).toBe(true);
      expect(run.hp).toBe(after);
    }
  });

  it('Lizard Tail (the engine’s rule): once per run, a deadly loss heals to half the Max HP', () => {
    const { run, combat } = fight({ relics: ['LIZARD_TAIL'], deck: strikes(5) });
    run.maxHp = 80;
    run.hp = 5;
    sts2(() => combat.loseHp(10));
    expect(run.hp).toBe(40);
    expect(run.relics[0]?.used).toBe(true);
    sts2(() => combat.loseHp(50));
    expect(combatOf(run).over).toBe(true);
    expect(run.hp).toBe(0);
  });

  it('Game Piece: playing a Power draws a card', () => {
    const { run, combat } = fight({ relics: ['GAME_PIECE'], deck: defends(10) });
    sts2(() => combat.addCard('INFLAME', 'hand'));
    play(run, 'INFLAME');
    expect(combatOf(run).hand).toHaveLength(6);
  });

  it('Pocketwatch: a turn of few cards played draws more next turn', () => {
    const { run } = fight({ relics: ['POCKETWATCH'], deck: defends(20) });
    durable(run);
    endTurn(run);
    expect(combatOf(run).hand).toHaveLength(8);
    for (let card = 0; card < 3; card++) play(run, 'DEFEND_IRONCLAD');
    combatOf(run).player.energy = 3;
    play(run, 'DEFEND_IRONCLAD');
    endTurn(run);
    expect(combatOf(run).hand).toHaveLength(5);
  });

  it('Rainbow Ring: an Attack, a Skill and a Power in one turn give Strength and Dexterity once', () => {
    const { run, combat } = fight({ relics: ['RAINBOW_RING'], deck: [...strikes(2), ...defends(3)] });
    sts2(() => combat.addCard('INFLAME', 'hand'));
    play(run, 'STRIKE_IRONCLAD');
    play(run, 'DEFEND_IRONCLAD');
    expect(combatOf(run).player.powers.DEXTERITY).toBeUndefined();
    play(run, 'INFLAME');
    expect(combatOf(run).player.powers.DEXTERITY).toBe(1);
    combatOf(run).player.energy = 3;
    sts2(() => combat.addCard('INFLAME', 'hand'));
    play(run, 'STRIKE_IRONCLAD');
    play(run, 'DEFEND_IRONCLAD');
    play(run, 'INFLAME');
    expect(combatOf(run).player.powers.DEXTERITY).toBe(1);
    durable(run);
    endTurn(run);
    sts2(() => combat.addCard('INFLAME', 'hand'));
    play(run, 'STRIKE_IRONCLAD');
    play(run, 'DEFEND_IRONCLAD');
    play(run, 'INFLAME');
    expect(combatOf(run).player.powers.DEXTERITY).toBe(2);
  });

  it('Stone Calendar deals its damage to all enemies at the end of the seventh turn', () => {
    const { run } = fight({ relics: ['STONE_CALENDAR'], deck: defends(10) });
    durable(run);
    endTurns(run, 6);
    const monster = combatOf(run).monsters[0];
    expect(monster?.hp).toBe(900);
    // Its Block from its last move would absorb part of the hit.
    if (monster !== undefined) monster.block = 0;
    endTurn(run);
    expect(monster?.hp).toBe(900 - 52);
    endTurn(run);
    expect(monster?.hp).toBe(900 - 52);
  });

  it('Sturdy Clamp keeps up to 10 Block at the start of a turn', () => {
    for (const [relics, kept] of [
      [['STURDY_CLAMP'], 10],
      [[], 0],
    ] as const) {
      const { run, combat } = fight({ relics, deck: defends(10) });
      sts2(() => combat.gainBlock(40, true));
      endTurn(run);
      expect(combatOf(run).player.block).toBe(kept);
    }
  });

  it('Tungsten Rod (the engine’s rule): every HP loss is 1 less', () => {
    const { run, combat } = fight({ relics: ['TUNGSTEN_ROD'], deck: strikes(5) });
    const hp = run.hp;
    sts2(() => combat.loseHp(5));
    expect(run.hp).toBe(hp - 4);
    sts2(() => combat.loseHp(1));
    expect(run.hp).toBe(hp - 4);
    const facts = STS2_RELIC_FACTS.find((relic) => relic.id === 'TUNGSTEN_ROD');
    expect(facts !== undefined && isFullyModelledSts2Relic(facts)).toBe(true);
    expect(sts2(() => getRelic('TUNGSTEN_ROD').text)).toBe('Whenever you would lose HP, lose 1 less.');
  });

  it('Unceasing Top: a card play that leaves the hand empty draws a card', () => {
    const { run } = fight({ relics: ['UNCEASING_TOP'], deck: strikes(10) });
    combatOf(run).discardPile.push(...combatOf(run).hand.splice(1));
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).hand).toHaveLength(1);
  });

  it('Ghost Seed makes the Basic Strikes and Defends Ethereal, created ones too', () => {
    const { run, combat } = fight({ relics: ['GHOST_SEED'], deck: [...strikes(5), ...defends(5), 'BASH'] });
    const state = combatOf(run);
    const cards = [...state.hand, ...state.drawPile];
    expect(cards.filter((card) => card.ethereal === true)).toHaveLength(10);
    expect(cards.find((card) => card.id === 'BASH')?.ethereal).toBeUndefined();
    sts2(() => combat.addCard('STRIKE_IRONCLAD', 'draw'));
    expect(state.drawPile.at(-1)?.ethereal).toBe(true);
    const inHand = state.hand.filter((card) => card.id !== 'BASH').length;
    durable(run);
    endTurn(run);
    expect(state.exhaustPile).toHaveLength(inHand);
  });

  it('Unceasing Top draws when a card choice exhausts the rest of the hand', () => {
    const handAfterPurity = (relics: readonly string[]): number => {
      const { run, combat } = fight({ relics, deck: strikes(10) });
      const state = combatOf(run);
      state.discardPile.push(...state.hand.splice(2));
      sts2(() => combat.addCard('PURITY', 'hand'));
      play(run, 'PURITY');
      act(run, { action: 'select_deck_card', option_index: 0 });
      act(run, { action: 'select_deck_card', option_index: 0 });
      if (state.selection !== null) act(run, { action: 'confirm_selection' });
      return state.hand.length;
    };
    expect(handAfterPurity([])).toBe(0);
    expect(handAfterPurity(['UNCEASING_TOP'])).toBe(1);
  });

  it('Unsettling Lamp doubles the debuffs of the first debuffing card of the combat only', () => {
    const { run, combat } = fight({ relics: ['UNSETTLING_LAMP'], deck: strikes(5) });
    combatOf(run).player.energy = 10;
    play(run, 'STRIKE_IRONCLAD');
    sts2(() => combat.addCard('BASH', 'hand'));
    play(run, 'BASH');
    const monster = combatOf(run).monsters[0];
    expect(monster?.powers.VULNERABLE).toBe(4);
    sts2(() => combat.addCard('BASH', 'hand'));
    play(run, 'BASH');
    expect(monster?.powers.VULNERABLE).toBe(6);
  });

  it('Bellows upgrades the first hand of the combat only', () => {
    const { run } = fight({ relics: ['BELLOWS'], deck: defends(10) });
    expect(combatOf(run).hand.every((card) => card.upgraded)).toBe(true);
    durable(run);
    endTurn(run);
    expect(combatOf(run).hand.some((card) => card.upgraded)).toBe(false);
  });

  it('Cloak Clasp: Block for each card in hand at the end of the turn', () => {
    const hpLost = (relics: readonly string[]) => {
      const { run, combat } = fight({ relics, deck: defends(10) });
      const monster = combatOf(run).monsters[0];
      if (monster !== undefined) sts2(() => combat.setMove(monster, 'SEA_KICK_MOVE'));
      const hp = run.hp;
      endTurn(run);
      return hp - run.hp;
    };
    expect(hpLost([]) - hpLost(['CLOAK_CLASP'])).toBe(5);
  });

  it('Ice Cream: unspent Energy carries over to the next turn', () => {
    const { run } = fight({ relics: ['ICE_CREAM'], deck: strikes(10) });
    play(run, 'STRIKE_IRONCLAD');
    endTurn(run);
    expect(combatOf(run).player.energy).toBe(5);
  });

  it('Intimidating Helmet: Block for a card that cost 2 or more Energy only', () => {
    const { run, combat } = fight({ relics: ['INTIMIDATING_HELMET'], deck: strikes(5) });
    sts2(() => combat.addCard('BASH', 'hand'));
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).player.block).toBe(0);
    play(run, 'BASH');
    expect(combatOf(run).player.block).toBe(4);
  });

  it('Beating Remnant caps the HP lost in one turn, and the cap starts again next turn', () => {
    const { run, combat } = fight({ relics: ['BEATING_REMNANT'], deck: defends(10) });
    run.maxHp = 200;
    run.hp = 200;
    sts2(() => {
      combat.loseHp(15);
      combat.loseHp(15);
    });
    expect(run.hp).toBe(180);
    const monster = combatOf(run).monsters[0];
    if (monster !== undefined) {
      sts2(() => combat.setMove(monster, 'SEA_KICK_MOVE'));
      monster.powers.STRENGTH = 100;
    }
    endTurn(run);
    expect(run.hp).toBe(160);
  });
});

describe('StS2 Shop relics', () => {
  it('Belt Buckle: Dexterity while no potion is held, gone with a potion, back once it is drunk', () => {
    const { run } = fight({ relics: ['BELT_BUCKLE'], deck: defends(10) });
    expect(combatOf(run).player.powers.DEXTERITY).toBe(2);
    const { run: holding } = fight({
      relics: ['BELT_BUCKLE'],
      deck: defends(10),
      potions: ['BLOCK_POTION', null],
    });
    expect(combatOf(holding).player.powers.DEXTERITY).toBeUndefined();
    act(holding, { action: 'use_potion', option_index: 0 });
    expect(combatOf(holding).player.powers.DEXTERITY).toBe(2);
  });

  it('Bread: 2 less Energy on the first turn, 1 more on every other', () => {
    const { run } = fight({ relics: ['BREAD'], deck: defends(10) });
    expect(combatOf(run).player.energy).toBe(1);
    durable(run);
    endTurn(run);
    expect(combatOf(run).player.energy).toBe(4);
  });

  it('Burning Sticks: the first Skill exhausted in a combat comes back into the hand', () => {
    const { run, combat } = fight({ relics: ['BURNING_STICKS'], deck: defends(10) });
    const first = combatOf(run).hand[0];
    sts2(() => combat.exhaustCard(first as never));
    expect(combatOf(run).hand).toHaveLength(5);
    expect(combatOf(run).hand.filter((card) => card.id === 'DEFEND_IRONCLAD')).toHaveLength(5);
    const second = combatOf(run).hand[0];
    sts2(() => combat.exhaustCard(second as never));
    expect(combatOf(run).hand).toHaveLength(4);
  });

  it('Ringing Triangle keeps the hand at the end of the first turn only', () => {
    const { run } = fight({ relics: ['RINGING_TRIANGLE'], deck: defends(20) });
    durable(run);
    endTurn(run);
    expect(combatOf(run).hand).toHaveLength(10);
    endTurn(run);
    expect(combatOf(run).hand).toHaveLength(5);
  });

  it('Screaming Flagon hits every enemy when the turn ends with an empty hand', () => {
    const { run } = fight({
      relics: ['SCREAMING_FLAGON'],
      deck: defends(10),
      monsters: ['SEAPUNK', 'SEAPUNK'],
    });
    durable(run);
    endTurn(run);
    expect(combatOf(run).monsters.map((monster) => monster.hp)).toEqual([900, 900]);
    combatOf(run).discardPile.push(...combatOf(run).hand.splice(0));
    for (const monster of combatOf(run).monsters) monster.block = 0;
    endTurn(run);
    expect(combatOf(run).monsters.map((monster) => monster.hp)).toEqual([880, 880]);
  });

  it('Sling of Courage gives Strength in Elite fights only', () => {
    const elite = fight({ relics: ['SLING_OF_COURAGE'], deck: defends(5), kind: 'elite' });
    expect(combatOf(elite.run).player.powers.STRENGTH).toBe(2);
    const normal = fight({ relics: ['SLING_OF_COURAGE'], deck: defends(5) });
    expect(combatOf(normal.run).player.powers.STRENGTH).toBeUndefined();
  });

  it('The Abacus: Block whenever the discard pile is shuffled into the draw pile', () => {
    const { run, combat } = fight({ relics: ['THE_ABACUS'], deck: strikes(5) });
    play(run, 'STRIKE_IRONCLAD');
    expect(combatOf(run).player.block).toBe(0);
    sts2(() => combat.draw(1));
    expect(combatOf(run).player.block).toBe(6);
  });

  it('Toolbox offers 3 distinct Colorless cards at the start of combat; the one chosen joins the hand', () => {
    const { run } = fight({ relics: ['TOOLBOX'], deck: defends(5) });
    const selection = combatOf(run).selection;
    expect(selection?.source).toBe('generated');
    const offered = selection?.generated.map((card) => card.id) ?? [];
    expect(new Set(offered).size).toBe(3);
    const pool = sts2(() => [...colorlessPool('Uncommon'), ...colorlessPool('Rare')]);
    for (const id of offered) expect(pool).toContain(id);
    expect(combatOf(run).hand).toHaveLength(5);
    act(run, { action: 'select_deck_card', option_index: 1 });
    expect(combatOf(run).selection).toBeNull();
    expect(combatOf(run).hand.map((card) => card.id)).toEqual([...defends(5), offered[1]]);
    expect(combatOf(run).drawPile).toHaveLength(0);
    expect(combatOf(run).discardPile).toHaveLength(0);
  });

  it('Chemical X (the engine’s rule): X-cost cards act as if 2 more Energy were spent', () => {
    const damage = (relics: readonly string[]) => {
      const { run, combat } = fight({ relics, deck: defends(5) });
      sts2(() => combat.addCard('WHIRLWIND', 'hand'));
      play(run, 'WHIRLWIND');
      return 900 - (combatOf(run).monsters[0]?.hp ?? 0);
    };
    expect(damage([])).toBe(15);
    expect(damage(['CHEMICAL_X'])).toBe(25);
  });
});

describe('StS2 Rare and Shop relic rules', () => {
  it('are fully modelled unless they say what they leave out', () => {
    for (const id of Object.keys(STS2_RARE_RELIC_RULES)) {
      const facts = STS2_RELIC_FACTS.find((relic) => relic.id === id);
      expect(facts, id).toBeDefined();
      if (facts === undefined) continue;
      const text = sts2(() => getRelic(id).text);
      expect(text).not.toMatch(/not simulated\.$/);
      expect(isFullyModelledSts2Relic(facts)).toBe(!text.includes('Not simulated'));
    }
    expect(sts2(() => getCard('STRIKE_IRONCLAD').type)).toBe('Attack');
  });
});
