import type { JsonValue } from '@strata-memory/strata';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMessagesDelta, messagesDelta, sameWireMessage } from './call-record-messages.js';

const system = { role: 'system', content: 'You are terse.' };
const state = (text: string) => ({ role: 'system', content: `Current state:\n${text}` });
const user = (text: string) => ({ role: 'user', content: text });
const assistant = (text: string) => ({ role: 'assistant', content: text });

describe('call record messages', () => {
  it('stores a shifted window as runs of the base and the new messages', () => {
    const base = [system, state('{}'), user('a'), assistant('A'), user('b'), assistant('B')];
    // The oldest exchange dropped, the state changed, a new exchange added (copies, not the same objects).
    const current = [{ ...system }, state('{"x":1}'), user('b'), assistant('B'), user('c'), assistant('C')];
    const parts = messagesDelta(base, current);
    expect(parts).toEqual([[0, 1], state('{"x":1}'), [4, 2], user('c'), assistant('C')]);
    expect(applyMessagesDelta(base, parts ?? [])).toEqual(current);
  });

  it('is undefined when nothing is shared, and a part past the base cannot be applied', () => {
    expect(messagesDelta([user('a')], [user('b')])).toBeUndefined();
    expect(applyMessagesDelta([user('a')], [[0, 2]])).toBeUndefined();
    expect(applyMessagesDelta([user('a')], [[-1, 1]])).toBeUndefined();
  });

  it('tells messages apart by every field sent (tool calls, ids, names, unknown fields)', () => {
    const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } };
    const withCall = { role: 'assistant', content: null, tool_calls: [call] };
    expect(sameWireMessage(withCall, { ...withCall, tool_calls: [{ ...call }] })).toBe(true);
    expect(
      sameWireMessage(withCall, {
        ...withCall,
        tool_calls: [{ ...call, function: { name: 'f', arguments: '{"a":1}' } }],
      }),
    ).toBe(false);
    expect(sameWireMessage(withCall, { role: 'assistant', content: null })).toBe(false);
    expect(
      sameWireMessage(
        { role: 'tool', content: 'x', tool_call_id: 'a' },
        { role: 'tool', content: 'x', tool_call_id: 'b' },
      ),
    ).toBe(false);
    expect(sameWireMessage({ role: 'user', content: 'x', name: 'a' }, { role: 'user', content: 'x' })).toBe(
      false,
    );
    expect(
      sameWireMessage({ role: 'user', content: 'x', extra: 1 }, { role: 'user', content: 'x', extra: 1 }),
    ).toBe(false);
    expect(sameWireMessage({ role: 'user', content: '' }, { role: 'user', content: null })).toBe(false);
  });

  it('puts any messages together again from any base (property)', () => {
    const message = fc.oneof(
      fc.record({
        role: fc.constantFrom('user', 'assistant', 'system'),
        content: fc.constantFrom('a', 'b', 'c', ''),
      }),
      fc.record({
        role: fc.constant('assistant'),
        content: fc.constant(null),
        tool_calls: fc.array(
          fc.record({
            id: fc.constantFrom('1', '2'),
            type: fc.constant('function'),
            function: fc.record({ name: fc.constant('f'), arguments: fc.constantFrom('{}', '[]') }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 12 }),
        fc.array(message, { maxLength: 12 }),
        (base, current) => {
          const parts = messagesDelta(base, current);
          const whole = parts ? applyMessagesDelta(base as JsonValue[], parts) : current;
          expect(JSON.parse(JSON.stringify(whole))).toEqual(JSON.parse(JSON.stringify(current)));
        },
      ),
    );
  });
});
