// Hand-written rules of the StS2 relics that act outside combat: on pickup, when cards join the deck,
// in rooms (rest sites, shops, `?` rooms) and on rewards. Numbers come from the facts.
import type { Sts2RelicRules } from './sts2-relic-rule.js';

export const STS2_RUN_RELIC_RULES: Sts2RelicRules = {};
