// StS2's enchantments (game version 0.103.2, the wiki data export's enchantments.json): what each does
// to the card it is on. The numbers a source gives (Sharp 3 from Gnarled Hammer, Nimble 2 from Fresnel
// Lens) travel with the card as its `amount`; the rules text here is the simulator's own.

import type { CardDefinition, EnchantmentDefinition } from '../../engine/definitions.js';
import type { CardEnchantment, CombatCard, DeckCard } from '../../engine/run-state.js';

/** "The first time ..." (Swift, Vigorous): the export does not say per combat or once ever; the simulator reads it per combat, as Sown says outright. */
const FIRST_PLAY_NOTE =
  'The export does not say whether "the first time" is per combat or once per run; per combat here.';

const ENCHANTMENTS: readonly EnchantmentDefinition[] = [
  {
    id: 'ADROIT',
    name: 'Adroit',
    text: (amount) => `When played, also gain ${amount} Block.`,
    onPlayed: (context, _card, amount) => context.gainBlock(amount),
  },
  {
    id: 'CLONE',
    name: 'Clone',
    text: () => 'This card can be duplicated at Rest Sites.',
    unsimulated:
      "the duplicate rest-site option is offered by the relic that gave the enchantment (Pael's Growth), not by the card.",
  },
  {
    id: 'CORRUPTED',
    name: 'Corrupted',
    text: () => 'Deals 50% more damage. When played, lose 2 HP.',
    damageMultiplier: 1.5,
    onPlayed: (context) => context.loseHp(2),
  },
  {
    id: 'GLAM',
    name: 'Glam',
    text: () => 'The first time this card is played each combat, it is played again (Replay).',
    replays: (_amount, first) => (first ? 1 : 0),
  },
  {
    id: 'GOOPY',
    name: 'Goopy',
    text: (amount) =>
      `Exhaust. When played, this card's Block grows by 1 for good (+${amount} Block so far).`,
    exhaust: true,
    // The amount is the Block gained so far (0 when enchanted); the source's "1" is the growth per play.
    block: (amount) => amount,
    onPlayed: (context, card) => {
      const enchantment = card.enchantment;
      if (enchantment === undefined) return;
      enchantment.amount += 1;
      // Permanent: the deck card of the same uid grows too (a combat card is a copy of it).
      const deckCard = context.run.deck.find((candidate) => candidate.uid === card.uid);
      if (deckCard?.enchantment !== undefined && deckCard.enchantment !== enchantment)
        deckCard.enchantment.amount += 1;
    },
  },
  {
    id: 'IMBUED',
    name: 'Imbued',
    text: () => 'Played automatically at the start of each combat.',
    playedAtCombatStart: true,
  },
  {
    id: 'INKY',
    name: 'Inky',
    // Numbers from the export's enchantments/Inky.json (2 damage, 1 Weak); enchantments.json has only placeholders.
    text: () => 'This card deals 2 more damage and applies 1 Weak to the enemy it targets.',
    damage: () => 2,
    onPlayed: (context) => {
      const monsters = context.run.combat?.monsters ?? [];
      // The enemy the card targeted (the faced one); Shivs made to hit ALL by Fan of Knives still weaken only it.
      const facing = context.run.combat?.counters.facing;
      const index = monsters.findIndex((monster) => monster.uid === facing);
      if (index >= 0 && monsters[index]?.alive === true) context.applyToMonster(index, 'WEAK', 1);
    },
  },
  {
    id: 'INSTINCT',
    name: 'Instinct',
    text: () => "This card's attack damage is doubled.",
    cardTypes: ['Attack'],
    damageMultiplier: 2,
  },
  {
    id: 'MOMENTUM',
    name: 'Momentum',
    text: (amount) => `When played, this card deals ${amount} more damage for the rest of combat.`,
    cardTypes: ['Attack'],
    onPlayed: (_context, card, amount) => {
      card.bonus += amount;
    },
  },
  {
    id: 'NIMBLE',
    name: 'Nimble',
    text: (amount) => `This card gives ${amount} more Block.`,
    block: (amount) => amount,
  },
  {
    id: 'PERFECT_FIT',
    name: 'Perfect Fit',
    text: () => 'When the discard pile is shuffled into the draw pile, this card goes on top of it.',
    toTopOnShuffle: true,
  },
  {
    id: 'ROYALLY_APPROVED',
    name: 'Royally Approved',
    text: () => 'Innate. Retain.',
    innate: true,
    retain: true,
  },
  {
    // The export's text: "Increases damage on this card by 2-3" (Self-Help Book 2, Gnarled Hammer 3);
    // its note: only on powered attacks (IsPoweredAttack). Osty's Attacks (Poke, Snap, Unleash...)
    // count: their card files give them a Damage var like any attack, and the export's notes call
    // powered attacks those of the player "or their pets" (Double Damage) with "a standard damage
    // value" (Instinct). The play (the card's damage) and the view both add it.
    id: 'SHARP',
    name: 'Sharp',
    text: (amount) => `This card deals ${amount} more damage.`,
    cardTypes: ['Attack'],
    damage: (amount) => amount,
  },
  {
    id: 'SLITHER',
    name: 'Slither',
    text: () => 'When drawn, its cost becomes a random 0-3 for the combat.',
    onDrawn: (context, card) => {
      card.combatCost = context.randomInt(0, 3);
    },
  },
  {
    id: 'SLUMBERING_ESSENCE',
    name: 'Slumbering Essence',
    text: () => 'If this card is in your hand at the end of your turn, it costs 1 less until played.',
    endOfTurnInHand: (_context, card, _amount, cost) => {
      if (cost >= 0) card.combatCost = Math.max(0, cost - 1);
    },
    // Played: back to its own cost.
    onPlayed: (_context, card) => {
      card.combatCost = null;
    },
  },
  {
    id: 'SOULS_POWER',
    name: "Soul's Power",
    text: () => 'This card no longer Exhausts.',
    exhaust: false,
  },
  {
    id: 'SOWN',
    name: 'Sown',
    text: () => 'The first time this card is played each combat, gain 1 Energy.',
    onPlayed: (context, _card, _amount, first) => {
      if (first) context.gainEnergy(1);
    },
  },
  {
    id: 'SPIRAL',
    name: 'Spiral',
    text: (amount) => `Replay ${amount}: when played, this card is played ${amount} more time(s).`,
    replays: (amount) => amount,
  },
  {
    id: 'STEADY',
    name: 'Steady',
    text: () => 'Retain.',
    retain: true,
  },
  {
    id: 'SWIFT',
    name: 'Swift',
    text: (amount) =>
      `The first time this card is played each combat, draw ${amount} card(s). ${FIRST_PLAY_NOTE}`,
    onPlayed: (context, _card, amount, first) => {
      if (first) context.draw(amount);
    },
  },
  {
    id: 'TEZCATARAS_EMBER',
    name: "Tezcatara's Ember",
    text: () => 'Costs 0. Eternal.',
    cost: 0,
    eternal: true,
  },
  {
    id: 'VIGOROUS',
    name: 'Vigorous',
    text: (amount) =>
      `The first time this card is played each combat, it deals ${amount} more damage. ${FIRST_PLAY_NOTE}`,
    cardTypes: ['Attack'],
    damage: (amount, first) => (first ? amount : 0),
  },
];

const BY_ID: ReadonlyMap<string, EnchantmentDefinition> = new Map(
  ENCHANTMENTS.map((enchantment) => [enchantment.id, enchantment]),
);

/** The combat counter that marks a card (by uid) as played this combat: "the first time" reads it. */
export function enchantPlayedKey(uid: number): string {
  return `enchantPlayed:${uid}`;
}

/** A damage number of an enchanted card: (number + flat bonus) x multiplier, rounded down. */
export function enchantedDamage(card: CombatCard, base: number, first: boolean): number {
  const enchantment = card.enchantment;
  const rule = enchantment === undefined ? undefined : BY_ID.get(enchantment.id);
  if (enchantment === undefined || rule === undefined) return base;
  const damage = base + (rule.damage?.(enchantment.amount, first) ?? 0);
  return rule.damageMultiplier === undefined ? damage : Math.floor(damage * rule.damageMultiplier);
}

/** A Block number of an enchanted card. */
export function enchantedBlock(card: CombatCard, base: number): number {
  const enchantment = card.enchantment;
  if (enchantment === undefined) return base;
  return base + (BY_ID.get(enchantment.id)?.block?.(enchantment.amount) ?? 0);
}

/** Every StS2 enchantment, in the export's order. */
export function sts2Enchantments(): readonly EnchantmentDefinition[] {
  return ENCHANTMENTS;
}

/** An enchantment by id (`SHARP`); undefined for an id the simulator does not know. */
export function findEnchantment(id: string): EnchantmentDefinition | undefined {
  return BY_ID.get(id);
}

/** Whether `enchantment` may go on a card of `type` (and the card has none yet). */
export function canEnchant(card: DeckCard, type: CardDefinition['type'], enchantment: string): boolean {
  if (card.enchantment !== undefined || type === 'Curse' || type === 'Status') return false;
  const types = BY_ID.get(enchantment)?.cardTypes;
  return types === undefined || types.includes(type);
}

/** Puts an enchantment on a deck card (replacing none: a card carries one). */
export function enchant(card: DeckCard, enchantment: CardEnchantment): void {
  if (!BY_ID.has(enchantment.id)) throw new Error(`unknown enchantment ${enchantment.id}`);
  card.enchantment = { id: enchantment.id, amount: enchantment.amount };
}
