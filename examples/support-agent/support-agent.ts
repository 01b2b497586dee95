import {
  createInMemoryStore,
  createInMemoryTelemetrySink,
  createLessonExtractor,
  createMemory,
  type Extractor,
  type ExtractorInput,
  type LessonsLayer,
  type LessonsOutput,
  type Memory,
  type StateLayer,
  StrataError,
  type WindowLayer,
} from '@strata-memory/strata';
import { createFakeChatModel } from '@strata-memory/strata/testing';
import { z } from 'zod';
import { type CallRecord, recordCall } from '../shared/call-record.js';
import { PRODUCT_DOCS } from './product-docs.js';
import { TICKETS, type Ticket } from './tickets.js';

/** The ticket fields the agent keeps in its state layer, validated on every merge patch. */
export const ticketStateSchema = z.object({
  ticketId: z.string().optional(),
  status: z.enum(['none', 'open', 'waiting-on-customer', 'closed']),
  priority: z.enum(['low', 'normal', 'high']).optional(),
  product: z.string().optional(),
  turns: z.number().int().min(0),
  // Merge patches delete a key set to null (RFC 7396), so fields a ticket may lack are optional.
  resolution: z.string().optional(),
});

const SYSTEM =
  'You are the support agent of Acme Home Office. Answer the customer in the current ticket using the product docs. Be brief and concrete; never ask for a full card number.';

export const SUPPORT_BUDGET = 480;

/** One lesson extraction as it ran: the ticket, the model attempts it took, what it proposed. */
export interface SupportExtraction {
  ticketId: string;
  input: ExtractorInput;
  output: LessonsOutput;
}

export interface SupportAgentRun {
  /** Every assembled call, in order: one per customer turn, plus one right after each ticket closed. */
  calls: Array<CallRecord & { ticketId: string; phase: 'turn' | 'after-close'; expectedDoc: string }>;
  /** Successful lesson extractions (a retried one appears once, after its successful attempt). */
  extractions: SupportExtraction[];
  /** Lesson-extraction model calls per ticket (2 when the first answer was garbage and was retried). */
  extractionAttempts: Record<string, number>;
  /** A state patch the agent proposed that the schema rejected (the old state was kept). */
  rejectedPatch: { code: string; statusAfter: string } | undefined;
  /** Telemetry event names emitted by the memory (retries, applied extractions, transitions). */
  events: string[];
  memory: Memory;
}

/**
 * A customer-support agent on Strata with a fake model, so it runs anywhere:
 * knowledge = product docs, summary = customer profile and issue (overwritten when a ticket opens),
 * window = this ticket's turns (wiped on `ticket-closed`), lessons = resolution patterns extracted
 * after each ticket, state = ticket fields (zod schema + merge patches).
 */
export async function runSupportAgentExample(
  options: { tickets?: readonly Ticket[]; onCall?: (record: CallRecord) => void } = {},
): Promise<SupportAgentRun> {
  const tickets = options.tickets ?? TICKETS;
  const extractionAttempts: Record<string, number> = {};
  const extractions: SupportExtraction[] = [];

  // The model behind the lesson extractor: scripted JSON per ticket, garbage first where asked.
  const lessonModel = createFakeChatModel({
    respond: (request) => {
      const content = request.messages.map((message) => message.content).join('\n');
      const ticketId = /"ticketId":"(T-\d+)"/.exec(content)?.[1] ?? '';
      const ticket = tickets.find((candidate) => candidate.id === ticketId);
      extractionAttempts[ticketId] = (extractionAttempts[ticketId] ?? 0) + 1;
      if (!ticket) return { object: { lessons: [] } };
      if (ticket.garbageFirst && extractionAttempts[ticketId] === 1)
        return 'Sure! Here are some lessons: {lessons: [';
      return { object: { lessons: ticket.lessons } };
    },
  });
  const lessonExtractor = createLessonExtractor({
    model: lessonModel,
    tags: ['support'],
    instructions:
      'Extract at most {max} resolution patterns: what question or fix resolved this kind of ticket, stated so it helps with the next similar ticket. Skip customer-specific details.',
  });
  // Records each successful output so callers can see (and re-apply) exactly what landed.
  const recordingExtractor: Extractor = {
    name: lessonExtractor.name,
    async run(input) {
      const output = await lessonExtractor.run(input);
      const ticketId = (input.payload as { ticketId?: string } | undefined)?.ticketId ?? '';
      extractions.push({ ticketId, input, output });
      return output;
    },
  };

  const telemetry = createInMemoryTelemetrySink();
  const memory = createMemory({
    budget: SUPPORT_BUDGET,
    system: SYSTEM,
    store: createInMemoryStore(),
    namespace: 'support/acme',
    sessionId: 'support-shift-1',
    telemetry,
    layers: [
      {
        kind: 'knowledge',
        name: 'docs',
        entries: PRODUCT_DOCS,
        budget: 300,
        maxResults: 3,
        instructions: 'Product docs for this ticket, best match first:',
      },
      {
        kind: 'summary',
        name: 'customer',
        budget: 90,
        overwriteOn: 'ticket-opened',
        instructions: 'Customer profile and issue:',
      },
      {
        kind: 'lessons',
        name: 'lessons',
        budget: 120,
        capacity: 50,
        instructions: 'Resolution patterns from earlier tickets:',
      },
      {
        kind: 'window',
        name: 'ticket',
        budget: 260,
        maxEvents: 12,
        resetOn: 'ticket-closed',
        instructions: "This ticket's conversation, oldest first:",
      },
      {
        kind: 'state',
        name: 'fields',
        budget: 80,
        schema: ticketStateSchema,
        initial: { status: 'none', turns: 0 },
      },
    ],
    transitions: { 'ticket-closed': [{ extract: recordingExtractor, into: ['lessons'] }] },
    extraction: { baseDelayMs: 5, random: () => 0.5 },
  });

  // The model that writes the agent's replies: scripted in ticket order.
  const replies = tickets.flatMap((ticket) => ticket.agentReplies);
  const agentModel = createFakeChatModel({ responses: replies });

  const ticketWindow = memory.layer<WindowLayer>('ticket');
  const fields = memory.layer<StateLayer<typeof ticketStateSchema>>('fields');
  const calls: SupportAgentRun['calls'] = [];
  let rejectedPatch: SupportAgentRun['rejectedPatch'];

  const call = async (ticket: Ticket, label: string, phase: 'turn' | 'after-close', query: string) => {
    const context = await memory.assemble({ query, keys: [ticket.product] });
    const record = recordCall(label, context, memory.tokenizer);
    calls.push({ ...record, ticketId: ticket.id, phase, expectedDoc: ticket.expectedDoc });
    options.onCall?.(record);
    return context;
  };

  for (const ticket of tickets) {
    await memory.transition('ticket-opened', { summary: `${ticket.profile} Issue: ${ticket.issue}` });
    fields.patch({
      ticketId: ticket.id,
      status: 'open',
      priority: ticket.priority,
      product: ticket.product,
      turns: 0,
      resolution: null,
    });
    for (const [index, message] of ticket.customerTurns.entries()) {
      ticketWindow.append({ id: `${ticket.id}/c${index + 1}`, text: `${ticket.customer}: ${message}` });
      const context = await call(ticket, `${ticket.id} turn ${index + 1}`, 'turn', message);
      const reply = await agentModel.generate({ messages: context.messages });
      ticketWindow.append({ id: `${ticket.id}/a${index + 1}`, text: `Agent: ${reply.text}` });
      fields.patch({ status: 'waiting-on-customer', turns: index + 1 });
    }
    if (rejectedPatch === undefined) {
      // A sloppy tool call: 'solved' is not a status. The patch is rejected and the state kept.
      try {
        fields.patch({ status: 'solved' });
      } catch (error) {
        if (!StrataError.is(error)) throw error;
        rejectedPatch = { code: error.code, statusAfter: fields.state.status };
      }
    }
    fields.patch({ status: 'closed', resolution: ticket.resolution });
    await memory.transition('ticket-closed', { ticketId: ticket.id, resolution: ticket.resolution });
    await call(ticket, `${ticket.id} closed`, 'after-close', 'next ticket in the queue');
    // Between tickets the agent is idle: let the background lesson extraction land, then commit.
    await memory.flush();
    await memory.commit({ lastTicket: ticket.id });
  }

  const events = telemetry.records.flatMap((record) => (record.type === 'event' ? [record.name] : []));
  return { calls, extractions, extractionAttempts, rejectedPatch, events, memory };
}

/** The lessons the run ended with (texts). */
export function lessonTexts(run: SupportAgentRun): string[] {
  return run.memory.layer<LessonsLayer>('lessons').lessons.map((lesson) => lesson.text);
}
