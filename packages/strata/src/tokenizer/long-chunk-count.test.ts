import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { countTokens as cl100kCount } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200kCount, encode as o200kEncode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { ObservationLayer } from '../layers/observation-layer.js';
import type { SummaryLayer } from '../layers/summary-layer.js';
import { createMemory } from '../memory/memory.js';
import type { ChatMessage } from '../model/chat-model.js';
import { createTiktokenTokenizer, MAX_MERGED_CHUNK_BYTES } from './tiktoken-tokenizer.js';
import { utf8ByteLength } from './utf8-length.js';

const plain = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
const o200k = createTiktokenTokenizer('o200k_base');
const cl100k = createTiktokenTokenizer('cl100k_base');

/** 1,200 hex-like characters without digits: one pre-tokenizer chunk of 1,200 bytes. */
const letterHex = randomBytes(600)
  .toString('hex')
  .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)] as string);

// Runs the pre-tokenizer keeps in one chunk (letters, marks, CJK), in every shape that merges oddly.
const longRun = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), minLength: 385, maxLength: 1500 }),
  fc.string({ unit: fc.constantFrom('x', 'y'), minLength: 385, maxLength: 1500 }),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom('a', 'b', 'Q', 'z'), minLength: 1, maxLength: 7 }),
      fc.integer({ min: 60, max: 400 }),
    )
    .map(([unit, repeat]) => unit.repeat(repeat)),
  fc.string({ unit: fc.constantFrom('战', '斗', '結', '束', 'ア', 'é'), minLength: 130, maxLength: 600 }),
  fc.string({ unit: fc.constantFrom('=', '+', '/', '-', '_'), minLength: 385, maxLength: 1200 }),
  fc.uint8Array({ minLength: 300, maxLength: 900 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc.uint8Array({ minLength: 200, maxLength: 700 }).map((bytes) => Buffer.from(bytes).toString('hex')),
);

/** The request's token ids with <|im_start|>/<|im_sep|>/<|im_end|> as placeholders (the framing rule). */
function requestTokens(messages: readonly ChatMessage[]): number[] {
  const ids: number[] = [];
  for (const message of messages) {
    ids.push(-1, ...o200kEncode(message.role, plain), -2, ...o200kEncode(message.content, plain), -3);
  }
  return ids;
}

describe('long spaceless runs', () => {
  it('counts a 1,200-character hex-like run exactly (was 1 token per byte)', () => {
    const exact = o200kCount(letterHex, plain);
    expect(exact).toBeLessThan(800);
    expect(o200k.count(letterHex)).toBe(exact);
    expect(o200k.count(`key: ${letterHex}\n`)).toBe(o200kCount(`key: ${letterHex}\n`, plain));
  });

  it('counts long runs exactly, never under, against the real encoder (property)', () => {
    fc.assert(
      fc.property(longRun, fc.constantFrom('', 'id=', ' ', '\n'), (run, prefix) => {
        const text = `${prefix}${run} end`;
        expect(o200k.count(text)).toBe(o200kCount(text, plain));
        expect(cl100k.count(text)).toBe(cl100kCount(text, plain));
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('truncates inside a long run to a prefix that fits', () => {
    for (const max of [1, 50, 333]) {
      const cut = o200k.truncate(`head ${letterHex} tail`, max);
      expect(`head ${letterHex} tail`.startsWith(cut)).toBe(true);
      expect(o200kCount(cut, plain)).toBeLessThanOrEqual(max);
      expect(cut.length).toBeGreaterThan(max);
    }
  });

  it('keeps the byte bound (an upper bound) for chunks too long to merge', () => {
    const text = 'q'.repeat(MAX_MERGED_CHUNK_BYTES + 1);
    expect(o200k.count(text)).toBe(utf8ByteLength(text));
  });

  it('reports stablePrefixTokens as a lower bound of the truly shared tokens with a hex blob', async () => {
    const memory = createMemory({
      budget: 4000,
      layers: [
        { kind: 'summary', budget: 1500 },
        { kind: 'observation', budget: 500 },
      ],
    });
    memory.layer<SummaryLayer>('summary').set(`Session key ${letterHex}`);
    memory.layer<ObservationLayer<string>>('observation').set('turn one');
    const first = await memory.assemble();
    memory.layer<SummaryLayer>('summary').set(`Session key ${letterHex.slice(0, 600)}changed`);
    memory.layer<ObservationLayer<string>>('observation').set('turn two');
    const second = await memory.assemble();
    const before = requestTokens(first.messages);
    const after = requestTokens(second.messages);
    let shared = 0;
    while (shared < before.length && before[shared] === after[shared]) shared += 1;
    expect(second.stablePrefixTokens).toBeLessThanOrEqual(shared);
    expect(second.tokens).toBe(3 + after.length);
  });
});
