// StS2 cards that offer a choice of 1 of 3 new random cards (Discovery-like): the options are made
// for the choice only, and the chosen one is created in the hand.
import type { CardPlay, CombatContext } from '../../engine/definitions.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import type { Sts2CardRule } from './sts2-card-rules.js';
import { inSinglePlayerPools } from './sts2-multiplayer-only-cards.js';

const OPTIONS = 3;
export const POOL_RARITIES = new Set(['Common', 'Uncommon', 'Rare']);
const CHARACTERS = new Set(['Ironclad', 'Silent', 'Defect', 'Regent', 'Necrobinder']);
const CHARACTER_NAMES: Readonly<Record<string, string>> = {
  IRONCLAD: 'Ironclad',
  SILENT: 'Silent',
  DEFECT: 'Defect',
  REGENT: 'Regent',
  NECROBINDER: 'Necrobinder',
};

/** Reward-pool cards of the facts that pass `keep`. */
export function pool(keep: (character: string, type: string, rarity: string) => boolean): string[] {
  return STS2_CARD_FACTS.filter(
    (facts) => keep(facts.character, facts.type, facts.rarity) && inSinglePlayerPools(facts.id),
  ).map((facts) => facts.id);
}

/** Asks for 1 of `OPTIONS` different random cards of `ids` (for `potion` when a potion asks). */
export function offer(x: CombatContext, ids: readonly string[], prompt: string, potion?: string): void {
  const options = [...ids];
  // The first OPTIONS of a partial shuffle: distinct cards.
  for (let index = 0; index < Math.min(OPTIONS, options.length); index++) {
    const other = x.randomInt(index, options.length - 1);
    [options[index], options[other]] = [options[other] as string, options[index] as string];
  }
  const generated = options.slice(0, OPTIONS);
  x.requestSelection({
    source: 'generated',
    generated,
    count: 1,
    prompt,
    ...(potion !== undefined ? { potion } : {}),
  });
}

export const ownCharacter = (x: CombatContext): string => CHARACTER_NAMES[x.run.character] ?? '';

/** The chosen card goes into the hand (upgraded with the upgraded card; free this turn if `free`). */
function addChosen(free: boolean, upgradedWithCard: boolean): NonNullable<Sts2CardRule['onSelect']> {
  return (x, chosen, c: CardPlay) => {
    for (const card of chosen) x.addCard(card.id, 'hand', upgradedWithCard && c.upgraded, free);
  };
}

export const STS2_CHOICE_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  QUASAR: {
    text: [
      'Choose 1 of 3 random Colorless cards to add into your Hand.',
      'Choose 1 of 3 random Upgraded Colorless cards to add into your Hand.',
    ],
    play: (x) =>
      offer(
        x,
        pool((character, _type, rarity) => character === 'Colorless' && POOL_RARITIES.has(rarity)),
        'Choose a Colorless card to add into your Hand.',
      ),
    onSelect: addChosen(false, true),
  },
  DISCOVERY: {
    text: "Choose 1 of 3 random cards of your character to add into your Hand. It's free to play this turn.",
    play: (x) =>
      offer(
        x,
        pool((character, _type, rarity) => character === ownCharacter(x) && POOL_RARITIES.has(rarity)),
        'Choose a card to add into your Hand.',
      ),
    onSelect: addChosen(true, false),
  },
  SPLASH: {
    text: [
      "Choose 1 of 3 random Attacks of another character to add into your Hand. It's free to play this turn.",
      "Choose 1 of 3 random Upgraded Attacks of another character to add into your Hand. It's free to play this turn.",
    ],
    play: (x) =>
      offer(
        x,
        pool(
          (character, type, rarity) =>
            CHARACTERS.has(character) &&
            character !== ownCharacter(x) &&
            type === 'Attack' &&
            POOL_RARITIES.has(rarity),
        ),
        'Choose an Attack to add into your Hand.',
      ),
    onSelect: addChosen(true, true),
  },
};
