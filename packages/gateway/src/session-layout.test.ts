import type { ChatContextSnapshot, JsonValue, SessionRecord } from '@strata-memory/strata';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeSession,
  encodeSession,
  HEAD_LAYER,
  type SessionData,
  type StoredMarks,
  TURN_CHUNK,
} from './session-layout.js';

type Turn = ChatContextSnapshot['turns'][number];

/** A session's data after `count` turns added with a window of `keep` (as the chat context keeps them). */
function sessionAfter(
  count: number,
  keep: number,
  seenKeep: number,
  extra: Partial<SessionData> = {},
): SessionData {
  const all: Turn[] = Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `turn ${index}`,
  }));
  const seen = Array.from({ length: count }, (_, index) => `h${index}`);
  return {
    system: 'sys',
    calls: Math.ceil(count / 2),
    chat: {
      version: 1,
      state: { n: count },
      turns: keep === 0 ? [] : all.slice(-keep),
      turnCount: count,
      turnsSinceExtraction: 0,
    },
    seen: seen.slice(-seenKeep),
    seenTotal: count,
    ...extra,
  };
}

/** A store's merge of commits: layers not written keep their value. */
function recordOf(layers: Map<string, JsonValue>): SessionRecord {
  return {
    sessionId: 's',
    namespace: 'n',
    step: 0,
    layers: Object.fromEntries(layers),
    meta: {},
    updatedAt: 0,
    version: 1,
  };
}

describe('gateway session layout', () => {
  it('writes the head and only the chunks of new turns and hashes; reads back every version whole', () => {
    const stored = new Map<string, JsonValue>();
    let marks: StoredMarks | undefined;
    const written: number[] = [];
    for (let count = 0; count <= 400; count += 2) {
      const data = sessionAfter(count, 200, 4096);
      const commit = encodeSession(data, marks, 200, 4096);
      for (const [name, value] of Object.entries(commit.layers)) stored.set(name, value);
      marks = commit.marks;
      written.push(Object.keys(commit.layers).length);
      expect(decodeSession(recordOf(stored))).toEqual({ data, marks });
    }
    // The head, plus a chunk of turns or of hashes only when one fills: never a row per open chunk.
    expect(Math.max(...written.slice(1))).toBeLessThanOrEqual(3);
    const commits = written.length - 1;
    const rows = written.slice(1).reduce((sum, count) => sum + count, 0);
    expect(rows).toBeLessThan(commits * 1.25);
    // The slots are reused: the rows stay bounded (200 turns in 16s, 4,096 hashes in 32s, plus one each).
    expect(stored.size).toBeLessThanOrEqual(1 + Math.ceil(200 / TURN_CHUNK) + 1 + Math.ceil(400 / 32));
  });

  it('reads any sequence of commits back as the last one (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 100 }),
        (steps, keep, seenKeep) => {
          const stored = new Map<string, JsonValue>();
          let marks: StoredMarks | undefined;
          let count = 0;
          for (const step of steps) {
            count += step;
            const data = sessionAfter(count, keep, seenKeep);
            const commit = encodeSession(data, marks, keep, seenKeep);
            for (const [name, value] of Object.entries(commit.layers)) stored.set(name, value);
            marks = commit.marks;
            expect(decodeSession(recordOf(stored))?.data).toEqual(data);
          }
        },
      ),
    );
  });

  it('lays the whole session out again for a larger window, and reads the earlier one-layer sessions', () => {
    const stored = new Map<string, JsonValue>();
    const small = encodeSession(sessionAfter(40, 20, 64), undefined, 20, 64);
    for (const [name, value] of Object.entries(small.layers)) stored.set(name, value);
    const larger = sessionAfter(42, 20, 64);
    const again = encodeSession(larger, small.marks, 100, 64);
    expect(again.marks.turnSlots).toBeGreaterThan(small.marks.turnSlots);
    for (const [name, value] of Object.entries(again.layers)) stored.set(name, value);
    expect(decodeSession(recordOf(stored))?.data).toEqual(larger);

    const { seenTotal: _total, ...legacy } = sessionAfter(6, 200, 4096);
    const old = decodeSession(recordOf(new Map([[HEAD_LAYER, legacy as unknown as JsonValue]])));
    expect(old).toEqual({ data: sessionAfter(6, 200, 4096), marks: undefined });
    expect(decodeSession(undefined)).toBeUndefined();
  });

  it('reads a layout-2 session (open chunks in rows of their own) and commits over it in this layout', () => {
    // Layout 2 as the gateway wrote it before 5 Dec 2026: every chunk with a kept item in its row.
    const layout2 = (data: SessionData, keep: number, seenKeep: number) => {
      const layers = new Map<string, JsonValue>();
      const turnSlots = Math.ceil(Math.max(1, keep) / TURN_CHUNK) + 1;
      const seenSlots = Math.ceil(Math.max(1, seenKeep) / 32) + 1;
      const chunks = (prefix: string, size: number, slots: number, items: unknown[], total: number) => {
        const start = total - items.length;
        for (let chunk = Math.floor(start / size); chunk * size < total; chunk += 1) {
          const from = Math.max(chunk * size, start);
          const to = Math.min(chunk * size + size, total);
          layers.set(`${prefix}${chunk % slots}`, {
            from,
            items: items.slice(from - start, to - start) as JsonValue[],
          });
        }
      };
      chunks('gateway/turns/', TURN_CHUNK, turnSlots, data.chat.turns, data.chat.turnCount);
      chunks('gateway/seen/', 32, seenSlots, data.seen, data.seenTotal);
      layers.set(HEAD_LAYER, {
        layout: 2,
        system: data.system,
        calls: data.calls,
        state: data.chat.state,
        turnCount: data.chat.turnCount,
        turnsSinceExtraction: data.chat.turnsSinceExtraction,
        turns: data.chat.turns.length,
        seenTotal: data.seenTotal,
        seen: data.seen.length,
        turnSlots,
        seenSlots,
      });
      return layers;
    };
    for (const count of [0, 6, 16, 20, 47, 64]) {
      const stored = layout2(sessionAfter(count, 40, 100), 40, 100);
      const read = decodeSession(recordOf(stored));
      expect(read?.data).toEqual(sessionAfter(count, 40, 100));
      let marks = read?.marks;
      for (const next of [count + 2, count + 20]) {
        const data = sessionAfter(next, 40, 100);
        const commit = encodeSession(data, marks, 40, 100);
        for (const [name, value] of Object.entries(commit.layers)) stored.set(name, value);
        marks = commit.marks;
        expect(decodeSession(recordOf(stored))).toEqual({ data, marks });
      }
    }
  });

  it('refuses a session whose chunk is missing or stale with STORE_CORRUPT', () => {
    const data = sessionAfter(40, 200, 4096);
    const { layers } = encodeSession(data, undefined, 200, 4096);
    const missing = new Map(Object.entries(layers));
    missing.delete('gateway/turns/1');
    expect(() => decodeSession(recordOf(missing))).toThrow(
      expect.objectContaining({ code: 'STORE_CORRUPT' }),
    );
    const stale = new Map(Object.entries(layers));
    stale.set('gateway/turns/1', { from: 0, items: [] });
    expect(() => decodeSession(recordOf(stale))).toThrow(expect.objectContaining({ code: 'STORE_CORRUPT' }));
    const head = layers[HEAD_LAYER] as Record<string, JsonValue>;
    const newer = new Map(Object.entries(layers));
    newer.set(HEAD_LAYER, { ...head, layout: 4 });
    expect(() => decodeSession(recordOf(newer))).toThrow(
      expect.objectContaining({
        code: 'STORE_CORRUPT',
        message: expect.stringContaining('upgrade every replica'),
      }),
    );
    const shortOpen = new Map(Object.entries(layers));
    shortOpen.set(HEAD_LAYER, { ...head, openTurns: { from: 32, items: [] } });
    expect(() => decodeSession(recordOf(shortOpen))).toThrow(
      expect.objectContaining({ code: 'STORE_CORRUPT' }),
    );
  });
});
