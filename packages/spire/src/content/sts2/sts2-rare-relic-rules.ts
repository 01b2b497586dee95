// Hand-written rules of the StS2 Rare and Shop shared relics that act inside combat. Numbers come from
// the facts.
import type { Sts2RelicRules } from './sts2-relic-rule.js';

export const STS2_RARE_RELIC_RULES: Sts2RelicRules = {};
