import {
  type ChatModel,
  createLessonExtractor,
  createStateExtractor,
  createSummarizer,
  type JsonValue,
  type TranscriptEntry,
} from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import type { ExtractionQueue } from './extraction-queue.js';
import type { ExtractionConfig, LessonsConfig, SummaryConfig } from './gateway-config.js';
import type { GatewayMetrics } from './gateway-metrics.js';
import type { GatewaySessions, LoadedSession, SessionSettings } from './gateway-sessions.js';
import type { MemoryLayers } from './memory-layers.js';

/** A tenant's async extraction settings: each part absent is off. */
export interface TenantExtraction {
  extraction?: ExtractionConfig;
  summary?: SummaryConfig;
  lessons?: LessonsConfig;
}

/** The reply that may trigger extraction, and who it belongs to. */
export interface ReplyContext {
  tenant: string;
  sessionKey: string;
  settings: SessionSettings;
  config: TenantExtraction;
  upstreamApiKey: string | undefined;
  /** The client's model: extraction calls use it unless the config names another. */
  model: string;
  /** Turns the reply's request left out of the window (the summary waits for them by default). */
  turnsDropped: number;
  /** The session as stored after the reply. */
  session: LoadedSession;
  /** The transition the client named (`x-strata-event`), if any. */
  event?: string | undefined;
}

/** A structured log line's sink (the gateway's pino logger). */
export interface ExtractionLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Options of `createSessionExtraction`. */
export interface SessionExtractionOptions {
  sessions: GatewaySessions;
  layers: MemoryLayers;
  queue: ExtractionQueue;
  metrics: GatewayMetrics;
  /** A ChatModel on the upstream for one tenant's key and one model name. */
  modelFor(model: string, apiKey: string | undefined): ChatModel;
  log: ExtractionLog;
}

type Kind = 'state' | 'summary' | 'lessons';

const newTurns = (session: LoadedSession, through: number) => Math.max(0, session.turnCount - through);

/** The newest `count` stored turns as the extractors read them (tool calls shown by name). */
function transcriptOf(session: LoadedSession, count: number): TranscriptEntry[] {
  const turns = count <= 0 ? [] : session.snapshot.turns.slice(-count);
  return turns.map((turn) => {
    const calls = turn.toolCalls?.map((call) => `${call.function.name}(${call.function.arguments})`) ?? [];
    const content = calls.length > 0 ? `${turn.content}\n[tool calls: ${calls.join(', ')}]` : turn.content;
    return { role: turn.role, content };
  });
}

/** Which extractions are due for a session, by the tenant's settings and the reply's window. */
function dueKinds(
  session: LoadedSession,
  config: TenantExtraction,
  turnsDropped: number,
  events: ReadonlySet<string>,
): Kind[] {
  const due: Kind[] = [];
  const memory = session.memory;
  const transition = (on: readonly string[], through: number) =>
    newTurns(session, through) > 0 && on.some((event) => events.has(event));
  if (config.extraction && newTurns(session, memory.stateThrough) >= config.extraction.every)
    due.push('state');
  if (
    config.summary &&
    (transition(config.summary.on, memory.summaryThrough) ||
      (newTurns(session, memory.summaryThrough) >= config.summary.every &&
        (config.summary.when === 'always' || turnsDropped > 0)))
  )
    due.push('summary');
  if (
    config.lessons &&
    (transition(config.lessons.on, memory.lessonsThrough) ||
      newTurns(session, memory.lessonsThrough) >= config.lessons.every)
  )
    due.push('lessons');
  return due;
}

/**
 * Async extraction, after a reply and off the request path: a job re-reads the session, asks the
 * upstream (the core's state extractor, summarizer and lesson extractor) and applies what came back
 * with the session's compare-and-swap. Model output that is not a valid patch, summary or lesson list
 * is rejected with its code (MODEL_OUTPUT_INVALID, STATE_PATCH_INVALID), logged and counted; the
 * session is left as it was and the same turns are tried again after `every` more.
 */
export function createSessionExtraction(options: SessionExtractionOptions) {
  const { sessions, layers, queue, metrics, log } = options;
  // Turn count of the last failure per kind and session: not retried before `every` more turns.
  const failedAt = new Map<string, number>();
  // Transitions named since a session's waiting job was queued: a coalesced trigger must not lose its event.
  const pendingEvents = new Map<string, Set<string>>();
  const queueKey = (context: ReplyContext) => `${context.tenant}\u0000${context.sessionKey}`;

  const failureKey = (context: ReplyContext, kind: Kind) =>
    `${context.tenant}\u0000${context.sessionKey}\u0000${kind}`;

  const everyOf = (config: TenantExtraction, kind: Kind) =>
    (kind === 'state' ? config.extraction?.every : config[kind]?.every) ?? 1;

  const notFailedRecently = (context: ReplyContext, session: LoadedSession, kind: Kind) => {
    const at = failedAt.get(failureKey(context, kind));
    return at === undefined || session.turnCount - at >= everyOf(context.config, kind);
  };

  const fail = (context: ReplyContext, session: LoadedSession, kind: Kind, error: unknown) => {
    const key = failureKey(context, kind);
    failedAt.delete(key);
    failedAt.set(key, session.turnCount);
    if (failedAt.size > 10_000) failedAt.delete(failedAt.keys().next().value as string);
    metrics.extractionJobs.inc({ kind, result: 'failed' });
    const code = StrataError.is(error) ? error.code : 'EXTRACTION_FAILED';
    log.warn(
      {
        code,
        kind,
        tenant: context.tenant,
        session: context.sessionKey,
        turn: session.turnCount,
        // The gateway's own message: upstream keys are redacted from upstream errors.
        reason: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      },
      `extraction rejected (${code}); the session is unchanged`,
    );
  };

  const run = async (
    context: ReplyContext,
    kind: Kind,
    session: LoadedSession,
    events: ReadonlySet<string>,
  ) => {
    const { config } = context;
    const modelName = (kind === 'state' ? config.extraction?.model : config[kind]?.model) ?? context.model;
    const model = options.modelFor(modelName, context.upstreamApiKey);
    const on = kind === 'state' ? [] : (config[kind]?.on ?? []);
    const event = on.find((name) => events.has(name)) ?? 'chat-turns';
    const input = { event, step: session.turnCount, sessionId: context.sessionKey };
    if (kind === 'state' && config.extraction) {
      const extractor = createStateExtractor({
        model,
        maxTokens: config.extraction.maxTokens,
        ...(config.extraction.instructions ? { instructions: config.extraction.instructions } : {}),
      });
      const count = Math.min(config.extraction.turns, newTurns(session, session.memory.stateThrough));
      const output = await extractor.run({
        ...input,
        layers: { state: session.state as JsonValue },
        transcript: transcriptOf(session, count),
      });
      await sessions.applyExtraction(context.tenant, context.sessionKey, context.settings, {
        statePatch: output.statePatch,
        stateThrough: session.turnCount,
      });
      metrics.stateUpdates.inc({ result: 'extracted' });
    } else if (kind === 'summary' && config.summary) {
      const summarizer = createSummarizer({
        model,
        // The rewrite is asked to fit its layer; a longer one is cut there, with a visible marker.
        maxTokens: Math.max(32, config.summary.budget - 40),
        ...(config.summary.instructions ? { instructions: config.summary.instructions } : {}),
      });
      const output = await summarizer.run({
        ...input,
        layers: { summary: session.memory.summary },
        transcript: transcriptOf(session, newTurns(session, session.memory.summaryThrough)),
      });
      await sessions.applyExtraction(context.tenant, context.sessionKey, context.settings, {
        summary: output.summary,
        summaryThrough: session.turnCount,
      });
    } else if (kind === 'lessons' && config.lessons) {
      const extractor = createLessonExtractor({
        model,
        maxLessons: config.lessons.maxPerExtraction,
        ...(config.lessons.instructions ? { instructions: config.lessons.instructions } : {}),
      });
      const output = await extractor.run({
        ...input,
        transcript: transcriptOf(session, newTurns(session, session.memory.lessonsThrough)),
      });
      await layers.addLessons(context.tenant, config.lessons, output.lessons);
      await sessions.applyExtraction(context.tenant, context.sessionKey, context.settings, {
        lessonsThrough: session.turnCount,
      });
    }
    metrics.extractionJobs.inc({ kind, result: 'done' });
  };

  const job = (context: ReplyContext) => async () => {
    const events = pendingEvents.get(queueKey(context)) ?? new Set<string>();
    pendingEvents.delete(queueKey(context));
    // The session as it is now: a job that waited covers the turns added meanwhile.
    const session = await sessions.load(context.tenant, context.sessionKey, context.settings);
    const kinds = dueKinds(session, context.config, context.turnsDropped, events).filter((kind) =>
      notFailedRecently(context, session, kind),
    );
    for (const kind of kinds) {
      // Each kind reads the session afresh: the state patch must see the summary job's commit and vice versa.
      const current =
        kind === kinds[0]
          ? session
          : await sessions.load(context.tenant, context.sessionKey, context.settings);
      try {
        await run(context, kind, current, events);
        failedAt.delete(failureKey(context, kind));
      } catch (error) {
        fail(context, current, kind, error);
      }
    }
  };

  return {
    /** Queues the extractions due after a reply (nothing when none is due). */
    afterReply(context: ReplyContext): void {
      const events = new Set(context.event !== undefined ? [context.event] : []);
      const due = dueKinds(context.session, context.config, context.turnsDropped, events).filter((kind) =>
        notFailedRecently(context, context.session, kind),
      );
      if (due.length === 0) return;
      const key = queueKey(context);
      // Recorded first: a job may start within enqueue, and it takes the events as it starts.
      if (context.event !== undefined) {
        const known = pendingEvents.get(key) ?? new Set<string>();
        known.add(context.event);
        pendingEvents.set(key, known);
      }
      const outcome = queue.enqueue(key, job(context));
      if (outcome === 'refused') {
        pendingEvents.delete(key);
        metrics.extractionJobs.inc({ kind: due.join('+'), result: 'refused' });
      }
    },
  };
}

/** The extraction `createSessionExtraction` returns. */
export type SessionExtraction = ReturnType<typeof createSessionExtraction>;
