import { describe, expect, it } from 'vitest';
import { GenerationalCache } from './generational-cache.js';

describe('generational cache', () => {
  it('never holds more than maxEntries, keeps what is used, and forgets what is not', () => {
    const cache = new GenerationalCache<string, number>(8);
    cache.set('kept', 0);
    for (let at = 1; at <= 100; at += 1) {
      cache.set(`item-${at}`, at);
      expect(cache.get('kept')).toBe(0);
      expect(cache.size).toBeLessThanOrEqual(8);
    }
    // An entry survives at least maxEntries / 2 insertions after its last use, and no longer than maxEntries.
    expect(cache.get('item-97')).toBe(97);
    expect(cache.get('item-90')).toBeUndefined();
    cache.set('kept', 1);
    expect(cache.get('kept')).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('kept')).toBeUndefined();
  });
});
