// A behavioural check of the StS2 cards: each card of the character and colorless pools is played in
// fixed combats, and a card whose play changes nothing the rules read (only its own move to a pile,
// the energy and Stars it cost, bookkeeping counters, or a power no engine rule reads) is listed as
// inert. It finds the cards whose effects the simulator does not model at all.
import { Combat } from '../../engine/combat.js';
import { createRun } from '../../engine/run.js';
import type { CharacterId, CombatCard, RunState } from '../../engine/run-state.js';
import { getCard, withRuleset } from '../registry.js';
import { ALL_STS2_CARD_FACTS } from './sts2-cards.js';
import { isModelledSts2Power } from './sts2-powers.js';

/** One card the check found to do nothing in play. */
export interface InertSts2Card {
  readonly id: string;
  readonly name: string;
  /** Ironclad, Silent, Regent, Necrobinder or Colorless. */
  readonly character: string;
  readonly rarity: string;
}

const CHARACTERS: Readonly<Record<string, CharacterId>> = {
  Ironclad: 'IRONCLAD',
  Silent: 'SILENT',
  Regent: 'REGENT',
  Necrobinder: 'NECROBINDER',
  Colorless: 'IRONCLAD',
};
const RARITIES = new Set(['Basic', 'Common', 'Uncommon', 'Rare']);
const FILLER = ['STRIKE_IRONCLAD', 'DEFEND_IRONCLAD', 'SHIV', 'SOUL', 'STRIKE_IRONCLAD', 'DEFEND_IRONCLAD'];

interface Scenario {
  /** Cards left in the draw pile (Grand Finale wants none). */
  readonly drawPile: boolean;
  /** The enemies start with debuffs (cards that scale with them). */
  readonly debuffed: boolean;
  /** Cards played before the tested one this turn (Finisher, Lunar Blast...). */
  readonly playedBefore: boolean;
  /** The tested card is the only card in hand (Restlessness, Impatience). */
  readonly aloneInHand: boolean;
}

const SCENARIOS: readonly Scenario[] = [
  { drawPile: true, debuffed: false, playedBefore: false, aloneInHand: false },
  { drawPile: true, debuffed: true, playedBefore: true, aloneInHand: false },
  { drawPile: false, debuffed: true, playedBefore: true, aloneInHand: false },
  { drawPile: true, debuffed: false, playedBefore: false, aloneInHand: true },
];

function card(run: RunState, id: string): CombatCard {
  return {
    uid: run.counters.nextUid++,
    id,
    upgraded: false,
    combatCost: null,
    turnCost: null,
    bonus: 0,
    retainOnce: false,
  };
}

/** What the rules read after a play, without the played card itself and bookkeeping counters. */
function snapshot(run: RunState, played: number): string {
  const combat = run.combat;
  if (combat === null) return 'no combat';
  const ids = (pile: readonly CombatCard[]) =>
    pile
      .filter((entry) => entry.uid !== played)
      .map(
        (entry) =>
          `${entry.id}${entry.upgraded ? '+' : ''}:${entry.combatCost ?? ''}:${entry.turnCost ?? ''}:${entry.bonus}:${entry.retainOnce}`,
      );
  const powers = (values: Readonly<Record<string, number>>) =>
    Object.entries(values)
      .filter(([id, amount]) => amount !== 0 && isModelledSts2Power(id))
      .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify({
    hp: run.hp,
    maxHp: run.maxHp,
    gold: run.gold,
    potions: run.potions,
    block: combat.player.block,
    powers: powers(combat.player.powers),
    hand: ids(combat.hand).sort(),
    draw: ids(combat.drawPile),
    discard: ids(combat.discardPile).sort(),
    exhaust: ids(combat.exhaustPile).sort(),
    monsters: combat.monsters.map((monster) => [
      monster.hp,
      monster.block,
      powers(monster.powers),
      monster.alive,
    ]),
    summon: combat.summon,
    selection: combat.selection !== null,
  });
}

function playsSomething(id: string, character: CharacterId, scenario: Scenario): boolean {
  const run = createRun({ seed: 'inert-check', character, ruleset: 'sts2' });
  return withRuleset('sts2', () => {
    run.deck = FILLER.map((filler) => ({ uid: run.counters.nextUid++, id: filler, upgraded: false }));
    run.relics = [];
    run.hp = 40;
    run.screen = 'COMBAT';
    run.room = 'monster';
    const combat = Combat.start(run, 'TEST', ['SEAPUNK', 'SEAPUNK'], 'monster');
    const state = combat.combat;
    for (const monster of state.monsters) {
      monster.hp = 500;
      monster.maxHp = 500;
      if (scenario.debuffed) monster.powers = { POISON: 5, VULNERABLE: 2, WEAK: 2, DOOM: 3 };
    }
    state.player.block = 6;
    if (character === 'NECROBINDER' && state.summon === null) combat.summon(5);
    state.discardPile.push(card(run, 'STRIKE_IRONCLAD'), card(run, 'DEFEND_IRONCLAD'));
    state.exhaustPile.push(card(run, 'SHIV'));
    if (scenario.playedBefore)
      state.exhaustPile.push(card(run, 'SHIV'), card(run, 'SHIV'), card(run, 'SHIV'));
    if (!scenario.drawPile) {
      state.discardPile.push(...state.drawPile);
      state.drawPile = [];
    }
    if (scenario.playedBefore) {
      state.counters.cardsThisTurn = 3;
      state.counters.attacksThisTurn = 2;
      state.counters.skillsThisTurn = 1;
      state.counters.cardsThisCombat = 3;
      state.counters.exhaustedThisTurn = 1;
      state.counters.hpLostThisTurn = 1;
      state.counters.starsGainedThisTurn = 2;
      state.counters.discardedThisTurn = 1;
      // The Shivs exhausted above were created, and one of the earlier plays was Ethereal.
      state.counters.createdThisCombat = 3;
      state.counters.etherealThisCombat = 1;
    }
    if (scenario.aloneInHand) state.drawPile.push(...state.hand.splice(0));
    const tested = card(run, id);
    state.hand.unshift(tested);
    state.player.energy = 9;
    state.player.stars = 9;
    if (combat.unplayableReason(tested) !== null) return false;
    const definition = getCard(id);
    const cost = combat.costOf(tested);
    const before = snapshot(run, tested.uid);
    const energyBefore = state.player.energy;
    const starsBefore = state.player.stars;
    combat.playCard(0, 0);
    // A pending choice: take the first option, then confirm what the minimum allows.
    for (let guard = 0; guard < 12 && state.selection !== null; guard++) {
      if (state.selection.options.length > 0 && state.selection.chosen.length < state.selection.count)
        combat.choose(0);
      else combat.resolveSelection();
    }
    const paid = cost === -1 ? energyBefore : cost;
    const energyChanged = state.player.energy !== energyBefore - paid;
    const starsChanged = state.player.stars !== starsBefore - Math.min(starsBefore, definition.starCost ?? 0);
    return energyChanged || starsChanged || snapshot(run, tested.uid) !== before;
  });
}

/**
 * The StS2 cards of the character and colorless pools that change nothing the rules read when
 * played in four fixed combats (fresh, debuffed enemies after other plays, empty draw pile, alone in
 * hand).
 */
export function findInertSts2Cards(): InertSts2Card[] {
  const inert: InertSts2Card[] = [];
  for (const facts of ALL_STS2_CARD_FACTS) {
    const character = CHARACTERS[facts.character];
    if (character === undefined || !RARITIES.has(facts.rarity)) continue;
    if (SCENARIOS.some((scenario) => playsSomething(facts.id, character, scenario))) continue;
    inert.push({ id: facts.id, name: facts.name, character: facts.character, rarity: facts.rarity });
  }
  return inert;
}
