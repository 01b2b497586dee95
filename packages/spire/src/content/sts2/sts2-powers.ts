// StS2 powers: names and kinds from the facts, the simulator's own text, and whether the engine
// models the power's behaviour (its hooks live in engine/combat.ts, keyed by these ids).
import type { PowerDefinition } from '../../engine/definitions.js';
import { STS2_POWER_FACTS } from './data/sts2-power-facts.js';

/** The simulator's text for the powers whose behaviour the engine models. */
const MODELLED: Readonly<Record<string, string>> = {
  STRENGTH: 'Adds its amount to the damage of each hit of Attacks (negative amounts reduce it).',
  DEXTERITY: 'Adds its amount to the Block gained from cards (negative amounts reduce it).',
  VULNERABLE: 'Takes 50% more damage from Attacks. Decreases by 1 at the end of each round.',
  WEAK: 'Deals 25% less damage with Attacks. Decreases by 1 at the end of each round.',
  FRAIL: 'Gains 25% less Block from cards. Decreases by 1 at the end of each round.',
  POISON: 'Loses that much HP at the start of its turn, then Poison decreases by 1.',
  THORNS: 'When hit by an attack, deals its amount back to the attacker.',
  INTANGIBLE: 'Damage and HP loss taken are reduced to 1. Decreases by 1 each round.',
  ARTIFACT: 'Negates the next debuff applied.',
  RITUAL: 'Gains that much Strength at the end of each of its turns.',
  METALLICIZE: 'Gains that much Block at the end of each turn.',
  PLATING: 'Gains that much Block at the end of your turn; decreases by 1 at the start of your turn.',
  DEMON_FORM: 'At the start of your turn, gain that much Strength.',
  NOXIOUS_FUMES: 'At the start of your turn, apply that much Poison to ALL enemies.',
  FEEL_NO_PAIN: 'Whenever a card is Exhausted, gain that much Block.',
  RUPTURE: 'Whenever you lose HP, gain that much Strength.',
  ENVENOM: 'Whenever an Attack deals unblocked damage, apply that much Poison.',
  AFTERIMAGE: 'Whenever you play a card, gain that much Block.',
  NO_DRAW: 'You cannot draw more cards this turn.',
  VIGOR: 'Your next Attack deals that much more damage.',
  BLUR: 'Block is not removed at the start of your next turn(s).',
  BARRICADE: 'Block is not removed at the start of your turn.',
  PYRE: 'Gain that much Energy at the start of each turn.',
  FURNACE: 'At the start of your turn, Forge that much.',
  INFERNO:
    'At the start of your turn, lose 1 HP; whenever you lose HP on your turn, deal that much damage to ALL enemies.',
  SERPENT_FORM: 'Whenever you play a card, deal that much damage to a random enemy.',
  DISINTEGRATION: 'At the end of your turn, take that much damage.',
  DRAW_CARDS_NEXT_TURN: 'At the start of your next turn, draw that many more cards.',
  ENERGY_NEXT_TURN: 'At the start of your next turn, gain that much Energy.',
  WASTE_AWAY: 'Gain that much less Energy each turn.',
  FREE_ATTACK: 'Your next Attack costs 0.',
  SURROUNDED:
    'Enemies attacking from behind deal 50% more damage. The simulator faces the last enemy you targeted; enemies with Back Attack that you do not face attack from behind.',
  BACK_ATTACK_LEFT: 'Deals 50% more damage when attacking you from behind (see Surrounded).',
  BACK_ATTACK_RIGHT: 'Deals 50% more damage when attacking you from behind (see Surrounded).',
  STRANGLE: 'Whenever you play a card this turn, this enemy loses that much HP.',
  GRASP: 'Whenever you play a card, lose 1 Energy.',
  HUNGER: 'Whenever you play an Attack or Skill, it is Exhausted.',
  SCRUTINY: 'You cannot draw additional cards during your turn (the turn-start draw still happens).',
  CRAB_RAGE: 'When an ally dies, gains 5 Strength and 99 Block.',
  ADAPTABLE: 'When it would die, it revives at full HP for its next phase (Test Subject).',
  MINION: 'Leaves combat when no enemy without Minion is left.',
  STEAM_ERUPTION: 'When killed, deals that much damage to you at the end of your next turn.',
  NEMESIS: 'At the end of every other turn, gains 1 Intangible.',
  PAINFUL_STABS:
    'Whenever it deals unblocked attack damage to you, shuffle that many Wounds into your Discard Pile.',
  CHAINS_OF_BINDING:
    'The first cards you draw each turn (its amount) are Bound: the simulator makes them unplayable that turn; the exact rule of Bound in the real game is not known to the simulator.',
  DOOM: 'At the end of its turn, a creature whose HP is at most its Doom dies.',
  SHACKLED: 'Regains that much Strength at the end of the round.',
  LOSE_STRENGTH: 'Loses that much Strength at the end of your turn.',
  LOSE_DEXTERITY: 'Loses that much Dexterity at the end of your turn.',
  NEXT_TURN_ENERGY: 'Gain that much Energy next turn.',
  COLOSSUS: 'This turn, take 50% less damage from Vulnerable enemies.',
  CONQUEROR: 'Sovereign Blade deals double damage to this enemy this turn.',
  SEEKING_EDGE: 'Sovereign Blade hits ALL enemies.',
  ACCURACY: 'Shivs deal that much more damage.',
  PHANTOM_BLADES: 'The first Shiv you play each turn deals that much more damage.',
  ANTICIPATE: 'Dexterity gained until the end of this turn.',
  REPTILE_TRINKET: 'Strength gained until the end of this turn.',
};

/** Powers that wear off by 1 at the end of each round. */
const TURN_BASED = new Set(['VULNERABLE', 'WEAK', 'FRAIL']);

/** Powers the engine uses internally that the export does not list. */
const ENGINE_ONLY: readonly [string, string, boolean][] = [
  ['SHACKLED', 'Shackled', false],
  ['LOSE_STRENGTH', 'Strength Down', true],
  ['LOSE_DEXTERITY', 'Dexterity Down', true],
  ['NEXT_TURN_ENERGY', 'Energy Next Turn', false],
  ['BOUND', 'Bound', true],
];

const NAMES = new Map<string, string>();
for (const facts of STS2_POWER_FACTS) NAMES.set(facts.id, facts.name);
for (const [id, name] of ENGINE_ONLY) if (!NAMES.has(id)) NAMES.set(id, name);

export function sts2PowerName(id: string): string {
  return NAMES.get(id) ?? id;
}

export function isModelledSts2Power(id: string): boolean {
  return MODELLED[id] !== undefined;
}

export function buildSts2Powers(): PowerDefinition[] {
  const powers: PowerDefinition[] = STS2_POWER_FACTS.map((facts) => ({
    id: facts.id,
    name: facts.name,
    debuff: facts.debuff,
    turnBased: TURN_BASED.has(facts.id),
    text:
      MODELLED[facts.id] ??
      `${facts.debuff ? 'Debuff' : 'Buff'} of Slay the Spire 2; its effect is not simulated (only its amount is tracked).`,
  }));
  for (const [id, name, debuff] of ENGINE_ONLY) {
    if (powers.some((power) => power.id === id)) continue;
    powers.push({ id, name, debuff, turnBased: false, text: MODELLED[id] ?? 'Engine bookkeeping.' });
  }
  return powers;
}
