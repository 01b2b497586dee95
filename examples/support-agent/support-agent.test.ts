import type { LessonsLayer, WindowLayer } from '@strata-memory/strata';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_DOCS } from './product-docs.js';
import { runSupportAgentExample, type SupportAgentRun } from './support-agent.js';
import { TICKETS } from './tickets.js';

describe('support-agent example', () => {
  let run: SupportAgentRun;
  beforeAll(async () => {
    run = await runSupportAgentExample();
  });

  it('keeps every call within the budget, and the reported count matches a recount of the messages', () => {
    const turns = TICKETS.reduce((sum, ticket) => sum + ticket.customerTurns.length, 0);
    expect(run.calls).toHaveLength(turns + TICKETS.length);
    for (const call of run.calls) {
      expect(call.tokens).toBeLessThanOrEqual(call.budget);
      expect(call.recounted).toBe(call.tokens);
      const layerSum = call.layers.reduce((sum, layer) => sum + layer.tokens, 0);
      expect(layerSum).toBeLessThanOrEqual(call.tokens);
    }
    // The budget is tight enough that the knowledge layer had to give way at least once.
    expect(run.calls.some((call) => call.layers.find((layer) => layer.name === 'docs')?.dropped)).toBe(true);
  });

  it('empties the ticket window when the ticket closes, and refills it with the next ticket only', () => {
    for (const call of run.calls) {
      const window = call.layers.find((layer) => layer.name === 'ticket');
      if (call.phase === 'after-close') {
        expect(window).toMatchObject({ tokens: 0, items: 0 });
      } else {
        expect(window?.items).toBeGreaterThan(0);
        for (const id of window?.kept ?? []) expect(id.startsWith(`${call.ticketId}/`)).toBe(true);
      }
    }
    expect(run.memory.layer<WindowLayer>('ticket').events).toEqual([]);
  });

  it('retrieves the product doc that matches the ticket topic, best first', () => {
    for (const call of run.calls.filter((entry) => entry.phase === 'turn')) {
      const docs = call.layers.find((layer) => layer.name === 'docs');
      expect(docs?.kept[0]).toBe(call.expectedDoc);
      // Keys in play restrict retrieval to the customer's product.
      const ticket = TICKETS.find((entry) => entry.id === call.ticketId);
      for (const key of docs?.kept ?? []) {
        expect(PRODUCT_DOCS.find((doc) => doc.key === key)?.tags).toContain(ticket?.product);
      }
    }
  });

  it('overwrites the customer summary when a ticket opens', () => {
    expect(run.memory.layer('customer').snapshot()).toMatchObject({
      text: expect.stringContaining('Dev Patel'),
    });
  });

  it('adds each lesson once even though one extraction was retried after a garbage answer', async () => {
    const retried = TICKETS.filter((ticket) => ticket.garbageFirst).map((ticket) => ticket.id);
    expect(retried.length).toBeGreaterThan(0);
    for (const id of retried) expect(run.extractionAttempts[id]).toBe(2);
    expect(run.events).toContain('extraction-retried');
    expect(run.memory.extractionFailures).toEqual([]);

    const lessons = run.memory.layer<LessonsLayer>('lessons');
    const texts = lessons.lessons.map((lesson) => lesson.text);
    expect(new Set(texts).size).toBe(texts.length);
    // Every distinct proposal landed once; the near-duplicate proposal of a later ticket did not.
    const proposed = run.extractions.flatMap((extraction) =>
      extraction.output.lessons.map((lesson) => lesson.text),
    );
    expect(proposed.length).toBeGreaterThan(texts.length);
    for (const text of texts) expect(proposed).toContain(text);
    for (const lesson of lessons.lessons) {
      expect(lesson.provenance).toMatchObject({ source: 'extractor:lessons', event: 'ticket-closed' });
    }

    // Applying a recorded extraction again (what a retry after a crash does) adds nothing.
    const before = lessons.lessons.length;
    for (const extraction of run.extractions) {
      await lessons.applyExtraction?.(extraction.output, {
        extractor: 'lessons',
        event: 'ticket-closed',
        step: extraction.input.step,
        sessionId: extraction.input.sessionId,
        provenance: { source: 'extractor:lessons', createdAt: 0 },
      });
    }
    expect(lessons.lessons.length).toBe(before);
  });

  it('rejects a state patch that breaks the ticket schema and keeps the old state', () => {
    expect(run.rejectedPatch).toEqual({ code: 'STATE_PATCH_INVALID', statusAfter: 'waiting-on-customer' });
    expect(run.memory.layer('fields').snapshot()).toMatchObject({
      state: { ticketId: TICKETS.at(-1)?.id, status: 'closed' },
    });
  });
});
