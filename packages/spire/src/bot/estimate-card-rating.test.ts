import { describe, expect, it } from 'vitest';
import { rateCard } from './card-ratings.js';
import { estimateCardRating } from './estimate-card-rating.js';

describe('estimateCardRating', () => {
  it('rates cards by what their text gives per energy', () => {
    const strike = estimateCardRating({ rules_text: 'Deal 6 damage.', energy_cost: 1, card_type: 'Attack' });
    const bludgeon = estimateCardRating({
      rules_text: 'Deal 32 damage.',
      energy_cost: 3,
      card_type: 'Attack',
    });
    const pommel = estimateCardRating({
      rules_text: 'Deal 9 damage. Draw 1 card.',
      energy_cost: 1,
      card_type: 'Attack',
    });
    expect(strike).toBeLessThan(pommel ?? 0);
    expect(strike).toBeLessThan(bludgeon ?? 0);
    const inflame = estimateCardRating({
      rules_text: 'Gain 2 Strength.',
      energy_cost: 1,
      card_type: 'Power',
    });
    const flex = estimateCardRating({
      rules_text: 'Gain 2 Strength this turn.',
      energy_cost: 0,
      card_type: 'Skill',
    });
    expect(inflame).toBeGreaterThan(flex ?? 100);
  });

  it('counts Star costs, marks curses and statuses negative, and discounts what the simulator does not model', () => {
    const free = estimateCardRating({ rules_text: 'Deal 14 damage to ALL enemies.', energy_cost: 0 });
    const stars = estimateCardRating({
      rules_text: 'Costs 3 Stars. Deal 14 damage to ALL enemies.',
      energy_cost: 0,
    });
    expect(stars).toBeLessThan(free ?? 0);
    expect(estimateCardRating({ rules_text: 'Unplayable.', card_type: 'Curse' })).toBeLessThan(0);
    const whole = estimateCardRating({ rules_text: 'Deal 10 damage.', energy_cost: 1 });
    const partial = estimateCardRating({
      rules_text: 'Deal 10 damage. (One more effect of the real card is not simulated.)',
      energy_cost: 1,
    });
    expect(partial).toBeLessThan(whole ?? 0);
  });

  it('is what rateCard falls back on for ids the tables do not know; known ids keep their table rating', () => {
    const card = { rules_text: 'Deal 20 damage. Gain 10 Block.', energy_cost: 1 };
    expect(rateCard('SOME_STS2_CARD', 'Attack', 'Common', card)).toBe(estimateCardRating(card));
    expect(rateCard('SOME_STS2_CARD', 'Attack', 'Rare')).toBe(60);
    expect(rateCard('INFLAME', 'Power', 'Uncommon', card)).toBe(72);
  });
});
