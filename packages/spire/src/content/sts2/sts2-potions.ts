// StS2 potions: every potion of the facts table, using its modelled effects or its hand-written rule
// (sts2-potion-rules.ts); a potion whose text the simulator does not model says so (using it then does
// nothing).
import type { PotionDefinition } from '../../engine/definitions.js';
import { STS2_POTION_FACTS } from './data/sts2-potion-facts.js';
import type { Sts2PotionFacts } from './facts.js';
import { describeEffects, resolverOf, runEffects } from './sts2-effects.js';
import { STS2_POTION_RULES } from './sts2-potion-rules.js';

const RARITIES: Readonly<Record<string, PotionDefinition['rarity']>> = {
  Common: 'Common',
  Uncommon: 'Uncommon',
  Rare: 'Rare',
};

export function isFullyModelledSts2Potion(facts: Sts2PotionFacts): boolean {
  return STS2_POTION_RULES[facts.id] !== undefined || (facts.effects.length > 0 && facts.unmodelled === 0);
}

function textOf(facts: Sts2PotionFacts): string {
  const rule = STS2_POTION_RULES[facts.id];
  if (rule !== undefined) return rule.text;
  if (facts.effects.length === 0) return 'A Slay the Spire 2 potion whose effect is not simulated.';
  const body = describeEffects(facts.effects, resolverOf(facts.vars, false), (id) => id);
  return facts.unmodelled > 0 ? `${body} (Other parts of the real potion are not simulated.)` : body;
}

function definitionOf(facts: Sts2PotionFacts): PotionDefinition {
  const rule = STS2_POTION_RULES[facts.id];
  return {
    id: facts.id,
    name: facts.name,
    // Event, token and unclassified potions are only ever given, never rolled.
    rarity: RARITIES[facts.rarity] ?? 'Special',
    target: facts.target === 'AnyEnemy' ? 'AnyEnemy' : facts.target === 'AllEnemies' ? 'AllEnemies' : 'Self',
    text: textOf(facts),
    combatOnly: facts.usage !== 'AnyTime',
    ...(rule?.onSelect !== undefined ? { onSelect: rule.onSelect } : {}),
    ...(rule?.usableOutsideCombat !== undefined ? { usableOutsideCombat: rule.usableOutsideCombat } : {}),
    use:
      rule?.use ??
      ((context, _run, target) => {
        if (context === null) return;
        runEffects(context, facts.effects, resolverOf(facts.vars, false), {
          target,
          xValue: 0,
          bonusDamage: 0,
          cardId: facts.id,
          upgraded: false,
        });
      }),
  };
}

export function buildSts2Potions(): PotionDefinition[] {
  return STS2_POTION_FACTS.map(definitionOf);
}
