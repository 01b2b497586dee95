// A hand-written StS2 relic rule: the simulator's own text and the relic's hooks, made from the relic's
// numbers in the facts table. Written for relics whose text the generated effects cannot express
// (counters, conditions, run-level effects); a rule replaces the generic trigger/effect rule.
import type { RelicDefinition } from '../../engine/definitions.js';
import type { Sts2RelicFacts } from './facts.js';

/** The hooks a relic may have: everything of a relic definition but its identity and text. */
export type RelicHooks = Omit<RelicDefinition, 'id' | 'name' | 'rarity' | 'character' | 'text'>;

export interface Sts2RelicRule {
  /** The simulator's text of the relic, with its numbers. */
  readonly text: string;
  /**
   * What the real relic does that the simulator does not (appended to the text); absent when the
   * rule models the whole relic.
   */
  readonly unsimulated?: string;
  readonly hooks: RelicHooks;
}

/** Makes a relic's rule from its facts; `amount(name)` reads one of its numbers (0 when unknown). */
export type Sts2RelicRuleFactory = (amount: (name: string) => number, facts: Sts2RelicFacts) => Sts2RelicRule;

/** Hand-written rules by relic id. */
export type Sts2RelicRules = Readonly<Record<string, Sts2RelicRuleFactory>>;
