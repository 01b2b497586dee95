// The Mad Science cards' texts and Chaos's play (the cards' facts are in sts2-mad-science.ts, which the
// other card rules read, so it imports no rules).
import type { Sts2CardRule } from './sts2-card-rules.js';
import { randomPoolCard } from './sts2-card-rules.js';
import { madScienceBase, madScienceId, madScienceRider } from './sts2-mad-science.js';

/** The texts of the combinations (the base's, then the rider's), and Chaos's play. */
export const MAD_SCIENCE_RULES: Readonly<Record<string, Sts2CardRule>> = Object.fromEntries(
  [0, 1, 2].flatMap((type) =>
    [0, 1, 2].map((rider): [string, Sts2CardRule] => {
      const base = madScienceBase(type).text.replace('Deal 12 damage', 'Deal !D! damage').replace('8', '!B!');
      const chosen = madScienceRider(type, rider);
      const text = [base, chosen?.text ?? ''].filter((part) => part !== '').join(' ');
      if (chosen?.option !== 'Chaos') return [madScienceId(type, rider), { text }];
      return [
        madScienceId(type, rider),
        {
          text,
          // "A random card": the simulator reads it as one of the character's pool (as Infernal Blade's).
          play: (x, c) => {
            x.gainBlock(c.block);
            const id = randomPoolCard(x, null);
            if (id !== null) x.addCard(id, 'hand', false, true);
          },
        },
      ];
    }),
  ),
);
