import { countTokens as cl100kCount } from 'gpt-tokenizer/encoding/cl100k_base';
import { encodeChat, countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { createApproximateTokenizer } from './approximate-tokenizer.js';
import { createCachedTokenizer } from './cached-tokenizer.js';
import { countChatTokens } from './count-chat-tokens.js';
import { createTiktokenTokenizer, LONG_CHUNK_BYTES } from './tiktoken-tokenizer.js';
import { utf8ByteLength } from './utf8-length.js';

const plain = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
const o200k = createTiktokenTokenizer('o200k_base');
const cl100k = createTiktokenTokenizer('cl100k_base');

const mixed = [
  'Turn 12: You play Strike (6 damage) on Jaw Worm. HP 54/80, block 5.\n\n',
  '战斗结束，获得金币 25。 ',
  'Emoji 😀👍🏽 and a family 👨‍👩‍👧 with combining e\u0301 and control \u0000\u0007 chars.\r\n',
  'https://example.com/path/to/resource?query=1&x=2 ',
  '<|endoftext|> is plain text here. ',
  'numbers 1234567890 and punctuation ...!!! ??? ;;; \n\n\n',
];

describe('createTiktokenTokenizer', () => {
  it('counts exactly like gpt-tokenizer for short and long ordinary text', () => {
    for (const repeat of [1, 3, 40]) {
      const text = mixed.join('').repeat(repeat);
      expect(o200k.count(text)).toBe(o200kCount(text, plain));
      expect(cl100k.count(text)).toBe(cl100kCount(text, plain));
    }
  });

  it('is exact for chunks just under the long-chunk limit', () => {
    const word = 'a'.repeat(LONG_CHUNK_BYTES - 1);
    const text = `${word} ${'战'.repeat(LONG_CHUNK_BYTES / 3 - 1)} end`;
    expect(o200k.count(text)).toBe(o200kCount(text, plain));
  });

  it('bounds long unbroken runs from above without merging them', () => {
    for (const unit of ['a', '=', ' ', '战', '😀', 'ab']) {
      const text = `start ${unit.repeat(Math.ceil(1500 / unit.length))} end`;
      const exact = o200kCount(text, plain);
      const counted = o200k.count(text);
      expect(counted).toBeGreaterThanOrEqual(exact);
      expect(counted).toBeLessThanOrEqual(utf8ByteLength(text));
    }
  });

  it('counts up to a limit: exact below it, above it when it stops early', () => {
    const text = mixed.join('').repeat(20);
    const exact = o200kCount(text, plain);
    expect(o200k.countUpTo?.(text, exact)).toBe(exact);
    const partial = o200k.countUpTo?.(text, 50) ?? 0;
    expect(partial).toBeGreaterThan(50);
    expect(partial).toBeLessThan(exact);
  });

  it('counts 100,000 repeated characters (a case that takes seconds when merged)', () => {
    const text = 'a'.repeat(100_000);
    expect(o200k.count(text)).toBe(100_000);
  });

  it('truncates to a prefix that fits, for every kind of text', () => {
    const texts = [
      mixed.join('').repeat(5),
      '😀'.repeat(3000),
      `head ${'z'.repeat(5000)} tail`,
      '战'.repeat(700),
    ];
    for (const text of texts) {
      for (const max of [1, 7, 50, 333]) {
        const cut = o200k.truncate(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(o200k.count(cut)).toBeLessThanOrEqual(max);
        expect(o200kCount(cut, plain)).toBeLessThanOrEqual(max);
      }
    }
    expect(o200k.truncate('short', 100)).toBe('short');
    expect(o200k.truncate('anything', 0)).toBe('');
  });

  it('rejects an unknown encoding', () => {
    expect(() => createTiktokenTokenizer('p50k' as never)).toThrow(/o200k_base/);
  });
});

describe('countChatTokens', () => {
  it('matches the chat encoding: 3 per message + role + content, 3 for the reply', () => {
    const chat = [
      { role: 'system' as const, content: 'You are a careful player.' },
      { role: 'user' as const, content: mixed.filter((text) => !text.includes('<|')).join('') },
      { role: 'assistant' as const, content: 'Play Defend.' },
    ];
    expect(countChatTokens(chat, o200k)).toBe(encodeChat(chat, 'gpt-4o').length);
    expect(countChatTokens([], o200k)).toBe(3);
  });

  it('adds the name and one token for a named message', () => {
    const without = countChatTokens([{ role: 'user', content: 'hi' }], o200k);
    const withName = countChatTokens([{ role: 'user', content: 'hi', name: 'bob' }], o200k);
    expect(withName - without).toBe(o200k.count('bob') + 1);
  });
});

describe('createCachedTokenizer', () => {
  it('returns the same counts and counts an unchanged text only once', () => {
    const cached = createCachedTokenizer(o200k, { maxEntries: 2 });
    const text = mixed.join('');
    expect(cached.count(text)).toBe(o200k.count(text));
    expect(cached.count(text)).toBe(o200k.count(text));
    expect(cached.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('answers fits() from the byte bound or the exact count', () => {
    const cached = createCachedTokenizer(o200k);
    expect(cached.fits('hello world, this is short', 100)).toBe(true);
    expect(cached.stats.misses).toBe(0);
    const long = 'word '.repeat(100);
    const exact = o200k.count(long);
    expect(cached.fits(long, exact)).toBe(true);
    expect(cached.fits(long, exact - 1)).toBe(false);
  });
});

describe('createApproximateTokenizer', () => {
  it('over-counts by its margin and truncates within the limit', () => {
    const approx = createApproximateTokenizer({ margin: 1.5 });
    const text = mixed.join('').repeat(3);
    expect(approx.exact).toBe(false);
    expect(approx.count(text)).toBe(Math.ceil(o200k.count(text) * 1.5));
    const cut = approx.truncate(text, 40);
    expect(approx.count(cut)).toBeLessThanOrEqual(40);
    expect(text.startsWith(cut)).toBe(true);
  });

  it('calibrates: rises at once to cover reported usage, falls slowly', () => {
    const approx = createApproximateTokenizer({ margin: 1.1, headroom: 1 });
    const ours = approx.count('x '.repeat(100));
    const base = ours / 1.1;
    approx.calibrate(Math.round(base * 1.3), ours);
    expect(approx.margin).toBeCloseTo(1.3, 1);
    const before = approx.margin;
    approx.calibrate(Math.round(base), approx.count('x '.repeat(100)));
    expect(approx.margin).toBeLessThan(before);
    expect(approx.margin).toBeGreaterThan(1.2);
    expect(() => approx.calibrate(0, 10)).toThrow(/positive/);
  });
});
