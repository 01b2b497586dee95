import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../core/provenance.js';
import { applyMergePatch } from './merge-patch.js';

describe('applyMergePatch', () => {
  // The examples of RFC 7396, appendix A.
  const rfcCases: Array<[JsonValue, JsonValue, JsonValue]> = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(rfcCases)('follows RFC 7396 appendix A: %j + %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('mutates neither the target nor the patch and shares no objects with them', () => {
    const target = { a: { b: [1, 2] }, keep: { x: 1 } };
    const patch = { a: { c: { d: 1 } }, list: [{ y: 2 }] };
    const targetCopy = structuredClone(target);
    const patchCopy = structuredClone(patch);
    const result = applyMergePatch(target, patch) as Record<string, Record<string, unknown>>;
    expect(target).toEqual(targetCopy);
    expect(patch).toEqual(patchCopy);
    expect(result.keep).not.toBe(target.keep);
    expect(result.list).not.toBe(patch.list);
    expect(result.a?.c).not.toBe(patch.a.c);
  });

  it('keeps a "__proto__" key as plain data and never changes the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}}') as JsonValue;
    const result = applyMergePatch({}, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is idempotent: applying a patch twice equals applying it once', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (target, patch) => {
        const once = applyMergePatch(target as JsonValue, patch as JsonValue);
        expect(applyMergePatch(once, patch as JsonValue)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});
