import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { integerOption, parseAgentList, parseSeedList, parseSeedOption } from './parse-cli-values.js';

describe('seed lists', () => {
  it('expands ranges and lists in order, without repeats', () => {
    expect(parseSeedList('1-3,7,2, 10 - 11')).toEqual([1, 2, 3, 7, 10, 11]);
    expect(parseSeedList('5')).toEqual([5]);
  });

  it('equals the union of its parts for any list of ranges', () => {
    const part = fc.tuple(fc.nat(500), fc.nat(20));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts
          .map(([start, length]) => (length === 0 ? `${start}` : `${start}-${start + length}`))
          .join(',');
        const expected: number[] = [];
        for (const [start, length] of parts) {
          for (let seed = start; seed <= start + length; seed += 1)
            if (!expected.includes(seed)) expected.push(seed);
        }
        expect(parseSeedList(text)).toEqual(expected);
      }),
    );
  });

  it.each([
    ['9-3', /end is below the start.*'3-9'/],
    ['1-x', /'1-x' is neither a seed nor a range/],
    ['', /neither a seed nor a range/],
    ['1-20000', /at most 10000/],
  ])('rejects %j with the fix', (value, message) => {
    expect(() => parseSeedList(value)).toThrow(message);
  });
});

describe('single values', () => {
  it('parses seeds and random', () => {
    expect(parseSeedOption('42')).toBe(42);
    expect(parseSeedOption('random')).toBe('random');
    expect(() => parseSeedOption('-1')).toThrow(/between 0/);
    expect(() => parseSeedOption('1.5')).toThrow(/whole number/);
  });

  it('bounds integers', () => {
    const parse = integerOption('--budget', 256, 1000);
    expect(parse(' 300 ')).toBe(300);
    expect(() => parse('100')).toThrow('--budget must be between 256 and 1000, got 100.');
  });

  it('parses agent lists and names unknown agents', () => {
    expect(parseAgentList('naive, structured,naive')).toEqual(['naive', 'structured']);
    expect(() => parseAgentList('structured,smart')).toThrow(
      /unknown agent 'smart'. Choose from: structured, window, naive/,
    );
    expect(() => parseAgentList(',')).toThrow(/no agent given/);
  });
});
