// StS2 cards that act only on or through other players (the export's per-card notes call most of
// them "Multiplayer-only"). The simulator plays single-player runs, so with no other player they do
// nothing; their texts say so instead of "not simulated". Their powers are still tracked.
import type { Sts2CardRule } from './sts2-card-rules.js';

const NOTE = '(Multiplayer only: with no other player it does nothing.)';

/** A card whose whole effect is on another player. */
function onOthers(text: string): Sts2CardRule {
  return { text: `${text} ${NOTE}`, play: () => {} };
}

/** A Power card whose power only reacts to or helps other players. */
function powerForOthers(power: string, text: string, amountVar?: string): Sts2CardRule {
  return {
    text: `${text} ${NOTE}`,
    play: (x, c) => x.applyToPlayer(power, amountVar === undefined ? 1 : c.magic),
  };
}

export const STS2_MULTIPLAYER_CARD_RULES: Readonly<Record<string, Sts2CardRule>> = {
  BELIEVE_IN_YOU: onOthers('Another player gains !M! Energy.'),
  COORDINATE: onOthers('Give another player !M! Strength this turn.'),
  LIFT: onOthers('Give another player !B! Block.'),
  LARGESSE: onOthers('Another player adds a random Colorless card into their Hand.'),
  MIMIC: onOthers('Gain Block equal to the Block on another player.'),
  FLANKING: onOthers('The enemy takes double attack damage from other players this turn.'),
  BEACON_OF_HOPE: powerForOthers(
    'BEACON_OF_HOPE',
    'Whenever you gain Block on your turn, other players gain half that much Block.',
  ),
  HAMMER_TIME: powerForOthers('HAMMER_TIME', 'Whenever you Forge, all other players Forge as well.'),
  SNEAKY: powerForOthers('SNEAKY', 'Whenever another player attacks an enemy, gain !M! Block.', 'Sneaky'),
};
