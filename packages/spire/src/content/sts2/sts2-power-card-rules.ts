// StS2 cards that put a power on a creature and need more than the facts' power effect: the power
// sits on the targeted enemy (Oblivion) or its start-of-turn choice needs the card's onSelect
// (Tyranny, Foregone Conclusion).
// The powers' behaviour lives in engine/combat.ts (afterSts2Play, afterSts2TurnStart).
import type { Sts2CardRule } from './sts2-card-rules.js';

export const STS2_POWER_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  OBLIVION: {
    // The power is on the enemy and reacts after each play, Oblivion's own included: whether the game
    // counts the Oblivion that applied it is not known.
    text: 'Whenever you play a card this turn (this one included), the enemy gets !M! Doom.',
    play: (x, c) => x.applyToMonster(c.target, 'OBLIVION', c.magic),
  },
  FOREGONE_CONCLUSION: {
    text: 'Next turn, put !M! cards you choose from your Draw Pile into your Hand.',
    play: (x, c) => x.applyToPlayer('FOREGONE_CONCLUSION', c.magic),
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      if (combat === null) return;
      for (const card of chosen) {
        const index = combat.drawPile.indexOf(card);
        // A full Hand (10 cards) leaves the card where it is.
        if (index < 0 || combat.hand.length >= 10) continue;
        combat.drawPile.splice(index, 1);
        combat.hand.push(card);
      }
    },
  },
  TYRANNY: {
    text: 'At the start of your turn, draw 1 card and Exhaust 1 card you choose from your Hand.',
    play: (x) => x.applyToPlayer('TYRANNY', 1),
    onSelect: (x, chosen) => {
      for (const card of chosen) x.exhaustCard(card);
    },
  },
};
