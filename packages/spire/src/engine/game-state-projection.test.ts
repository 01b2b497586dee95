import { describe, expect, it } from 'vitest';
import { cardCurrentBlock, cardCurrentDamage } from '../api/card-current-value.js';
import type { GameState, HandCard } from '../api/game-state.js';
import { gameStateSchema } from '../api/game-state-schema.js';
import { readSts2Snapshots, STS2_FIXTURE_FILE } from '../bridges/sts2/snapshot-files.js';
import { withRuleset } from '../content/registry.js';
import { STS2_CARD_FACTS } from '../content/sts2/data/sts2-card-facts.js';
import { fromSts2State } from '../replay/from-sts2-state.js';
import { quietPiles, sts2TestFight, testCombatCard } from '../test-support/sts2-test-fight.js';
import type { Combat } from './combat.js';
import { toGameState } from './game-state-projection.js';
import type { RunState } from './run-state.js';
import { monstersOf, playAt, putInHand, runInFight } from './test-helpers.js';

const sts2 = <T>(body: () => T): T => withRuleset('sts2', body);

type Fight = { run: RunState; combat: Combat };

/** An StS2 Ironclad fight with `ids` alone in the hand, Dexterity 1 and `relics`. */
function handFight(ids: readonly string[], relics: readonly string[] = []): Fight {
  const fight = sts2TestFight('shown-numbers', 'IRONCLAD', [], quietPiles);
  const state = fight.combat.combat;
  state.hand = ids.map((id) => testCombatCard(fight.run, id));
  state.player.powers.DEXTERITY = 1;
  fight.run.relics = relics.map((id) => ({ id, counter: -1, used: false }));
  return fight;
}

/** The Block the state shows for the first hand card `id`, then the Block its play gave. */
function shownThenGained(fight: Fight, id: string): { shown: number | null | undefined; gained: number } {
  const state = fight.combat.combat;
  const index = state.hand.findIndex((card) => card.id === id);
  const view = sts2(() => toGameState(fight.run)).combat?.hand[index];
  const shown = view === undefined ? undefined : cardCurrentBlock(view);
  const before = state.player.block;
  sts2(() => fight.combat.playCard(index, 0));
  return { shown, gained: state.player.block - before };
}

describe('StS2 state view: a hand card shows the Block its play gives', () => {
  it.each([
    ['FASTEN', 3],
    ['SHADOWMELD', 1],
    ['UNMOVABLE', 1],
    ['NO_BLOCK', 1],
  ] as const)('under %s (%i), at the first and the second Defend of the turn', (power, amount) => {
    const fight = handFight(['DEFEND_IRONCLAD', 'DEFEND_IRONCLAD']);
    fight.combat.combat.player.powers[power] = amount;
    const first = shownThenGained(fight, 'DEFEND_IRONCLAD');
    const second = shownThenGained(fight, 'DEFEND_IRONCLAD');
    expect(first.shown, 'first').toBe(first.gained);
    expect(second.shown, 'second').toBe(second.gained);
    // The power changed the Block (Defend 5 and Dexterity 1 give 6 without it).
    expect([first.gained, second.gained]).not.toEqual([6, 6]);
  });

  it.each([
    ['VAMBRACE', 'DEFEND_IRONCLAD', 6],
    ['PAELS_LEGION', 'DEFEND_IRONCLAD', 6],
    ['VITRUVIAN_MINION', 'MINION_SACRIFICE', 10],
  ] as const)('with %s, at the first and the second %s of the combat', (relic, id, plain) => {
    const fight = handFight([id, id], [relic]);
    const first = shownThenGained(fight, id);
    const second = shownThenGained(fight, id);
    expect(first.shown, 'first').toBe(first.gained);
    expect(second.shown, 'second').toBe(second.gained);
    // The relic changed the Block (`plain`: its card's Block and Dexterity 1 alone).
    expect([first.gained, second.gained]).not.toEqual([plain, plain]);
  });
});

describe('StS2 state view: a card Osty deals shows the damage its play deals', () => {
  it('Squeeze counts the other Osty Attacks in the piles, and not the Strength or Weak of the player', () => {
    const fight = sts2TestFight('shown-numbers', 'NECROBINDER', [], quietPiles);
    const state = fight.combat.combat;
    const card = (id: string) => testCombatCard(fight.run, id);
    // Two Squeezes: the one played is not counted, the one left in the hand is.
    state.hand = [card('SQUEEZE'), card('SQUEEZE')];
    state.drawPile = [card('BONE_SHARDS'), card('DEFEND_NECROBINDER')];
    state.discardPile = [card('HIGH_FIVE')];
    sts2(() => fight.combat.summon(8));
    state.player.powers.STRENGTH = 3;
    state.player.powers.WEAK = 2;
    state.player.powers.CALCIFY = 2;
    const vulnerable = state.monsters[1];
    if (vulnerable !== undefined) vulnerable.powers.VULNERABLE = 2;
    for (const target of [0, 1]) {
      const view = sts2(() => toGameState(fight.run)).combat?.hand[0];
      const preview = view?.target_previews?.find((shown) => shown.target_index === target)?.damage;
      const before = state.monsters[target]?.hp ?? 0;
      sts2(() => fight.combat.playCard(0, target));
      const dealt = before - (state.monsters[target]?.hp ?? 0);
      expect(preview, `target ${target}`).toBe(dealt);
      if (target === 0) expect(view && cardCurrentDamage(view)).toBe(dealt);
      // More than Squeeze's 25 and Calcify's 2: the other Osty Attacks counted.
      expect(dealt).toBeGreaterThan(27);
    }
  });
});

/** The Attacks whose damage Osty deals (the export's texts: "Osty deals ..."). */
const OSTY_ATTACK_IDS = STS2_CARD_FACTS.filter(
  (facts) =>
    facts.type === 'Attack' &&
    (facts.vars.OstyDamage !== undefined || facts.effects.some((effect) => effect.kind === 'osty')),
).map((facts) => facts.id);

/** Plays `id` (Sharp 3 on it when `sharp`) at the one living enemy: the shown damage, then the dealt. */
function ostyAttack(id: string, sharp: boolean): { shown: unknown; preview: unknown; dealt: number } {
  const fight = sts2TestFight('osty-attacks', 'NECROBINDER', [], quietPiles);
  const state = fight.combat.combat;
  const card = testCombatCard(fight.run, id);
  if (sharp) card.enchantment = { id: 'SHARP', amount: 3 };
  state.hand = [card];
  sts2(() => fight.combat.summon(8));
  // Osty's own modifier (Calcify) counts; one living enemy, so Sweeping Gaze's random target is known.
  state.player.powers.CALCIFY = 2;
  const other = state.monsters[1];
  if (other !== undefined) {
    other.alive = false;
    other.hp = 0;
  }
  const view = sts2(() => toGameState(fight.run)).combat?.hand[0];
  const before = state.monsters[0]?.hp ?? 0;
  sts2(() => fight.combat.playCard(0, 0));
  const preview = view?.target_previews?.find((shown) => shown.target_index === 0)?.damage;
  return { shown: view && cardCurrentDamage(view), preview, dealt: before - (state.monsters[0]?.hp ?? 0) };
}

describe('StS2 state view: every Osty Attack shows the damage Osty deals, Sharp included', () => {
  it('finds the Osty Attacks of the facts (Poke, Snap, Flatten, Unleash...)', () => {
    expect(OSTY_ATTACK_IDS).toEqual(
      expect.arrayContaining(['POKE', 'SNAP', 'FLATTEN', 'UNLEASH', 'PROTECTOR', 'SQUEEZE', 'BONE_SHARDS']),
    );
  });

  it.each(OSTY_ATTACK_IDS)('%s: shown = dealt, and Sharp 3 adds 3 to both', (id) => {
    const plain = ostyAttack(id, false);
    const sharp = ostyAttack(id, true);
    expect(plain.shown, 'shown').toBe(plain.dealt);
    expect(sharp.shown, 'shown with Sharp').toBe(sharp.dealt);
    // Targeted cards preview the same damage per enemy.
    if (plain.preview !== undefined) expect(plain.preview, 'preview').toBe(plain.dealt);
    if (sharp.preview !== undefined) expect(sharp.preview, 'preview with Sharp').toBe(sharp.dealt);
    expect(plain.dealt).toBeGreaterThan(0);
    expect(sharp.dealt - plain.dealt, 'Sharp 3').toBe(3);
  });
});

describe('StS2 state view: an Osty Attack that grew (Momentum) shows and deals the same', () => {
  it('Poke with Momentum 5, played once and back in the hand', () => {
    const fight = sts2TestFight('osty-momentum', 'NECROBINDER', [], quietPiles);
    const state = fight.combat.combat;
    const poke = { ...testCombatCard(fight.run, 'POKE'), enchantment: { id: 'MOMENTUM', amount: 5 } };
    state.hand = [poke];
    sts2(() => fight.combat.summon(8));
    sts2(() => fight.combat.playCard(0, 0));
    state.hand = [poke];
    state.discardPile = [];
    const view = sts2(() => toGameState(fight.run)).combat?.hand[0];
    const shown = view && cardCurrentDamage(view);
    const before = state.monsters[0]?.hp ?? 0;
    sts2(() => fight.combat.playCard(0, 0));
    const dealt = before - (state.monsters[0]?.hp ?? 0);
    expect(shown).toBe(dealt);
    // Poke's 6 and the 5 Momentum added after the first play.
    expect(dealt).toBe(11);
  });
});

describe("StS2 state view: a card's Replay shows apart from its hits, as in the real states", () => {
  it('Transfigure, Spiral 2, Glam and none: replay 1, 2, 1, null; hits per play; the play repeats that often', () => {
    const fight = handFight([]);
    const state = fight.combat.combat;
    const strike = () => testCombatCard(fight.run, 'STRIKE_IRONCLAD');
    state.hand = [
      { ...strike(), replays: 1 },
      { ...strike(), enchantment: { id: 'SPIRAL', amount: 2 } },
      { ...strike(), enchantment: { id: 'GLAM', amount: 1 } },
      strike(),
    ];
    const view = sts2(() => toGameState(fight.run));
    expect(gameStateSchema.safeParse(view).success).toBe(true);
    const hand = view.combat?.hand ?? [];
    expect(hand.map((card) => card.replay)).toEqual([1, 2, 1, null]);
    expect(hand.map((card) => card.hits)).toEqual([1, 1, 1, 1]);
    // The shown damage is per play; the play deals it 1 + replay times.
    const shown = (hand[0] && cardCurrentDamage(hand[0])) ?? 0;
    const before = state.monsters[0]?.hp ?? 0;
    sts2(() => fight.combat.playCard(0, 0));
    expect(before - (state.monsters[0]?.hp ?? 0)).toBe(shown * 2);
  });
});

describe('StS2 state view: a hand card names its enchantment', () => {
  it('as the deck view names the same card: its id, its name, and its text after the rules', () => {
    const fight = handFight([]);
    const enchantment = { id: 'SHARP', amount: 3 };
    fight.run.deck = [
      { uid: fight.run.counters.nextUid++, id: 'STRIKE_IRONCLAD', upgraded: false, enchantment },
    ];
    fight.combat.combat.hand = [{ ...testCombatCard(fight.run, 'STRIKE_IRONCLAD'), enchantment }];
    const state = sts2(() => toGameState(fight.run));
    expect(gameStateSchema.safeParse(state).success).toBe(true);
    const hand = state.combat?.hand[0];
    const deck = state.run?.deck[0];
    expect(deck?.enchantment_id).toBe('SHARP');
    expect(hand?.enchantment_id).toBe(deck?.enchantment_id);
    expect(hand?.enchantment_name).toBe(deck?.enchantment_name);
    expect(hand?.rules_text).toBe(deck?.rules_text);
    expect(hand?.resolved_rules_text).toContain('Sharp 3: ');
  });
});

describe("StS2 hand numbers as the real mod shows them: the card's own in damage/block, the modified in dynamic_values", () => {
  it('Strike under Strength 2: damage 6, Damage current 8; Defend under Dexterity 1: block 5, Block current 6', () => {
    const fight = handFight(['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    fight.combat.combat.player.powers.STRENGTH = 2;
    const view = sts2(() => toGameState(fight.run));
    expect(gameStateSchema.safeParse(view).success).toBe(true);
    const [strike, defend] = view.combat?.hand ?? [];
    expect(strike).toMatchObject({ damage: 6, block: null, hits: 1, total_damage: 6 });
    expect(strike?.dynamic_values).toEqual([
      {
        name: 'Damage',
        base_value: 6,
        current_value: 8,
        enchanted_value: 6,
        is_modified: true,
        was_just_upgraded: false,
      },
    ]);
    expect(defend).toMatchObject({ damage: null, block: 5, hits: null, total_damage: null });
    expect(defend?.dynamic_values).toEqual([
      {
        name: 'Block',
        base_value: 5,
        current_value: 6,
        enchanted_value: 5,
        is_modified: true,
        was_just_upgraded: false,
      },
    ]);
  });

  it('Sharp 2 leaves damage at the base and shows in enchanted_value, as on Astral Pulse in the real states', () => {
    const fight = handFight([]);
    fight.combat.combat.hand = [
      { ...testCombatCard(fight.run, 'STRIKE_IRONCLAD'), enchantment: { id: 'SHARP', amount: 2 } },
    ];
    const strike = sts2(() => toGameState(fight.run)).combat?.hand[0];
    expect(strike).toMatchObject({ damage: 6, total_damage: 6 });
    expect(strike?.dynamic_values).toEqual([
      {
        name: 'Damage',
        base_value: 6,
        current_value: 8,
        enchanted_value: 8,
        is_modified: true,
        was_just_upgraded: false,
      },
    ]);
  });

  it('the recorded boss fight (Strength 2) loaded into the simulator shows the same hand numbers as the game', () => {
    const real = readSts2Snapshots(STS2_FIXTURE_FILE)[0]?.raw_state as GameState;
    const run = fromSts2State(real).run;
    if (run === null) throw new Error('the fixture has no run');
    const simulated = toGameState(run);
    const numbers = (card: HandCard) => ({
      card_id: card.card_id,
      damage: card.damage,
      block: card.block,
      hits: card.hits,
      total_damage: card.total_damage,
      values: (card.dynamic_values ?? []).filter(
        (value) => value.name === 'Damage' || value.name === 'Block',
      ),
    });
    const shown = real.combat?.hand.map(numbers) ?? [];
    // Whirlwind+, Fight Me!, Seeker Strike, Unrelenting: damage 8 and Damage current 10 for Whirlwind+.
    expect(shown.map((card) => card.card_id)).toEqual([
      'WHIRLWIND',
      'FIGHT_ME',
      'SEEKER_STRIKE',
      'UNRELENTING',
    ]);
    expect(shown[0]?.values[0]?.current_value).toBe((shown[0]?.damage ?? 0) + 2);
    expect(simulated.combat?.hand.map(numbers)).toEqual(shown);
  });
});

describe('a Shiv in the hand (StS1)', () => {
  it('shows the damage its play deals: Accuracy added before Weak', () => {
    const { run } = runInFight({ monsters: ['JAW_WORM'], character: 'SILENT', deck: [] });
    const combat = run.combat;
    if (combat === null) throw new Error('no combat');
    combat.hand = [];
    combat.player.powers.ACCURACY = 6;
    combat.player.powers.WEAK = 2;
    const index = putInHand(run, 'SHIV');
    const shown = toGameState(run).combat?.hand[index];
    // (4 + 6) x 0.75, rounded down: the old view added nothing for Accuracy (4 x 0.75 = 3).
    expect(shown?.damage).toBe(7);
    const monster = monstersOf(run)[0];
    if (monster === undefined) throw new Error('no monster');
    monster.block = 0;
    const before = monster.hp;
    playAt(run, 'SHIV');
    expect(before - monster.hp).toBe(7);
  });
});
