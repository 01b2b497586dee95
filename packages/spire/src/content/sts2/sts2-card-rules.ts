// Hand-written rules for StS2 cards whose game text the structured effects cannot express
// (conditions, choices, scaling, cost changes). Numbers come from the card's facts (`!D!`, `!B!`,
// `!M!` are its Damage, Block and first other variable); where the facts lack a number the card's
// `numbers` say what the simulator uses and its text says so. The text is the simulator's own.
import {
  type CardDefinition,
  type CardPlay,
  type CombatContext,
  HAND_LIMIT,
  type Upgradable,
} from '../../engine/definitions.js';
import type { CombatCard, SummonState } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import { STS2_POTION_FACTS } from './data/sts2-potion-facts.js';
import { STS2_POWER_FACTS } from './data/sts2-power-facts.js';
import type { Sts2CardFacts } from './facts.js';
import { MAD_SCIENCE_FACTS } from './sts2-mad-science.js';
import { inSinglePlayerPools } from './sts2-multiplayer-only-cards.js';

/**
 * The play of a card Osty deals: its damage plus its `summonDamage` (what the view shows too);
 * nothing while he is dead.
 */
export function ostyCardAttack(
  x: CombatContext,
  c: CardPlay,
  summonDamage: NonNullable<CardDefinition['summonDamage']>,
): void {
  const summon = x.run.combat?.summon;
  if (summon === null || summon === undefined || summon.hp <= 0) return;
  x.summonAttack(c.target, c.damage + summonDamage(x, c, summon));
}

/** What Unleash adds to its damage: Osty's current HP. */
function unleashDamage(_x: CombatContext, _c: CardPlay, summon: SummonState): number {
  return summon.hp;
}

/** What a rule adds to or replaces in a card built from its facts. */
export interface Sts2CardRule {
  /** The simulator's text ([base, upgraded]); placeholders as in CardDefinition. */
  readonly text: readonly [string, string] | string;
  /** Plays the card (the facts' effects when absent: a status or curse that only acts from the hand). */
  readonly play?: NonNullable<CardDefinition['play']>;
  /** At the end of the player's turn, while the card is in the hand. */
  readonly endOfTurnInHand?: CardDefinition['endOfTurnInHand'];
  /** When the card is drawn. */
  readonly onDraw?: CardDefinition['onDraw'];
  /** Where the card goes after it is played, when not to the Discard Pile. */
  readonly afterPlay?: CardDefinition['afterPlay'];
  /** Resolves the card selection the play asked for. */
  readonly onSelect?: CardDefinition['onSelect'];
  /** Why the card cannot be played now, or null. */
  readonly unplayableReason?: CardDefinition['unplayableReason'];
  /** The energy cost now. */
  readonly dynamicCost?: CardDefinition['dynamicCost'];
  /** Osty deals the card's damage plus this (the play adds it too). */
  readonly summonDamage?: CardDefinition['summonDamage'];
  /** While in the hand, why another card cannot be played now (Normality). */
  readonly whileInHand?: CardDefinition['whileInHand'];
  /** An option rest sites offer while the card is in the deck. */
  readonly restOption?: CardDefinition['restOption'];
  /** When an act starts while the card is in the deck. */
  readonly atActStart?: CardDefinition['atActStart'];
  /** The card leaves the deck after this many won combats. */
  readonly leavesDeckAfterCombats?: number;
  /**
   * The export's cards.json marks the card Unplayable (its code names the keyword to leave unplayable
   * cards out), yet the game plays it for its cost (Beat Down; Decisions, Decisions, whose own card
   * file lists no Unplayable).
   */
  readonly playable?: true;
  /** When a creature dies while the card is in the hand or a pile. */
  readonly onCreatureDeath?: CardDefinition['onCreatureDeath'];
  /** When another card is played while this one is in the Draw or Discard Pile. */
  readonly onOtherCardPlayed?: CardDefinition['onOtherCardPlayed'];
  /** Played at the end of the turn when it is on top of the Draw Pile. */
  readonly playedFromDrawTopAtTurnEnd?: boolean;
  /** Numbers the facts lack or name differently. */
  /** Damage ([base, upgraded]) where the facts name it differently or lack it. */
  readonly damage?: Upgradable;
  /** Block ([base, upgraded]). */
  readonly block?: Upgradable;
  /** The `!M!` number ([base, upgraded]). */
  readonly magic?: Upgradable;
  /**
   * What of the real card the rule leaves out, as a sentence shown after its text; a rule that sets
   * it counts as partly modelled in the coverage (replay-states, the bench).
   */
  readonly unsimulated?: string;
}

type Play = (x: CombatContext, c: CardPlay) => void;

/**
 * A combat card's Energy cost as its definition gives it (-1 X, -2 unplayable): the definition, not the
 * export's keywords, which mark some played cards Unplayable (see `Sts2CardRule.playable`).
 */
export function definedCost(card: CombatCard): number {
  const cost = runServices().getCard(card.id).cost;
  return typeof cost === 'number' ? cost : cost[card.upgraded ? 1 : 0];
}

/** A card that cannot be played at all (its defined cost is "unplayable"): cards that play others skip it. */
export function isUnplayableCard(card: CombatCard): boolean {
  return definedCost(card) === -2;
}

/** A card with a number cost (not X, not unplayable): what changes costs (Transfigure, Snecko Oil) reaches. */
export function hasNumberCost(card: CombatCard): boolean {
  return definedCost(card) >= 0;
}

/**
 * Every StS2 card's facts by id, the Mad Science cards Tinker Time builds among them (a card's type,
 * cost and numbers are read here: the other rule files read these too).
 */
export const STS2_CARD_FACTS_BY_ID = new Map(
  [...STS2_CARD_FACTS, ...MAD_SCIENCE_FACTS].map((facts) => [facts.id, facts]),
);
const typeOf = (card: CombatCard): string => STS2_CARD_FACTS_BY_ID.get(card.id)?.type ?? 'Skill';
function damageOf(card: CombatCard): number {
  const damage = STS2_CARD_FACTS_BY_ID.get(card.id)?.vars.Damage;
  return (damage === undefined ? 0 : damage[card.upgraded ? 1 : 0]) + card.bonus;
}
const hand = (x: CombatContext): CombatCard[] => x.run.combat?.hand ?? [];
/** Turns a combat card into another card for the rest of the combat (the deck keeps its own copy). */
export function transformInCombat(card: CombatCard, id: string, upgraded = false): void {
  card.id = id;
  card.upgraded = upgraded;
  card.bonus = 0;
  card.combatCost = null;
  card.turnCost = null;
}
/** A named variable of the played card's facts (for cards with several besides Damage and Block). */
export function varOf(c: CardPlay, name: string): number {
  const value = STS2_CARD_FACTS_BY_ID.get(c.card.id)?.vars[name];
  return value === undefined ? 0 : value[c.upgraded ? 1 : 0];
}
const target = (x: CombatContext, c: CardPlay) => x.run.combat?.monsters[c.target];
const monsterPower = (x: CombatContext, c: CardPlay, id: string): number => target(x, c)?.powers[id] ?? 0;

function choose(x: CombatContext, source: 'hand' | 'discard' | 'draw', count: number, prompt: string): void {
  x.requestSelection({ source, count, prompt });
}
const discardChosen: CardDefinition['onSelect'] = (x, chosen) => {
  for (const card of chosen) x.discardCard(card);
};
const exhaustChosen: CardDefinition['onSelect'] = (x, chosen) => {
  for (const card of chosen) x.exhaustCard(card);
};
/** Puts chosen cards on top of the Draw Pile, in the order chosen. */
function moveChosenToDrawTop(x: CombatContext, chosen: readonly CombatCard[]): void {
  const combat = x.run.combat;
  if (combat === null) return;
  for (const card of chosen) {
    for (const pile of [combat.hand, combat.drawPile, combat.discardPile]) {
      const index = pile.indexOf(card);
      if (index >= 0) pile.splice(index, 1);
    }
    combat.drawPile.push(card);
  }
}
/**
 * Moves chosen cards (from the Draw or Discard Pile) into the hand; a full hand leaves the rest where
 * they are. `free`: they cost 0 this turn.
 */
export function moveChosenToHand(x: CombatContext, chosen: readonly CombatCard[], free: boolean): void {
  const combat = x.run.combat;
  if (combat === null) return;
  for (const card of chosen) {
    if (combat.hand.length >= HAND_LIMIT) return;
    for (const pile of [combat.drawPile, combat.discardPile]) {
      const index = pile.indexOf(card);
      if (index >= 0) pile.splice(index, 1);
    }
    if (free) card.turnCost = 0;
    combat.hand.push(card);
  }
}
/** Runs `attack` and tells whether it killed the played card's target (Fatal). */
export function isFatal(x: CombatContext, c: CardPlay, attack: () => void): boolean {
  const monster = target(x, c);
  attack();
  return monster !== undefined && !monster.alive && !monster.escaped;
}
/** A random card of the run's character's reward pool, of one type (any when null) and matching `where`. */
export function randomPoolCard(
  x: CombatContext,
  type: string | null,
  where?: (facts: Sts2CardFacts) => boolean,
): string | null {
  const character = x.run.character.charAt(0) + x.run.character.slice(1).toLowerCase();
  const ids = STS2_CARD_FACTS.filter(
    (facts) =>
      facts.character === character &&
      (type === null || facts.type === type) &&
      (where === undefined || where(facts)) &&
      (facts.rarity === 'Common' || facts.rarity === 'Uncommon' || facts.rarity === 'Rare') &&
      inSinglePlayerPools(facts.id),
  ).map((facts) => facts.id);
  return ids.length === 0 ? null : (ids[x.randomInt(0, ids.length - 1)] ?? null);
}

/** A random Colorless card of the reward pools. */
export function randomColorless(x: CombatContext): string | null {
  const ids = STS2_CARD_FACTS.filter(
    (facts) =>
      facts.character === 'Colorless' &&
      (facts.rarity === 'Uncommon' || facts.rarity === 'Rare') &&
      inSinglePlayerPools(facts.id),
  ).map((facts) => facts.id);
  return ids.length === 0 ? null : (ids[x.randomInt(0, ids.length - 1)] ?? null);
}

/** Power ids that are debuffs (Misery copies those). */
export const STS2_DEBUFF_IDS = new Set(
  STS2_POWER_FACTS.filter((facts) => facts.debuff).map((facts) => facts.id),
);
const isColorless = (card: CombatCard): boolean =>
  STS2_CARD_FACTS_BY_ID.get(card.id)?.character === 'Colorless';
/** Spur's heal (the text's `!M!` is its Summon). */
const SPUR_HEAL = STS2_CARD_FACTS_BY_ID.get('SPUR')?.vars.Heal ?? [0, 0];
/** Sic 'Em's Summon per hit (the text's `!M!` is Osty's damage). */
const SIC_EM_SUMMON = STS2_CARD_FACTS_BY_ID.get('SIC_EM')?.vars.SicEm ?? [0, 0];

/**
 * Plays the top card of the Draw Pile for free (the Discard Pile is shuffled in first when the Draw
 * Pile is empty); false when both are empty.
 */
export function playTopOfDrawPile(x: CombatContext, exhaust: boolean): boolean {
  const combat = x.run.combat;
  if (combat === null) return false;
  if (combat.drawPile.length === 0) {
    if (combat.discardPile.length === 0) return false;
    x.draw(0);
  }
  const top = combat.drawPile.pop();
  if (top !== undefined) x.playFree(top, exhaust);
  return true;
}

const attackThen =
  (after: Play): Play =>
  (x, c) => {
    x.attack(c.target, c.damage);
    after(x, c);
  };

/** The hand-written rules by card id (they replace the structured effects of those cards). */
export const STS2_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  // ---- Ironclad ----
  THUNDERCLAP: {
    text: 'Deal !D! damage and apply !M! Vulnerable to ALL enemies.',
    play: (x, c) => {
      x.attack('all', c.damage);
      x.applyToAllMonsters('VULNERABLE', c.magic);
    },
  },
  ARMAMENTS: {
    text: ['Gain !B! Block. Upgrade a card in your Hand.', 'Gain !B! Block. Upgrade ALL cards in your Hand.'],
    play: (x, c) => {
      x.gainBlock(c.block);
      if (c.upgraded) for (const card of hand(x)) x.upgradeCard(card);
      else
        x.requestSelection({
          source: 'hand',
          count: 1,
          prompt: 'Choose a card to upgrade.',
          filter: (card) => !card.upgraded,
        });
    },
    onSelect: (x, chosen) => {
      for (const card of chosen) x.upgradeCard(card);
    },
  },
  BATTLE_TRANCE: {
    text: 'Draw !M! cards. You cannot draw additional cards this turn.',
    play: (x, c) => {
      x.draw(c.magic);
      x.applyToPlayer('NO_DRAW', 1);
    },
  },
  BODY_SLAM: {
    text: 'Deal damage equal to your Block.',
    play: (x, c) => void x.attack(c.target, x.run.combat?.player.block ?? 0),
  },
  BURNING_PACT: {
    text: 'Exhaust 1 card. Draw !M! cards.',
    play: (x, c) => {
      if (hand(x).length === 0) x.draw(c.magic);
      else choose(x, 'hand', 1, 'Choose a card to Exhaust.');
    },
    onSelect: (x, chosen, c) => {
      for (const card of chosen) x.exhaustCard(card);
      x.draw(c.magic);
    },
  },
  FEED: {
    text: 'Deal !D! damage. If Fatal, raise your Max HP by !M!.',
    play: (x, c) => {
      if (isFatal(x, c, () => x.attack(c.target, c.damage))) {
        x.run.maxHp += c.magic;
        x.heal(c.magic);
      }
    },
  },
  FIEND_FIRE: {
    text: 'Exhaust your Hand. Deal !D! damage for each card Exhausted.',
    play: (x, c) => {
      const cards = [...hand(x)];
      for (const card of cards) x.exhaustCard(card);
      x.attack(c.target, c.damage, cards.length);
    },
  },
  FLAME_BARRIER: {
    text: 'Gain !B! Block. Whenever you are attacked this turn, deal !M! damage back.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('FLAME_BARRIER', c.magic);
    },
  },
  HAVOC: {
    text: 'Play the top card of your Draw Pile and Exhaust it.',
    play: (x) => void playTopOfDrawPile(x, true),
  },
  HEADBUTT: {
    text: 'Deal !D! damage. Put a card from your Discard Pile on top of your Draw Pile.',
    play: attackThen((x) => choose(x, 'discard', 1, 'Choose a card to put on top of your draw pile.')),
    onSelect: (x, chosen) => moveChosenToDrawTop(x, chosen),
  },
  INFERNAL_BLADE: {
    text: 'Add a random Attack of your character into your Hand. It costs 0 this turn.',
    play: (x) => {
      const id = randomPoolCard(x, 'Attack');
      if (id !== null) x.addCard(id, 'hand', false, true);
    },
  },
  PERFECTED_STRIKE: {
    text: 'Deal !D! damage, plus !M! for each card containing "Strike" in your deck (this one included).',
    damage: [6, 6],
    play: (x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      let strikes = 1;
      for (const pile of [combat.hand, combat.drawPile, combat.discardPile])
        for (const card of pile) if (card.id.includes('STRIKE')) strikes++;
      x.attack(c.target, c.damage + c.magic * strikes);
    },
  },
  RAGE: {
    text: 'Whenever you play an Attack this turn, gain !M! Block.',
    play: (x, c) => x.applyToPlayer('RAGE', c.magic),
  },
  RAMPAGE: {
    text: "Deal !D! damage. Increase this card's damage by !M! this combat.",
    play: (x, c) => {
      x.attack(c.target, c.damage);
      c.card.bonus += c.magic;
    },
  },
  SECOND_WIND: {
    text: 'Exhaust all non-Attack cards in your Hand. Gain !B! Block for each card Exhausted.',
    play: (x, c) => {
      for (const card of [...hand(x)]) {
        if (typeOf(card) === 'Attack') continue;
        x.exhaustCard(card);
        x.gainBlock(c.block);
      }
    },
  },
  TRUE_GRIT: {
    text: [
      'Gain !B! Block. Exhaust a random card in your Hand.',
      'Gain !B! Block. Exhaust a card in your Hand.',
    ],
    play: (x, c) => {
      x.gainBlock(c.block);
      const cards = hand(x);
      if (c.upgraded) choose(x, 'hand', 1, 'Choose a card to Exhaust.');
      else if (cards.length > 0) {
        const victim = cards[x.randomInt(0, cards.length - 1)];
        if (victim !== undefined) x.exhaustCard(victim);
      }
    },
    onSelect: exhaustChosen,
  },
  ASHEN_STRIKE: {
    text: 'Deal !D! damage, plus !M! for each card in your Exhaust Pile.',
    damage: [6, 6],
    play: (x, c) => void x.attack(c.target, c.damage + c.magic * (x.run.combat?.exhaustPile.length ?? 0)),
  },
  BULLY: {
    text: 'Deal !D! damage, plus !M! for each Vulnerable on the enemy. (The base damage is not in the facts; the simulator uses 4.)',
    damage: [4, 4],
    play: (x, c) => void x.attack(c.target, c.damage + c.magic * monsterPower(x, c, 'VULNERABLE')),
  },
  CINDER: {
    text: 'Deal !D! damage. Exhaust a random card in your Hand.',
    play: attackThen((x) => {
      const cards = hand(x);
      const victim = cards[x.randomInt(0, Math.max(0, cards.length - 1))];
      if (victim !== undefined) x.exhaustCard(victim);
    }),
  },
  COLOSSUS: {
    text: 'Gain !B! Block. You take 50% less damage from Vulnerable enemies this turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('COLOSSUS', 1);
    },
  },
  CONFLAGRATION: {
    text: "Deal !D! damage to ALL enemies, plus !M! for each other Attack you've played this turn. (The base damage is not in the facts; the simulator uses 8, upgraded 9.)",
    damage: [8, 9],
    play: (x, c) => void x.attack('all', c.damage + c.magic * Math.max(0, x.counter('attacksThisTurn') - 1)),
  },
  DISMANTLE: {
    text: 'Deal !D! damage. If the enemy is Vulnerable, hits twice.',
    play: (x, c) => void x.attack(c.target, c.damage, monsterPower(x, c, 'VULNERABLE') > 0 ? 2 : 1),
  },
  DOMINATE: {
    text: 'Apply !M! Vulnerable. Gain 1 Strength for each Vulnerable on the enemy.',
    play: (x, c) => {
      x.applyToMonster(c.target, 'VULNERABLE', c.magic);
      x.applyToPlayer('STRENGTH', monsterPower(x, c, 'VULNERABLE'));
    },
  },
  EVIL_EYE: {
    text: 'Gain !B! Block. Gain another !B! Block if you have Exhausted a card this turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      if (x.counter('exhaustedThisTurn') > 0) x.gainBlock(c.block);
    },
  },
  FORGOTTEN_RITUAL: {
    text: 'If you Exhausted a card this turn, gain !M! Energy.',
    play: (x, c) => {
      if (x.counter('exhaustedThisTurn') > 0) x.gainEnergy(c.magic);
    },
  },
  MOLTEN_FIST: {
    text: "Deal !D! damage. Double the enemy's Vulnerable.",
    play: attackThen((x, c) => {
      const vulnerable = monsterPower(x, c, 'VULNERABLE');
      if (vulnerable > 0) x.applyToMonster(c.target, 'VULNERABLE', vulnerable);
    }),
  },
  PILLAGE: {
    text: 'Deal !D! damage. Draw cards until you draw a non-Attack card.',
    play: attackThen((x) => {
      for (let guard = 0; guard < 10; guard++) {
        const before = hand(x).length;
        x.draw(1);
        const drawn = hand(x)[hand(x).length - 1];
        if (hand(x).length === before || drawn === undefined || typeOf(drawn) !== 'Attack') return;
      }
    }),
  },
  SPITE: {
    text: 'Deal !D! damage. If you lost HP this turn, hits !M! times.',
    play: (x, c) => void x.attack(c.target, c.damage, x.counter('hpLostThisTurn') > 0 ? c.magic : 1),
  },
  STOMP: {
    text: 'Deal !D! damage to ALL enemies. Costs 1 less for each Attack played this turn.',
    dynamicCost: (x, base) => base - x.counter('attacksThisTurn'),
    play: (x, c) => void x.attack('all', c.damage),
  },
  THRASH: {
    text: 'Deal !D! damage twice. Exhaust a random Attack in your Hand and add its damage to this card.',
    play: (x, c) => {
      x.attack(c.target, c.damage, 2);
      const attacks = hand(x).filter((card) => typeOf(card) === 'Attack');
      const victim = attacks[x.randomInt(0, Math.max(0, attacks.length - 1))];
      if (victim === undefined) return;
      c.card.bonus += damageOf(victim);
      x.exhaustCard(victim);
    },
  },
  TEAR_ASUNDER: {
    text: 'Deal !D! damage. Hits an additional time for each time you lost HP this combat.',
    play: (x, c) => void x.attack(c.target, c.damage, 1 + x.counter('timesDamaged')),
  },
  UNRELENTING: {
    text: 'Deal !D! damage. The next Attack you play costs 0.',
    play: attackThen((x) => x.applyToPlayer('FREE_ATTACK', 1)),
  },
  BRAND: {
    text: 'Lose !M! HP. Exhaust 1 card. Gain Strength (see the numbers).',
    play: (x, c) => {
      x.loseHp(c.magic);
      choose(x, 'hand', 1, 'Choose a card to Exhaust.');
      x.applyToPlayer('STRENGTH', c.upgraded ? 2 : 1);
    },
    onSelect: exhaustChosen,
  },
  ONE_TWO_PUNCH: {
    text: 'This turn, your next !M! Attack(s) are played an extra time.',
    play: (x, c) => x.applyToPlayer('DOUBLE_TAP', c.magic),
  },
  PACTS_END: {
    text: 'Can only be played if you have !M! or more cards in your Exhaust Pile. Deal !D! damage to ALL enemies.',
    unplayableReason: (x, c) =>
      (x.run.combat?.exhaustPile.length ?? 0) >= c.magic
        ? null
        : `Pact's End needs ${c.magic} cards in your Exhaust Pile.`,
    play: (x, c) => void x.attack('all', c.damage),
  },
  EXPECT_A_FIGHT: {
    text: 'Gain 1 Energy for each Attack in your Hand. You cannot gain additional Energy this turn.',
    play: (x) => {
      x.gainEnergy(hand(x).filter((card) => typeOf(card) === 'Attack').length);
      x.applyToPlayer('NO_ENERGY_GAIN', 1);
    },
  },
  FAN_OF_KNIVES: {
    text: 'Shivs now hit ALL enemies. Add !M! Shivs into your Hand.',
    magic: [4, 5],
    play: (x, c) => {
      x.applyToPlayer('FAN_OF_KNIVES', 1);
      for (let copy = 0; copy < c.magic; copy++) x.addCard('SHIV', 'hand');
    },
  },
  SHADOWMELD: {
    text: 'Double your Block gain this turn.',
    play: (x) => x.applyToPlayer('SHADOWMELD', 1),
  },
  STOKE: {
    text: [
      'Exhaust your Hand. Add 1 random card of your character into your Hand for each card Exhausted.',
      'Exhaust your Hand. Add 1 random Upgraded card of your character into your Hand for each card Exhausted.',
    ],
    play: (x, c) => {
      const cards = [...hand(x)];
      for (const card of cards) x.exhaustCard(card);
      for (const _ of cards) {
        const id = randomPoolCard(x, ['Attack', 'Skill', 'Power'][x.randomInt(0, 2)] ?? 'Attack');
        if (id !== null) x.addCard(id, 'hand', c.upgraded);
      }
    },
  },
  CASCADE: {
    text: ['Play the top X cards of your Draw Pile.', 'Play the top X+1 cards of your Draw Pile.'],
    play: (x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      const count = x.xValue + (c.upgraded ? 1 : 0);
      for (let time = 0; time < count && !combat.over; time++) if (!playTopOfDrawPile(x, false)) return;
    },
  },
  // ---- Silent ----
  SURVIVOR: {
    text: 'Gain !B! Block. Discard 1 card.',
    play: (x, c) => {
      x.gainBlock(c.block);
      choose(x, 'hand', 1, 'Choose a card to discard.');
    },
    onSelect: discardChosen,
  },
  ACROBATICS: {
    text: 'Draw !M! cards. Discard 1 card.',
    play: (x, c) => {
      x.draw(c.magic);
      choose(x, 'hand', 1, 'Choose a card to discard.');
    },
    onSelect: discardChosen,
  },
  DAGGER_THROW: {
    text: 'Deal !D! damage. Draw 1 card. Discard 1 card.',
    play: attackThen((x) => {
      x.draw(1);
      choose(x, 'hand', 1, 'Choose a card to discard.');
    }),
    onSelect: discardChosen,
  },
  PREPARED: {
    text: 'Draw !M! card(s). Discard !M! card(s).',
    play: (x, c) => {
      x.draw(c.magic);
      choose(x, 'hand', c.magic, 'Choose cards to discard.');
    },
    onSelect: discardChosen,
  },
  HIDDEN_DAGGERS: {
    text: 'Discard !M! cards. Add 2 Shivs into your Hand (upgraded: Shivs+).',
    play: (x, c) => {
      choose(x, 'hand', c.magic, 'Choose cards to discard.');
      for (let copy = 0; copy < 2; copy++) x.addCard('SHIV', 'hand', c.upgraded);
    },
    onSelect: discardChosen,
  },
  BLUR: {
    text: 'Gain !B! Block. Block is not removed at the start of your next turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('BLUR', 1);
    },
  },
  BOUNCING_FLASK: {
    text: 'Apply 3 Poison to a random enemy !M! times.',
    play: (x, c) => {
      for (let bounce = 0; bounce < c.magic; bounce++) {
        const index = x.randomMonsterIndex();
        if (index >= 0) x.applyToMonster(index, 'POISON', 3);
      }
    },
  },
  BULLET_TIME: {
    text: 'You cannot draw additional cards this turn. ALL cards in your Hand cost 0 this turn.',
    play: (x) => {
      x.applyToPlayer('NO_DRAW', 1);
      for (const card of hand(x)) card.turnCost = 0;
    },
  },
  BURST: {
    text: 'This turn, your next !M! Skill(s) are played an extra time.',
    play: (x, c) => x.applyToPlayer('BURST', c.magic),
  },
  CALCULATED_GAMBLE: {
    text: 'Discard your Hand, then draw that many cards.',
    play: (x) => {
      const cards = [...hand(x)];
      for (const card of cards) x.discardCard(card);
      x.draw(cards.length);
    },
  },
  DODGE_AND_ROLL: {
    text: 'Gain !B! Block. Next turn, gain !B! Block.',
    play: (x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      x.gainBlock(c.block);
      const before = combat.player.block;
      x.gainBlock(c.block);
      const gained = combat.player.block - before;
      combat.player.block = before;
      x.applyToPlayer('NEXT_TURN_BLOCK', gained);
    },
  },
  ESCAPE_PLAN: {
    text: 'Draw 1 card. If you draw a Skill, gain !B! Block.',
    play: (x, c) => {
      const before = hand(x).length;
      x.draw(1);
      const drawn = hand(x)[hand(x).length - 1];
      if (hand(x).length > before && drawn !== undefined && typeOf(drawn) === 'Skill') x.gainBlock(c.block);
    },
  },
  EXPERTISE: {
    text: 'Draw cards until you have !M! in your Hand.',
    play: (x, c) => x.draw(Math.max(0, c.magic - hand(x).length)),
  },
  FINISHER: {
    text: 'Deal !D! damage for each Attack already played this turn.',
    play: (x, c) => void x.attack(c.target, c.damage, Math.max(0, x.counter('attacksThisTurn') - 1)),
  },
  FLECHETTES: {
    text: 'Deal !D! damage for each Skill in your Hand.',
    play: (x, c) =>
      void x.attack(c.target, c.damage, hand(x).filter((card) => typeOf(card) === 'Skill').length),
  },
  GRAND_FINALE: {
    text: 'Can only be played if there are no cards in your Draw Pile. Deal !D! damage to ALL enemies.',
    unplayableReason: (x) =>
      (x.run.combat?.drawPile.length ?? 0) === 0 ? null : 'Grand Finale needs an empty Draw Pile.',
    play: (x, c) => void x.attack('all', c.damage),
  },
  MALAISE: {
    text: ['Enemy loses X Strength. Apply X Weak.', 'Enemy loses X+1 Strength. Apply X+1 Weak.'],
    magic: [0, 1],
    play: (x, c) => {
      const amount = x.xValue + c.magic;
      if (amount <= 0) return;
      x.applyToMonster(c.target, 'STRENGTH', -amount);
      x.applyToMonster(c.target, 'WEAK', amount);
    },
  },
  PREDATOR: {
    text: 'Deal !D! damage. Next turn, draw 2 cards.',
    play: attackThen((x) => x.applyToPlayer('DRAW_CARDS_NEXT_TURN', 2)),
  },
  STORM_OF_STEEL: {
    text: [
      'Discard your Hand. Add 1 Shiv into your Hand for each card discarded.',
      'Discard your Hand. Add 1 Shiv+ into your Hand for each card discarded.',
    ],
    play: (x, c) => {
      const cards = [...hand(x)];
      for (const card of cards) x.discardCard(card);
      for (const _ of cards) x.addCard('SHIV', 'hand', c.upgraded);
    },
  },
  BUBBLE_BUBBLE: {
    text: 'If the enemy has Poison, apply !M! Poison.',
    play: (x, c) => {
      if (monsterPower(x, c, 'POISON') > 0) x.applyToMonster(c.target, 'POISON', c.magic);
    },
  },
  EXPOSE: {
    text: 'Remove all Artifact and Block from the enemy. Apply !M! Vulnerable.',
    play: (x, c) => {
      const monster = target(x, c);
      if (monster === undefined) return;
      delete monster.powers.ARTIFACT;
      monster.block = 0;
      x.applyToMonster(c.target, 'VULNERABLE', c.magic);
    },
  },
  FOLLOW_THROUGH: {
    text: 'Deal !D! damage. If you have !M! or more other cards in your Hand, hits an additional time.',
    play: (x, c) => void x.attack(c.target, c.damage, hand(x).length >= c.magic ? 2 : 1),
  },
  MEMENTO_MORI: {
    text: 'Deal !D! damage, plus !M! for each card discarded this turn. (The base damage is not in the facts; the simulator uses 8, upgraded 10.)',
    damage: [8, 10],
    play: (x, c) => void x.attack(c.target, c.damage + c.magic * x.counter('discardedThisTurn')),
  },
  MIRAGE: {
    text: 'Gain Block equal to the Poison on ALL enemies.',
    play: (x) => {
      let poison = 0;
      for (const monster of x.livingMonsters()) poison += monster.powers.POISON ?? 0;
      x.gainBlock(poison);
    },
  },
  MURDER: {
    text: 'Deal !D! damage, plus !M! for each card drawn this combat. (The base damage is not in the facts; the simulator uses 1.)',
    damage: [1, 1],
    play: (x, c) => void x.attack(c.target, c.damage + c.magic * x.counter('drawnThisCombat')),
  },
  PINPOINT: {
    text: 'Deal !D! damage. Costs 1 less for each Skill played this turn.',
    dynamicCost: (x, base) => base - x.counter('skillsThisTurn'),
    play: (x, c) => void x.attack(c.target, c.damage),
  },
  POUNCE: {
    text: 'Deal !D! damage. The next Skill you play costs 0.',
    play: attackThen((x) => x.applyToPlayer('FREE_SKILL', 1)),
  },
  PRECISE_CUT: {
    text: 'Deal !D! damage, minus !M! for each other card in your Hand.',
    damage: [13, 16],
    play: (x, c) => void x.attack(c.target, Math.max(0, c.damage - c.magic * hand(x).length)),
  },
  STRANGLE: {
    text: 'Deal !D! damage. Whenever you play a card this turn, the enemy loses !M! HP.',
    magic: [2, 3],
    play: attackThen((x, c) => x.applyToMonster(c.target, 'STRANGLE', c.magic)),
  },
  UP_MY_SLEEVE: {
    text: "Add !M! Shivs into your Hand. Reduce this card's cost by 1 this combat.",
    play: (x, c) => {
      for (let copy = 0; copy < c.magic; copy++) x.addCard('SHIV', 'hand');
      const cost = c.card.combatCost ?? 2;
      c.card.combatCost = Math.max(0, cost - 1);
    },
  },
  ECHOING_SLASH: {
    text: 'Deal !D! damage to ALL enemies. Repeat this for each enemy killed.',
    play: (x, c) => {
      for (let guard = 0; guard < 10; guard++) {
        const alive = x.livingMonsters().length;
        if (alive === 0) return;
        x.attack('all', c.damage);
        if (x.livingMonsters().length === alive) return;
      }
    },
  },
  SHADOW_STEP: {
    text: 'Discard your Hand. Next turn, Attacks deal double damage.',
    play: (x) => {
      for (const card of [...hand(x)]) x.discardCard(card);
      x.applyToPlayer('DOUBLE_DAMAGE_NEXT', 1);
    },
  },
  KNIFE_TRAP: {
    text: 'Play every Shiv in your Exhaust Pile on the enemy (each deals its damage).',
    play: (x, c) => {
      const shivs = (x.run.combat?.exhaustPile ?? []).filter((card) => card.id === 'SHIV');
      for (const shiv of shivs) x.attack(c.target, damageOf(shiv) + x.playerPower('ACCURACY'));
    },
  },
  THE_HUNT: {
    text: 'Deal !D! damage. If Fatal, gain an additional card reward.',
    play: (x, c) => {
      // The reward screen after the fight reads the power (engine/run.ts).
      if (isFatal(x, c, () => x.attack(c.target, c.damage))) x.applyToPlayer('THE_HUNT', 1);
    },
  },
  CORROSIVE_WAVE: {
    text: 'Whenever you draw a card this turn, apply !M! Poison to ALL enemies.',
    play: (x, c) => x.applyToPlayer('CORROSIVE_WAVE', c.magic),
  },
  // ---- Regent ----
  STARDUST: {
    text: 'Spend all your Stars. Deal !D! damage to a random enemy once per Star spent.',
    play: (x, c) => {
      const stars = x.run.combat?.player.stars ?? 0;
      if (stars <= 0) return;
      x.gainStars(-stars);
      x.attack('random', c.damage, stars);
    },
  },
  VOID_FORM: {
    text: 'End your turn. The first !M! cards you play each turn cost 0.',
    play: (x, c) => {
      x.applyToPlayer('VOID_FORM', c.magic);
      const combat = x.run.combat;
      if (combat !== null) combat.counters.forceEndTurn = 1;
    },
  },
  CRUSH_UNDER: {
    text: 'Deal !D! damage to ALL enemies. ALL enemies lose !M! Strength this turn.',
    play: (x, c) => {
      x.attack('all', c.damage);
      for (const monster of x.livingMonsters()) {
        const index = x.monsterIndex(monster);
        const before = monster.powers.STRENGTH ?? 0;
        x.applyToMonster(index, 'STRENGTH', -c.magic);
        const lost = before - (monster.powers.STRENGTH ?? 0);
        if (lost > 0) x.applyToMonster(index, 'SHACKLED', lost);
      }
    },
  },
  GLITTERSTREAM: {
    text: 'Gain !B! Block. Next turn, gain !M! Block.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('NEXT_TURN_BLOCK', c.magic);
    },
  },
  GLOW: {
    text: 'Gain !M! Stars. Draw 1 card. Next turn, draw 1 card.',
    play: (x, c) => {
      x.gainStars(c.magic);
      x.draw(1);
      x.applyToPlayer('DRAW_CARDS_NEXT_TURN', 1);
    },
  },
  COSMIC_INDIFFERENCE: {
    text: 'Gain !B! Block. Put a card from your Discard Pile on top of your Draw Pile.',
    play: (x, c) => {
      x.gainBlock(c.block);
      choose(x, 'discard', 1, 'Choose a card to put on top of your draw pile.');
    },
    onSelect: (x, chosen) => moveChosenToDrawTop(x, chosen),
  },
  KNOCKOUT_BLOW: {
    text: 'Deal !D! damage. If this kills an enemy, gain !M! Stars.',
    play: (x, c) => {
      if (isFatal(x, c, () => x.attack(c.target, c.damage))) x.gainStars(c.magic);
    },
  },
  SHINING_STRIKE: {
    text: 'Deal !D! damage. Gain !M! Stars.',
    play: attackThen((x, c) => x.gainStars(c.magic)),
  },
  PHOTON_CUT: {
    text: 'Deal !D! damage. Draw !M! cards. Put 1 card from your Hand on top of your Draw Pile.',
    play: attackThen((x, c) => {
      x.draw(c.magic);
      choose(x, 'hand', 1, 'Choose a card to put on top of your draw pile.');
    }),
    onSelect: (x, chosen) => moveChosenToDrawTop(x, chosen),
  },
  CONQUEROR: {
    text: 'Forge !M!. Sovereign Blade deals double damage to the enemy this turn.',
    play: (x, c) => {
      x.forge(c.magic);
      x.applyToMonster(c.target, 'CONQUEROR', 1);
    },
  },
  SUMMON_FORTH: {
    text: 'Forge !M!. Put Sovereign Blade into your Hand from anywhere.',
    play: (x, c) => {
      x.forge(c.magic);
      const combat = x.run.combat;
      if (combat === null) return;
      for (const pile of [combat.drawPile, combat.discardPile, combat.exhaustPile]) {
        const blade = pile.find((card) => card.id === 'SOVEREIGN_BLADE');
        if (blade !== undefined && combat.hand.length < 10) {
          pile.splice(pile.indexOf(blade), 1);
          combat.hand.push(blade);
          return;
        }
      }
    },
  },
  SEVEN_STARS: {
    text: 'Deal !D! damage to ALL enemies 7 times.',
    play: (x, c) => void x.attack('all', c.damage, 7),
  },
  ROYAL_GAMBLE: {
    text: 'Gain !M! Stars.',
    play: (x, c) => x.gainStars(c.magic),
  },
  RESONANCE: {
    text: 'Gain !M! Strength. ALL enemies lose 1 Strength.',
    play: (x, c) => {
      x.applyToPlayer('STRENGTH', c.magic);
      x.applyToAllMonsters('STRENGTH', -1);
    },
  },
  // ---- Necrobinder ----
  BLIGHT_STRIKE: {
    text: 'Deal !D! damage. Apply Doom equal to the damage dealt.',
    play: (x, c) => {
      const dealt = x.attack(c.target, c.damage);
      if (dealt > 0) x.applyToMonster(c.target, 'DOOM', dealt);
    },
  },
  DEATHBRINGER: {
    text: 'Apply !M! Doom and 1 Weak to ALL enemies.',
    play: (x, c) => {
      x.applyToAllMonsters('DOOM', c.magic);
      x.applyToAllMonsters('WEAK', 1);
    },
  },
  UNLEASH: {
    text: 'Osty deals !D! damage plus damage equal to his current HP.',
    damage: [6, 9],
    summonDamage: unleashDamage,
    play: (x, c) => ostyCardAttack(x, c, unleashDamage),
  },
  BONE_SHARDS: {
    text: 'If Osty is alive, he deals !M! damage to ALL enemies and you gain !B! Block. Osty dies.',
    play: (x, c) => {
      const combat = x.run.combat;
      const summon = combat?.summon;
      if (
        combat === null ||
        combat === undefined ||
        summon === null ||
        summon === undefined ||
        summon.hp <= 0
      )
        return;
      x.summonAttack('all', c.magic);
      x.gainBlock(c.block);
      x.killSummon();
    },
  },
  SACRIFICE: {
    text: 'If Osty is alive, he dies and you gain Block equal to double his Max HP.',
    play: (x) => {
      const summon = x.run.combat?.summon;
      if (summon === null || summon === undefined || summon.hp <= 0) return;
      x.gainBlock(summon.maxHp * 2);
      x.killSummon();
    },
  },
  TIMES_UP: {
    text: "Deal damage equal to the enemy's Doom.",
    play: (x, c) => void x.attack(c.target, monsterPower(x, c, 'DOOM')),
  },
  CAPTURE_SPIRIT: {
    text: 'The enemy loses !D! HP. Add !M! Souls into your Draw Pile.',
    play: (x, c) => {
      x.damageMonster(c.target, c.damage, { ignoreVulnerable: true });
      for (let copy = 0; copy < c.magic; copy++) x.addCard('SOUL', 'drawRandom');
    },
  },
  GRAVEBLAST: {
    text: 'Deal !D! damage. Put a card from your Discard Pile into your Hand.',
    play: attackThen((x) => choose(x, 'discard', 1, 'Choose a card to put into your hand.')),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  DREDGE: {
    text: 'Put !M! cards from your Discard Pile into your Hand.',
    play: (x, c) => choose(x, 'discard', c.magic, 'Choose cards to put into your hand.'),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  THE_SCYTHE: {
    text: "Deal !D! damage. Permanently increase this card's damage by !M!.",
    damage: [13, 13],
    magic: [3, 4],
    play: (x, c) => {
      x.attack(c.target, c.damage);
      c.card.bonus += c.magic;
      // For good: the deck card of the same uid keeps it for the next combats (a created copy has none).
      const deckCard = x.run.deck.find((candidate) => candidate.uid === c.card.uid);
      if (deckCard !== undefined) deckCard.bonus = (deckCard.bonus ?? 0) + c.magic;
    },
  },
  INVOKE: {
    text: 'Next turn, Summon !M! and gain !M! Energy.',
    play: (x, c) => {
      x.applyToPlayer('SUMMON_NEXT_TURN', c.magic);
      x.applyToPlayer('NEXT_TURN_ENERGY', c.magic);
    },
  },
  HIGH_FIVE: {
    text: 'Osty deals !M! damage to ALL enemies and applies Vulnerable to ALL enemies (2, upgraded 3).',
    play: (x, c) => {
      const summon = x.run.combat?.summon;
      if (summon === null || summon === undefined || summon.hp <= 0) return;
      x.summonAttack('all', c.magic);
      x.applyToAllMonsters('VULNERABLE', c.upgraded ? 3 : 2);
    },
  },
  DIRGE: {
    text: 'Summon !M! X times. Add X Souls into your Draw Pile.',
    play: (x, c) => {
      for (let time = 0; time < x.xValue; time++) {
        x.summon(c.magic);
        x.addCard('SOUL', 'drawRandom');
      }
    },
  },
  FRIENDSHIP: {
    text: [
      'Lose 2 Strength. Gain 1 Energy at the start of each turn.',
      'Lose 1 Strength. Gain 1 Energy at the start of each turn.',
    ],
    play: (x, c) => {
      x.applyToPlayer('STRENGTH', c.upgraded ? -1 : -2);
      x.applyToPlayer('FRIENDSHIP', 1);
    },
  },
  // ---- Regent (more) ----
  LUNAR_BLAST: {
    text: 'Deal !D! damage for each Skill already played this turn.',
    play: (x, c) => void x.attack(c.target, c.damage, x.counter('skillsThisTurn')),
  },
  MONOLOGUE: {
    text: 'Whenever you play a card this turn, gain !M! Strength this turn.',
    play: (x, c) => x.applyToPlayer('MONOLOGUE', c.magic),
  },
  CONVERGENCE: {
    text: [
      'Next turn, gain 1 Energy and 1 Star. Retain your Hand this turn.',
      'Next turn, gain 1 Energy and 2 Stars. Retain your Hand this turn.',
    ],
    play: (x, c) => {
      x.applyToPlayer('NEXT_TURN_ENERGY', 1);
      x.applyToPlayer('STAR_NEXT_TURN', c.magic);
      for (const card of hand(x)) card.retainOnce = true;
    },
  },
  // ---- Colorless (more) ----
  PURITY: {
    text: 'Exhaust up to !M! cards in your Hand.',
    play: (x, c) =>
      x.requestSelection({
        source: 'hand',
        count: c.magic,
        minimum: 0,
        prompt: 'Choose up to the cards to Exhaust.',
      }),
    onSelect: exhaustChosen,
  },
  JACK_OF_ALL_TRADES: {
    text: 'Add !M! random Colorless card(s) into your Hand.',
    play: (x, c) => {
      for (let copy = 0; copy < c.magic; copy++) {
        const id = randomColorless(x);
        if (id !== null) x.addCard(id, 'hand');
      }
    },
  },
  // ---- Regent (more, from the game's texts) ----
  GLIMMER: {
    text: 'Draw !M! cards. Put 1 card from your Hand on top of your Draw Pile.',
    play: (x, c) => {
      x.draw(c.magic);
      choose(x, 'hand', varOf(c, 'PutBack'), 'Choose a card to put on top of your Draw Pile.');
    },
    onSelect: (x, chosen) => moveChosenToDrawTop(x, chosen),
  },
  HEAVENLY_DRILL: {
    text: 'Deal !D! damage X times. Double X if it is 4 or more.',
    play: (x, c) => {
      const times = x.xValue >= varOf(c, 'Energy') ? x.xValue * 2 : x.xValue;
      if (times > 0) x.attack(c.target, c.damage, times);
    },
  },
  MANIFEST_AUTHORITY: {
    text: [
      'Gain !B! Block. Add 1 random Colorless card into your Hand.',
      'Gain !B! Block. Add 1 random Upgraded Colorless card into your Hand.',
    ],
    play: (x, c) => {
      x.gainBlock(c.block);
      const id = randomColorless(x);
      if (id !== null) x.addCard(id, 'hand', c.upgraded);
    },
  },
  KINGLY_KICK: {
    text: 'Deal !D! damage. Whenever you draw this card, reduce its cost by 1.',
    play: (x, c) => void x.attack(c.target, c.damage),
    onDraw: (_x, c) => {
      const cost = c.card.combatCost ?? STS2_CARD_FACTS_BY_ID.get(c.card.id)?.cost ?? 0;
      c.card.combatCost = Math.max(0, cost - 1);
    },
  },
  KINGLY_PUNCH: {
    text: 'Deal !D! damage. Whenever you draw this card, increase its damage by !M! this combat.',
    play: (x, c) => void x.attack(c.target, c.damage),
    onDraw: (_x, c) => {
      c.card.bonus += c.magic;
    },
  },
  HEIRLOOM_HAMMER: {
    text: 'Deal !D! damage. Choose a Colorless card in your Hand. Add a copy of it into your Hand.',
    play: attackThen((x) =>
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a Colorless card to copy.',
        filter: isColorless,
      }),
    ),
    onSelect: (x, chosen, c) => {
      for (const card of chosen)
        for (let copy = 0; copy < varOf(c, 'Repeat'); copy++) x.addCard(card.id, 'hand', card.upgraded);
    },
  },
  CRASH_LANDING: {
    text: 'Deal !D! damage to ALL enemies. Fill your Hand with Debris.',
    play: (x, c) => {
      x.attack('all', c.damage);
      const combat = x.run.combat;
      while (combat !== null && !combat.over && combat.hand.length < HAND_LIMIT) x.addCard('DEBRIS', 'hand');
    },
  },
  // ---- Necrobinder (more, from the game's texts) ----
  REAVE: {
    text: [
      'Deal !D! damage. Add a Soul into your Draw Pile.',
      'Deal !D! damage. Add a Soul+ into your Draw Pile.',
    ],
    play: attackThen((x, c) => x.addCard('SOUL', 'drawRandom', c.upgraded)),
  },
  SEVERANCE: {
    text: 'Deal !D! damage. Add a Soul into your Draw Pile, Hand, and Discard Pile.',
    play: attackThen((x) => {
      x.addCard('SOUL', 'drawRandom');
      x.addCard('SOUL', 'hand');
      x.addCard('SOUL', 'discard');
    }),
  },
  DRAIN_POWER: {
    text: 'Deal !D! damage. Upgrade !M! random cards in your Discard Pile.',
    play: attackThen((x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      const candidates = combat.discardPile.filter((card) => {
        const type = typeOf(card);
        return !card.upgraded && type !== 'Status' && type !== 'Curse';
      });
      for (let count = 0; count < c.magic && candidates.length > 0; count++) {
        const [card] = candidates.splice(x.randomInt(0, candidates.length - 1), 1);
        if (card !== undefined) x.upgradeCard(card);
      }
    }),
  },
  CLEANSE: {
    text: 'Summon !M!. Exhaust 1 card from your Draw Pile.',
    play: (x, c) => {
      x.summon(c.magic);
      choose(x, 'draw', 1, 'Choose a card in your Draw Pile to Exhaust.');
    },
    onSelect: exhaustChosen,
  },
  SPUR: {
    text: [`Summon !M!. Osty heals ${SPUR_HEAL[0]} HP.`, `Summon !M!. Osty heals ${SPUR_HEAL[1]} HP.`],
    play: (x, c) => {
      x.summon(c.magic);
      const summon = x.run.combat?.summon;
      if (summon !== null && summon !== undefined && summon.hp > 0)
        summon.hp = Math.min(summon.maxHp, summon.hp + varOf(c, 'Heal'));
    },
  },
  MISERY: {
    text: 'Deal !D! damage. Apply any debuffs on the enemy to ALL other enemies.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      const combat = x.run.combat;
      const source = combat?.monsters[c.target];
      if (combat === null || source === undefined) return;
      // The debuffs as they are after the hit (a kill leaves them on the dead enemy: still copied).
      const debuffs = Object.entries(source.powers).filter(
        ([id, amount]) => STS2_DEBUFF_IDS.has(id) && amount !== 0,
      );
      combat.monsters.forEach((monster, index) => {
        if (index === c.target || !monster.alive) return;
        for (const [id, amount] of debuffs) x.applyToMonster(index, id, amount);
      });
    },
  },
  // ---- Necrobinder: Osty's attacks and Doom this turn (from the game's texts) ----
  FETCH: {
    text: 'Osty deals !M! damage. If this is the first time this card has been played this turn, draw 1 card.',
    play: (x, c) => {
      x.summonAttack(c.target, c.magic);
      const combat = x.run.combat;
      if (combat === null) return;
      // The turn this card was last played, by its uid (a counter: the state stays plain JSON).
      const key = `fetched:${c.card.uid}`;
      if (combat.counters[key] === combat.turn) return;
      combat.counters[key] = combat.turn;
      x.draw(varOf(c, 'Cards'));
    },
  },
  FLATTEN: {
    text: 'Osty deals !M! damage. This card costs 0 Energy if Osty has attacked this turn.',
    play: (x, c) => x.summonAttack(c.target, c.magic),
    dynamicCost: (x, cost) => (x.counter('ostyAttacksThisTurn') > 0 ? 0 : cost),
  },
  RATTLE: {
    text: 'Osty deals !M! damage. Hits an additional time for each other time he has attacked this turn.',
    play: (x, c) => {
      const hits = 1 + x.counter('ostyAttacksThisTurn');
      for (let hit = 0; hit < hits; hit++) x.summonAttack(c.target, c.magic);
    },
  },
  DEATHS_DOOR: {
    text: 'Gain !B! Block. If you applied Doom this turn, gain Block 2 additional times.',
    play: (x, c) => {
      const times = 1 + (x.counter('doomAppliedThisTurn') > 0 ? varOf(c, 'Repeat') : 0);
      for (let time = 0; time < times; time++) x.gainBlock(c.block);
    },
  },
  END_OF_DAYS: {
    text: 'Apply !M! Doom to ALL enemies. Kill enemies with at least as much Doom as HP.',
    play: (x, c) => {
      x.applyToAllMonsters('DOOM', c.magic);
      for (const monster of x.run.combat?.monsters ?? [])
        if (monster.alive && (monster.powers.DOOM ?? 0) >= monster.hp)
          x.reduceMonsterHp(monster, monster.hp, false);
    },
  },
  SIC_EM: {
    text: [
      `Osty deals !M! damage. Whenever Osty hits this enemy this turn, Summon ${SIC_EM_SUMMON[0]}.`,
      `Osty deals !M! damage. Whenever Osty hits this enemy this turn, Summon ${SIC_EM_SUMMON[1]}.`,
    ],
    play: (x, c) => {
      x.summonAttack(c.target, c.magic);
      x.applyToMonster(c.target, 'SIC_EM', varOf(c, 'SicEm'));
    },
  },
  SCULPTING_STRIKE: {
    text: 'Deal !D! damage. Add Ethereal to a card in your Hand.',
    play: attackThen((x) => choose(x, 'hand', 1, 'Choose a card to make Ethereal.')),
    onSelect: (_x, chosen) => {
      for (const card of chosen) card.ethereal = true;
    },
  },
  DEBILITATE: {
    text: 'Deal !D! damage. Vulnerable and Weak are twice as effective against the enemy for the next !M! turns.',
    play: attackThen((x, c) => x.applyToMonster(c.target, 'DEBILITATE', c.magic)),
  },
  BORROWED_TIME: {
    text: 'Gain !M! Energy. Cards cost an additional Energy this turn.',
    play: (x, c) => {
      x.gainEnergy(c.magic);
      x.applyToPlayer('BORROWED_TIME', 1);
    },
  },
  // ---- Event and Ancient cards ----
  EXTERMINATE: {
    text: 'Deal !D! damage !M! times to ALL enemies.',
    play: (x, c) => void x.attack('all', c.damage, c.magic),
  },
  METEOR_SHOWER: {
    text: 'Deal !D! damage to ALL enemies. Apply !M! Weak and Vulnerable to ALL enemies.',
    play: (x, c) => {
      x.attack('all', c.damage);
      x.applyToAllMonsters('WEAK', varOf(c, 'Weak'));
      x.applyToAllMonsters('VULNERABLE', c.magic);
    },
  },
  NEOWS_FURY: {
    text: 'Deal !D! damage. Put !M! random cards from your Discard Pile into your Hand.',
    play: attackThen((x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      const pile = combat.discardPile;
      for (let moved = 0; moved < c.magic && pile.length > 0 && combat.hand.length < HAND_LIMIT; moved++) {
        const [card] = pile.splice(x.randomInt(0, pile.length - 1), 1);
        if (card !== undefined) combat.hand.push(card);
      }
    }),
  },
  SEEKER_STRIKE: {
    // The game's text does not say which cards of the Draw Pile are offered: random ones here.
    text: 'Deal !D! damage. Choose 1 of !M! random cards in your Draw Pile to add into your Hand.',
    play: attackThen((x, c) => {
      const combat = x.run.combat;
      if (combat === null || combat.hand.length >= HAND_LIMIT) return;
      const uids = combat.drawPile.map((card) => card.uid);
      const offered = new Set<number>();
      // The first !M! of a partial shuffle: distinct cards.
      for (let index = 0; index < Math.min(c.magic, uids.length); index++) {
        const other = x.randomInt(index, uids.length - 1);
        [uids[index], uids[other]] = [uids[other] as number, uids[index] as number];
        offered.add(uids[index] as number);
      }
      x.requestSelection({
        source: 'draw',
        count: 1,
        prompt: 'Choose a card to add into your Hand.',
        filter: (card) => offered.has(card.uid),
      });
    }),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  // ---- cards that come back (from the game's texts) ----
  PARTICLE_WALL: {
    text: 'Gain !B! Block. Return this card to your Hand.',
    play: (x, c) => x.gainBlock(c.block),
    afterPlay: 'hand',
  },
  BOLAS: {
    text: 'Deal !D! damage. At the start of your next turn, return this to your Hand.',
    play: (x, c) => void x.attack(c.target, c.damage),
    afterPlay: 'handNextTurn',
  },
  THRUMMING_HATCHET: {
    text: 'Deal !D! damage. At the start of your next turn, return this to your Hand.',
    play: (x, c) => void x.attack(c.target, c.damage),
    afterPlay: 'handNextTurn',
  },
  BOMBARDMENT: {
    text: 'Deal !D! damage. At the start of your turn, if this is in your Exhaust Pile, play it.',
    play: (x, c) => void x.attack(c.target, c.damage),
    afterPlay: 'replayFromExhaust',
  },
  HOWL_FROM_BEYOND: {
    text: 'Deal !D! damage to ALL enemies. At the start of your turn, if this is in your Exhaust Pile, play it.',
    play: (x, c) => void x.attack('all', c.damage),
    afterPlay: 'replayFromExhaust',
  },
  // ---- Event cards (more, from the game's texts) ----
  APOTHEOSIS: {
    text: 'Upgrade ALL your cards.',
    play: (x) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const pile of [combat.hand, combat.drawPile, combat.discardPile, combat.exhaustPile])
        for (const card of pile) x.upgradeCard(card);
    },
  },
  BRIGHTEST_FLAME: {
    text: 'Gain !M! Energy. Draw !M! cards. Lose 1 Max HP.',
    magic: [2, 3],
    play: (x, c) => {
      x.gainEnergy(varOf(c, 'Energy'));
      x.draw(varOf(c, 'Cards'));
      x.run.maxHp = Math.max(1, x.run.maxHp - varOf(c, 'MaxHp'));
      x.run.hp = Math.min(x.run.hp, x.run.maxHp);
    },
  },
  CALTROPS: {
    text: 'Whenever you are attacked, deal !M! damage back.',
    play: (x, c) => x.applyToPlayer('THORNS', c.magic),
  },
  CLASH: {
    text: 'Can only be played if every card in your Hand is an Attack. Deal !D! damage.',
    play: (x, c) => void x.attack(c.target, c.damage),
    unplayableReason: (x) =>
      hand(x).every((card) => typeOf(card) === 'Attack')
        ? null
        : 'Every card in your Hand must be an Attack.',
  },
  DISTRACTION: {
    text: "Add a random Skill into your Hand. It's free to play this turn.",
    play: (x) => {
      const id = randomPoolCard(x, 'Skill');
      if (id !== null) x.addCard(id, 'hand', false, true);
    },
  },
  DUAL_WIELD: {
    text: [
      'Choose an Attack or Power card. Add a copy of that card into your Hand.',
      'Choose an Attack or Power card. Add 2 copies of that card into your Hand.',
    ],
    play: (x) =>
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose an Attack or Power to copy.',
        filter: (card) => typeOf(card) === 'Attack' || typeOf(card) === 'Power',
      }),
    onSelect: (x, chosen, c) => {
      for (const card of chosen)
        for (let copy = 0; copy < c.magic; copy++) x.addCard(card.id, 'hand', card.upgraded);
    },
  },
  ENLIGHTENMENT: {
    text: [
      'Reduce the cost of ALL cards in your Hand to 1 this turn.',
      'Reduce the cost of ALL cards in your Hand to 1 this combat.',
    ],
    play: (x, c) => {
      for (const card of hand(x)) {
        const cost = STS2_CARD_FACTS_BY_ID.get(card.id)?.cost ?? 0;
        if (Math.min(cost, card.combatCost ?? cost, card.turnCost ?? cost) <= 1) continue;
        if (c.upgraded) card.combatCost = 1;
        card.turnCost = 1;
      }
    },
  },
  ENTRENCH: {
    text: 'Double your Block.',
    play: (x) => x.gainBlock(x.run.combat?.player.block ?? 0, true),
  },
  MAUL: {
    text: 'Deal !D! damage twice. Increase the damage of ALL Maul cards by !M! this combat.',
    play: (x, c) => {
      x.attack(c.target, c.damage, 2);
      const combat = x.run.combat;
      if (combat === null) return;
      for (const pile of [combat.hand, combat.drawPile, combat.discardPile, combat.exhaustPile, [c.card]])
        for (const card of pile) if (card.id === 'MAUL') card.bonus += c.magic;
    },
  },
  RELAX: {
    text: 'Gain !B! Block. Next turn, draw !M! cards and gain !M! Energy.',
    magic: [2, 3],
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('NEXT_TURN_DRAW', varOf(c, 'Cards'));
      x.applyToPlayer('NEXT_TURN_ENERGY', varOf(c, 'Energy'));
    },
  },
  WISH: {
    text: 'Put a card from your Draw Pile into your Hand.',
    play: (x) => choose(x, 'draw', 1, 'Choose a card to put into your Hand.'),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  // ---- Colorless ----
  HAND_OF_GREED: {
    text: 'Deal !D! damage. If Fatal, gain !M! Gold.',
    play: (x, c) => {
      if (isFatal(x, c, () => x.attack(c.target, c.damage))) x.gainGold(c.magic);
    },
  },
  SHOCKWAVE: {
    text: 'Apply !M! Weak and Vulnerable to ALL enemies.',
    play: (x, c) => {
      x.applyToAllMonsters('WEAK', c.magic);
      x.applyToAllMonsters('VULNERABLE', c.magic);
    },
  },
  MIND_BLAST: {
    text: 'Deal damage equal to the number of cards in your Draw Pile.',
    play: (x, c) => void x.attack(c.target, x.run.combat?.drawPile.length ?? 0),
  },
  GOLD_AXE: {
    text: 'Deal damage equal to the number of cards played this combat.',
    play: (x, c) => void x.attack(c.target, x.counter('cardsThisCombat')),
  },
  FISTICUFFS: {
    text: 'Deal !D! damage. Gain Block equal to the damage dealt.',
    play: (x, c) => {
      const dealt = x.attack(c.target, c.damage);
      if (dealt > 0) x.gainBlock(dealt, true);
    },
  },
  EQUILIBRIUM: {
    text: 'Gain !B! Block. Retain your Hand this turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      for (const card of hand(x)) card.retainOnce = true;
    },
  },
  SALVO: {
    text: 'Deal !D! damage. Retain your Hand this turn.',
    play: attackThen((x) => {
      for (const card of hand(x)) card.retainOnce = true;
    }),
  },
  SCRAWL: {
    text: 'Draw cards until your Hand is full.',
    play: (x) => x.draw(Math.max(0, 10 - hand(x).length)),
  },
  THINKING_AHEAD: {
    text: 'Draw !M! cards. Put 1 card from your Hand on top of your Draw Pile.',
    play: (x, c) => {
      x.draw(c.magic);
      choose(x, 'hand', 1, 'Choose a card to put on top of your draw pile.');
    },
    onSelect: (x, chosen) => moveChosenToDrawTop(x, chosen),
  },
  IMPATIENCE: {
    text: 'If you have no Attacks in your Hand, draw !M! cards.',
    play: (x, c) => {
      if (!hand(x).some((card) => typeOf(card) === 'Attack')) x.draw(c.magic);
    },
  },
  RESTLESSNESS: {
    text: 'If your Hand is empty, draw !M! cards and gain !M! Energy.',
    play: (x, c) => {
      if (hand(x).length > 0) return;
      x.draw(c.magic);
      x.gainEnergy(c.magic);
    },
  },
  RALLY: {
    text: 'Gain !B! Block.',
    play: (x, c) => x.gainBlock(c.block),
  },
  OMNISLICE: {
    text: 'Deal !D! damage. Damage ALL other enemies equal to the damage dealt.',
    play: (x, c) => {
      const dealt = x.attack(c.target, c.damage);
      for (const monster of x.livingMonsters()) {
        const index = x.monsterIndex(monster);
        if (index !== c.target && dealt > 0) x.damageMonster(index, dealt, { ignoreVulnerable: true });
      }
    },
  },
  PANIC_BUTTON: {
    // No Block wears off by 1 at the end of each turn: no Block from cards this turn and the next.
    text: 'Gain !B! Block. You cannot gain Block from cards for 2 turns.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('NO_BLOCK', varOf(c, 'Turns'));
    },
  },
  PROLONG: {
    text: 'Next turn, gain Block equal to your current Block.',
    play: (x) => x.applyToPlayer('NEXT_TURN_BLOCK', x.run.combat?.player.block ?? 0),
  },
  SECRET_TECHNIQUE: {
    text: 'Put a Skill from your Draw Pile into your Hand.',
    play: (x) =>
      x.requestSelection({
        source: 'draw',
        count: 1,
        prompt: 'Choose a Skill to put into your hand.',
        filter: (card) => typeOf(card) === 'Skill',
      }),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  SECRET_WEAPON: {
    text: 'Put an Attack from your Draw Pile into your Hand.',
    play: (x) =>
      x.requestSelection({
        source: 'draw',
        count: 1,
        prompt: 'Choose an Attack to put into your hand.',
        filter: (card) => typeOf(card) === 'Attack',
      }),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  THE_BOMB: {
    text: 'At the end of 3 turns, deal !M! damage to ALL enemies.',
    magic: [40, 50],
    play: (x, c) => {
      // Bombs are kept per turn they go off on (the engine detonates them at that turn's end).
      const combat = x.run.combat;
      if (combat === null) return;
      const key = `bomb:${combat.turn + 2}`;
      combat.counters[key] = (combat.counters[key] ?? 0) + c.magic;
      x.applyToPlayer('THE_BOMB', 1);
    },
  },
  // ---- cards whose rule is written for single-player (numbers from the export's vars) ----
  SHARED_FATE: {
    text: ['Lose 2 Strength. The enemy loses 2 Strength.', 'Lose 2 Strength. The enemy loses 3 Strength.'],
    play: (x, c) => {
      x.applyToPlayer('STRENGTH', -varOf(c, 'PlayerStrengthLoss'));
      x.applyToMonster(c.target, 'STRENGTH', -varOf(c, 'EnemyStrengthLoss'));
    },
  },
  DANSE_MACABRE: {
    text: [
      'Whenever you play a card that costs 2 Energy or more, gain 4 Block.',
      'Whenever you play a card that costs 2 Energy or more, gain 6 Block.',
    ],
    play: (x, c) => x.applyToPlayer('DANSE_MACABRE', varOf(c, 'DanseMacabre')),
  },
  ANOINTED: {
    text: 'Put every Rare card from your Draw Pile into your Hand.',
    play: (x) => {
      const combat = x.run.combat;
      if (combat === null) return;
      const rares = combat.drawPile.filter((card) => STS2_CARD_FACTS_BY_ID.get(card.id)?.rarity === 'Rare');
      for (const card of rares) {
        if (combat.hand.length >= 10) break;
        combat.drawPile.splice(combat.drawPile.indexOf(card), 1);
        combat.hand.push(card);
      }
    },
  },
  BLADE_OF_INK: {
    text: 'Add !M! Inky Shivs into your Hand (Shivs enchanted with Inky: 2 more damage, 1 Weak).',
    play: (x, c) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (let copy = 0; copy < c.magic; copy++) {
        const uid = x.run.counters.nextUid;
        x.addCard('SHIV', 'hand');
        // A full hand sends the new Shiv to the Discard Pile: it is Inky there too.
        const shiv = [...combat.hand, ...combat.discardPile].find((card) => card.uid === uid);
        if (shiv !== undefined) shiv.enchantment = { id: 'INKY', amount: 1 };
      }
    },
  },
  BUNDLE_OF_JOY: {
    text: 'Add !M! random Colorless cards into your Hand.',
    play: (x, c) => {
      for (let copy = 0; copy < c.magic; copy++) {
        const id = randomColorless(x);
        if (id !== null) x.addCard(id, 'hand');
      }
    },
  },
  SEANCE: {
    text: 'Transform a card in your Draw Pile into Soul.',
    play: (x) => choose(x, 'draw', 1, 'Choose a card to Transform into Soul.'),
    onSelect: (_x, chosen) => {
      for (const card of chosen) transformInCombat(card, 'SOUL');
    },
  },
  PRIMAL_FORCE: {
    text: 'Transform all Attacks in your Hand into Giant Rock.',
    play: (x) => {
      for (const card of hand(x)) if (typeOf(card) === 'Attack') transformInCombat(card, 'GIANT_ROCK');
    },
  },
  EIDOLON: {
    text: 'Exhaust your Hand. If 9 or more cards were Exhausted this way, gain 1 Intangible.',
    play: (x) => {
      const cards = [...hand(x)];
      for (const card of cards) x.exhaustCard(card);
      if (cards.length >= 9) x.applyToPlayer('INTANGIBLE', 1);
    },
  },
  ALCHEMIZE: {
    text: 'Obtain a random potion (none without a free slot).',
    play: (x) => {
      const slot = x.run.potions.indexOf(null);
      if (slot < 0) return;
      // The potions of the StS2 facts with a rarity a reward can give (not Event or Token potions).
      const potions = STS2_POTION_FACTS.filter((facts) =>
        ['Common', 'Uncommon', 'Rare'].includes(facts.rarity),
      );
      const potion = potions[x.randomInt(0, potions.length - 1)];
      if (potion !== undefined) x.run.potions[slot] = potion.id;
    },
  },
  NIGHTMARE: {
    text: 'Choose a card in your Hand. Next turn, add 3 copies of it into your Hand.',
    play: (x) => choose(x, 'hand', 1, 'Choose a card: next turn, 3 copies of it go into your hand.'),
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const card of chosen) {
        // The engine's Nightmare delivery (shared with StS1) reads these counters at the next turn.
        const key = `nightmare:${card.id}:${card.upgraded ? 1 : 0}`;
        combat.counters[key] = (combat.counters[key] ?? 0) + 3;
        x.applyToPlayer('NIGHTMARE', 1);
      }
    },
  },
  GLIMPSE_BEYOND: {
    text: 'Shuffle !M! Souls into your Draw Pile (every player does; in single-player that is you).',
    play: (x, c) => {
      for (let copy = 0; copy < c.magic; copy++) x.addCard('SOUL', 'drawRandom');
    },
  },
  BEGONE: {
    text: [
      'Transform a card in your Hand into Minion Strike.',
      'Transform a card in your Hand into Minion Strike+.',
    ],
    play: (x) => choose(x, 'hand', 1, 'Choose a card to Transform into Minion Strike.'),
    onSelect: (_x, chosen, c) => {
      for (const card of chosen) transformInCombat(card, 'MINION_STRIKE', c.upgraded);
    },
  },
  CHARGE: {
    text: [
      'Transform !M! cards in your Draw Pile into Minion Dive Bomb.',
      'Transform !M! cards in your Draw Pile into Minion Dive Bomb+.',
    ],
    play: (x, c) => choose(x, 'draw', c.magic, 'Choose cards to Transform into Minion Dive Bomb.'),
    onSelect: (_x, chosen, c) => {
      for (const card of chosen) transformInCombat(card, 'MINION_DIVE_BOMB', c.upgraded);
    },
  },
  GUARDS: {
    text: 'Transform any number of cards in your Hand into Minion Sacrifice.',
    play: (x) =>
      x.requestSelection({
        source: 'hand',
        count: hand(x).length,
        minimum: 0,
        prompt: 'Choose any number of cards to Transform into Minion Sacrifice.',
      }),
    onSelect: (_x, chosen) => {
      for (const card of chosen) transformInCombat(card, 'MINION_SACRIFICE');
    },
  },
  RADIATE: {
    text: 'Deal !D! damage to ALL enemies for each Star gained this turn.',
    play: (x, c) => {
      const gained = x.counter('starsGainedThisTurn');
      if (gained > 0) x.attack('all', c.damage, gained);
    },
  },
  HUDDLE_UP: {
    text: 'Draw !M! cards (every player draws them; in single-player that is you).',
    play: (x, c) => x.draw(c.magic),
  },
  LEGION_OF_BONE: {
    text: 'Summon !M! (every player summons; in single-player that is you).',
    play: (x, c) => x.summon(c.magic),
  },
};
