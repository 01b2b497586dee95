// A rating (0-100) for a card the rating tables do not know, from its rules text and cost: what it
// gives per energy (damage, Block, draw, energy, debuffs, scaling) on the same scale as the tables.
// It lets the bot judge the ~400 StS2 cards (and real-game cards) by what they say they do.

/** The parts of a card view the estimate reads. */
export interface RatedCardText {
  readonly rules_text?: string | undefined;
  readonly energy_cost?: number | undefined;
  readonly costs_x?: boolean | undefined;
  readonly card_type?: string | undefined;
  readonly rarity?: string | undefined;
}

function sum(text: string, pattern: RegExp): number {
  let total = 0;
  for (const match of text.matchAll(pattern))
    total += Number(match[1] ?? 0) * (match[2] === undefined ? 1 : Number(match[2]));
  return total;
}

/** Value of what the text does, in "damage points" (one point is about one damage to one enemy). */
function textValue(text: string, isPower: boolean): number {
  const lower = text.toLowerCase();
  let value = 0;
  // Damage: "Deal 8 damage", "Deal 5 damage 3 times", "to ALL enemies" counts a bit more.
  for (const match of lower.matchAll(
    /deal (\d+) damage( to all enemies| to a random enemy)?(?: (\d+) times| twice)?/g,
  )) {
    const hits = match[3] !== undefined ? Number(match[3]) : match[0].endsWith('twice') ? 2 : 1;
    const all = match[2] === ' to all enemies' ? 1.4 : 1;
    value += Number(match[1]) * hits * all;
  }
  value += sum(lower, /osty deals (\d+) damage/g) * 0.9;
  value += sum(lower, /gain (\d+) block/g) * 0.85;
  value += sum(lower, /draw (\d+) cards?/g) * 4.5;
  if (/draw a card|draw 1 card/.test(lower)) value += 0;
  value += sum(lower, /gain (\d+) energy/g) * 7;
  value += sum(lower, /(\d+) vulnerable/g) * 3.5;
  value += sum(lower, /(\d+) weak/g) * 3.5;
  value += sum(lower, /(\d+) poison/g) * 1.6;
  value += sum(lower, /(\d+) doom/g) * 0.6;
  value += sum(lower, /gain (\d+) stars?/g) * 2.5;
  value += sum(lower, /forge (\d+)/g) * 1.2;
  value += sum(lower, /summon (\d+)/g) * 1.3;
  value += sum(lower, /add (\d+) shivs?/g) * 4;
  const strength = sum(lower, /gain (\d+) strength/g);
  const dexterity = sum(lower, /gain (\d+) dexterity/g);
  // Scaling lasts the whole combat: worth more on a Power or when it recurs each turn.
  const recurring = isPower || lower.includes('start of your turn') || lower.includes('whenever');
  value += strength * (lower.includes('this turn') ? 2 : 9);
  value += dexterity * (lower.includes('this turn') ? 2 : 8);
  if (recurring) value *= 2.2;
  // Conditional effects ("If you Exhausted a card...", "Can only be played if...") pay off only sometimes.
  if (/\bif\b|can only be played/.test(lower)) value *= 0.6;
  if (lower.includes('enemy loses') && lower.includes('strength'))
    value += sum(lower, /loses (\d+) strength/g) * 5;
  value -= sum(lower, /lose (\d+) hp/g) * 1.5;
  return value;
}

/** An estimated rating for a card from its text; `undefined` when there is no text to read. */
export function estimateCardRating(card: RatedCardText): number | undefined {
  const text = card.rules_text;
  if (text === undefined || text === '') return undefined;
  if (card.card_type === 'Curse') return -50;
  if (card.card_type === 'Status') return -30;
  const isPower = card.card_type === 'Power';
  const value = textValue(text, isPower);
  // Stars come slower than energy (a few per turn): each Star of cost counts as most of an energy.
  const stars = sum(text.toLowerCase(), /costs (\d+) stars?/g);
  const cost = (card.costs_x === true ? 2 : Math.max(card.energy_cost ?? 1, 0)) + stars * 0.7;
  // Zero-cost cards still take a card slot: count them as half an energy.
  const perEnergy = value / Math.max(cost, 0.5);
  let rating = 28 + (perEnergy - 6) * 3.2;
  if (card.rarity === 'Uncommon') rating += 3;
  if (card.rarity === 'Rare') rating += 6;
  const lower = text.toLowerCase();
  if (/\bethereal\b/.test(lower)) rating -= 3;
  if (/\bunplayable\b/.test(lower)) rating -= 30;
  // The simulator's texts name what it does not model: such cards do less there than they say.
  if (lower.includes('not simulated')) rating -= 12;
  return Math.max(5, Math.min(82, Math.round(rating)));
}
