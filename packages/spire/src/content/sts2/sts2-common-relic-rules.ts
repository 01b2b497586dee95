// Hand-written rules of the StS2 Common and Uncommon shared relics that act inside combat (counters,
// conditions, damage and Block changes) where the generated trigger/effect table cannot express them.
// Numbers come from the facts.
import type { Sts2RelicRules } from './sts2-relic-rule.js';

export const STS2_COMMON_RELIC_RULES: Sts2RelicRules = {};
