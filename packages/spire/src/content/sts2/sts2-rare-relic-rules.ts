// Hand-written rules of the StS2 Rare and Shop shared relics that act inside combat. Numbers come from
// the facts. State that lasts one combat lives in the combat's counters (keys below), so nothing
// carries over into the next fight.

import type { CardType, CombatContext } from '../../engine/definitions.js';
import type { CombatCard, CombatState } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import type { Sts2RelicRuleFactory, Sts2RelicRules } from './sts2-relic-rule.js';

/** Combat counters of these relics. */
const COUNTER = {
  artOfWar: 'relic:ART_OF_WAR',
  beatingRemnant: 'relic:BEATING_REMNANT',
  beltBuckle: 'relic:BELT_BUCKLE',
  burningSticks: 'relic:BURNING_STICKS',
  iceCream: 'relic:ICE_CREAM',
  pocketwatch: 'relic:POCKETWATCH',
  rainbowRing: 'relic:RAINBOW_RING',
  unsettlingLamp: 'relic:UNSETTLING_LAMP',
} as const;

/** Bread's numbers: the facts table has no variables for them (the game's text: lose 2, then gain 1). */
const BREAD_FIRST_TURN_LOSS = 2;
const BREAD_LATER_GAIN = 1;

/** The combat a relic hook runs in (hooks only run during one). */
/** A Basic Strike or Defend (their ids say which, as the export's). */
function isBasicStrikeOrDefend(card: CombatCard): boolean {
  if (!card.id.includes('STRIKE') && !card.id.startsWith('DEFEND')) return false;
  return runServices().getCard(card.id).rarity === 'Basic';
}

function combatOf(context: CombatContext): CombatState {
  const combat = context.run.combat;
  if (combat === null) throw new Error('a combat relic hook ran outside combat');
  return combat;
}

function setCounter(context: CombatContext, name: string, value: number): void {
  combatOf(context).counters[name] = value;
}

/** The card's energy cost now, or -1 for X-cost and unplayable cards. */
function currentCost(card: CombatCard): number {
  const cost = runServices().getCard(card.id).cost;
  const base = typeof cost === 'number' ? cost : cost[card.upgraded ? 1 : 0];
  if (base < 0) return -1;
  return card.turnCost ?? card.combatCost ?? base;
}

function randomOf(context: CombatContext, items: readonly string[]): string | undefined {
  return items.length === 0 ? undefined : items[context.randomInt(0, items.length - 1)];
}

/** Rainbow Ring's bit for each card type: 7 is all three played this turn, 15 the gain already made. */
const RAINBOW_BITS: Partial<Record<CardType, number>> = { Attack: 1, Skill: 2, Power: 4 };

/** Every `Cards` Attacks played in a turn, gain the relic's amount of a power (Kunai, Shuriken). */
function everyAttacksInATurn(power: string, name: string): Sts2RelicRuleFactory {
  return (amount) => {
    const every = amount('Cards');
    const gain = amount(name);
    return {
      text: `Every time you play ${every} Attacks in a single turn, gain ${gain} ${name}.`,
      hooks: {
        onCardPlayed: (x, _play, type) => {
          if (type === 'Attack' && x.counter('attacksThisTurn') % every === 0) x.applyToPlayer(power, gain);
        },
      },
    };
  };
}

export const STS2_RARE_RELIC_RULES: Sts2RelicRules = {
  ART_OF_WAR: (amount) => {
    const energy = amount('Energy');
    return {
      text: `If you play no Attacks during your turn, gain ${energy} additional Energy next turn.`,
      hooks: {
        atTurnEnd: (x) => setCounter(x, COUNTER.artOfWar, x.counter('attacksThisTurn') === 0 ? 1 : 0),
        atTurnStart: (x) => {
          if (x.counter(COUNTER.artOfWar) > 0) x.gainEnergy(energy);
        },
      },
    };
  },
  BEATING_REMNANT: (amount) => {
    const cap = amount('MaxHpLoss');
    return {
      text: `You cannot lose more than ${cap} HP in a single turn (yours or the enemies').`,
      hooks: {
        // The count starts again when either side's turn starts.
        atTurnStart: (x) => setCounter(x, COUNTER.beatingRemnant, 0),
        atTurnEnd: (x) => setCounter(x, COUNTER.beatingRemnant, 0),
        hpLossLimit: (x, loss) => {
          const lost = x.counter(COUNTER.beatingRemnant);
          const allowed = Math.min(loss, Math.max(0, cap - lost));
          setCounter(x, COUNTER.beatingRemnant, lost + allowed);
          return allowed;
        },
      },
    };
  },
  BELLOWS: () => ({
    text: 'The first hand you draw each combat is Upgraded.',
    hooks: {
      atTurnStart: (x, turn) => {
        if (turn !== 1) return;
        for (const card of combatOf(x).hand) x.upgradeCard(card);
      },
    },
  }),
  CAPTAINS_WHEEL: (amount) => {
    const block = amount('Block');
    return {
      text: `At the start of your 3rd turn, gain ${block} Block.`,
      hooks: {
        atTurnStart: (x, turn) => {
          if (turn === 3) x.gainBlock(block, true);
        },
      },
    };
  },
  CHANDELIER: (amount) => {
    const energy = amount('Energy');
    return {
      text: `At the start of your 3rd turn, gain ${energy} Energy.`,
      hooks: {
        atTurnStart: (x, turn) => {
          if (turn === 3) x.gainEnergy(energy);
        },
      },
    };
  },
  CLOAK_CLASP: (amount) => {
    const block = amount('Block');
    return {
      text: `At the end of your turn, gain ${block} Block for each card in your hand.`,
      hooks: { atTurnEnd: (x) => x.gainBlock(block * combatOf(x).hand.length, true) },
    };
  },
  GAME_PIECE: (amount) => {
    const cards = amount('Cards');
    return {
      text: `Whenever you play a Power, draw ${cards} card(s).`,
      hooks: {
        onCardPlayed: (x, _play, type) => {
          if (type === 'Power') x.draw(cards);
        },
      },
    };
  },
  ICE_CREAM: () => ({
    text: 'Energy left at the end of your turn carries over to the next.',
    hooks: {
      atTurnEnd: (x) => setCounter(x, COUNTER.iceCream, combatOf(x).player.energy),
      atTurnStart: (x) => x.gainEnergy(x.counter(COUNTER.iceCream)),
    },
  }),
  INTIMIDATING_HELMET: (amount) => {
    const block = amount('Block');
    const energy = amount('Energy');
    return {
      text: `Whenever you play a card that costs ${energy} Energy or more, gain ${block} Block.`,
      hooks: {
        onCardPlayed: (x) => {
          if (x.energySpent >= energy) x.gainBlock(block, true);
        },
      },
    };
  },
  KUNAI: everyAttacksInATurn('DEXTERITY', 'Dexterity'),
  MEAT_ON_THE_BONE: (amount) => {
    const heal = amount('Heal');
    const threshold = amount('HpThreshold');
    return {
      text: `If your HP is at or below ${threshold}% at the end of combat, heal ${heal} HP.`,
      hooks: {
        onCombatEnd: (x) => {
          if (x.run.hp * 100 <= x.run.maxHp * threshold) x.heal(heal);
        },
      },
    };
  },
  MUMMIFIED_HAND: () => ({
    text: 'Whenever you play a Power, a random card in your hand that costs Energy is free to play this turn.',
    hooks: {
      onCardPlayed: (x, _play, type) => {
        if (type !== 'Power') return;
        const costly = combatOf(x).hand.filter((card) => currentCost(card) > 0);
        const chosen = costly[costly.length === 0 ? 0 : x.randomInt(0, costly.length - 1)];
        if (chosen !== undefined) chosen.turnCost = 0;
      },
    },
  }),
  POCKETWATCH: (amount) => {
    const cards = amount('Cards');
    const threshold = amount('CardThreshold');
    return {
      text: `If you play ${threshold} or fewer cards during your turn, draw ${cards} more cards at the start of your next turn.`,
      hooks: {
        atTurnEnd: (x) => setCounter(x, COUNTER.pocketwatch, x.counter('cardsThisTurn') <= threshold ? 1 : 0),
        atTurnStart: (x) => {
          if (x.counter(COUNTER.pocketwatch) > 0) x.draw(cards);
        },
      },
    };
  },
  RAINBOW_RING: (amount) => {
    const strength = amount('Strength');
    const dexterity = amount('Dexterity');
    return {
      text: `Once per turn, when you have played an Attack, a Skill and a Power, gain ${strength} Strength and ${dexterity} Dexterity.`,
      hooks: {
        atTurnStart: (x) => setCounter(x, COUNTER.rainbowRing, 0),
        onCardPlayed: (x, _play, type) => {
          const seen = x.counter(COUNTER.rainbowRing);
          if (seen === 15) return;
          const now = seen | (RAINBOW_BITS[type] ?? 0);
          setCounter(x, COUNTER.rainbowRing, now === 7 ? 15 : now);
          if (now === 7) {
            x.applyToPlayer('STRENGTH', strength);
            x.applyToPlayer('DEXTERITY', dexterity);
          }
        },
      },
    };
  },
  SHURIKEN: everyAttacksInATurn('STRENGTH', 'Strength'),
  STONE_CALENDAR: (amount) => {
    const damage = amount('Damage');
    const turn = amount('DamageTurn');
    return {
      text: `At the end of turn ${turn}, deal ${damage} damage to ALL enemies.`,
      hooks: {
        atTurnEnd: (x) => {
          if (combatOf(x).turn === turn) x.damageAllMonsters(damage);
        },
      },
    };
  },
  STURDY_CLAMP: (amount) => {
    const block = amount('Block');
    return {
      text: `Up to ${block} Block persists across turns.`,
      hooks: { retainedBlock: block },
    };
  },
  // The engine applies Tungsten Rod by id (Combat.loseHp), for both rulesets.
  TUNGSTEN_ROD: (amount) => ({
    text: `Whenever you would lose HP, lose ${amount('HpLossReduction')} less.`,
    hooks: {},
  }),
  UNCEASING_TOP: () => {
    // Looked at once a card, a card choice or a potion is done, as the hand can only empty then.
    const drawIfEmpty = (x: CombatContext) => {
      const combat = combatOf(x);
      if (combat.hand.length === 0 && combat.selection === null && !combat.over) x.draw(1);
    };
    return {
      text: 'Whenever you have no cards in Hand during your turn, draw a card.',
      hooks: { onCardPlayed: drawIfEmpty, onSelectionResolved: drawIfEmpty, onPotionUsed: drawIfEmpty },
    };
  },
  GHOST_SEED: () => {
    // The export's notes: applied on entering combat and to cards entering it later.
    const etherealBasics = (x: CombatContext) => {
      const combat = combatOf(x);
      for (const pile of [combat.hand, combat.drawPile, combat.discardPile])
        for (const card of pile)
          if (card.ethereal !== true && isBasicStrikeOrDefend(card)) card.ethereal = true;
    };
    return {
      text: 'Basic Strikes and Defends gain Ethereal.',
      hooks: { atCombatStart: etherealBasics, onCardCreated: etherealBasics },
    };
  },
  UNSETTLING_LAMP: () => ({
    text: 'The first card each combat that debuffs an enemy applies twice the debuffs.',
    hooks: {
      // The counter holds the number of the card being doubled (cards played this combat), -1 once done.
      onMonsterDebuffed: (x, index, power, amount) => {
        const doubling = x.counter(COUNTER.unsettlingLamp);
        const card = x.counter('cardsThisCombat');
        if (doubling < 0 || (doubling > 0 && doubling !== card)) return;
        setCounter(x, COUNTER.unsettlingLamp, card);
        // The doubled amount lands as one application: no second Artifact check or debuff reactions.
        const monster = combatOf(x).monsters[index];
        if (monster === undefined) return;
        const next = (monster.powers[power] ?? 0) + amount;
        if (next === 0) delete monster.powers[power];
        else monster.powers[power] = next;
      },
      onCardPlayed: (x) => {
        if (x.counter(COUNTER.unsettlingLamp) > 0) setCounter(x, COUNTER.unsettlingLamp, -1);
      },
    },
  }),
  VEXING_PUZZLEBOX: () => ({
    text: 'At the start of each combat, add a random card of your character into your hand. It is free to play this turn.',
    hooks: {
      atCombatStart: (x) => {
        const pool = (['Common', 'Uncommon', 'Rare'] as const).flatMap((rarity) =>
          runServices().cardPool(x.run.character, rarity),
        );
        const id = randomOf(x, pool);
        if (id !== undefined) x.addCard(id, 'hand', false, true);
      },
    },
  }),
  // Shop relics.
  BELT_BUCKLE: (amount) => {
    const dexterity = amount('Dexterity');
    // Checked when combat starts, after a potion and after each card play (a card may brew one).
    const update = (x: CombatContext) => {
      const active = x.counter(COUNTER.beltBuckle) > 0;
      let empty = true;
      for (const potion of x.run.potions) if (potion !== null) empty = false;
      if (active === empty) return;
      setCounter(x, COUNTER.beltBuckle, empty ? 1 : 0);
      x.applyToPlayer('DEXTERITY', empty ? dexterity : -dexterity);
    };
    return {
      text: `While you have no potions, you have ${dexterity} more Dexterity.`,
      hooks: { atCombatStart: update, onPotionUsed: update, onCardPlayed: (x) => update(x) },
    };
  },
  BREAD: () => ({
    text: `At the start of your first turn, lose ${BREAD_FIRST_TURN_LOSS} Energy. At the start of every other turn, gain ${BREAD_LATER_GAIN} Energy.`,
    hooks: {
      atTurnStart: (x, turn) => x.gainEnergy(turn === 1 ? -BREAD_FIRST_TURN_LOSS : BREAD_LATER_GAIN),
    },
  }),
  BURNING_STICKS: () => ({
    text: 'The first time each combat you Exhaust a Skill, add a copy of it into your hand.',
    hooks: {
      onExhaust: (x, card) => {
        if (x.counter(COUNTER.burningSticks) > 0 || runServices().getCard(card.id).type !== 'Skill') return;
        setCounter(x, COUNTER.burningSticks, 1);
        x.addCard(card.id, 'hand', card.upgraded);
      },
    },
  }),
  GAMBLING_CHIP: () => ({
    text: 'At the start of each combat, discard any number of cards, then draw that many.',
    hooks: {
      atTurnStart: (x, turn) => {
        // A choice already open (Toolbox's) is not replaced: this one is skipped then.
        if (turn !== 1 || combatOf(x).selection !== null) return;
        x.requestSelection({
          source: 'hand',
          count: combatOf(x).hand.length,
          minimum: 0,
          prompt: 'Choose any number of cards to discard, then draw that many.',
          relic: 'GAMBLING_CHIP',
        });
      },
      onSelect: (x, chosen) => {
        for (const card of chosen) x.discardCard(card);
        x.draw(chosen.length);
      },
    },
  }),
  RINGING_TRIANGLE: () => ({
    text: 'Retain your hand on the first turn of combat.',
    hooks: {
      atTurnEnd: (x) => {
        const combat = combatOf(x);
        if (combat.turn === 1) for (const card of combat.hand) card.retainOnce = true;
      },
    },
  }),
  SCREAMING_FLAGON: (amount) => {
    const damage = amount('Damage');
    return {
      text: `If you end your turn with no cards in your hand, deal ${damage} damage to ALL enemies.`,
      hooks: {
        atTurnEnd: (x) => {
          if (combatOf(x).hand.length === 0) x.damageAllMonsters(damage);
        },
      },
    };
  },
  SLING_OF_COURAGE: (amount) => {
    const strength = amount('Strength');
    return {
      text: `Start each Elite combat with ${strength} Strength.`,
      hooks: {
        atCombatStart: (x) => {
          if (combatOf(x).kind === 'elite') x.applyToPlayer('STRENGTH', strength);
        },
      },
    };
  },
  THE_ABACUS: (amount) => {
    const block = amount('Block');
    return {
      text: `Whenever you shuffle your draw pile, gain ${block} Block.`,
      hooks: { onShuffle: (x) => x.gainBlock(block, true) },
    };
  },
  TOOLBOX: (amount) => {
    const cards = amount('Cards');
    return {
      text: `At the start of each combat, choose 1 of ${cards} random Colorless cards and add it into your hand.`,
      hooks: {
        atCombatStart: (x) => {
          const pool = [...runServices().colorlessPool('Uncommon'), ...runServices().colorlessPool('Rare')];
          // The first `cards` of a partial shuffle: distinct cards.
          for (let index = 0; index < Math.min(cards, pool.length); index++) {
            const other = x.randomInt(index, pool.length - 1);
            [pool[index], pool[other]] = [pool[other] as string, pool[index] as string];
          }
          x.requestSelection({
            source: 'generated',
            generated: pool.slice(0, cards),
            count: 1,
            prompt: 'Choose a Colorless card to add into your hand.',
            relic: 'TOOLBOX',
          });
        },
        onSelect: (x, chosen) => {
          for (const card of chosen) x.addCard(card.id, 'hand');
        },
      },
    };
  },
};
