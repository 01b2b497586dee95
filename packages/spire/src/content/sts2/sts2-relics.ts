// StS2 relics: every relic of the facts table. A hand-written rule (sts2-*-relic-rules.ts) wins; else
// relics whose text is one trigger with modelled effects behave as in the game; relics the engine already
// knows by id (Ring of the Snake, Chemical X...) keep the engine's rule; the others say in their text that
// their effect is not simulated.

import type { CombatContext, RelicDefinition } from '../../engine/definitions.js';
import type { CharacterId, RunState } from '../../engine/run-state.js';
import { runServices } from '../run-services.js';
import { STS2_RELIC_FACTS } from './data/sts2-relic-facts.js';
import type { Sts2RelicFacts } from './facts.js';
import { STS2_ANCIENT_RELIC_RULES } from './sts2-ancient-relic-rules.js';
import { STS2_COMMON_RELIC_RULES } from './sts2-common-relic-rules.js';
import { describeEffects, resolverOf, runEffects } from './sts2-effects.js';
import { STS2_ENCHANTMENT_RELIC_RULES } from './sts2-enchantment-relic-rules.js';
import { STS2_EVENT_RELIC_RULES } from './sts2-event-relic-rules.js';
import { STS2_RARE_RELIC_RULES } from './sts2-rare-relic-rules.js';
import type { Sts2RelicRule, Sts2RelicRuleFactory } from './sts2-relic-rule.js';
import { STS2_RUN_RELIC_RULES } from './sts2-run-relic-rules.js';

/** The hand-written rule of a relic, if it has one. */
function handWrittenRuleOf(facts: Sts2RelicFacts): Sts2RelicRule | undefined {
  const factory: Sts2RelicRuleFactory | undefined =
    STS2_COMMON_RELIC_RULES[facts.id] ??
    STS2_RARE_RELIC_RULES[facts.id] ??
    STS2_RUN_RELIC_RULES[facts.id] ??
    STS2_ANCIENT_RELIC_RULES[facts.id] ??
    STS2_ENCHANTMENT_RELIC_RULES[facts.id] ??
    STS2_EVENT_RELIC_RULES[facts.id];
  if (factory === undefined) return undefined;
  const amountOf = resolverOf(facts.vars, false);
  return factory((name) => amountOf(name), facts);
}

/** Relics whose rule is written in the engine itself (by id), with the simulator's text. */
const ENGINE_RULES: Readonly<Record<string, string>> = {
  RING_OF_THE_SNAKE: 'At the start of each combat, draw 2 additional cards.',
  BAG_OF_PREPARATION: 'At the start of each combat, draw 2 additional cards.',
  CHEMICAL_X: 'X-cost cards act as if 2 more Energy were spent.',
  RUNIC_PYRAMID: 'At the end of your turn, you keep your hand.',
  SNECKO_SKULL: 'Whenever you apply Poison, apply 1 more.',
  LIZARD_TAIL: 'Once per run, when you would die, heal to 50% of your Max HP instead.',
};

const RARITIES: Readonly<Record<string, RelicDefinition['rarity']>> = {
  Starter: 'Starter',
  Common: 'Common',
  Uncommon: 'Uncommon',
  Rare: 'Rare',
  Shop: 'Shop',
  Ancient: 'Boss',
};

const CHARACTER_POOLS: Readonly<Record<string, CharacterId>> = {
  Ironclad: 'IRONCLAD',
  Silent: 'SILENT',
  Regent: 'REGENT',
  Necrobinder: 'NECROBINDER',
  Defect: 'DEFECT',
};

/** Effects of relics run outside a card play: no target, no X. */
function run(context: CombatContext, facts: Sts2RelicFacts): void {
  runEffects(context, facts.effects, resolverOf(facts.vars, false), {
    target: context.randomMonsterIndex(),
    xValue: 0,
    bonusDamage: 0,
    cardId: facts.id,
    upgraded: false,
  });
}

function pickup(state: RunState, facts: Sts2RelicFacts): void {
  const amountOf = resolverOf(facts.vars, false);
  for (const effect of facts.effects) {
    const amount = amountOf(effect.amount);
    if (effect.kind === 'gold') runServices().gainGold(state, amount);
    if (effect.kind === 'maxHp') {
      state.maxHp += amount;
      state.hp = Math.min(state.maxHp, state.hp + amount);
    }
    if (effect.kind === 'heal') state.hp = Math.min(state.maxHp, state.hp + amount);
  }
}

const TRIGGER_TEXT: Readonly<Record<string, string>> = {
  combatStart: 'At the start of each combat: ',
  combatEnd: 'At the end of combat: ',
  turnStart: 'At the start of your turn: ',
  pickup: 'Upon pickup: ',
  energyPerTurn: 'Every turn: ',
};

function modelled(facts: Sts2RelicFacts): boolean {
  if (ENGINE_RULES[facts.id] !== undefined) return true;
  if (facts.trigger === 'pickup')
    return facts.effects.every((effect) => ['gold', 'maxHp', 'heal'].includes(effect.kind));
  return facts.trigger !== null && facts.effects.length > 0;
}

/** Whether the simulator models every part of a relic's effect. */
export function isFullyModelledSts2Relic(facts: Sts2RelicFacts): boolean {
  const rule = handWrittenRuleOf(facts);
  if (rule !== undefined) return rule.unsimulated === undefined;
  return modelled(facts) && (facts.unmodelled === 0 || ENGINE_RULES[facts.id] !== undefined);
}

function textOf(facts: Sts2RelicFacts): string {
  const engine = ENGINE_RULES[facts.id];
  if (engine !== undefined) return engine;
  if (!modelled(facts)) return 'A Slay the Spire 2 relic whose effect is not simulated.';
  const body = describeEffects(facts.effects, resolverOf(facts.vars, false), (id) => id);
  const rest = facts.unmodelled > 0 ? ' (Other parts of the real relic are not simulated.)' : '';
  return `${TRIGGER_TEXT[facts.trigger ?? ''] ?? ''}${body}${rest}`;
}

function definitionOf(facts: Sts2RelicFacts): RelicDefinition {
  const character = CHARACTER_POOLS[facts.pool];
  const identity = {
    id: facts.id,
    name: facts.name,
    rarity: RARITIES[facts.rarity] ?? 'Special',
    ...(character !== undefined ? { character } : {}),
  } as const;
  const rule = handWrittenRuleOf(facts);
  if (rule !== undefined) {
    const rest = rule.unsimulated !== undefined ? ` (Not simulated: ${rule.unsimulated})` : '';
    return { ...identity, ...rule.hooks, text: `${rule.text}${rest}` };
  }
  const base: RelicDefinition = { ...identity, text: textOf(facts) };
  if (!modelled(facts) || ENGINE_RULES[facts.id] !== undefined) return base;
  switch (facts.trigger) {
    case 'combatStart':
      return { ...base, atCombatStart: (context) => run(context, facts) };
    case 'combatEnd':
      return { ...base, onCombatEnd: (context) => run(context, facts) };
    case 'turnStart':
      return { ...base, atTurnStart: (context) => run(context, facts) };
    case 'pickup':
      return { ...base, onPickup: (state) => pickup(state, facts) };
    case 'energyPerTurn': {
      const energy = facts.effects.find((effect) => effect.kind === 'energy');
      return { ...base, energy: resolverOf(facts.vars, false)(energy?.amount) };
    }
    default:
      return base;
  }
}

export function buildSts2Relics(): RelicDefinition[] {
  return STS2_RELIC_FACTS.map(definitionOf);
}
