import { describe, expect, it, vi } from 'vitest';
import { createCachedTokenizer } from '../tokenizer/cached-tokenizer.js';
import { renderListItem } from './escape-untrusted.js';
import { fitRequest, testTokenizer } from './test-request.js';
import { createWindowLayer } from './window-layer.js';

// The real renderer, wrapped to count how many lines the window renders.
vi.mock(import('./escape-untrusted.js'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, renderListItem: vi.fn(actual.renderListItem) };
});

describe('window layer', () => {
  it('keeps the newest events that fit, shown oldest first, and reports the rest', () => {
    const window = createWindowLayer({ maxEvents: 10 });
    for (let index = 0; index < 8; index += 1) window.append(`event number ${index} with some words`);
    const fit = window.fit(fitRequest(40));
    expect(fit.kept.length).toBeGreaterThan(0);
    expect(fit.kept.length).toBeLessThan(8);
    expect(fit.kept[0]).toBe('e8'); // preference order: newest first
    expect(fit.dropped.every((item) => item.reason === 'layer-budget')).toBe(true);
    // The first event that did not fit is listed; older ones are counted, not listed.
    expect(fit.dropped).toHaveLength(1);
    const listed = [...fit.kept, ...fit.dropped.map((item) => item.id)];
    expect(fit.omitted).toEqual({ count: 8 - listed.length, reason: 'layer-budget' });
    expect(listed.sort()).toEqual(
      window.events
        .slice(8 - listed.length)
        .map((event) => event.id)
        .sort(),
    );
    const lines = fit.section.split('\n').filter((line) => line.startsWith('- '));
    expect(lines.at(-1)).toContain('event number 7');
    expect(fit.tokens).toBe(testTokenizer.count(`${fit.section}\n\n`));
    expect(fit.tokens).toBeLessThanOrEqual(40);
  });

  it('forgets events beyond maxEvents and clears on reset, declaring its reset event', () => {
    const window = createWindowLayer({ maxEvents: 3, resetOn: 'combat-end' });
    for (let index = 0; index < 5; index += 1) window.append(`e${index}`);
    expect(window.events.map((event) => event.text)).toEqual(['e2', 'e3', 'e4']);
    expect(window.bindings).toEqual([{ event: 'combat-end', action: 'reset' }]);
    window.reset();
    expect(window.events).toEqual([]);
    expect(window.fit(fitRequest(100)).section).toBe('');
  });

  it('truncates a single event larger than the layer, with a visible marker', () => {
    const window = createWindowLayer();
    window.append('word '.repeat(500));
    const fit = window.fit(fitRequest(50));
    expect(fit.truncated).toHaveLength(1);
    expect(fit.section).toContain('[…truncated]');
    expect(testTokenizer.count(`${fit.section}\n\n`)).toBeLessThanOrEqual(50);
  });

  it('reads only the newest events that can fit, however many are stored', () => {
    const counted = { texts: 0 };
    const tokenizer = {
      ...testTokenizer,
      countUpTo(text: string, limit: number) {
        counted.texts += 1;
        return testTokenizer.countUpTo(text, limit);
      },
    };
    const examined = (events: number): number => {
      const window = createWindowLayer({ maxEvents: events });
      for (let index = 0; index < events; index += 1) window.append('an event with some words');
      counted.texts = 0;
      const fit = window.fit(fitRequest(120, { tokenizer }));
      expect(fit.kept.length + fit.dropped.length + (fit.omitted?.count ?? 0)).toBe(events);
      expect(fit.dropped.length).toBeLessThanOrEqual(1);
      return counted.texts;
    };
    const small = examined(50);
    expect(examined(5_000)).toBe(small);
  });

  it('renders one line per append and counts the same lines per fit at 20 and 2,000 stored events', () => {
    // Five-digit numbers: every line has the same token count, so both windows show as many lines.
    const event = (index: number): string => `event ${10_000 + index} with some words`;
    const workPerAppend = (stored: number) => {
      const window = createWindowLayer({ maxEvents: stored });
      for (let index = 0; index < stored; index += 1) window.append(event(index));
      const tokenizer = createCachedTokenizer(testTokenizer.inner);
      window.fit(fitRequest(120, { tokenizer })); // the shown lines counted once
      const rendered = vi.mocked(renderListItem).mock.calls.length;
      const before = { ...tokenizer.stats };
      const appends = 10;
      let shown = 0;
      for (let index = 0; index < appends; index += 1) {
        window.append(event(stored + index));
        shown += window.fit(fitRequest(120, { tokenizer })).kept.length;
      }
      return {
        rendered: (vi.mocked(renderListItem).mock.calls.length - rendered) / appends,
        shown: shown / appends,
        lookups: (tokenizer.stats.hits + tokenizer.stats.misses - before.hits - before.misses) / appends,
        fresh: (tokenizer.stats.misses - before.misses) / appends,
      };
    };
    const small = workPerAppend(20);
    const large = workPerAppend(2_000);
    // The budget caps both: the same lines shown, each rendered once at its append, counted afresh
    // once (the new line), and looked up once per fit while in view (plus the overhead and the miss).
    expect(small.shown).toBeGreaterThan(3);
    expect(small.shown).toBeLessThan(20);
    expect(large).toEqual(small);
    expect(small.rendered).toBe(1);
    expect(small.fresh).toBe(1);
    expect(small.lookups).toBeLessThanOrEqual(small.shown + 3);
  });

  it('keeps the newest maxEvents events in order across many wraps of its ring', () => {
    const window = createWindowLayer({ maxEvents: 7 });
    for (let index = 0; index < 100; index += 1) window.append(`n${index}`);
    expect(window.events.map((event) => event.text)).toEqual(
      Array.from({ length: 7 }, (_, index) => `n${93 + index}`),
    );
    const fit = window.fit(fitRequest(500));
    expect(fit.kept).toEqual(['e100', 'e99', 'e98', 'e97', 'e96', 'e95', 'e94']);
    expect(fit.section.split('\n').slice(1, -1)).toEqual(
      Array.from({ length: 7 }, (_, index) => `- n${93 + index}`),
    );
  });

  it('round-trips through snapshot and restore', () => {
    const window = createWindowLayer();
    window.append('first');
    window.append({ text: 'second', id: 'custom' });
    const copy = createWindowLayer();
    copy.restore(window.snapshot());
    expect(copy.events).toEqual(window.events);
    expect(copy.append('third')).toBe('e3');
  });
});
