import { describe, expect, it } from 'vitest';
import { createSequenceLookup } from './sequence-lookup.js';

function counted(table: Record<string, string>) {
  const asked: string[] = [];
  const lookup = createSequenceLookup((id: string) => {
    asked.push(id);
    const found = table[id];
    if (found === undefined) throw new Error(`unknown id ${id}`);
    return found;
  });
  return { lookup, asked };
}

describe('createSequenceLookup', () => {
  const scope = {};
  const table = { A: 'a', B: 'b', C: 'c', D: 'd' };

  it('answers a repeated sequence without asking again, and always with the right value', () => {
    const { lookup, asked } = counted(table);
    for (let loop = 0; loop < 3; loop++)
      expect(['A', 'B', 'C'].map((id) => lookup.get(scope, id))).toEqual(['a', 'b', 'c']);
    expect(asked).toEqual(['A', 'B', 'C']);
  });

  it('a changed sequence (an id removed, another added, a loop cut short) still gets the right values', () => {
    const { lookup } = counted(table);
    const sequences = [
      ['A', 'B', 'C'],
      ['A', 'C'],
      ['D', 'A', 'C', 'B'],
      ['A'],
      ['B', 'B', 'D'],
      ['C', 'A', 'B'],
    ];
    for (const sequence of sequences)
      expect(sequence.map((id) => lookup.get(scope, id))).toEqual(
        sequence.map((id) => table[id as keyof typeof table]),
      );
  });

  it('another scope (ruleset) asks again, since the same id can mean another value there', () => {
    const values: Record<string, string>[] = [{ A: 'one' }, { A: 'two' }];
    const scopes = [{}, {}];
    let current = 0;
    const lookup = createSequenceLookup((id: string) => values[current]?.[id] ?? 'none');
    expect(lookup.get(scopes[0] as object, 'A')).toBe('one');
    current = 1;
    expect(lookup.get(scopes[1] as object, 'A')).toBe('two');
  });

  it('an unknown id throws every time and records nothing', () => {
    const { lookup } = counted(table);
    expect(lookup.get(scope, 'A')).toBe('a');
    expect(() => lookup.get(scope, 'Z')).toThrow('unknown id Z');
    expect(() => lookup.get(scope, 'Z')).toThrow('unknown id Z');
    expect(lookup.get(scope, 'A')).toBe('a');
  });

  it('more ids than it remembers still answer right', () => {
    const many: Record<string, string> = {};
    for (let index = 0; index < 100; index++) many[`R${index}`] = `r${index}`;
    const { lookup } = counted(many);
    for (let loop = 0; loop < 2; loop++)
      for (let index = 0; index < 100; index++) expect(lookup.get(scope, `R${index}`)).toBe(`r${index}`);
  });
});
