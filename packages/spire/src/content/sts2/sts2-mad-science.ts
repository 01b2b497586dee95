// Mad Science, the card the Tinker Time event builds from a type and a rider of that type's pool (the
// export's TinkerTime page and cards/MadScience.json, v0.103.2). The engine's cards have one type each,
// so each combination is a card of its own, MAD_SCIENCE_<TYPE>_<RIDER>, named Mad Science; MAD_SCIENCE
// itself is the Skill with Wisdom, the one the real states record (id MAD_SCIENCE, 1 Energy, 8 Block,
// draw 3; upgraded, Innate).

import type { Sts2CardFacts, Sts2Effect } from './facts.js';

/** The event's types: its option title and the card type it makes. */
export const MAD_SCIENCE_TYPES = [
  { option: 'Weapon', type: 'Attack', label: 'Make an Attack.' },
  { option: 'Protector', type: 'Skill', label: 'Make a Skill.' },
  { option: 'Gadget', type: 'Power', label: 'Make a Power.' },
] as const;

interface Rider {
  readonly option: string;
  /** The rider's text on the card (the event page's, with the card's numbers). */
  readonly text: string;
  readonly vars: Readonly<Record<string, readonly [number, number]>>;
  readonly effects: readonly Sts2Effect[];
}

// The numbers are MadScience.json's vars; Improvement's one card is its text's "a random card".
/** Each type's rider pool, in the event page's order. */
const RIDERS: readonly (readonly Rider[])[] = [
  [
    {
      option: 'Sapping',
      text: 'Apply 2 Weak. Apply 2 Vulnerable.',
      vars: { Weak: [2, 2], Vulnerable: [2, 2] },
      effects: [
        { kind: 'power', power: 'WEAK', amount: 'Weak', to: 'target' },
        { kind: 'power', power: 'VULNERABLE', amount: 'Vulnerable', to: 'target' },
      ],
    },
    // "Hits 2 additional times": the page's notes say 3 hits in all (its Repeat var).
    { option: 'Violence', text: 'Hits 2 additional times.', vars: { Repeat: [3, 3] }, effects: [] },
    {
      option: 'Choking',
      text: 'Whenever you play a card this turn, the enemy loses 6 HP.',
      vars: { Strangle: [6, 6] },
      effects: [{ kind: 'power', power: 'STRANGLE', amount: 'Strangle', to: 'target' }],
    },
  ],
  [
    {
      option: 'Energized',
      text: 'Gain 2 Energy.',
      vars: { Energy: [2, 2] },
      effects: [{ kind: 'energy', amount: 'Energy' }],
    },
    {
      option: 'Wisdom',
      text: 'Draw 3 cards.',
      vars: { Cards: [3, 3] },
      effects: [{ kind: 'draw', amount: 'Cards' }],
    },
    // Played by MAD_SCIENCE_RULES (a random card is not a facts effect).
    {
      option: 'Chaos',
      text: 'Add a random card into your Hand. It is free to play this turn.',
      vars: {},
      effects: [],
    },
  ],
  [
    {
      option: 'Expertise',
      text: 'Gain 2 Strength. Gain 2 Dexterity.',
      vars: { Strength: [2, 2], Dexterity: [2, 2] },
      effects: [
        { kind: 'power', power: 'STRENGTH', amount: 'Strength', to: 'self' },
        { kind: 'power', power: 'DEXTERITY', amount: 'Dexterity', to: 'self' },
      ],
    },
    {
      option: 'Curious',
      text: 'Powers cost 1 Energy less.',
      vars: { Curious: [1, 1] },
      effects: [{ kind: 'power', power: 'CURIOUS', amount: 'Curious', to: 'self' }],
    },
    {
      option: 'Improvement',
      text: 'At the end of combat, Upgrade a random card.',
      vars: { Improvement: [1, 1] },
      effects: [{ kind: 'power', power: 'IMPROVEMENT', amount: 'Improvement', to: 'self' }],
    },
  ],
];

/** A type's rider (indexes into MAD_SCIENCE_TYPES and that type's riders): its option and text. */
export function madScienceRider(type: number, rider: number): Pick<Rider, 'option' | 'text'> | undefined {
  return RIDERS[type]?.[rider];
}

/** The riders the event offers for a type (its index in MAD_SCIENCE_TYPES). */
export function madScienceRiders(type: number): readonly string[] {
  return (RIDERS[type] ?? []).map((rider) => rider.option);
}

/** The card id of a type and a rider (indexes into MAD_SCIENCE_TYPES and that type's riders). */
export function madScienceId(type: number, rider: number): string {
  const typeOption = MAD_SCIENCE_TYPES[type]?.option ?? 'Protector';
  const riderOption = RIDERS[type]?.[rider]?.option ?? 'Wisdom';
  if (typeOption === 'Protector' && riderOption === 'Wisdom') return 'MAD_SCIENCE';
  return `MAD_SCIENCE_${typeOption.toUpperCase()}_${riderOption.toUpperCase()}`;
}

/** The base of each type: the Attack deals 12 damage, the Skill gains 8 Block, the Power has only its rider. */
export function madScienceBase(
  type: number,
): Pick<Sts2CardFacts, 'target' | 'vars' | 'effects'> & { text: string } {
  if (type === 0)
    return {
      target: 'AnyEnemy',
      text: 'Deal 12 damage.',
      vars: { Damage: [12, 12] },
      effects: [{ kind: 'damage', amount: 'Damage', target: 'target', hits: 1 }],
    };
  if (type === 1)
    return {
      target: 'Self',
      text: 'Gain 8 Block.',
      vars: { Block: [8, 8] },
      effects: [{ kind: 'block', amount: 'Block' }],
    };
  return { target: 'Self', text: '', vars: {}, effects: [] };
}

function factsOf(type: number, rider: number): Sts2CardFacts {
  const base = madScienceBase(type);
  const chosen = RIDERS[type]?.[rider];
  if (chosen === undefined) throw new Error(`Mad Science has no rider ${rider} for type ${type}`);
  // Violence repeats the base hit rather than adding an effect.
  const effects = base.effects.map((effect) =>
    effect.kind === 'damage' && chosen.option === 'Violence' ? { ...effect, hits: 'Repeat' } : effect,
  );
  return {
    id: madScienceId(type, rider),
    name: 'Mad Science',
    character: 'Event',
    type: MAD_SCIENCE_TYPES[type]?.type ?? 'Skill',
    rarity: 'Event',
    target: base.target,
    // MadScience.json's one cost, for every type.
    cost: 1,
    starCost: 0,
    keywords: [],
    // "Upgrade adds Innate keyword" (its notes; the real states show Mad Science+ as Innate).
    upgradeKeywords: { Innate: 'add' },
    vars: { ...base.vars, ...chosen.vars },
    effects: [...effects, ...chosen.effects],
    unmodelled: 0,
  };
}

/** Every Mad Science card (the nine combinations), MAD_SCIENCE first. */
export const MAD_SCIENCE_FACTS: readonly Sts2CardFacts[] = [
  factsOf(1, 1),
  ...[0, 1, 2].flatMap((type) =>
    [0, 1, 2].filter((rider) => type !== 1 || rider !== 1).map((rider) => factsOf(type, rider)),
  ),
];
