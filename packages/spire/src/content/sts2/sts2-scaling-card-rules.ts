// StS2 cards whose damage or Doom grows with something the combat tracks (debuffs on the enemy,
// Souls exhausted, Star-cost cards, Osty Attacks, cards created or drawn, Ethereal cards played,
// Doom). Base numbers the card facts leave out (their `CalculatedDamage`) come from the wiki
// export's per-card files (data/v0.103.2/cards/<Name>.json), as the `damage` pairs below.
import type { CardPlay, CombatContext } from '../../engine/definitions.js';
import type { CombatCard } from '../../engine/run-state.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import {
  ostyCardAttack,
  STS2_CARD_FACTS_BY_ID,
  STS2_DEBUFF_IDS,
  type Sts2CardRule,
} from './sts2-card-rules.js';

/** The cards of the combat other than the one being played (it is in none of these piles then). */
function otherCards(x: CombatContext, c: CardPlay): CombatCard[] {
  const combat = x.run.combat;
  if (combat === null) return [];
  return [...combat.hand, ...combat.drawPile, ...combat.discardPile].filter(
    (card) => card.uid !== c.card.uid,
  );
}

/** Attacks in which Osty deals the damage (the export's texts: "Osty deals ..."). */
const OSTY_ATTACKS = new Set([
  ...STS2_CARD_FACTS.filter(
    (facts) => facts.type === 'Attack' && facts.effects.some((effect) => effect.kind === 'osty'),
  ).map((facts) => facts.id),
  'BONE_SHARDS',
  'HIGH_FIVE',
  'SWEEPING_GAZE',
]);

/** What Squeeze adds to its damage: its magic for each other Osty Attack in the piles. */
function squeezeDamage(x: CombatContext, c: CardPlay): number {
  return c.magic * otherCards(x, c).filter((card) => OSTY_ATTACKS.has(card.id)).length;
}

/** No Escape: the extra Doom per full step of Doom already on the enemy (export: DoomExtra 5). */
const NO_ESCAPE_EXTRA_DOOM = 5;

export const STS2_SCALING_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  REND: {
    // The export's note: temporary powers do not count; the engine's Strength/Dexterity Down are such.
    text: 'Deal !D! damage, plus !M! for each different debuff on the enemy.',
    damage: [15, 18],
    play: (x, c) => {
      const powers = x.run.combat?.monsters[c.target]?.powers ?? {};
      const debuffs = Object.entries(powers).filter(
        ([id, amount]) => amount > 0 && STS2_DEBUFF_IDS.has(id) && !id.startsWith('LOSE_'),
      ).length;
      x.attack(c.target, c.damage + c.magic * debuffs);
    },
  },
  SOUL_STORM: {
    text: 'Deal !D! damage, plus !M! for each Soul in your Exhaust Pile.',
    damage: [9, 9],
    play: (x, c) => {
      const souls = x.run.combat?.exhaustPile.filter((card) => card.id === 'SOUL').length ?? 0;
      x.attack(c.target, c.damage + c.magic * souls);
    },
  },
  CRESCENT_SPEAR: {
    text: 'Deal !D! damage, plus !M! for each of your cards in combat that costs Stars (this one included).',
    damage: [6, 6],
    play: (x, c) => {
      const starCards = otherCards(x, c).filter(
        (card) => (STS2_CARD_FACTS_BY_ID.get(card.id)?.starCost ?? 0) > 0,
      ).length;
      x.attack(c.target, c.damage + c.magic * (starCards + 1));
    },
  },
  SQUEEZE: {
    // The export's note counts the Osty Attacks in hand; its text says ALL: the simulator counts
    // those in the hand, draw and discard piles.
    text: 'Osty deals !D! damage, plus !M! for each other Osty Attack in your Hand, Draw and Discard Piles.',
    damage: [25, 30],
    summonDamage: squeezeDamage,
    play: (x, c) => ostyCardAttack(x, c, squeezeDamage),
  },
  SUPERMASSIVE: {
    text: 'Deal !D! damage, plus !M! for each card you created this combat.',
    damage: [5, 5],
    play: (x, c) => void x.attack(c.target, c.damage + c.magic * x.counter('createdThisCombat')),
  },
  PULL_FROM_BELOW: {
    text: 'Deal !D! damage for each Ethereal card played this combat.',
    play: (x, c) => {
      const ethereal = x.counter('etherealThisCombat');
      if (ethereal > 0) x.attack(c.target, c.damage, ethereal);
    },
  },
  DEATH_MARCH: {
    // "During your turn" as Speedster reads it: the turn's own draw does not count.
    text: 'Deal !D! damage, plus !M! for each card drawn this turn after the turn-start draw.',
    damage: [8, 9],
    play: (x, c) => void x.attack(c.target, c.damage + c.magic * x.counter('drawnInTurnThisTurn')),
  },
  GANG_UP: {
    text: 'Deal !D! damage, plus !M! for each time another player attacked the enemy this turn (in single-player there is none).',
    damage: [5, 5],
    play: (x, c) => void x.attack(c.target, c.damage),
  },
  NO_ESCAPE: {
    text: [
      'Apply !M! Doom, plus 5 more for every 10 Doom already on the enemy.',
      'Apply !M! Doom, plus 5 more for every 10 Doom already on the enemy.',
    ],
    // The export: Doom 10 (upgraded text 15), DoomExtra 5, DoomThreshold 10.
    magic: [10, 15],
    play: (x, c) => {
      const doom = x.run.combat?.monsters[c.target]?.powers.DOOM ?? 0;
      const threshold = STS2_CARD_FACTS_BY_ID.get('NO_ESCAPE')?.vars.DoomThreshold?.[0] ?? 10;
      x.applyToMonster(c.target, 'DOOM', c.magic + NO_ESCAPE_EXTRA_DOOM * Math.floor(doom / threshold));
    },
  },
};
