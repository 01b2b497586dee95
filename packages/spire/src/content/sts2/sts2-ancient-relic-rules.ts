// Hand-written rules of the StS2 Ancient, Event and character relics. Numbers come from the facts.
import type { Sts2RelicRules } from './sts2-relic-rule.js';

export const STS2_ANCIENT_RELIC_RULES: Sts2RelicRules = {};
