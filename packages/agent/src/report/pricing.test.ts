import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, estimateCallCost, loadPricing } from './pricing.js';

const directory = mkdtempSync(join(tmpdir(), 'strata-pricing-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

describe('pricing', () => {
  it('bills the stable prefix at the cached price only when it is long enough to be cached', () => {
    const model = { input: 2, cachedInput: 0.5, output: 8, minCacheableTokens: 1024 };
    const cached = estimateCallCost(
      { promptTokens: 4000, stablePrefixTokens: 3000, outputTokens: 100 },
      model,
    );
    expect(cached.withoutCaching).toBeCloseTo((4000 * 2 + 100 * 8) / 1e6, 12);
    expect(cached.withCaching).toBeCloseTo((3000 * 0.5 + 1000 * 2 + 100 * 8) / 1e6, 12);
    const short = estimateCallCost({ promptTokens: 900, stablePrefixTokens: 800, outputTokens: 0 }, model);
    expect(short.withCaching).toBe(short.withoutCaching);
  });

  it('merges a config file over the default table', () => {
    const table = loadPricing(
      file(
        'ok.json',
        JSON.stringify({ defaultModel: 'local', models: { local: { input: 0, cachedInput: 0, output: 0 } } }),
      ),
    );
    expect(table.defaultModel).toBe('local');
    expect(Object.keys(table.models)).toEqual([...Object.keys(DEFAULT_PRICING.models), 'local']);
  });

  it('rejects a bad file with the offending field named', () => {
    const bad = file('bad.json', JSON.stringify({ models: { x: { input: -1, cachedInput: 0, output: 0 } } }));
    expect(() => loadPricing(bad)).toThrow(/models\.x\.input/);
    expect(() => loadPricing(file('broken.json', '{'))).toThrow(/Cannot read the pricing file/);
    const unknownDefault = file('default.json', JSON.stringify({ defaultModel: 'nope' }));
    expect(() => loadPricing(unknownDefault)).toThrow(/defaultModel 'nope'/);
  });
});
