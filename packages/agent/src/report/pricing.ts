import { readFileSync } from 'node:fs';
import { StrataError } from '@strata-memory/strata';
import { z } from 'zod';

/** Prices in US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInput: number;
  output: number;
  /** Providers cache only prefixes at least this long (OpenAI and Anthropic: 1,024). */
  minCacheableTokens?: number;
}

/** Model prices the report's cost charts use. */
export interface PricingTable {
  /** Model shown first in the report. */
  defaultModel: string;
  /** Output tokens assumed per call when no model answered (heuristic policy), so costs show an LLM run. */
  assumedOutputTokens: number;
  models: Record<string, ModelPrice>;
}

/**
 * List prices at the time of writing (USD per million tokens). Estimates only: check your provider's
 * page and override with `--pricing <file.json>`.
 */
export const DEFAULT_PRICING: PricingTable = {
  defaultModel: 'gpt-4o-mini',
  assumedOutputTokens: 50,
  models: {
    'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6, minCacheableTokens: 1024 },
    'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10, minCacheableTokens: 1024 },
    'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8, minCacheableTokens: 1024 },
    'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6, minCacheableTokens: 1024 },
    'claude-sonnet-4': { input: 3, cachedInput: 0.3, output: 15, minCacheableTokens: 1024 },
    'claude-haiku-3.5': { input: 0.8, cachedInput: 0.08, output: 4, minCacheableTokens: 2048 },
  },
};

const price = z.number().finite().nonnegative();
const modelPriceSchema = z.strictObject({
  input: price,
  cachedInput: price,
  output: price,
  minCacheableTokens: z.number().int().nonnegative().optional(),
});
const pricingFileSchema = z.strictObject({
  defaultModel: z.string().min(1).optional(),
  assumedOutputTokens: z.number().int().nonnegative().optional(),
  /** Replaces the default models instead of adding to them. */
  replaceModels: z.boolean().optional(),
  models: z.record(z.string().min(1), modelPriceSchema).optional(),
});

/** The pricing config file: any subset of the table; `models` add to (or with `replaceModels`, replace) the defaults. */
export type PricingFile = z.infer<typeof pricingFileSchema>;

/** The pricing table with a pricing file's changes applied. */
export function mergePricing(base: PricingTable, file: PricingFile): PricingTable {
  const models: Record<string, ModelPrice> = file.replaceModels ? {} : { ...base.models };
  for (const [name, entry] of Object.entries(file.models ?? {})) {
    models[name] = {
      input: entry.input,
      cachedInput: entry.cachedInput,
      output: entry.output,
      ...(entry.minCacheableTokens === undefined ? {} : { minCacheableTokens: entry.minCacheableTokens }),
    };
  }
  const names = Object.keys(models);
  if (names.length === 0) {
    throw new StrataError(
      'CONFIG_INVALID',
      'The pricing config has no models. Add at least one under "models".',
    );
  }
  const defaultModel =
    file.defaultModel ?? (base.defaultModel in models ? base.defaultModel : (names[0] ?? ''));
  if (!(defaultModel in models)) {
    throw new StrataError(
      'CONFIG_INVALID',
      `The pricing config names defaultModel '${defaultModel}', which is not under "models". Known: ${names.join(', ')}.`,
    );
  }
  return { defaultModel, assumedOutputTokens: file.assumedOutputTokens ?? base.assumedOutputTokens, models };
}

/** Reads a pricing JSON file and merges it over the defaults; a bad file names the offending field. */
export function loadPricing(filePath?: string): PricingTable {
  if (filePath === undefined) return DEFAULT_PRICING;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(filePath, 'utf8'));
  } catch (error) {
    throw new StrataError(
      'CONFIG_INVALID',
      `Cannot read the pricing file ${filePath}: ${(error as Error).message}. Pass a JSON file like {"models":{"my-model":{"input":1,"cachedInput":0.1,"output":4}}}.`,
      { cause: error },
    );
  }
  const parsed = pricingFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new StrataError(
      'CONFIG_INVALID',
      `The pricing file ${filePath} is invalid (${issues}). Prices are USD per million tokens: {"models":{"name":{"input","cachedInput","output"}}}.`,
    );
  }
  return mergePricing(DEFAULT_PRICING, parsed.data);
}

/** What one call would cost without and with prompt caching, in US dollars. */
export interface CallCost {
  withoutCaching: number;
  withCaching: number;
}

/**
 * Estimated dollars of one call. With caching, the stable prefix (when long enough to be cached) is billed
 * at the cached-input price and the rest at the input price.
 */
export function estimateCallCost(
  call: { promptTokens: number; stablePrefixTokens: number; outputTokens: number },
  model: ModelPrice,
): CallCost {
  const cached =
    call.stablePrefixTokens >= (model.minCacheableTokens ?? 0)
      ? Math.min(call.stablePrefixTokens, call.promptTokens)
      : 0;
  const output = call.outputTokens * model.output;
  return {
    withoutCaching: (call.promptTokens * model.input + output) / 1e6,
    withCaching: (cached * model.cachedInput + (call.promptTokens - cached) * model.input + output) / 1e6,
  };
}
