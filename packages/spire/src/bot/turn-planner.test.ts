import { describe, expect, it } from 'vitest';
import type { MonsterState, RunState } from '../engine/run-state.js';
import { createSimulator } from '../engine/simulator.js';
import { firstFloorBoss } from '../test-support/first-floor-boss.js';
import { planTurn } from './turn-planner.js';

function card(uid: number, id: string) {
  return { uid, id, upgraded: false, combatCost: null, turnCost: null, bonus: 0, retainOnce: false };
}

/** The StS2 first-floor boss fight of `seed` (Ironclad) and its first monster. */
function firstBoss(seed: string) {
  const simulator = firstFloorBoss(seed, 0);
  const combat = simulator.run.combat;
  const monster = combat?.monsters[0];
  if (combat === null || monster === undefined) throw new Error('expected a fight');
  return { simulator, combat, monster };
}

/** A first-floor Ironclad fight whose hand, energy and monsters the test sets. */
function fight(seed: string): {
  run: RunState;
  monsters: MonsterState[];
  view: () => ReturnType<typeof simulator.view>;
} {
  const simulator = createSimulator({ ruleset: 'sts1', seed, character: 'IRONCLAD' });
  simulator.step({ action: 'choose_map_node', option_index: 0 });
  const combat = simulator.run.combat;
  if (combat === null) throw new Error('expected a fight on the first floor');
  return { run: simulator.run, monsters: combat.monsters, view: () => simulator.view() };
}

/** The same fight with its first monster alone, for tests that set that monster's HP and move. */
function duel(seed: string) {
  const { run, monsters, view } = fight(seed);
  const combat = run.combat;
  const monster = monsters[0];
  if (combat === null || monster === undefined) throw new Error('expected a monster');
  combat.monsters.splice(1);
  return { run, combat, monster, view };
}

describe('turn planner', () => {
  it('plays Bash before Strike so the Strike lands on a Vulnerable enemy', () => {
    const { run, monsters, view } = fight('planner-order');
    const combat = run.combat;
    const monster = monsters[0];
    if (combat === null || monster === undefined) throw new Error('expected a monster');
    monster.hp = 200;
    monster.maxHp = 200;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_IRONCLAD'), card(9002, 'BASH')];
    combat.player.energy = 3;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('spends a lone Strike on the enemy it can kill', () => {
    const { run, view } = fight('planner-kill');
    const combat = run.combat;
    if (combat === null) throw new Error('expected a fight');
    const first = combat.monsters[0];
    if (first === undefined) throw new Error('expected a monster');
    // Two copies of the first monster: one healthy, one a Strike away from death.
    const healthy = { ...first, hp: 40, maxHp: 40 };
    const weak = { ...first, hp: 5, maxHp: 40 };
    healthy.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 6, hits: 1 };
    weak.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 6, hits: 1 };
    combat.monsters.splice(0, combat.monsters.length, healthy, weak);
    combat.hand = [card(9001, 'STRIKE_IRONCLAD')];
    combat.player.energy = 1;
    expect(planTurn(view())).toEqual({ action: 'play_card', card_index: 0, target_index: 1 });
  });

  it('ends the turn when nothing in hand is playable', () => {
    const { run, view } = fight('planner-empty');
    const combat = run.combat;
    if (combat === null) throw new Error('expected a fight');
    combat.hand = [card(9001, 'BASH')];
    combat.player.energy = 1;
    expect(planTurn(view())).toEqual({ action: 'end_turn' });
  });

  it('blocks a lethal hit it can block instead of attacking', () => {
    const { run, combat, monster, view } = duel('planner-lethal');
    monster.hp = 60;
    monster.maxHp = 60;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 14, hits: 1 };
    run.hp = 12;
    combat.hand = [card(9001, 'STRIKE_IRONCLAD'), card(9002, 'DEFEND_IRONCLAD')];
    combat.player.energy = 1;
    expect(planTurn(view())).toEqual({ action: 'play_card', card_index: 1 });
  });

  it('still blocks before a killing Strike listed first in the hand', () => {
    // Block and an attack commute, so only the order with the earlier hand card first is searched,
    // except when that card ends the fight: Defend then the kill is then still found (and best).
    const { run, combat, monster, view } = duel('planner-commute-kill');
    monster.hp = 5;
    monster.maxHp = 40;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 10, hits: 1 };
    run.hp = run.maxHp;
    combat.hand = [card(9001, 'STRIKE_IRONCLAD'), card(9002, 'DEFEND_IRONCLAD')];
    combat.player.energy = 2;
    expect(planTurn(view())).toEqual({ action: 'play_card', card_index: 1 });
  });

  it('blocks a boss-sized hit at full HP rather than spend the turn on damage', () => {
    // Bronze Automaton's Hyper Beam: a 300-HP boss hitting for 45. Bludgeon's 32 damage is a tenth
    // of the fight; 15 block is 15 HP kept for the rest of the run.
    const { run, combat, monster, view } = duel('planner-beam');
    monster.hp = 300;
    monster.maxHp = 300;
    monster.move = { id: 'BEAM', name: 'Hyper Beam', intent: 'Attack', baseDamage: 45, hits: 1 };
    run.hp = run.maxHp;
    combat.hand = [
      card(9001, 'BLUDGEON'),
      card(9002, 'DEFEND_IRONCLAD'),
      card(9003, 'DEFEND_IRONCLAD'),
      card(9004, 'DEFEND_IRONCLAD'),
    ];
    combat.player.energy = 3;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('does not play a second Battle Trance under No Draw', () => {
    const { run, view } = fight('planner-no-draw');
    const combat = run.combat;
    if (combat === null) throw new Error('expected a fight');
    combat.hand = [card(9001, 'BATTLE_TRANCE')];
    combat.player.energy = 3;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
    combat.player.powers.NO_DRAW = 1;
    expect(planTurn(view())).toEqual({ action: 'end_turn' });
  });

  it('poisons an enemy to death before it moves rather than block part of its hit', () => {
    // Poison ticks at the start of the enemy's turn, before its attack: 5 Poison on 5 HP means no hit.
    const { run, combat, monster, view } = duel('planner-poison-kill');
    monster.hp = 5;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 20, hits: 1 };
    monster.block = 10;
    run.hp = 16;
    combat.hand = [card(9001, 'DEFEND_SILENT'), card(9002, 'DEADLY_POISON')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('plays Catalyst only on an enemy that has Poison to double', () => {
    const { combat, monster, view } = duel('planner-catalyst');
    monster.hp = 80;
    monster.maxHp = 80;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.hand = [card(9001, 'CATALYST')];
    combat.player.energy = 1;
    expect(planTurn(view())).toEqual({ action: 'end_turn' });
    monster.powers.POISON = 8;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });

  it('answers a multi-hit attack with Piercing Wail rather than a Defend', () => {
    // 3 hits of 6: losing 6 Strength for the turn cancels all 18; a Defend blocks 5.
    const { combat, monster, view } = duel('planner-wail');
    monster.hp = 80;
    monster.maxHp = 80;
    monster.move = { id: 'HITS', name: 'Hits', intent: 'Attack', baseDamage: 6, hits: 3 };
    combat.hand = [card(9001, 'DEFEND_SILENT'), card(9002, 'PIERCING_WAIL')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('blocks a big hit rather than Catalyst a Poison stack that pays out over many turns', () => {
    const { run, combat, monster, view } = duel('planner-catalyst-beam');
    monster.hp = 250;
    monster.maxHp = 300;
    monster.powers.POISON = 5;
    monster.move = { id: 'BEAM', name: 'Hyper Beam', intent: 'Attack', baseDamage: 45, hits: 1 };
    run.hp = 50;
    combat.hand = [card(9001, 'CATALYST'), card(9002, 'DEFEND_SILENT')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('keeps Wraith Form for a big hit: its Intangible is the block, its Dexterity loss the cost', () => {
    const { combat, monster, view } = duel('planner-wraith');
    monster.hp = 200;
    monster.maxHp = 200;
    combat.hand = [card(9001, 'WRAITH_FORM'), card(9002, 'DEFEND_SILENT')];
    combat.player.energy = 3;
    monster.move = { id: 'POKE', name: 'Poke', intent: 'Attack', baseDamage: 3, hits: 1 };
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
    monster.move = { id: 'SLAM', name: 'Slam', intent: 'Attack', baseDamage: 40, hits: 1 };
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });

  it('counts a slime brought to half HP as splitting instead of attacking', () => {
    // Slime Boss at 73 of 140 winds up a 35 Slam; a Strike (6) takes it to 67 and cancels it.
    const { combat, monster, view } = duel('planner-split');
    monster.hp = 73;
    monster.maxHp = 140;
    monster.powers.SPLIT = 1;
    monster.move = { id: 'SLAM', name: 'Slam', intent: 'Attack', baseDamage: 35, hits: 1 };
    combat.hand = [card(9001, 'DEFEND_IRONCLAD'), card(9002, 'STRIKE_IRONCLAD')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it("plans no further than Time Warp's count: the card that ends the turn must be the Block", () => {
    const { combat, monster, view } = duel('planner-time-warp');
    monster.hp = 200;
    monster.maxHp = 200;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 12, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_IRONCLAD'), card(9002, 'DEFEND_IRONCLAD')];
    combat.player.energy = 3;
    // Without Time Warp, Strike then Defend is the plan and Strike comes first.
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
    monster.powers.TIME_WARP = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it("plans Velvet Choker's last card of the turn as the Block", () => {
    const { run, combat, monster, view } = duel('planner-choker');
    monster.hp = 200;
    monster.maxHp = 200;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 12, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_IRONCLAD'), card(9002, 'DEFEND_IRONCLAD')];
    combat.player.energy = 3;
    run.relics.push({ id: 'VELVET_CHOKER', counter: -1, used: false });
    combat.counters.cardsThisTurn = 5;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });
  it('counts the Champ brought to half HP as spending its turn on Anger instead of its attack', () => {
    // The Champ at 213 of 420 winds up a 30 hit: a Strike (6) takes it to 207, below half, and its
    // Anger replaces the hit; above half by more than a Strike, the Defend is the better card.
    const { combat, monster, view } = duel('planner-champ');
    monster.id = 'THE_CHAMP';
    monster.hp = 213;
    monster.maxHp = 420;
    monster.move = { id: 'SLASH', name: 'Heavy Slash', intent: 'Attack', baseDamage: 30, hits: 1 };
    combat.hand = [card(9001, 'DEFEND_IRONCLAD'), card(9002, 'STRIKE_IRONCLAD')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
    monster.hp = 230;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });

  it("counts the Guardian's Mode Shift as replacing its attack once its counter is dealt", () => {
    const { combat, monster, view } = duel('planner-guardian');
    monster.id = 'THE_GUARDIAN';
    monster.hp = 200;
    monster.maxHp = 240;
    monster.powers.MODE_SHIFT = 5;
    monster.move = { id: 'FIERCE_BASH', name: 'Fierce Bash', intent: 'Attack', baseDamage: 32, hits: 1 };
    combat.hand = [card(9001, 'DEFEND_IRONCLAD'), card(9002, 'STRIKE_IRONCLAD')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
    monster.powers.MODE_SHIFT = 20;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });
  it('tries every first play even when the first card in hand has more plans than the budget', () => {
    // Eight different attacks and the energy to play them all: orders that start with the Strike
    // alone outnumber the node budget. The best plan opens with Bash (Vulnerable for every hit
    // after it), the last card in hand.
    const { combat, monster, view } = duel('planner-budget');
    monster.hp = 400;
    monster.maxHp = 400;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.hand = [
      card(9001, 'STRIKE_IRONCLAD'),
      card(9002, 'TWIN_STRIKE'),
      card(9003, 'IRON_WAVE'),
      card(9004, 'CLEAVE'),
      card(9005, 'ANGER'),
      card(9006, 'HEAVY_BLADE'),
      card(9007, 'WILD_STRIKE'),
      card(9008, 'BASH'),
    ];
    combat.player.energy = 9;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 7 });
  });
});

/** A first-floor StS2 Necrobinder fight against its first monster alone, Osty at `ostyHp`. */
function necrobinderDuel(seed: string, ostyHp: number) {
  const simulator = createSimulator({ ruleset: 'sts2', seed, character: 'NECROBINDER' });
  simulator.step({ action: 'choose_map_node', option_index: 0 });
  const combat = simulator.run.combat;
  const monster = combat?.monsters[0];
  if (combat === null || monster === undefined) throw new Error('expected a fight on the first floor');
  combat.monsters.splice(1);
  combat.summon = { id: 'OSTY', name: 'Osty', hp: ostyHp, maxHp: ostyHp };
  return { run: simulator.run, combat, monster, view: () => simulator.view() };
}

describe('turn planner, StS2', () => {
  it("attacks when Osty's HP takes the hit a Defend would block", () => {
    const { combat, monster, view } = necrobinderDuel('planner-osty-block', 20);
    monster.hp = 80;
    monster.maxHp = 80;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 10, hits: 1 };
    combat.hand = [card(9001, 'DEFEND_NECROBINDER'), card(9002, 'STRIKE_NECROBINDER')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it("counts Osty's HP in Unleash's damage: it kills where a Strike does not", () => {
    const { combat, monster, view } = necrobinderDuel('planner-unleash', 20);
    monster.hp = 20;
    monster.maxHp = 40;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 5, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), card(9002, 'UNLEASH')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it.each([
    ['SNAP', 5, 8],
    ['UNLEASH', 1, 8],
  ] as const)(
    "adds no Strength gained this turn to Osty's hit (%s): two of them kill where Prowess and one do not",
    (id, ostyHp, monsterHp) => {
      const { combat, monster, view } = necrobinderDuel(`planner-osty-strength-${id}`, ostyHp);
      // Each hit deals one short of the monster's HP; Prowess's 1 Strength would make it a kill.
      monster.hp = monsterHp;
      monster.maxHp = 40;
      monster.block = 0;
      monster.powers = {};
      monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 20, hits: 1 };
      combat.hand = [card(9001, 'PROWESS'), card(9002, id), card(9003, id)];
      combat.player.energy = 2;
      expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
    },
  );

  it('trades a small hit for damage in an StS2 boss fight, where the fight is long', () => {
    const simulator = firstFloorBoss('planner-boss', 2);
    const combat = simulator.run.combat;
    if (combat === null) throw new Error('expected a fight');
    combat.hand = [card(9001, 'DEFEND_IRONCLAD'), card(9002, 'STRIKE_IRONCLAD')];
    combat.player.energy = 1;
    expect(simulator.view().combat_type).toBe('boss');
    expect(planTurn(simulator.view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it("plays Soul Fysh's Beckon rather than keep it in hand and lose its 6 HP", () => {
    const { combat, monster, view } = necrobinderDuel('planner-beckon', 0);
    combat.summon = null;
    monster.hp = 80;
    monster.maxHp = 80;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 4, hits: 1 };
    combat.hand = [card(9001, 'DEFEND_NECROBINDER'), card(9002, 'BECKON')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('values the Doom Scourge applies as damage: it is played over a Strike on a quiet turn', () => {
    const { combat, monster, view } = necrobinderDuel('planner-doom', 1);
    monster.hp = 80;
    monster.maxHp = 80;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), card(9002, 'SCOURGE')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it("plays a Frantic Escape over a Strike when The Insatiable's Sandpit kills at the end of the turn", () => {
    const { combat, monster, view } = necrobinderDuel('planner-sandpit', 0);
    combat.summon = null;
    monster.hp = 200;
    monster.maxHp = 321;
    monster.powers.SANDPIT = 1;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), card(9002, 'FRANTIC_ESCAPE')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('plays a Frantic Escape while the Sandpit runs out before its owner can be killed, but not once it can', () => {
    const { combat, monster, view } = necrobinderDuel('planner-sandpit-early', 0);
    combat.summon = null;
    monster.hp = 300;
    monster.maxHp = 321;
    monster.powers.SANDPIT = 3;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), card(9002, 'FRANTIC_ESCAPE')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
    monster.hp = 40;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });

  it("blocks the Knowledge Demon's Disintegration, which hits at the end of the turn, on a turn with no attack", () => {
    const { combat, monster, view } = necrobinderDuel('planner-disintegration', 0);
    combat.summon = null;
    monster.hp = 300;
    monster.maxHp = 379;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.player.powers.DISINTEGRATION = 13;
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), card(9002, 'DEFEND_NECROBINDER')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('under Sloth (3 cards a turn), with one play left, plays the bigger of two Strikes', () => {
    const { combat, monster, view } = necrobinderDuel('planner-sloth', 0);
    combat.summon = null;
    monster.hp = 300;
    monster.maxHp = 379;
    monster.move = { id: 'WAIT', name: 'Wait', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.player.powers.SLOTH = 1;
    combat.counters.cardsThisTurn = 2;
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), { ...card(9002, 'STRIKE_NECROBINDER'), upgraded: true }];
    combat.player.energy = 3;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('ends the turn facing the Rocket whose Laser would hit from behind (Surrounded): the Strike goes to it', () => {
    const { combat, monster, view } = necrobinderDuel('planner-surrounded', 0);
    combat.summon = null;
    const crusher = { ...monster, uid: 8001, id: 'CRUSHER', name: 'Crusher', hp: 100, maxHp: 209 };
    crusher.powers = { BACK_ATTACK_LEFT: 1 };
    crusher.move = { id: 'ADAPT_MOVE', name: 'Adapt', intent: 'Buff', baseDamage: null, hits: 1 };
    const rocket = { ...monster, uid: 8002, id: 'ROCKET', name: 'Rocket', hp: 150, maxHp: 199 };
    rocket.powers = { BACK_ATTACK_RIGHT: 1 };
    rocket.move = { id: 'LASER_MOVE', name: 'Laser', intent: 'Attack', baseDamage: 31, hits: 1 };
    combat.monsters.splice(0, combat.monsters.length, crusher, rocket);
    combat.player.powers.SURROUNDED = 1;
    // Facing the Crusher (the first with Back Attack): the Laser shows 31 x 1.5.
    expect(view().combat?.enemies[1]?.intents[0]?.damage).toBe(46);
    combat.hand = [card(9001, 'STRIKE_NECROBINDER')];
    combat.player.energy = 1;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0, target_index: 1 });
  });

  it("spends the Regent's 2 Stars on the Block it needs, not on a hit it could only pair with it if Stars were free", () => {
    const { combat, monster, view } = necrobinderDuel('planner-stars', 0);
    combat.summon = null;
    monster.hp = 200;
    monster.maxHp = 200;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 20, hits: 1 };
    combat.hand = [card(9001, 'GUIDING_STAR'), card(9002, 'CLOAK_OF_STARS')];
    combat.player.energy = 1;
    combat.player.stars = 2;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 1 });
  });

  it('hits the Rocket before killing the Crusher: Crab Rage gives the survivor 99 Block', () => {
    const { combat, monster, view } = necrobinderDuel('planner-crab-rage', 0);
    combat.summon = null;
    const crusher = { ...monster, uid: 8001, id: 'CRUSHER', name: 'Crusher', hp: 5, maxHp: 209 };
    crusher.powers = { CRAB_RAGE: 1 };
    crusher.move = { id: 'ADAPT_MOVE', name: 'Adapt', intent: 'Buff', baseDamage: null, hits: 1 };
    const rocket = { ...monster, uid: 8002, id: 'ROCKET', name: 'Rocket', hp: 150, maxHp: 199 };
    rocket.powers = { CRAB_RAGE: 1 };
    rocket.move = { id: 'CHARGE_UP_MOVE', name: 'Charge Up', intent: 'Buff', baseDamage: null, hits: 1 };
    combat.monsters.splice(0, combat.monsters.length, crusher, rocket);
    combat.hand = [card(9001, 'STRIKE_NECROBINDER'), card(9002, 'STRIKE_NECROBINDER')];
    combat.player.energy = 2;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', target_index: 1 });
  });

  it('ends an StS2 turn after 60 plays, when a free card keeps coming back', () => {
    const { combat, monster, view } = necrobinderDuel('planner-loop', 1);
    monster.hp = 80;
    monster.maxHp = 80;
    monster.move = { id: 'HIT', name: 'Hit', intent: 'Attack', baseDamage: 10, hits: 1 };
    combat.hand = [card(9001, 'UNDEATH')];
    combat.player.energy = 0;
    expect(planTurn(view())).toMatchObject({ action: 'play_card', card_index: 0 });
    combat.counters.cardsThisTurn = 60;
    expect(view().combat?.player.cards_played_this_turn).toBe(60);
    expect(planTurn(view())).toEqual({ action: 'end_turn' });
  });
  it('keeps its Strike off an StS2 sleeper it cannot kill (the hit would wake it), and kills one it can', () => {
    const { simulator, combat, monster } = firstBoss('planner-sleeper');
    // The Lagavulin Matriarch's spawn: Asleep 3, sleeping (no attack shown).
    monster.powers.ASLEEP = 3;
    monster.move = { id: 'SLEEP_MOVE', name: 'Sleep', intent: 'Sleep', baseDamage: null, hits: 1 };
    combat.hand = [card(9001, 'STRIKE_IRONCLAD')];
    combat.player.energy = 3;
    expect(planTurn(simulator.view())).toEqual({ action: 'end_turn' });
    monster.hp = 5;
    expect(planTurn(simulator.view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });
  it("strips an StS2 Slippery enemy's stacks with many small hits before its big one (Twin Strike, not Bludgeon)", () => {
    const { simulator, combat, monster } = firstBoss('planner-slippery');
    // Vantom's spawn: Slippery 9 (its next 9 HP losses are 1 HP each).
    monster.powers.SLIPPERY = 9;
    combat.hand = [card(9001, 'BLUDGEON'), card(9002, 'TWIN_STRIKE'), card(9003, 'STRIKE_IRONCLAD')];
    combat.player.energy = 3;
    expect(planTurn(simulator.view())).not.toMatchObject({ card_index: 0 });
    // Without Slippery, Bludgeon's 32 beats the 16 of the other two.
    delete monster.powers.SLIPPERY;
    expect(planTurn(simulator.view())).toMatchObject({ action: 'play_card', card_index: 0 });
  });
});
