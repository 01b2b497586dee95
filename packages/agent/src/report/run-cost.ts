import { StrataError } from '@strata-memory/strata';
import type { DecisionRecord } from '../trace/decision-record.js';
import { type CallCost, estimateCallCost, type PricingTable } from './pricing.js';

/** Where a cost came from: the provider's usage, an estimate, or both. */
export type CostSource = 'provider usage' | 'estimated' | 'mixed';

export interface RunCost extends CallCost {
  /** Which price list row was used (the run's model when priced, else the table's default). */
  pricedAs: string;
  /** `provider usage`: every call had the provider's token counts; `estimated`: none (heuristic policy). */
  source: CostSource;
  callsWithUsage: number;
}

/** The price row for a model: its own when the table knows it, else the default model's. */
export function priceFor(pricing: PricingTable, model: string | undefined) {
  const name = model !== undefined && model in pricing.models ? model : pricing.defaultModel;
  const price = pricing.models[name];
  if (price === undefined) {
    throw new StrataError(
      'CONFIG_INVALID',
      `The pricing table has no model '${name}'. Add it under "models" or set defaultModel.`,
    );
  }
  return { name, price };
}

/**
 * Dollars of a set of calls. A call the provider answered is billed from its usage (input includes the
 * cached part; cached tokens at the cached price when caching is on); a call no model answered (heuristic
 * policy) is estimated from its prompt, stable prefix and the table's assumed output tokens.
 */
export function costOfRecords(
  records: readonly DecisionRecord[],
  pricing: PricingTable,
  model: string | undefined,
): RunCost {
  const { name, price } = priceFor(pricing, model);
  let withoutCaching = 0;
  let withCaching = 0;
  let callsWithUsage = 0;
  for (const record of records) {
    if (record.usage !== undefined) {
      callsWithUsage += 1;
      const { input, cachedInput, output } = record.usage;
      const cached = Math.min(cachedInput, input);
      withoutCaching += (input * price.input + output * price.output) / 1e6;
      withCaching +=
        (cached * price.cachedInput + (input - cached) * price.input + output * price.output) / 1e6;
      continue;
    }
    const estimate = estimateCallCost(
      {
        promptTokens: record.promptTokens,
        stablePrefixTokens: record.stablePrefixTokens,
        outputTokens: pricing.assumedOutputTokens,
      },
      price,
    );
    withoutCaching += estimate.withoutCaching;
    withCaching += estimate.withCaching;
  }
  const source: CostSource =
    callsWithUsage === records.length && records.length > 0
      ? 'provider usage'
      : callsWithUsage === 0
        ? 'estimated'
        : 'mixed';
  return { withoutCaching, withCaching, pricedAs: name, source, callsWithUsage };
}
