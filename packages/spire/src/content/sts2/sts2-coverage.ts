// Whether the simulator models every effect of an StS2 entity, or knows it only with its numbers
// (and simplifications its description names).
import { STS2_MONSTER_FACTS } from './data/sts2-monster-facts.js';
import { STS2_POTION_FACTS } from './data/sts2-potion-facts.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import { ALL_STS2_CARD_FACTS, isFullyModelledSts2Card } from './sts2-cards.js';
import { hasPageMoveEffects, isHandWrittenSts2Monster } from './sts2-monsters.js';
import { isFullyModelledSts2Potion } from './sts2-potions.js';
import { isModelledSts2Power } from './sts2-powers.js';
import { isFullyModelledSts2Relic } from './sts2-relics.js';

export function isModelledSts2Entity(
  kind: 'card' | 'relic' | 'power' | 'potion' | 'enemy',
  id: string,
): boolean {
  switch (kind) {
    case 'card': {
      const facts = ALL_STS2_CARD_FACTS.find((card) => card.id === id);
      return facts !== undefined && isFullyModelledSts2Card(facts);
    }
    case 'relic': {
      const facts = STS2_RELIC_FACTS.find((relic) => relic.id === id);
      return facts !== undefined && isFullyModelledSts2Relic(facts);
    }
    case 'potion': {
      const facts = STS2_POTION_FACTS.find((potion) => potion.id === id);
      return facts !== undefined && isFullyModelledSts2Potion(facts);
    }
    case 'power':
      return isModelledSts2Power(id.replace(/_POWER$/, ''));
    case 'enemy': {
      if (isHandWrittenSts2Monster(id)) return true;
      const facts = STS2_MONSTER_FACTS.find((monster) => monster.id === id);
      return (
        facts !== undefined &&
        facts.hp[1] > 0 &&
        facts.moves.every((move) => move.unmodelled === 0 || hasPageMoveEffects(id, move.id)) &&
        // A power it spawns with or applies that the simulator only tracks leaves part of it out
        // (Inklets spawned Slippery and took full damage, and counted as fully modelled).
        facts.powersOnSpawn.every(isModelledSts2Power) &&
        facts.moves.every((move) =>
          move.effects.every(
            (effect) => effect.kind !== 'power' || isModelledSts2Power(String(effect.power)),
          ),
        )
      );
    }
  }
}

/**
 * Monsters of the export no fight of the game uses, left out of the monster count, and why (not given
 * rules: there is nothing to simulate).
 */
export const UNUSED_STS2_MONSTERS: Readonly<Record<string, string>> = {
  DEPRECATED_MONSTER:
    'a placeholder with 0 HP and one hidden Stub move, "not intended for actual combat" (its page); its only encounter, the Deprecated Encounter, is a debug one that spawns no monsters',
};

/** The monsters the coverage counts (the export's, but the unused ones) and those of them fully modelled. */
export function sts2MonsterCoverage(): { readonly counted: string[]; readonly modelled: string[] } {
  const counted = STS2_MONSTER_FACTS.map((monster) => monster.id).filter(
    (id) => UNUSED_STS2_MONSTERS[id] === undefined,
  );
  return { counted, modelled: counted.filter((id) => isModelledSts2Entity('enemy', id)) };
}
