// Hand-written rules of the StS2 quest cards: Spoils Map marks a treasure site; Lantern Key brings the
// War Historian (its event's `forced`, events/glory-events.ts).
import { nextInt } from '../../engine/random.js';
import { STS2_CARD_FACTS } from './data/sts2-card-facts.js';
import type { Sts2CardRule } from './sts2-card-rules.js';

/** The Gold a Spoils Map's site holds (its facts' Gold). */
const SPOILS_GOLD = STS2_CARD_FACTS.find((facts) => facts.id === 'SPOILS_MAP')?.vars.Gold?.[0] ?? 0;

export const STS2_QUEST_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  // Its notes: "In Act 3, this card modifies the next encountered event to the War Historian event"
  // (it comes from Act 2's The Lantern Key, so Act 3 is its next Act).
  LANTERN_KEY: { text: 'Unlocks a special event in the next Act.' },
  SPOILS_MAP: {
    text: `Marks a site of ${SPOILS_GOLD} extra Gold in the next Act.`,
    // "A treasure site" (its notes): the simulator marks one of the Act's Treasure rooms at random; its
    // chest holds the Gold, and the map is used up there. Its only source is Act 1's Nab the Map, so the
    // next Act is Act 2: a map kept through Act 2 marks nothing in Act 3.
    atActStart: (run, card) => {
      if (run.act !== 2) return;
      const treasures = run.map.nodes.filter((node) => node.type === 'treasure' && node.spoils === undefined);
      if (treasures.length === 0) return;
      const site = treasures[nextInt(run.random, 'event', 0, treasures.length - 1)];
      if (site !== undefined) site.spoils = { gold: SPOILS_GOLD, uid: card.uid };
    },
  },
};
