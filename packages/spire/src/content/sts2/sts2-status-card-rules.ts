// StS2 statuses and curses that act from the hand (at the end of the turn, or when drawn), and
// Wraith Form's Dexterity loss. Numbers come from the card's facts; the texts are the simulator's.
import type { CardPlay, CombatContext } from '../../engine/definitions.js';
import { STS2_CARD_FACTS_BY_ID, type Sts2CardRule, varOf } from './sts2-card-rules.js';

/** A card's unupgraded number `name` for its text (statuses and curses do not upgrade). */
function factNumber(id: string, name: string): number {
  const value = STS2_CARD_FACTS_BY_ID.get(id)?.vars[name]?.[0];
  if (value === undefined) throw new Error(`the StS2 facts give ${id} no ${name}`);
  return value;
}

function factCost(id: string): number {
  const cost = STS2_CARD_FACTS_BY_ID.get(id)?.cost;
  if (cost === undefined) throw new Error(`the StS2 facts have no card ${id}`);
  return cost;
}

/** "At the end of your turn, if this is in your Hand, take N damage": Block absorbs it, as any non-attack damage. */
function damageAtTurnEnd(id: string): Sts2CardRule {
  return {
    text: `At the end of your turn, if this is in your Hand, take ${factNumber(id, 'Damage')} damage.`,
    endOfTurnInHand: (x, c) => x.damagePlayer(varOf(c, 'Damage'), null),
  };
}

/** "... lose N HP": no Block stops it. */
function hpLossAtTurnEnd(id: string): Sts2CardRule {
  return {
    text: `At the end of your turn, if this is in your Hand, lose ${factNumber(id, 'HpLoss')} HP.`,
    endOfTurnInHand: (x, c) => x.loseHp(varOf(c, 'HpLoss')),
  };
}

function loseGold(x: CombatContext, c: CardPlay): void {
  x.run.gold = Math.max(0, x.run.gold - varOf(c, 'Gold'));
}

export const STS2_STATUS_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  // ---- Statuses ----
  BURN: damageAtTurnEnd('BURN'),
  INFECTION: damageAtTurnEnd('INFECTION'),
  TOXIC: damageAtTurnEnd('TOXIC'),
  BECKON: hpLossAtTurnEnd('BECKON'),
  // Chosen, never played: the Knowledge Demon's Curse of Knowledge turns the chosen card into a power
  // of its name (see knowledgeDemon in sts2-monsters.ts).
  DISINTEGRATION: {
    text: 'Chosen from Curse of Knowledge: at the end of each of your turns, take 6 damage (7, then 8, from its later uses).',
  },
  MIND_ROT: { text: 'Chosen from Curse of Knowledge: draw 1 fewer card each turn.' },
  SLOTH: { text: 'Chosen from Curse of Knowledge: you cannot play more than 3 cards each turn.' },
  WASTE_AWAY: { text: 'Chosen from Curse of Knowledge: gain 1 less Energy each turn.' },
  FRANTIC_ESCAPE: {
    text: "Get farther away: raise The Insatiable's Sandpit by 1. This card costs 1 more for the rest of combat.",
    play: (x, c) => {
      const monsters = x.run.combat?.monsters ?? [];
      for (let index = 0; index < monsters.length; index++)
        if ((monsters[index]?.powers.SANDPIT ?? 0) > 0) x.applyToMonster(index, 'SANDPIT', 1);
      c.card.combatCost = (c.card.combatCost ?? factCost('FRANTIC_ESCAPE')) + 1;
    },
  },
  VOID: {
    text: `When you draw this card, lose ${factNumber('VOID', 'Energy')} Energy.`,
    onDraw: (x, c) => x.gainEnergy(-varOf(c, 'Energy')),
  },
  // ---- Curses ----
  DECAY: damageAtTurnEnd('DECAY'),
  BAD_LUCK: hpLossAtTurnEnd('BAD_LUCK'),
  DEBT: {
    text: `At the end of your turn, if this is in your Hand, lose ${factNumber('DEBT', 'Gold')} Gold.`,
    endOfTurnInHand: loseGold,
  },
  DOUBT: {
    text: `At the end of your turn, if this is in your Hand, gain ${factNumber('DOUBT', 'Weak')} Weak.`,
    endOfTurnInHand: (x, c) => x.applyToPlayer('WEAK', varOf(c, 'Weak')),
  },
  SHAME: {
    text: `At the end of your turn, if this is in your Hand, gain ${factNumber('SHAME', 'Frail')} Frail.`,
    endOfTurnInHand: (x, c) => x.applyToPlayer('FRAIL', varOf(c, 'Frail')),
  },
  REGRET: {
    text: 'At the end of your turn, if this is in your Hand, lose 1 HP for each card in your Hand.',
    endOfTurnInHand: (x) => x.loseHp(x.run.combat?.hand.length ?? 0),
  },
  // ---- Silent ----
  WRAITH_FORM: {
    // The engine's Wraith Form power takes the Dexterity at the end of the turn; the game's, at the
    // start of the next. Dexterity only changes the Block of cards, and none is played in between.
    text: 'Gain !M! Intangible. At the start of your turn, lose 1 Dexterity.',
    play: (x, c) => {
      x.applyToPlayer('INTANGIBLE', c.magic);
      x.applyToPlayer('WRAITH_FORM', varOf(c, 'WraithForm'));
    },
  },
};
