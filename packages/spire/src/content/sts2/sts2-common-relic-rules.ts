// Hand-written rules of the StS2 Common and Uncommon shared relics that act inside combat (counters,
// conditions, damage and Block changes) where the generated trigger/effect table cannot express them.
// Numbers come from the facts. Relic damage is not attack damage: Strength, Vigor and Weak do not
// change it, nor does Vulnerable (as for Thorns).
import type { CombatContext } from '../../engine/definitions.js';
import { tick } from '../relic-counter.js';
import type { Sts2RelicRuleFactory, Sts2RelicRules } from './sts2-relic-rule.js';

/** Whether `key` is still unmarked in this combat (nothing changes). */
function unmarkedThisCombat(context: CombatContext, key: string): boolean {
  const combat = context.run.combat;
  return combat !== null && (combat.counters[key] ?? 0) === 0;
}

/** True the first time it is asked for `key` in this combat (a combat counter marks it). */
function firstThisCombat(context: CombatContext, key: string): boolean {
  if (!unmarkedThisCombat(context, key)) return false;
  const combat = context.run.combat;
  if (combat !== null) combat.counters[key] = 1;
  return true;
}

/** Every `every` player turns, counted across combats on the relic's own counter. */
function everyTurns(context: CombatContext, id: string, every: number): boolean {
  return every > 0 && tick(context, id, every);
}

function plural(count: number, word: string): string {
  return count === 1 ? `${count} ${word}` : `${count} ${word}s`;
}

/** Pen Nib's cycle: the engine doubles the Attack played while the counter shows 9 (no number in the facts). */
const PEN_NIB_EVERY = 10;

const POTION_SHAPED_ROCK = 'POTION_SHAPED_ROCK';

/** Strike Dummy's rule (also its Event imitation's, with that relic's number). */
export const strikeDummyRule: Sts2RelicRuleFactory = (amount) => ({
  text: `Cards with "Strike" in their name deal ${amount('ExtraDamage')} additional damage.`,
  hooks: {
    attackDamageBonus: (_context, card) => (card.id.includes('STRIKE') ? amount('ExtraDamage') : 0),
  },
});

export const STS2_COMMON_RELIC_RULES: Sts2RelicRules = {
  ANCHOR: (amount) => ({
    text: `Start each combat with ${amount('Block')} Block.`,
    // A relic's Block: Dexterity and Frail do not change it. It lasts through the first turn.
    hooks: { atCombatStart: (context) => context.gainBlock(amount('Block'), true) },
  }),

  CANDELABRA: (amount) => ({
    text: `At the start of your 2nd turn, gain ${amount('Energy')} Energy.`,
    hooks: {
      atTurnStart: (context, turn) => {
        if (turn === 2) context.gainEnergy(amount('Energy'));
      },
    },
  }),

  CENTENNIAL_PUZZLE: (amount) => ({
    text: `The first time you lose HP each combat, draw ${plural(amount('Cards'), 'card')}.`,
    hooks: {
      onPlayerHpLoss: (context) => {
        if (firstThisCombat(context, 'relic:CENTENNIAL_PUZZLE')) context.draw(amount('Cards'));
      },
    },
  }),

  FESTIVE_POPPER: (amount) => ({
    text: `At the start of each combat, deal ${amount('Damage')} damage to ALL enemies.`,
    hooks: { atCombatStart: (context) => context.damageAllMonsters(amount('Damage')) },
  }),

  GREMLIN_HORN: (amount) => ({
    text: `Whenever an enemy dies, gain ${amount('Energy')} Energy and draw ${plural(amount('Cards'), 'card')}.`,
    hooks: {
      onMonsterDeath: (context) => {
        // The last death ends the combat: nothing left to spend the Energy on.
        if (context.livingMonsters().length === 0) return;
        context.gainEnergy(amount('Energy'));
        context.draw(amount('Cards'));
      },
    },
  }),

  HAPPY_FLOWER: (amount) => ({
    text: `Every ${plural(amount('Turns'), 'turn')}, gain ${amount('Energy')} Energy (the count carries over between combats).`,
    hooks: {
      atTurnStart: (context) => {
        if (everyTurns(context, 'HAPPY_FLOWER', amount('Turns'))) context.gainEnergy(amount('Energy'));
      },
    },
  }),

  HORN_CLEAT: (amount) => ({
    text: `At the start of your 2nd turn, gain ${amount('Block')} Block.`,
    hooks: {
      atTurnStart: (context, turn) => {
        if (turn === 2) context.gainBlock(amount('Block'), true);
      },
    },
  }),

  JOSS_PAPER: (amount) => ({
    text: `Every ${amount('ExhaustAmount')} times you Exhaust a card, draw ${plural(amount('Cards'), 'card')}.`,
    hooks: {
      onExhaust: (context) => {
        if (amount('ExhaustAmount') > 0 && tick(context, 'JOSS_PAPER', amount('ExhaustAmount')))
          context.draw(amount('Cards'));
      },
    },
  }),

  KUSARIGAMA: (amount) => ({
    text: `Every time you play ${amount('Cards')} Attacks in a single turn, deal ${amount('Damage')} damage to a random enemy.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type !== 'Attack' || context.counter('attacksThisTurn') % amount('Cards') !== 0) return;
        const target = context.randomMonsterIndex();
        if (target >= 0) context.damageMonster(target, amount('Damage'), { ignoreVulnerable: true });
      },
    },
  }),

  LANTERN: (amount) => ({
    text: `Start each combat with ${amount('Energy')} additional Energy.`,
    hooks: {
      atTurnStart: (context, turn) => {
        if (turn === 1) context.gainEnergy(amount('Energy'));
      },
    },
  }),

  LETTER_OPENER: (amount) => ({
    text: `Every time you play ${amount('Cards')} Skills in a single turn, deal ${amount('Damage')} damage to ALL enemies.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type === 'Skill' && context.counter('skillsThisTurn') % amount('Cards') === 0)
          context.damageAllMonsters(amount('Damage'));
      },
    },
  }),

  MERCURY_HOURGLASS: (amount) => ({
    text: `At the start of your turn, deal ${amount('Damage')} damage to ALL enemies.`,
    hooks: { atTurnStart: (context) => context.damageAllMonsters(amount('Damage')) },
  }),

  MINIATURE_CANNON: (amount) => ({
    text: `Upgraded Attacks deal ${amount('ExtraDamage')} additional damage.`,
    hooks: { attackDamageBonus: (_context, card) => (card.upgraded ? amount('ExtraDamage') : 0) },
  }),

  NUNCHAKU: (amount) => ({
    text: `Every time you play ${amount('Cards')} Attacks, gain ${amount('Energy')} Energy.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type === 'Attack' && amount('Cards') > 0 && tick(context, 'NUNCHAKU', amount('Cards')))
          context.gainEnergy(amount('Energy'));
      },
    },
  }),

  ORICHALCUM: (amount) => ({
    text: `If you end your turn without Block, gain ${amount('Block')} Block.`,
    hooks: {
      atTurnEnd: (context) => {
        if ((context.run.combat?.player.block ?? 0) === 0) context.gainBlock(amount('Block'), true);
      },
    },
  }),

  ORNAMENTAL_FAN: (amount) => ({
    text: `Every time you play ${amount('Cards')} Attacks in a single turn, gain ${amount('Block')} Block.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type === 'Attack' && context.counter('attacksThisTurn') % amount('Cards') === 0)
          context.gainBlock(amount('Block'), true);
      },
    },
  }),

  PANTOGRAPH: (amount) => ({
    text: `At the start of each Boss combat, heal ${amount('Heal')} HP.`,
    hooks: {
      atCombatStart: (context) => {
        if (context.run.combat?.kind === 'boss') context.heal(amount('Heal'));
      },
    },
  }),

  PARRYING_SHIELD: (amount) => ({
    text: `If you end a turn with at least ${amount('Block')} Block, deal ${amount('Damage')} damage to a random enemy.`,
    hooks: {
      atTurnEnd: (context) => {
        if ((context.run.combat?.player.block ?? 0) < amount('Block')) return;
        const target = context.randomMonsterIndex();
        if (target >= 0) context.damageMonster(target, amount('Damage'), { ignoreVulnerable: true });
      },
    },
  }),

  PEN_NIB: () => ({
    text: `Every ${PEN_NIB_EVERY}th Attack you play deals double damage.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type === 'Attack') tick(context, 'PEN_NIB', PEN_NIB_EVERY);
      },
    },
  }),

  PENDULUM: (amount) => ({
    text: `Every ${plural(amount('Turns'), 'turn')}, draw ${plural(amount('Cards'), 'card')} (the count carries over between combats).`,
    hooks: {
      atTurnStart: (context) => {
        if (everyTurns(context, 'PENDULUM', amount('Turns'))) context.draw(amount('Cards'));
      },
    },
  }),

  PERMAFROST: (amount) => ({
    text: `The first time you play a Power each combat, gain ${amount('Block')} Block.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type === 'Power' && firstThisCombat(context, 'relic:PERMAFROST'))
          context.gainBlock(amount('Block'), true);
      },
    },
  }),

  PETRIFIED_TOAD: () => ({
    text: 'At the start of each combat, obtain a Potion-Shaped Rock (if a potion slot is free).',
    hooks: {
      atCombatStart: (context) => {
        const slot = context.run.potions.indexOf(null);
        if (slot >= 0) context.run.potions[slot] = POTION_SHAPED_ROCK;
      },
    },
  }),

  REPTILE_TRINKET: (amount) => ({
    text: `Whenever you use a potion, gain ${amount('Strength')} Strength this turn.`,
    hooks: {
      onPotionUsed: (context) => {
        context.applyToPlayer('STRENGTH', amount('Strength'));
        // The engine takes this Strength back at the end of the turn.
        context.applyToPlayer('REPTILE_TRINKET', amount('Strength'));
      },
    },
  }),

  RIPPLE_BASIN: (amount) => ({
    text: `If you did not play any Attacks during your turn, gain ${amount('Block')} Block at its end.`,
    hooks: {
      atTurnEnd: (context) => {
        if (context.counter('attacksThisTurn') === 0) context.gainBlock(amount('Block'), true);
      },
    },
  }),

  STONE_CRACKER: (amount) => ({
    text: `At the start of each combat, Upgrade ${plural(amount('Cards'), 'random card')} in your draw pile for the rest of the combat.`,
    hooks: {
      atCombatStart: (context) => {
        const combat = context.run.combat;
        if (combat === null) return;
        // Statuses and Curses stay as they are (upgradeCard refuses them): another card is drawn instead.
        const candidates = combat.drawPile.filter((card) => !card.upgraded);
        let upgraded = 0;
        while (upgraded < amount('Cards') && candidates.length > 0) {
          const [chosen] = candidates.splice(context.randomInt(0, candidates.length - 1), 1);
          if (chosen === undefined) return;
          context.upgradeCard(chosen);
          if (chosen.upgraded) upgraded++;
        }
      },
    },
  }),

  STRIKE_DUMMY: strikeDummyRule,

  TUNING_FORK: (amount) => ({
    text: `Every time you play ${amount('Cards')} Skills, gain ${amount('Block')} Block.`,
    hooks: {
      onCardPlayed: (context, _play, type) => {
        if (type === 'Skill' && amount('Cards') > 0 && tick(context, 'TUNING_FORK', amount('Cards')))
          context.gainBlock(amount('Block'), true);
      },
    },
  }),

  VAMBRACE: () => ({
    text: 'The first time you gain Block from a card each combat, double the amount gained.',
    hooks: {
      cardBlockBonus: (context, block) => (unmarkedThisCombat(context, 'relic:VAMBRACE') ? block : 0),
      afterCardBlock: (context) => void firstThisCombat(context, 'relic:VAMBRACE'),
    },
  }),
};
