import { describe, expect, it } from 'vitest';
import { cardCurrentBlock, cardCurrentDamage } from '../../api/card-current-value.js';
import { gameStateSchema } from '../../api/game-state-schema.js';
import type { EngineAction } from '../../engine/action.js';
import { Combat } from '../../engine/combat.js';
import { toGameState } from '../../engine/game-state-projection.js';
import { addCardToDeck, combatRewards } from '../../engine/rewards.js';
import { applyAction, createRun, legalActions } from '../../engine/run.js';
import type { CardEnchantment, CombatCard, CombatState, RunState } from '../../engine/run-state.js';
import { getRelic, withRuleset } from '../registry.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { STS2_ENCHANTMENT_RELIC_RULES } from './sts2-enchantment-relic-rules.js';
import { findEnchantment, sts2Enchantments } from './sts2-enchantments.js';
import { isFullyModelledSts2Relic } from './sts2-relics.js';

const sts2 = <T>(body: () => T): T => withRuleset('sts2', body);

type DeckEntry = string | { readonly id: string; readonly enchantment: CardEnchantment };

/** An StS2 Ironclad run in a fight against a Seapunk with 900 HP (the player with 999). */
function fight(deck: readonly DeckEntry[], seed = 'enchantments'): RunState {
  const run = createRun({ seed, character: 'IRONCLAD', ruleset: 'sts2' });
  return sts2(() => {
    run.deck = deck.map((entry) =>
      typeof entry === 'string'
        ? { uid: run.counters.nextUid++, id: entry, upgraded: false }
        : {
            uid: run.counters.nextUid++,
            id: entry.id,
            upgraded: false,
            enchantment: { ...entry.enchantment },
          },
    );
    run.relics = [];
    run.maxHp = 999;
    run.hp = 999;
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', ['SEAPUNK'], 'monster');
    for (const monster of combat.combat.monsters) {
      monster.hp = 900;
      monster.maxHp = 900;
    }
    return run;
  });
}

function combatOf(run: RunState): CombatState {
  if (run.combat === null) throw new Error('no combat');
  return run.combat;
}

function act(run: RunState, action: EngineAction): void {
  const result = sts2(() => applyAction(run, action));
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** Plays the card with this uid (at the first monster when it targets one). */
function play(run: RunState, card: CombatCard): void {
  const index = combatOf(run).hand.indexOf(card);
  expect(index, `${card.id} in hand`).toBeGreaterThanOrEqual(0);
  const action = sts2(() => legalActions(run)).find(
    (legal) => legal.action === 'play_card' && legal.card_index === index,
  );
  expect(action, `${card.id} playable`).toBeDefined();
  act(run, action as EngineAction);
}

/**
 * The card with this id and enchantment (or none when `enchantment` is null), moved into the hand from
 * wherever the shuffle put it.
 */
function inHand(run: RunState, id: string, enchantment: string | null = null): CombatCard {
  const combat = combatOf(run);
  const matches = (candidate: CombatCard) =>
    candidate.id === id && (candidate.enchantment?.id ?? null) === enchantment;
  const held = combat.hand.find(matches);
  if (held !== undefined) return held;
  const index = combat.drawPile.findIndex(matches);
  const [card] = index < 0 ? [] : combat.drawPile.splice(index, 1);
  if (card === undefined) throw new Error(`${id} (${enchantment}) neither in hand nor in the draw pile`);
  combat.hand.push(card);
  return card;
}

/** HP the Seapunk lost and Block the player gained while `body` ran. */
function measure(run: RunState, body: () => void): { damage: number; block: number; hp: number } {
  const combat = combatOf(run);
  const monster = combat.monsters[0];
  if (monster === undefined) throw new Error('no monster');
  const before = { hp: monster.hp + monster.block, block: combat.player.block, player: run.hp };
  body();
  return {
    damage: before.hp - (monster.hp + monster.block),
    block: combat.player.block - before.block,
    hp: before.player - run.hp,
  };
}

const strike = (enchantment: CardEnchantment): DeckEntry => ({ id: 'STRIKE_IRONCLAD', enchantment });
const defend = (enchantment: CardEnchantment): DeckEntry => ({ id: 'DEFEND_IRONCLAD', enchantment });

describe('StS2 enchantments in combat', () => {
  it('knows every enchantment of the export (v0.103.2), and says which it does not simulate', () => {
    const ids = sts2Enchantments().map((enchantment) => enchantment.id);
    expect(ids).toHaveLength(22);
    expect(ids).toContain('SHARP');
    const unsimulated = sts2Enchantments()
      .filter((enchantment) => enchantment.unsimulated !== undefined)
      .map((enchantment) => enchantment.id);
    // Inky is simulated since Blade of Ink makes Inky Shivs (numbers from enchantments/Inky.json).
    expect(unsimulated.sort()).toEqual(['CLONE']);
  });

  it('Sharp adds to the damage number; Instinct doubles it; Corrupted adds half and costs 2 HP', () => {
    const run = fight([
      'STRIKE_IRONCLAD',
      strike({ id: 'SHARP', amount: 3 }),
      strike({ id: 'INSTINCT', amount: 1 }),
      strike({ id: 'CORRUPTED', amount: 1 }),
      'DEFEND_IRONCLAD',
    ]);
    const plain = measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD')));
    expect(plain.damage).toBe(6);
    expect(measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD', 'SHARP'))).damage).toBe(9);
    expect(measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD', 'INSTINCT'))).damage).toBe(12);
    combatOf(run).player.energy = 3;
    const corrupted = measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD', 'CORRUPTED')));
    expect(corrupted.damage).toBe(9);
    expect(corrupted.hp).toBe(2);
  });

  it('Nimble adds to the Block number; Adroit gives Block on top of the card', () => {
    const run = fight([
      'DEFEND_IRONCLAD',
      defend({ id: 'NIMBLE', amount: 2 }),
      strike({ id: 'ADROIT', amount: 3 }),
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    expect(measure(run, () => play(run, inHand(run, 'DEFEND_IRONCLAD'))).block).toBe(5);
    expect(measure(run, () => play(run, inHand(run, 'DEFEND_IRONCLAD', 'NIMBLE'))).block).toBe(7);
    const adroit = measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD', 'ADROIT')));
    expect(adroit).toMatchObject({ damage: 6, block: 3 });
  });

  it('Goopy exhausts the card and grows its Block for good, on the deck card too', () => {
    const run = fight([defend({ id: 'GOOPY', amount: 0 }), ...Array(4).fill('STRIKE_IRONCLAD')]);
    const goopy = inHand(run, 'DEFEND_IRONCLAD', 'GOOPY');
    expect(measure(run, () => play(run, goopy)).block).toBe(5);
    expect(combatOf(run).exhaustPile).toContain(goopy);
    const deckCard = run.deck.find((card) => card.uid === goopy.uid);
    expect(deckCard?.enchantment).toEqual({ id: 'GOOPY', amount: 1 });
    // The next combat's copy gives 1 more Block.
    const next = fight([{ id: 'DEFEND_IRONCLAD', enchantment: { id: 'GOOPY', amount: 1 } }]);
    expect(measure(next, () => play(next, inHand(next, 'DEFEND_IRONCLAD', 'GOOPY'))).block).toBe(6);
  });

  it('Momentum adds its amount to the card for the rest of combat; Vigorous only on the first play', () => {
    const run = fight([strike({ id: 'MOMENTUM', amount: 5 }), strike({ id: 'VIGOROUS', amount: 8 })]);
    const momentum = inHand(run, 'STRIKE_IRONCLAD', 'MOMENTUM');
    const vigorous = inHand(run, 'STRIKE_IRONCLAD', 'VIGOROUS');
    expect(measure(run, () => play(run, momentum)).damage).toBe(6);
    expect(measure(run, () => play(run, vigorous)).damage).toBe(14);
    // Back into the hand: the second plays.
    const combat = combatOf(run);
    combat.hand.push(...combat.discardPile.splice(0));
    combat.player.energy = 3;
    expect(measure(run, () => play(run, momentum)).damage).toBe(11);
    expect(measure(run, () => play(run, vigorous)).damage).toBe(6);
  });

  it('Glam replays the first play of each combat only; Spiral replays every play', () => {
    const run = fight([strike({ id: 'GLAM', amount: 1 }), strike({ id: 'SPIRAL', amount: 1 })]);
    const glam = inHand(run, 'STRIKE_IRONCLAD', 'GLAM');
    const spiral = inHand(run, 'STRIKE_IRONCLAD', 'SPIRAL');
    expect(measure(run, () => play(run, glam)).damage).toBe(12);
    expect(measure(run, () => play(run, spiral)).damage).toBe(12);
    const combat = combatOf(run);
    combat.hand.push(...combat.discardPile.splice(0));
    combat.player.energy = 3;
    expect(measure(run, () => play(run, glam)).damage).toBe(6);
    expect(measure(run, () => play(run, spiral)).damage).toBe(12);
  });

  it('Sown gives 1 Energy and Swift draws on the first play of a combat only', () => {
    const run = fight([
      strike({ id: 'SOWN', amount: 1 }),
      strike({ id: 'SWIFT', amount: 2 }),
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
      ...Array(6).fill('STRIKE_IRONCLAD'),
    ]);
    const combat = combatOf(run);
    const sown = inHand(run, 'STRIKE_IRONCLAD', 'SOWN');
    const swift = inHand(run, 'STRIKE_IRONCLAD', 'SWIFT');
    const energy = combat.player.energy;
    play(run, sown);
    expect(combat.player.energy).toBe(energy - 1 + 1);
    const hand = combat.hand.length;
    play(run, swift);
    expect(combat.hand.length).toBe(hand - 1 + 2);
    combat.hand.push(sown, swift);
    combat.discardPile = combat.discardPile.filter((card) => card !== sown && card !== swift);
    combat.player.energy = 3;
    play(run, sown);
    expect(combat.player.energy).toBe(2);
    const handAfter = combat.hand.length;
    play(run, swift);
    expect(combat.hand.length).toBe(handAfter - 1);
  });

  it("Royally Approved is Innate and Retained; Steady is Retained; Soul's Power keeps an Exhaust card", () => {
    const deck: DeckEntry[] = [
      ...Array(10).fill('STRIKE_IRONCLAD'),
      defend({ id: 'ROYALLY_APPROVED', amount: 1 }),
      { id: 'MOLTEN_FIST', enchantment: { id: 'SOULS_POWER', amount: 1 } },
    ];
    for (const seed of ['a', 'b', 'c']) {
      const run = fight(deck, seed);
      expect(combatOf(run).hand.some((card) => card.enchantment?.id === 'ROYALLY_APPROVED')).toBe(true);
    }
    const run = fight([defend({ id: 'STEADY', amount: 1 }), ...Array(4).fill('STRIKE_IRONCLAD')]);
    const steady = inHand(run, 'DEFEND_IRONCLAD', 'STEADY');
    act(run, { action: 'end_turn' });
    expect(combatOf(run).hand).toContain(steady);

    const fist = fight([{ id: 'MOLTEN_FIST', enchantment: { id: 'SOULS_POWER', amount: 1 } }, 'MOLTEN_FIST']);
    const kept = inHand(fist, 'MOLTEN_FIST', 'SOULS_POWER');
    play(fist, kept);
    play(fist, inHand(fist, 'MOLTEN_FIST'));
    expect(combatOf(fist).discardPile).toContain(kept);
    expect(combatOf(fist).exhaustPile.map((card) => card.id)).toEqual(['MOLTEN_FIST']);
  });

  it("Tezcatara's Ember costs 0; Slither rolls a 0-3 cost when drawn; Slumbering Essence costs 1 less until played", () => {
    const run = fight([
      { id: 'BASH', enchantment: { id: 'TEZCATARAS_EMBER', amount: 1 } },
      { id: 'BASH', enchantment: { id: 'SLUMBERING_ESSENCE', amount: 1 } },
      ...Array(3).fill('DEFEND_IRONCLAD'),
      ...Array(20).fill({ id: 'STRIKE_IRONCLAD', enchantment: { id: 'SLITHER', amount: 1 } }),
    ]);
    const combat = combatOf(run);
    const cost = (card: CombatCard) => sts2(() => new Combat(run).costOf(card));
    const ember = inHand(run, 'BASH', 'TEZCATARAS_EMBER');
    const slumbering = inHand(run, 'BASH', 'SLUMBERING_ESSENCE');
    expect(cost(ember)).toBe(0);
    expect(cost(slumbering)).toBe(2);
    act(run, { action: 'end_turn' });
    expect(cost(slumbering)).toBe(1);
    // Not retained: it went to the discard pile. Back in hand for another end of turn: 1 less again.
    combat.hand.push(slumbering);
    combat.discardPile = combat.discardPile.filter((card) => card !== slumbering);
    act(run, { action: 'end_turn' });
    expect(cost(slumbering)).toBe(0);
    // Slither: costs drawn so far are 0-3 and not all equal.
    const slithers = [...combat.hand, ...combat.discardPile].filter(
      (card) => card.enchantment?.id === 'SLITHER',
    );
    expect(slithers.length).toBeGreaterThan(3);
    const costs = slithers.map((card) => card.combatCost);
    expect(costs.every((value) => value !== null && value >= 0 && value <= 3)).toBe(true);
    expect(new Set(costs).size).toBeGreaterThan(1);
    combat.hand = combat.hand.filter((card) => card !== slumbering);
    combat.hand.push(slumbering);
    combat.player.energy = 3;
    play(run, slumbering);
    expect(cost(slumbering)).toBe(2);
  });

  it('Perfect Fit goes on top of the draw pile when the discard pile is shuffled in', () => {
    const run = fight([...Array(9).fill('STRIKE_IRONCLAD'), strike({ id: 'PERFECT_FIT', amount: 1 })]);
    const combat = combatOf(run);
    combat.discardPile.push(...combat.drawPile.splice(0), ...combat.hand.splice(0));
    sts2(() => new Combat(run).shuffleDiscardIntoDraw());
    expect(combat.drawPile.at(-1)?.enchantment?.id).toBe('PERFECT_FIT');
  });

  it('Imbued plays the card at the start of each combat, before the first draw', () => {
    const run = fight([defend({ id: 'IMBUED', amount: 1 }), ...Array(8).fill('STRIKE_IRONCLAD')]);
    const combat = combatOf(run);
    expect(combat.player.block).toBe(5);
    expect(combat.discardPile.map((card) => card.enchantment?.id)).toEqual(['IMBUED']);
    expect(combat.hand.some((card) => card.enchantment !== undefined)).toBe(false);
  });
});

/** The damage, first target preview and Block the state shows for `card` in the hand; then what its play did. */
function shownThenPlayed(run: RunState, card: CombatCard) {
  const index = combatOf(run).hand.indexOf(card);
  const view = sts2(() => toGameState(run)).combat?.hand[index];
  const shown = {
    damage: view && cardCurrentDamage(view),
    preview: view?.target_previews?.[0]?.damage,
    block: view && cardCurrentBlock(view),
  };
  return { shown, played: measure(run, () => play(run, card)) };
}

describe('StS2 enchanted cards as the state shows them', () => {
  it.each([
    ['SHARP', 3],
    ['INSTINCT', 1],
    ['CORRUPTED', 1],
    ['INKY', 1],
    ['VIGOROUS', 8],
    ['MOMENTUM', 5],
  ] as const)('an Attack with %s (%i) shows the damage each play deals', (id, amount) => {
    const run = fight([strike({ id, amount }), ...Array(4).fill('DEFEND_IRONCLAD')]);
    const combat = combatOf(run);
    // Strength and Weak come after the enchantment's numbers: a wrong order shows another number.
    combat.player.powers.STRENGTH = 2;
    combat.player.powers.WEAK = 2;
    const card = inHand(run, 'STRIKE_IRONCLAD', id);
    for (const round of ['first play', 'second play']) {
      if (!combat.hand.includes(card)) combat.hand.push(...combat.discardPile.splice(0));
      combat.player.energy = 3;
      const { shown, played } = shownThenPlayed(run, card);
      expect(shown.preview, round).toBe(played.damage);
      expect(shown.damage, round).toBe(played.damage);
    }
  });

  it.each([
    ['NIMBLE', 2],
    ['GOOPY', 3],
  ] as const)('a Block card with %s (%i) shows the Block its play gives', (id, amount) => {
    const run = fight([defend({ id, amount }), ...Array(4).fill('STRIKE_IRONCLAD')]);
    combatOf(run).player.powers.DEXTERITY = 1;
    const { shown, played } = shownThenPlayed(run, inHand(run, 'DEFEND_IRONCLAD', id));
    expect(shown.block).toBe(played.block);
  });
});

/** A fresh StS2 run on the map with this deck. */
function onMap(deck: readonly string[]): RunState {
  const run = createRun({ seed: 'enchant-relics', character: 'IRONCLAD', ruleset: 'sts2' });
  run.deck = deck.map((id) => ({ uid: run.counters.nextUid++, id, upgraded: false }));
  run.screen = 'MAP';
  run.selection = null;
  run.reward = null;
  return run;
}

function obtain(run: RunState, relic: string): void {
  sts2(() => {
    run.relics.push({ id: relic, counter: -1, used: false });
    getRelic(relic).onPickup?.(run);
  });
}

describe('StS2 relics that enchant', () => {
  it('Gnarled Hammer opens a choice of Attacks only and enchants the chosen with Sharp 3', () => {
    const run = onMap(['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'BASH']);
    obtain(run, 'GNARLED_HAMMER');
    const state = sts2(() => toGameState(run));
    expect(gameStateSchema.safeParse(state).success).toBe(true);
    expect(state.selection?.kind).toBe('deck_enchant_select');
    expect(state.selection?.cards.map((card) => card.card_id).sort()).toEqual([
      'BASH',
      'STRIKE_IRONCLAD',
      'STRIKE_IRONCLAD',
    ]);
    for (let pick = 0; pick < 3; pick++) act(run, { action: 'select_deck_card', option_index: 0 });
    expect(run.screen).toBe('MAP');
    const enchanted = run.deck.filter((card) => card.enchantment !== undefined);
    expect(enchanted.map((card) => card.id).sort()).toEqual(['BASH', 'STRIKE_IRONCLAD', 'STRIKE_IRONCLAD']);
    expect(enchanted.every((card) => card.enchantment?.id === 'SHARP' && card.enchantment.amount === 3)).toBe(
      true,
    );
    const deckView = sts2(() => toGameState(run)).run?.deck ?? [];
    const bash = deckView.find((card) => card.card_id === 'BASH');
    expect(bash?.enchantment_id).toBe('SHARP');
    expect(bash?.enchantment_name).toBe('Sharp');
    expect(bash?.rules_text).toContain('Sharp 3');
  });

  it('Kifuda bought in a shop opens its choice there and goes back to the shop, charging nothing more', () => {
    const run = onMap(['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'BASH', 'DEFEND_IRONCLAD']);
    run.screen = 'SHOP';
    const gold = run.gold;
    obtain(run, 'KIFUDA');
    expect(run.selection?.purpose).toBe('enchant');
    for (let pick = 0; pick < 3; pick++) act(run, { action: 'select_deck_card', option_index: 0 });
    expect(run.screen).toBe('SHOP');
    expect(run.gold).toBe(gold);
    expect(run.deck.filter((card) => card.enchantment?.id === 'ADROIT')).toHaveLength(3);
  });

  it("Nutritious Soup enchants every Strike, Pael's Claw every Defend", () => {
    const run = onMap(['STRIKE_IRONCLAD', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'BASH']);
    obtain(run, 'NUTRITIOUS_SOUP');
    obtain(run, 'PAELS_CLAW');
    expect(run.deck.map((card) => card.enchantment?.id ?? null)).toEqual([
      'TEZCATARAS_EMBER',
      'TEZCATARAS_EMBER',
      'GOOPY',
      null,
    ]);
  });

  it('Fresnel Lens enchants a card that gains Block as it joins the deck; Glitter enchants card rewards', () => {
    const run = onMap(['STRIKE_IRONCLAD']);
    obtain(run, 'FRESNEL_LENS');
    sts2(() => {
      addCardToDeck(run, { uid: run.counters.nextUid++, id: 'DEFEND_IRONCLAD', upgraded: false });
      addCardToDeck(run, { uid: run.counters.nextUid++, id: 'BASH', upgraded: false });
    });
    expect(run.deck.map((card) => card.enchantment ?? null)).toEqual([
      null,
      { id: 'NIMBLE', amount: 2 },
      null,
    ]);

    const glitter = onMap(['STRIKE_IRONCLAD']);
    obtain(glitter, 'GLITTER');
    const items = sts2(() => combatRewards(glitter, 'monster', 0));
    const cards = items.find((item) => item.kind === 'cards');
    expect(cards?.kind === 'cards' && cards.cards.length > 0).toBe(true);
    if (cards?.kind === 'cards')
      expect(cards.cards.every((card) => card.enchantment?.id === 'GLAM')).toBe(true);
  });

  it("Pael's Growth: a Clone card, and rest sites offer to copy it", () => {
    const run = onMap(['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD']);
    obtain(run, 'PAELS_GROWTH');
    act(run, { action: 'select_deck_card', option_index: 1 });
    expect(run.deck[1]?.enchantment?.id).toBe('CLONE');
    const option = sts2(() => getRelic('PAELS_GROWTH').restOption);
    expect(option?.enabled(run)).toBe(true);
    sts2(() => option?.choose(run));
    expect(run.deck.map((card) => card.id)).toEqual([
      'STRIKE_IRONCLAD',
      'DEFEND_IRONCLAD',
      'DEFEND_IRONCLAD',
    ]);
  });

  it('Mystic Lighter adds its damage to enchanted Attacks only; Wing Charm enchants one card of each card reward', () => {
    const run = fight(['STRIKE_IRONCLAD', strike({ id: 'STEADY', amount: 1 }), 'DEFEND_IRONCLAD']);
    run.relics.push({ id: 'MYSTIC_LIGHTER', counter: -1, used: false });
    expect(measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD'))).damage).toBe(6);
    expect(measure(run, () => play(run, inHand(run, 'STRIKE_IRONCLAD', 'STEADY'))).damage).toBe(15);

    const charm = onMap(['STRIKE_IRONCLAD']);
    obtain(charm, 'WING_CHARM');
    const items = sts2(() => combatRewards(charm, 'monster', 0));
    const cards = items.find((item) => item.kind === 'cards');
    if (cards?.kind !== 'cards') throw new Error('no card reward');
    expect(
      cards.cards.filter((card) => card.enchantment !== undefined).map((card) => card.enchantment),
    ).toEqual([{ id: 'SWIFT', amount: 1 }]);
  });

  it('Beautiful Bracelet: 3 chosen cards get Swift 3', () => {
    const run = onMap(['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'BASH', 'DEFEND_IRONCLAD']);
    obtain(run, 'BEAUTIFUL_BRACELET');
    for (let pick = 0; pick < 3; pick++) act(run, { action: 'select_deck_card', option_index: 0 });
    expect(
      run.deck.filter((card) => card.enchantment?.id === 'SWIFT' && card.enchantment.amount === 3),
    ).toHaveLength(3);
  });

  it('the enchanting relics are fully modelled but for what they say', () => {
    const ids = Object.keys(STS2_ENCHANTMENT_RELIC_RULES);
    const partly = ids.filter(
      (id) => !isFullyModelledSts2Relic(STS2_RELIC_FACTS.find((facts) => facts.id === id) ?? fail(id)),
    );
    expect(partly).toEqual([]);
    expect(findEnchantment('NIMBLE')?.text(2)).toContain('2 more Block');
  });
});

function fail(id: string): never {
  throw new Error(`no facts for ${id}`);
}
