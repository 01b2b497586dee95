import { describe, expect, it } from 'vitest';
import { cardCurrentDamage } from '../../api/card-current-value.js';
import { Combat } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { applyAction, createRun } from '../../engine/run.js';
import type { CombatState, RunState } from '../../engine/run-state.js';
import { getRelic, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { STS2_COMMON_RELIC_RULES } from './sts2-common-relic-rules.js';
import { isFullyModelledSts2Relic } from './sts2-relics.js';

/** A dummy that never acts (300 HP). */
const DUMMY = 'BATTLE_FRIEND_V3';
/** A dummy that hits for 1 every turn. */
const POKER = 'SINGLE_ATTACK_MOVE_MONSTER';

interface Fight {
  readonly run: RunState;
  readonly combat: Combat;
  readonly state: CombatState;
}

/** An StS2 Ironclad run placed in a fight with these relics and deck (cards `+` are upgraded). */
function fight(options: {
  readonly relics: readonly string[];
  readonly deck: readonly string[];
  readonly monsters?: readonly string[];
  readonly kind?: CombatState['kind'];
  readonly counters?: Readonly<Record<string, number>>;
  readonly prepare?: (run: RunState) => void;
}): Fight {
  const run = createRun({ seed: 'sts2-common-relics', character: 'IRONCLAD', ruleset: 'sts2' });
  return withRuleset('sts2', () => {
    run.deck = options.deck.map((entry) => ({
      uid: run.counters.nextUid++,
      id: entry.replace('+', ''),
      upgraded: entry.endsWith('+'),
    }));
    run.relics = options.relics.map((id) => ({ id, counter: options.counters?.[id] ?? -1, used: false }));
    options.prepare?.(run);
    run.screen = 'COMBAT';
    run.room = options.kind ?? 'monster';
    const combat = Combat.start(run, 'TEST', options.monsters ?? [DUMMY], options.kind ?? 'monster');
    if (run.combat === null) throw new Error('no combat');
    return { run, combat, state: run.combat };
  });
}

/** Runs engine calls with the StS2 content active. */
function sts2<T>(body: () => T): T {
  return withRuleset('sts2', body);
}

function play(fight: Fight, id: string, target = 0): void {
  sts2(() => {
    const index = fight.state.hand.findIndex((card) => card.id === id);
    if (index < 0) throw new Error(`${id} is not in hand`);
    fight.combat.playCard(index, target);
  });
}

function endTurn(fight: Fight): void {
  sts2(() => fight.combat.endTurn());
}

/** Keeps the player's Block through the monsters' turn and into the next one, to read it there. */
function keepBlock(fight: Fight): void {
  sts2(() => fight.combat.applyToPlayer('BARRICADE', 1));
}

function monsterHp(fight: Fight, index = 0): number {
  return fight.state.monsters[index]?.hp ?? -1;
}

describe('StS2 common and uncommon relic rules', () => {
  it('models every relic of the file fully (none leaves a part unsimulated)', () => {
    for (const id of Object.keys(STS2_COMMON_RELIC_RULES)) {
      const facts = STS2_RELIC_FACTS.find((relic) => relic.id === id);
      expect(facts, id).toBeDefined();
      if (facts === undefined) continue;
      expect(['Common', 'Uncommon']).toContain(facts.rarity);
      expect(facts.pool).toBe('Shared');
      expect(isFullyModelledSts2Relic(facts), id).toBe(true);
      expect(sts2(() => getRelic(id).text)).not.toMatch(/not simulated/);
    }
  });

  it('Reptile Trinket: a potion gives 3 Strength until the end of the turn', () => {
    const game = fight({
      relics: ['REPTILE_TRINKET'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
      prepare: (run) => {
        run.potions = ['BLOCK_POTION', null, null];
      },
    });
    expect(applyAction(game.run, { action: 'use_potion', option_index: 0 })).toEqual({ ok: true });
    expect(game.state.player.powers.STRENGTH).toBe(3);
    endTurn(game);
    expect(game.state.player.powers.STRENGTH ?? 0).toBe(0);
  });

  it('Ripple Basin: 4 Block at the end of a turn without Attacks, none after an Attack', () => {
    const calm = fight({ relics: ['RIPPLE_BASIN'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    keepBlock(calm);
    endTurn(calm);
    expect(calm.state.player.block).toBe(4);
    const busy = fight({ relics: ['RIPPLE_BASIN'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    keepBlock(busy);
    play(busy, 'STRIKE_IRONCLAD');
    endTurn(busy);
    expect(busy.state.player.block).toBe(0);
  });

  it('Kusarigama: the 3rd Attack of a turn also deals 6 damage to a random enemy', () => {
    const game = fight({ relics: ['KUSARIGAMA'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    play(game, 'STRIKE_IRONCLAD');
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 12);
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 18 - 6);
  });

  it('Vambrace: the first Block from a card each combat is doubled, only that one', () => {
    const game = fight({ relics: ['VAMBRACE'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    play(game, 'DEFEND_IRONCLAD');
    expect(game.state.player.block).toBe(10);
    play(game, 'DEFEND_IRONCLAD');
    expect(game.state.player.block).toBe(15);
  });

  it('Vambrace: a potion’s Block does not use up the doubling', () => {
    const game = fight({
      relics: ['VAMBRACE'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
      prepare: (run) => {
        run.potions = ['BLOCK_POTION', null, null];
      },
    });
    applyAction(game.run, { action: 'use_potion', option_index: 0 });
    const potionBlock = game.state.player.block;
    expect(potionBlock).toBeGreaterThan(0);
    play(game, 'DEFEND_IRONCLAD');
    expect(game.state.player.block).toBe(potionBlock + 10);
  });

  it('Horn Cleat: 14 Block at the start of the 2nd turn only', () => {
    const game = fight({ relics: ['HORN_CLEAT'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    expect(game.state.player.block).toBe(0);
    endTurn(game);
    expect(game.state.player.block).toBe(14);
    endTurn(game);
    expect(game.state.player.block).toBe(0);
  });

  it('Centennial Puzzle: the first HP lost in a combat draws 3 cards, later losses draw none', () => {
    const game = fight({
      relics: ['CENTENNIAL_PUZZLE'],
      deck: Array(20).fill('DEFEND_IRONCLAD'),
      monsters: [POKER],
    });
    endTurn(game);
    expect(game.state.hand.length).toBe(8);
    endTurn(game);
    expect(game.state.hand.length).toBe(5);
  });

  it('Strike Dummy: Strikes deal 3 more damage, shown in the card view; other Attacks do not', () => {
    const game = fight({ relics: ['STRIKE_DUMMY'], deck: ['STRIKE_IRONCLAD', 'BASH', 'DEFEND_IRONCLAD'] });
    const shown = toGameState(game.run).combat?.hand.find((card) => card.card_id === 'STRIKE_IRONCLAD');
    expect(shown && cardCurrentDamage(shown)).toBe(9);
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 9);
    play(game, 'BASH');
    expect(monsterHp(game)).toBe(300 - 9 - 8);
  });

  it('Happy Flower: 1 Energy every 3rd turn, the count carried on the relic', () => {
    const game = fight({ relics: ['HAPPY_FLOWER'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    expect(game.state.player.energy).toBe(3);
    endTurn(game);
    expect(game.state.player.energy).toBe(3);
    endTurn(game);
    expect(game.state.player.energy).toBe(4);
    expect(game.run.relics[0]?.counter).toBe(0);
  });

  it('Festive Popper and Mercury Hourglass deal relic damage: Strength does not add to it', () => {
    const popper = fight({ relics: ['VAJRA', 'FESTIVE_POPPER'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    expect(popper.state.player.powers.STRENGTH).toBe(1);
    expect(monsterHp(popper)).toBe(300 - 9);
    const hourglass = fight({
      relics: ['VAJRA', 'MERCURY_HOURGLASS'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
    });
    expect(monsterHp(hourglass)).toBe(300 - 3);
    endTurn(hourglass);
    expect(monsterHp(hourglass)).toBe(300 - 6);
  });

  it('Anchor: 10 Block at the start of combat, which Dexterity does not raise', () => {
    const game = fight({ relics: ['ODDLY_SMOOTH_STONE', 'ANCHOR'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    expect(game.state.player.powers.DEXTERITY).toBe(1);
    expect(game.state.player.block).toBe(10);
  });

  it('Candelabra: 2 more Energy on the 2nd turn only', () => {
    const game = fight({ relics: ['CANDELABRA'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    expect(game.state.player.energy).toBe(3);
    endTurn(game);
    expect(game.state.player.energy).toBe(5);
    endTurn(game);
    expect(game.state.player.energy).toBe(3);
  });

  it('Lantern: 1 more Energy on the 1st turn only', () => {
    const game = fight({ relics: ['LANTERN'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    expect(game.state.player.energy).toBe(4);
    endTurn(game);
    expect(game.state.player.energy).toBe(3);
  });

  it('Gremlin Horn: an enemy dying while another lives gives 1 Energy and 1 card', () => {
    const game = fight({
      relics: ['GREMLIN_HORN'],
      deck: Array(10).fill('STRIKE_IRONCLAD'),
      monsters: ['BATTLE_FRIEND_V1', DUMMY],
    });
    const first = game.state.monsters[0];
    if (first !== undefined) first.hp = 1;
    play(game, 'STRIKE_IRONCLAD', 0);
    expect(first?.alive).toBe(false);
    expect(game.state.player.energy).toBe(3);
    expect(game.state.hand.length).toBe(5);
  });

  it('Joss Paper: every 5th card Exhausted draws 1 card', () => {
    const game = fight({ relics: ['JOSS_PAPER'], deck: Array(10).fill('DEFEND_IRONCLAD') });
    sts2(() => {
      for (let count = 0; count < 4; count++) {
        const card = game.state.hand[0];
        if (card !== undefined) game.combat.exhaustCard(card);
      }
    });
    expect(game.state.hand.length).toBe(1);
    sts2(() => {
      const card = game.state.hand[0];
      if (card !== undefined) game.combat.exhaustCard(card);
    });
    expect(game.state.hand.length).toBe(1);
    expect(game.state.exhaustPile.length).toBe(5);
  });

  it('Letter Opener: the 3rd Skill of a turn deals 5 damage to ALL enemies', () => {
    const game = fight({
      relics: ['LETTER_OPENER'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
      monsters: ['BATTLE_FRIEND_V1', DUMMY],
    });
    play(game, 'DEFEND_IRONCLAD');
    play(game, 'DEFEND_IRONCLAD');
    expect(monsterHp(game, 0)).toBe(75);
    play(game, 'DEFEND_IRONCLAD');
    expect(monsterHp(game, 0)).toBe(75 - 5);
    expect(monsterHp(game, 1)).toBe(300 - 5);
  });

  it('Miniature Cannon: upgraded Attacks deal 3 more damage, others do not', () => {
    const game = fight({ relics: ['MINIATURE_CANNON'], deck: ['STRIKE_IRONCLAD+', 'BASH'] });
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 9 - 3);
    play(game, 'BASH');
    expect(monsterHp(game)).toBe(300 - 12 - 8);
  });

  it('Nunchaku: the 10th Attack gives 1 Energy (the count is kept on the relic)', () => {
    const game = fight({
      relics: ['NUNCHAKU'],
      deck: Array(6).fill('STRIKE_IRONCLAD'),
      counters: { NUNCHAKU: 8 },
    });
    play(game, 'STRIKE_IRONCLAD');
    expect(game.state.player.energy).toBe(2);
    play(game, 'STRIKE_IRONCLAD');
    expect(game.state.player.energy).toBe(2);
    expect(game.run.relics[0]?.counter).toBe(0);
  });

  it('Orichalcum: 6 Block when the turn ends without Block, none when there is some', () => {
    const empty = fight({ relics: ['ORICHALCUM'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    keepBlock(empty);
    endTurn(empty);
    expect(empty.state.player.block).toBe(6);
    const blocked = fight({ relics: ['ORICHALCUM'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    keepBlock(blocked);
    play(blocked, 'DEFEND_IRONCLAD');
    endTurn(blocked);
    expect(blocked.state.player.block).toBe(5);
  });

  it('Ornamental Fan: the 3rd Attack of a turn gives 4 Block', () => {
    const game = fight({ relics: ['ORNAMENTAL_FAN'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    play(game, 'STRIKE_IRONCLAD');
    play(game, 'STRIKE_IRONCLAD');
    expect(game.state.player.block).toBe(0);
    play(game, 'STRIKE_IRONCLAD');
    expect(game.state.player.block).toBe(4);
  });

  it('Pantograph: heals 25 HP at the start of a Boss combat, not of another', () => {
    const hurt = (run: RunState) => {
      run.hp = 20;
    };
    const boss = fight({
      relics: ['PANTOGRAPH'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
      kind: 'boss',
      prepare: hurt,
    });
    expect(boss.run.hp).toBe(45);
    const normal = fight({ relics: ['PANTOGRAPH'], deck: Array(6).fill('DEFEND_IRONCLAD'), prepare: hurt });
    expect(normal.run.hp).toBe(20);
  });

  it('Parrying Shield: ending a turn with 10 Block deals 6 damage to a random enemy', () => {
    const game = fight({ relics: ['PARRYING_SHIELD'], deck: Array(6).fill('DEFEND_IRONCLAD') });
    play(game, 'DEFEND_IRONCLAD');
    endTurn(game);
    expect(monsterHp(game)).toBe(300);
    play(game, 'DEFEND_IRONCLAD');
    play(game, 'DEFEND_IRONCLAD');
    endTurn(game);
    expect(monsterHp(game)).toBe(300 - 6);
  });

  it('Pen Nib: the 10th Attack deals double damage', () => {
    const game = fight({
      relics: ['PEN_NIB'],
      deck: Array(6).fill('STRIKE_IRONCLAD'),
      counters: { PEN_NIB: 8 },
    });
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 6);
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 6 - 12);
    expect(game.run.relics[0]?.counter).toBe(0);
  });

  it('Pendulum: draws 1 more card every 3rd turn', () => {
    const game = fight({ relics: ['PENDULUM'], deck: Array(20).fill('DEFEND_IRONCLAD') });
    expect(game.state.hand.length).toBe(5);
    endTurn(game);
    expect(game.state.hand.length).toBe(5);
    endTurn(game);
    expect(game.state.hand.length).toBe(6);
  });

  it('Permafrost: the first Power played in a combat gives 7 Block, the second none', () => {
    const game = fight({ relics: ['PERMAFROST'], deck: ['INFLAME', 'INFLAME', 'DEFEND_IRONCLAD'] });
    play(game, 'INFLAME');
    expect(game.state.player.block).toBe(7);
    play(game, 'INFLAME');
    expect(game.state.player.block).toBe(7);
  });

  it('Petrified Toad: a Potion-Shaped Rock in a free slot at the start of combat', () => {
    const game = fight({
      relics: ['PETRIFIED_TOAD'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
      prepare: (run) => {
        run.potions = ['BLOCK_POTION', null, null];
      },
    });
    expect(game.run.potions).toEqual(['BLOCK_POTION', 'POTION_SHAPED_ROCK', null]);
  });

  it('Stone Cracker: 2 random cards of the draw pile are upgraded for the combat, not in the deck', () => {
    const game = fight({ relics: ['STONE_CRACKER'], deck: Array(10).fill('DEFEND_IRONCLAD') });
    const cards = [...game.state.hand, ...game.state.drawPile];
    expect(cards.filter((card) => card.upgraded).length).toBe(2);
    expect(game.run.deck.some((card) => card.upgraded)).toBe(false);
  });

  it('Tuning Fork: the 10th Skill gives 7 Block', () => {
    const game = fight({
      relics: ['TUNING_FORK'],
      deck: Array(6).fill('DEFEND_IRONCLAD'),
      counters: { TUNING_FORK: 8 },
    });
    play(game, 'DEFEND_IRONCLAD');
    expect(game.state.player.block).toBe(5);
    play(game, 'DEFEND_IRONCLAD');
    expect(game.state.player.block).toBe(10 + 7);
  });
});

// Relics of real runs the generic table already models: checked here in a fight so a change to the
// generic rules that breaks them shows.
describe('StS2 common relics the generic rules model', () => {
  it('Gorget: Plating at the start of combat, which gives its amount in Block at the end of the turn', () => {
    const game = fight({ relics: ['GORGET'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    // The engine's Plating loses 1 as every turn starts, the first included: 4 become 3 before turn 1.
    const plating = game.state.player.powers.PLATING ?? 0;
    expect(plating).toBeGreaterThan(0);
    keepBlock(game);
    endTurn(game);
    expect(game.state.player.block).toBe(plating);
  });

  it('Red Mask: 1 Weak on every enemy at the start of combat', () => {
    const game = fight({
      relics: ['RED_MASK'],
      deck: Array(6).fill('STRIKE_IRONCLAD'),
      monsters: ['BATTLE_FRIEND_V1', DUMMY],
    });
    expect(game.state.monsters.map((monster) => monster.powers.WEAK)).toEqual([1, 1]);
  });

  it('Bronze Scales: 3 Thorns hit back an attacking enemy', () => {
    const game = fight({
      relics: ['BRONZE_SCALES'],
      deck: Array(6).fill('STRIKE_IRONCLAD'),
      monsters: [POKER],
    });
    const hp = monsterHp(game);
    endTurn(game);
    expect(monsterHp(game)).toBe(hp - 3);
  });

  it('Akabeko: the first Attack of the combat deals 8 more damage, the next does not', () => {
    const game = fight({ relics: ['AKABEKO'], deck: Array(6).fill('STRIKE_IRONCLAD') });
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 14);
    play(game, 'STRIKE_IRONCLAD');
    expect(monsterHp(game)).toBe(300 - 20);
  });
});
