import { describe, expect, it } from 'vitest';
import type { CharacterId } from '../engine/run-state.js';
import {
  allRelics,
  anyRelicHas,
  cardPool,
  cardPoolOfType,
  characterIds,
  getCard,
  RULESETS,
  withRuleset,
} from './registry.js';

const HOOKS = [
  'attackDamageBonus',
  'unblockedAttackDamage',
  'cardBlockBonus',
  'afterCardBlock',
  'strengthGainBonus',
  'onMonsterBlockBroken',
  'onMonsterDebuffed',
  'hpLossLimit',
  'onPlayerHpLoss',
  'onCardCreated',
  'onExhaust',
  'onCardDiscarded',
  'onSelectionResolved',
  'retainedBlock',
] as const;

describe('registry', () => {
  it.each(RULESETS)('says a relic hook is used exactly when some %s relic has it', (ruleset) => {
    withRuleset(ruleset, () => {
      for (const hook of HOOKS)
        expect(anyRelicHas(hook), hook).toBe(allRelics().some((relic) => relic[hook] !== undefined));
    });
  });

  it('has StS1 relics without the StS2-only hooks (their loops are left out there)', () => {
    withRuleset('sts1', () => {
      expect(anyRelicHas('attackDamageBonus')).toBe(false);
      expect(anyRelicHas('cardBlockBonus')).toBe(false);
    });
    withRuleset('sts2', () => expect(anyRelicHas('attackDamageBonus')).toBe(true));
  });

  it.each(RULESETS)('lists the %s cards of a pool of one type, in pool order', (ruleset) => {
    withRuleset(ruleset, () => {
      for (const character of characterIds() as CharacterId[])
        for (const rarity of ['Common', 'Uncommon', 'Rare'] as const)
          for (const type of ['Attack', 'Skill', 'Power'] as const) {
            const expected = cardPool(character, rarity).filter((id) => getCard(id).type === type);
            expect(cardPoolOfType(character, rarity, type)).toEqual(expected);
            // Built once: the same list again.
            expect(cardPoolOfType(character, rarity, type)).toBe(cardPoolOfType(character, rarity, type));
          }
    });
  });
});
