// Hand-written rules for StS2 potions whose game text the structured effects cannot express (or
// express only in part). Numbers come from the potion's facts; the texts are the simulator's.
import type { CombatContext, PotionDefinition } from '../../engine/definitions.js';
import type { CombatCard, RunState } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { STS2_POTION_FACTS } from './data/sts2-potion-facts.js';
import {
  hasNumberCost,
  moveChosenToHand,
  playTopOfDrawPile,
  randomColorless,
  randomPoolCard,
} from './sts2-card-rules.js';
import { offer, ownCharacter, POOL_RARITIES, pool } from './sts2-choice-card-rules.js';

/** What a rule puts in place of a potion's structured effects. */
export interface Sts2PotionRule {
  readonly text: string;
  readonly use: PotionDefinition['use'];
  /** Resolves the choice `use` asked for. */
  readonly onSelect?: PotionDefinition['onSelect'];
  /** Where it may be used outside combat (absent: anywhere, unless it is for combat only). */
  readonly usableOutsideCombat?: PotionDefinition['usableOutsideCombat'];
}

const FACTS = new Map(STS2_POTION_FACTS.map((facts) => [facts.id, facts]));

/** A potion's number `name` (potions do not upgrade). */
function amount(id: string, name: string): number {
  const value = FACTS.get(id)?.vars[name]?.[0];
  if (value === undefined) throw new Error(`the StS2 facts give ${id} no ${name}`);
  return value;
}

function heal(x: CombatContext | null, run: RunState, hp: number): void {
  if (x !== null) x.heal(hp);
  else run.hp = Math.min(run.maxHp, run.hp + hp);
}

/** Moves the hand and Discard Pile into the Draw Pile and shuffles it (on the combat's random stream). */
function shuffleAllIntoDrawPile(x: CombatContext): void {
  const combat = x.run.combat;
  if (combat === null) return;
  const pile = combat.drawPile;
  pile.push(...combat.hand, ...combat.discardPile);
  combat.hand = [];
  combat.discardPile = [];
  for (let index = pile.length - 1; index > 0; index--) {
    const other = x.randomInt(0, index);
    [pile[index], pile[other]] = [pile[other] as CombatCard, pile[index] as CombatCard];
  }
}

/** Soldier's Stew's Replay: its text's 1 (no variable). */
const STEW_REPLAY = 1;

/**
 * Soldier's Stew: the cards of the fight whose name contains "Strike" (the id's STRIKE, as Perfected
 * Strike counts them) gain Replay; cards made after it is drunk do not (the simulator's reading of
 * "All cards ... gain 1 Replay this combat").
 */
function stewStrikes(x: CombatContext): void {
  const combat = x.run.combat;
  if (combat === null) return;
  for (const pile of [combat.hand, combat.drawPile, combat.discardPile, combat.exhaustPile])
    for (const card of pile) if (card.id.includes('STRIKE')) card.replays = (card.replays ?? 0) + STEW_REPLAY;
}

/**
 * Foul Potion: in combat it hits every enemy, then the player (the text's "ALL players and enemies";
 * the order is the simulator's); outside combat it can only be thrown at a Merchant, for Gold (the Fake
 * Merchant's event is not simulated).
 */
function throwFoulPotion(x: CombatContext | null, run: RunState): void {
  if (x === null) {
    if (run.screen === 'SHOP') runServices().gainGold(run, amount('FOUL_POTION', 'Gold'));
    return;
  }
  x.damageAllMonsters(amount('FOUL_POTION', 'Damage'));
  x.damagePlayer(amount('FOUL_POTION', 'Damage'), null);
}

const BLOOD = amount('BLOOD_POTION', 'HealPercent');
const FLEX = amount('FLEX_POTION', 'Strength');
const SPEED = amount('SPEED_POTION', 'Dexterity');
const FRUIT = amount('FRUIT_JUICE', 'MaxHp');
const SHIP = amount('SHIP_IN_A_BOTTLE', 'Block');
const SNECKO = amount('SNECKO_OIL', 'Cards');
const GLOWWATER = amount('GLOWWATER_POTION', 'Cards');
const BOTTLED = amount('BOTTLED_POTENTIAL', 'Cards');
const COSMIC = amount('COSMIC_CONCOCTION', 'Cards');
const CUNNING = amount('CUNNING_POTION', 'Cards');
const CHAOS = amount('DISTILLED_CHAOS', 'Repeat');

/** "Choose 1 of 3 random <kind> cards to add into your Hand. It's free to play this turn." */
function discoveryPotion(
  id: string,
  kind: string,
  ids: (x: CombatContext) => readonly string[],
): Sts2PotionRule {
  return {
    text: `Choose 1 of 3 random ${kind} cards to add into your Hand. It's free to play this turn.`,
    use: (x) => {
      if (x !== null) offer(x, ids(x), 'Choose a card to add into your Hand.', id);
    },
    onSelect: (x, chosen) => {
      for (const card of chosen) x.addCard(card.id, 'hand', false, true);
    },
  };
}

/** A potion's choice of any number of cards in hand (none is a valid answer). */
function anyNumberFromHand(potion: string, prompt: string): PotionDefinition['use'] {
  return (x) =>
    x?.requestSelection({
      source: 'hand',
      count: x.run.combat?.hand.length ?? 0,
      minimum: 0,
      prompt,
      potion,
    });
}

/** Cards of the player's character's reward pools of one type. */
const characterPool = (type: string) => (x: CombatContext) =>
  pool(
    (character, cardType, rarity) =>
      character === ownCharacter(x) && cardType === type && POOL_RARITIES.has(rarity),
  );

export const STS2_POTION_RULES: Readonly<Record<string, Sts2PotionRule>> = {
  BLOOD_POTION: {
    text: `Heal for ${BLOOD}% of your Max HP.`,
    use: (x, run) => heal(x, run, Math.floor((run.maxHp * BLOOD) / 100)),
  },
  FRUIT_JUICE: {
    text: `Gain ${FRUIT} Max HP.`,
    use: (_x, run) => {
      run.maxHp += FRUIT;
      run.hp += FRUIT;
    },
  },
  ENTROPIC_BREW: {
    text: 'Fill all your empty potion slots with random potions.',
    use: (_x, run) => {
      const services = runServices();
      // gainPotion refuses when no slot is free (or a relic forbids potions): stop there.
      while (run.potions.includes(null) && services.gainPotion(run, services.rollPotion(run))) {}
    },
  },
  FAIRY_IN_A_BOTTLE: {
    text: 'When your HP would fall to 0, this potion is discarded instead and you heal to 30% of your Max HP (automatic).',
    // The engine spends it when the player would die (combat.ts, loseHp); drinking it does nothing.
    use: () => {},
  },
  FLEX_POTION: {
    text: `Gain ${FLEX} Strength. At the end of your turn, lose ${FLEX} Strength.`,
    use: (x) => {
      x?.applyToPlayer('STRENGTH', FLEX);
      x?.applyToPlayer('LOSE_STRENGTH', FLEX);
    },
  },
  SPEED_POTION: {
    text: `Gain ${SPEED} Dexterity. At the end of your turn, lose ${SPEED} Dexterity.`,
    use: (x) => {
      x?.applyToPlayer('DEXTERITY', SPEED);
      x?.applyToPlayer('LOSE_DEXTERITY', SPEED);
    },
  },
  FYSH_OIL: {
    text: `Gain ${amount('FYSH_OIL', 'Strength')} Strength and ${amount('FYSH_OIL', 'Dexterity')} Dexterity.`,
    use: (x) => {
      x?.applyToPlayer('STRENGTH', amount('FYSH_OIL', 'Strength'));
      x?.applyToPlayer('DEXTERITY', amount('FYSH_OIL', 'Dexterity'));
    },
  },
  POTION_OF_BINDING: {
    text: `Apply ${amount('POTION_OF_BINDING', 'Weak')} Weak and ${amount('POTION_OF_BINDING', 'Vulnerable')} Vulnerable to ALL enemies.`,
    use: (x) => {
      x?.applyToAllMonsters('WEAK', amount('POTION_OF_BINDING', 'Weak'));
      x?.applyToAllMonsters('VULNERABLE', amount('POTION_OF_BINDING', 'Vulnerable'));
    },
  },
  SHIP_IN_A_BOTTLE: {
    text: `Gain ${SHIP} Block. Next turn, gain ${SHIP} Block.`,
    use: (x) => {
      x?.gainBlock(SHIP, true);
      x?.applyToPlayer('NEXT_TURN_BLOCK', SHIP);
    },
  },
  BLESSING_OF_THE_FORGE: {
    text: 'Upgrade ALL cards in your Hand for the rest of combat.',
    use: (x) => {
      for (const card of x?.run.combat?.hand ?? []) x?.upgradeCard(card);
    },
  },
  GLOWWATER_POTION: {
    text: `Exhaust your Hand. Draw ${GLOWWATER} cards.`,
    use: (x) => {
      if (x === null) return;
      for (const card of [...(x.run.combat?.hand ?? [])]) x.exhaustCard(card);
      x.draw(GLOWWATER);
    },
  },
  BOTTLED_POTENTIAL: {
    text: `Shuffle your Hand and Discard Pile into your Draw Pile. Draw ${BOTTLED} cards.`,
    use: (x) => {
      if (x === null) return;
      shuffleAllIntoDrawPile(x);
      x.draw(BOTTLED);
    },
  },
  SNECKO_OIL: {
    text: `Draw ${SNECKO} cards. Randomize the cost of the cards in your Hand (0 to 3) this turn.`,
    use: (x) => {
      if (x === null) return;
      x.draw(SNECKO);
      // The range is StS1's Snecko (0-3); the StS2 text does not give one.
      for (const card of x.run.combat?.hand ?? []) if (hasNumberCost(card)) card.turnCost = x.randomInt(0, 3);
    },
  },
  COSMIC_CONCOCTION: {
    text: `Add ${COSMIC} random Upgraded Colorless cards into your Hand.`,
    use: (x) => {
      if (x === null) return;
      for (let count = 0; count < COSMIC; count++) {
        const id = randomColorless(x);
        if (id !== null) x.addCard(id, 'hand', true);
      }
    },
  },
  CUNNING_POTION: {
    text: `Add ${CUNNING} Upgraded Shivs into your Hand.`,
    use: (x) => {
      for (let count = 0; count < CUNNING; count++) x?.addCard('SHIV', 'hand', true);
    },
  },
  OROBIC_ACID: {
    text: "Add a random Attack, Skill and Power of your character into your Hand. They're free to play this turn.",
    use: (x) => {
      if (x === null) return;
      for (const type of ['Attack', 'Skill', 'Power']) {
        const id = randomPoolCard(x, type);
        if (id !== null) x.addCard(id, 'hand', false, true);
      }
    },
  },
  DISTILLED_CHAOS: {
    text: `Play the top ${CHAOS} cards of your Draw Pile.`,
    use: (x) => {
      const combat = x?.run.combat;
      if (x === null || combat === null || combat === undefined) return;
      for (let count = 0; count < CHAOS && !combat.over; count++) if (!playTopOfDrawPile(x, false)) return;
    },
  },
  ATTACK_POTION: discoveryPotion('ATTACK_POTION', 'Attack', characterPool('Attack')),
  SKILL_POTION: discoveryPotion('SKILL_POTION', 'Skill', characterPool('Skill')),
  POWER_POTION: discoveryPotion('POWER_POTION', 'Power', characterPool('Power')),
  COLORLESS_POTION: discoveryPotion('COLORLESS_POTION', 'Colorless', () =>
    pool((character, _type, rarity) => character === 'Colorless' && POOL_RARITIES.has(rarity)),
  ),
  ASHWATER: {
    text: 'Exhaust any number of cards in your Hand.',
    use: anyNumberFromHand('ASHWATER', 'Choose any number of cards to Exhaust.'),
    onSelect: (x, chosen) => {
      for (const card of chosen) x.exhaustCard(card);
    },
  },
  GAMBLERS_BREW: {
    text: 'Discard any number of cards, then draw that many.',
    use: anyNumberFromHand('GAMBLERS_BREW', 'Choose any number of cards to discard.'),
    onSelect: (x, chosen) => {
      for (const card of chosen) x.discardCard(card);
      x.draw(chosen.length);
    },
  },
  DROPLET_OF_PRECOGNITION: {
    text: 'Choose a card in your Draw Pile and add it into your Hand.',
    use: (x) =>
      x?.requestSelection({
        source: 'draw',
        count: 1,
        prompt: 'Choose a card to put into your Hand.',
        potion: 'DROPLET_OF_PRECOGNITION',
      }),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, false),
  },
  LIQUID_MEMORIES: {
    text: "Put a card from your Discard Pile into your Hand. It's free to play this turn.",
    use: (x) =>
      x?.requestSelection({
        source: 'discard',
        count: 1,
        prompt: 'Choose a card to put into your Hand.',
        potion: 'LIQUID_MEMORIES',
      }),
    onSelect: (x, chosen) => moveChosenToHand(x, chosen, true),
  },
  TOUCH_OF_INSANITY: {
    text: 'Choose a card in your Hand. It is free to play this combat.',
    use: (x) =>
      x?.requestSelection({
        source: 'hand',
        count: 1,
        prompt: 'Choose a card to make free this combat.',
        potion: 'TOUCH_OF_INSANITY',
      }),
    onSelect: (_x, chosen) => {
      for (const card of chosen) card.combatCost = 0;
    },
  },
  CLARITY: {
    text: `Draw ${amount('CLARITY', 'Cards')} card. At the start of your next ${amount('CLARITY', 'Clarity')} turns, draw 1 more card.`,
    use: (x) => {
      x?.draw(amount('CLARITY', 'Cards'));
      x?.applyToPlayer('CLARITY', amount('CLARITY', 'Clarity'));
    },
  },
  RADIANT_TINCTURE: {
    text: `Gain ${amount('RADIANT_TINCTURE', 'Energy')} Energy. At the start of your next ${amount('RADIANT_TINCTURE', 'Radiance')} turns, gain 1 more Energy.`,
    use: (x) => {
      x?.gainEnergy(amount('RADIANT_TINCTURE', 'Energy'));
      x?.applyToPlayer('RADIANCE', amount('RADIANT_TINCTURE', 'Radiance'));
    },
  },
  STABLE_SERUM: {
    text: `Retain your Hand for ${amount('STABLE_SERUM', 'Repeat')} turns.`,
    use: (x) => x?.applyToPlayer('RETAIN_HAND', amount('STABLE_SERUM', 'Repeat')),
  },
  POWDERED_DEMISE: {
    text: `The enemy loses ${amount('POWDERED_DEMISE', 'Demise')} HP at the end of each of its turns.`,
    use: (x, _run, target) => x?.applyToMonster(target, 'DEMISE', amount('POWDERED_DEMISE', 'Demise')),
  },
  BEETLE_JUICE: {
    text: `The enemy's attacks deal ${amount('BEETLE_JUICE', 'DamageDecrease')}% less damage for ${amount('BEETLE_JUICE', 'Repeat')} turns.`,
    use: (x, _run, target) => x?.applyToMonster(target, 'SHRINK', amount('BEETLE_JUICE', 'Repeat')),
  },
  DUPLICATOR: {
    text: 'This turn, your next card is played an extra time.',
    use: (x) => x?.applyToPlayer('DUPLICATION', 1),
  },
  SOLDIERS_STEW: {
    text: `All cards containing "Strike" gain ${STEW_REPLAY} Replay this combat.`,
    use: (x) => {
      if (x !== null) stewStrikes(x);
    },
  },
  FOUL_POTION: {
    text: `Deal ${amount('FOUL_POTION', 'Damage')} damage to ALL enemies and to you. Outside combat, it can be thrown at the Merchant for ${amount('FOUL_POTION', 'Gold')} Gold instead.`,
    use: throwFoulPotion,
    usableOutsideCombat: (run) => run.screen === 'SHOP',
  },
  GIGANTIFICATION_POTION: {
    text: 'The next Attack you play deals triple damage.',
    use: (x) => x?.applyToPlayer('GIGANTIFICATION', amount('GIGANTIFICATION_POTION', 'Gigantification')),
  },
};
