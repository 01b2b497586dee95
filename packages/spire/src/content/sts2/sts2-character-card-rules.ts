// StS2 character cards whose game text reaches past their own play: cards that react from a pile
// (Right Hand Hand, Make It So, Melancholy, I Am Invincible), change other cards (Snap, Transfigure)
// or mark an enemy or the player (Hang, Veilpiercer, Reflect). Numbers are the card facts'; where
// the export leaves a number out, the rule says where it comes from.
import type { CardPlay, CombatContext } from '../../engine/definitions.js';
import type { CombatCard, SummonState } from '../../engine/run-state.js';
import {
  definedCost,
  hasNumberCost,
  isUnplayableCard,
  moveChosenToHand,
  ostyCardAttack,
  STS2_CARD_FACTS_BY_ID,
  type Sts2CardRule,
  varOf,
} from './sts2-card-rules.js';

/** A number of a card's facts that its rule needs outside a play (no CardPlay to read it from). */
function factsVar(id: string, name: string): number {
  return STS2_CARD_FACTS_BY_ID.get(id)?.vars[name]?.[0] ?? 0;
}

const isSkill = (card: CombatCard): boolean => STS2_CARD_FACTS_BY_ID.get(card.id)?.type === 'Skill';

/** Takes a card out of whichever combat pile holds it (a card played again goes back to one). */
function takeFromPiles(x: CombatContext, card: CombatCard): void {
  const combat = x.run.combat;
  if (combat === null) return;
  for (const pile of [combat.hand, combat.drawPile, combat.discardPile, combat.exhaustPile]) {
    const index = pile.indexOf(card);
    if (index >= 0) pile.splice(index, 1);
  }
}

/** Right Hand Hand comes back for a card of this cost or more (the export's Energy 2). */
const RIGHT_HAND_HAND_COST = factsVar('RIGHT_HAND_HAND', 'Energy');
/** Make It So comes back every this many Skills of a turn (the export's Cards 3). */
const MAKE_IT_SO_SKILLS = factsVar('MAKE_IT_SO', 'Cards');
/** Banshee's Cry's discount per Ethereal card played (the export's Energy 2). */
const BANSHEES_CRY_DISCOUNT = factsVar('BANSHEES_CRY', 'Energy');
/** Melancholy's cost before any death (its facts' cost; the upgrade keeps it). */
const MELANCHOLY_COST = STS2_CARD_FACTS_BY_ID.get('MELANCHOLY')?.cost ?? 0;
/** Protector's Osty damage per point of his Max HP (the export's ExtraDamage 1). */
const PROTECTOR_EXTRA = STS2_CARD_FACTS_BY_ID.get('PROTECTOR')?.vars.ExtraDamage ?? [1, 1];

/** What Protector adds to its damage: its ExtraDamage times Osty's Max HP. */
function protectorDamage(_x: CombatContext, c: CardPlay, summon: SummonState): number {
  return PROTECTOR_EXTRA[c.upgraded ? 1 : 0] * summon.maxHp;
}

export const STS2_CHARACTER_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  // ---- Necrobinder ----
  BANSHEES_CRY: {
    text: 'Deal !D! damage to ALL enemies. Costs 2 less for each Ethereal card played this combat.',
    dynamicCost: (x, cost) => cost - BANSHEES_CRY_DISCOUNT * x.counter('etherealThisCombat'),
    play: (x, c) => void x.attack('all', c.damage),
  },
  HANG: {
    text: 'Deal !D! damage. Double the damage ALL Hang cards deal to this enemy.',
    play: (x, c) => {
      const monster = x.run.combat?.monsters[c.target];
      const times = Math.max(1, monster?.powers.HANG ?? 0);
      // Hang multiplies the damage after Strength and Vigor are added (the engine adds them once):
      // (base + Strength + Vigor) x times. The relics' flat bonuses are left unmultiplied.
      const added = x.playerPower('STRENGTH') + x.playerPower('VIGOR');
      x.attack(c.target, c.damage * times + added * (times - 1));
      // The export's note: the power grows by max(2, itself), so each Hang doubles it (2, 4, 8...).
      if (monster?.alive === true) x.applyToMonster(c.target, 'HANG', Math.max(2, monster.powers.HANG ?? 0));
    },
  },
  MELANCHOLY: {
    text: "Gain !B! Block. Reduce this card's cost by 1 whenever ANYONE dies.",
    play: (x, c) => x.gainBlock(c.block),
    // Anyone: an enemy or Osty (in single-player there is no other player).
    onCreatureDeath: (_x, card) => {
      card.combatCost = Math.max(0, (card.combatCost ?? MELANCHOLY_COST) - 1);
    },
  },
  PROTECTOR: {
    // The export leaves the base out ("CalculatedDamage", upgrade +5); its own card file gives 10 and 15.
    text: "Osty deals !D! damage, plus damage equal to Osty's Max HP.",
    damage: [10, 15],
    summonDamage: protectorDamage,
    play: (x, c) => ostyCardAttack(x, c, protectorDamage),
  },
  RIGHT_HAND_HAND: {
    // "Costs 2 or more": read as the Energy paid for the card (a card played for free costs nothing).
    text: 'Osty deals !D! damage. Whenever you play a card that costs 2 Energy or more, return this to your Hand from the Discard Pile.',
    play: (x, c) => x.summonAttack(c.target, c.damage),
    onOtherCardPlayed: (x, card, _type, energyPaid) => {
      if (energyPaid < RIGHT_HAND_HAND_COST) return;
      if (x.run.combat?.discardPile.includes(card) === true) moveChosenToHand(x, [card], false);
    },
  },
  SNAP: {
    text: 'Osty deals !D! damage. Add Retain to a card in your Hand.',
    play: (x, c) => {
      x.summonAttack(c.target, c.damage);
      x.requestSelection({ source: 'hand', count: 1, prompt: 'Choose a card to Retain.' });
    },
    onSelect: (_x, chosen) => {
      for (const card of chosen) card.retain = true;
    },
  },
  TRANSFIGURE: {
    text: 'Add Replay to a card in your Hand. It costs an extra 1 Energy.',
    play: (x) => x.requestSelection({ source: 'hand', count: 1, prompt: 'Choose a card to add Replay to.' }),
    onSelect: (_x, chosen, c) => {
      const extra = varOf(c, 'Energy');
      for (const card of chosen) {
        card.replays = (card.replays ?? 0) + 1;
        // The export's note: X-cost and Unplayable cards keep their cost (the definition's cost, as the
        // engine plays it: the export marks Beat Down and Hidden Gem Unplayable though they are played).
        if (!hasNumberCost(card)) continue;
        card.combatCost = (card.combatCost ?? definedCost(card)) + extra;
        if (card.turnCost !== null) card.turnCost += extra;
      }
    },
  },
  VEILPIERCER: {
    text: 'Deal !D! damage. The next Ethereal card you play costs 0.',
    play: (x, c) => {
      x.attack(c.target, c.damage);
      x.applyToPlayer('VEILPIERCER', 1);
    },
  },
  // ---- Regent ----
  BEAT_INTO_SHAPE: {
    // The export names the Forge CalculationBase plus CalculationExtra per other hit, both upgraded by
    // 2, without their values; its own card file gives 5 (upgraded 7): the simulator uses that for both.
    text: 'Deal !D! damage. Forge !M!, plus !M! more for every other time you hit the enemy this turn.',
    magic: [5, 7],
    play: (x, c) => {
      const combat = x.run.combat;
      const monster = combat?.monsters[c.target];
      // The engine counts the player's attack hits on each enemy per turn (its memory).
      const before =
        combat !== null && combat !== undefined && monster?.memory.hitsTurn === combat.turn
          ? (monster.memory.hitsThisTurn ?? 0)
          : 0;
      x.attack(c.target, c.damage);
      x.forge(c.magic + c.magic * before);
    },
  },
  DECISIONS_DECISIONS: {
    playable: true,
    // Played as the game plays a card for you: free, at a random enemy when it needs a target.
    text: 'Draw !M! cards. Choose a Skill in your Hand and play it 3 times.',
    play: (x, c) => {
      x.draw(c.magic);
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a Skill to play 3 times.',
        filter: (card) => isSkill(card) && !isUnplayableCard(card),
      });
    },
    onSelect: (x, chosen, c) => {
      const combat = x.run.combat;
      for (const card of chosen)
        for (let time = 0; time < varOf(c, 'Repeat'); time++) {
          // A play that asks for a choice ends the repeats (one choice can be open at a time).
          if (combat === null || combat.over || combat.selection !== null) return;
          takeFromPiles(x, card);
          x.playFree(card, false);
        }
    },
  },
  I_AM_INVINCIBLE: {
    text: 'Gain !B! Block. At the end of your turn, if this is on top of your Draw Pile, play it.',
    play: (x, c) => x.gainBlock(c.block),
    playedFromDrawTopAtTurnEnd: true,
  },
  MAKE_IT_SO: {
    text: 'Deal !D! damage. Every 3 Skills you play in a turn, put this into your Hand.',
    play: (x, c) => void x.attack(c.target, c.damage),
    // The export's note: from any pile but the hand; the engine asks the Draw and Discard Piles.
    onOtherCardPlayed: (x, card, type) => {
      if (type !== 'Skill' || x.counter('skillsThisTurn') % MAKE_IT_SO_SKILLS !== 0) return;
      moveChosenToHand(x, [card], false);
    },
  },
  REFLECT: {
    text: 'Gain !B! Block. Blocked attack damage is reflected to your attacker this turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.applyToPlayer('REFLECT', 1);
    },
  },
  // ---- Silent ----
  HAND_TRICK: {
    text: 'Gain !B! Block. Add Sly to a Skill in your Hand this turn.',
    play: (x, c) => {
      x.gainBlock(c.block);
      x.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a Skill to make Sly this turn.',
        filter: isSkill,
      });
    },
    onSelect: (x, chosen) => {
      const combat = x.run.combat;
      // The engine's Sly reads the mark: Sly while the mark holds this turn's number.
      if (combat !== null) for (const card of chosen) combat.counters[`sly:${card.uid}`] = combat.turn;
    },
  },
  // ---- Ironclad ----
  DEMONIC_SHIELD: {
    text: 'Lose !M! HP. Give another player Block equal to your Block (in single-player there is none).',
    play: (x, c) => x.loseHp(c.magic),
  },
};
