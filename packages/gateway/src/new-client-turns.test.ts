import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstNewTurn } from './new-client-turns.js';

const turns = (text: string) => text.split(' ').filter((word) => word !== '');

describe('firstNewTurn: which turns of a request are new, by content', () => {
  it('finds the new turns whether the client sends its whole history, a window of it or only the new turn', () => {
    const seen = turns('u0 r0 u1 r1 u2 r2');
    expect(firstNewTurn(seen, turns('u0 r0 u1 r1 u2 r2 u3'))).toBe(6);
    expect(firstNewTurn(seen, turns('u2 r2 u3'))).toBe(2);
    expect(firstNewTurn(seen, turns('u3'))).toBe(0);
    expect(firstNewTurn([], turns('u0 r0'))).toBe(0);
  });

  it('stores nothing again for a retry whose reply never came, with or without history', () => {
    expect(firstNewTurn(turns('u0 r0 u1'), turns('u1'))).toBe(1);
    expect(firstNewTurn(turns('u0 r0 u1 r1'), turns('u0 r0 u1'))).toBe(3);
    expect(firstNewTurn(turns('u0 r0 u1 r1 u2 r2'), turns('r0 u1 r1 u2'))).toBe(4);
  });

  it('steps over a stored reply the client never got (a retried request), on every later request', () => {
    // u1 was answered twice: r1a was stored but lost on the way, the retry got r1b.
    const seen = turns('u0 r0 u1 r1a r1b');
    expect(firstNewTurn(seen, turns('u0 r0 u1 r1b u2'))).toBe(4);
    const later = turns('u0 r0 u1 r1a r1b u2 r2');
    expect(firstNewTurn(later, turns('u0 r0 u1 r1b u2 r2 u3'))).toBe(6);
  });

  it('stores a short turn said before again, and what follows an edited older turn', () => {
    expect(firstNewTurn(turns('yes r0 u1 r1'), turns('yes'))).toBe(0);
    expect(firstNewTurn(turns('u0 r0 u1 r1 u2 r2'), turns('u0 r0 u1 edited u3'))).toBe(3);
  });

  it('for any history and any split: resending the whole history marks exactly the tail as new', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { minLength: 1, maxLength: 40 }), fc.nat(), (history, cut) => {
        const split = cut % (history.length + 1);
        expect(firstNewTurn(history.slice(0, split), history)).toBe(split);
      }),
    );
  });
});
