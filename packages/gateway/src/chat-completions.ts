import type { Context, Span } from '@opentelemetry/api';
import {
  type ChatFit,
  countChatMessage,
  createChatContext,
  createUpdateStateTool,
  type JsonValue,
  TOKENS_FOR_REPLY,
  type Tokenizer,
  type ToolCall,
  UPDATE_STATE_TOOL_NAME,
} from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import { z } from 'zod';
import { type MessagesDelta, messagesDelta } from './call-record-messages.js';
import type { CallRecorder } from './call-recorder.js';
import type { GatewayMetrics } from './gateway-metrics.js';
import type {
  CommittedTurn,
  GatewaySessions,
  LoadedSession,
  PlaceLayers,
  SessionSettings,
  SessionTurn,
} from './gateway-sessions.js';
import type { GatewayTracing, UpstreamCallAttributes } from './gateway-tracing.js';
import { type MemoryLayers, type TenantLayers, withPlacedLayers } from './memory-layers.js';
import type { SessionExtraction, TenantExtraction } from './session-extraction.js';
import { type RelayState, relayStreamRound, type StreamedRound } from './sse-relay.js';
import type { Upstream } from './upstream-client.js';
import { type ChatCompletionRequest, systemTextOf, turnsOf } from './wire-message.js';

/** Who is calling and which session (undefined: stateless, budget still enforced). */
export interface CallContext {
  tenant: string;
  sessionKey: string | undefined;
  settings: SessionSettings;
  upstreamApiKey: string | undefined;
  signal?: AbortSignal;
  /** The request's trace context: upstream call spans are its children. */
  traceContext?: Context;
  /** The tenant's summary, lessons and extraction settings (absent: none of them). */
  memory?: TenantLayers & TenantExtraction;
  /** A transition the client named (`x-strata-event`): layers configured `on` it are rewritten after the reply. */
  event?: string;
}

/** One layer of an upstream call: its tokens, and for a placed layer the most it may take. */
export interface LayerTokens {
  name: string;
  tokens: number;
  budget?: number;
}

/**
 * What the inspector shows of one upstream call. Stored as the session's telemetry, where `messages`
 * may be stored as a `messagesDelta` over an earlier call of the session instead (see StoredCallRecord).
 */
export interface CallRecord {
  call: number;
  round: number;
  at: number;
  model: string;
  stream: boolean;
  budget: number;
  tokens: number;
  /** Each layer's tokens as sent; a summary or lessons layer also has its own budget. */
  layers: LayerTokens[];
  turnsKept: number;
  turnsDropped: number;
  stateTruncated: boolean;
  stateOmitted: boolean;
  newestTurnTruncated: boolean;
  messages: JsonValue;
  usage: JsonValue;
  stateUpdates: Array<{ ok: boolean; error?: string }>;
}

/**
 * A call record as the session's telemetry holds it: `messages` whole, or (most calls) `messagesDelta`,
 * the parts that differ from an earlier call record of the session (the inspector puts them together).
 */
export type StoredCallRecord = Omit<CallRecord, 'messages'> &
  (
    | { messages: JsonValue; messagesDelta?: undefined }
    | { messages?: undefined; messagesDelta: MessagesDelta }
  );

/** Records in a row a session's deltas may chain through before one is stored whole again. */
const MAX_DELTA_CHAIN = 32;
/** Sessions whose last call record a process keeps to write the next one as a delta. */
const MAX_DELTA_SESSIONS = 1000;

export interface ChatCompletionsDependencies {
  sessions: GatewaySessions;
  /** Where the call records for the inspector go (written off the request path). */
  recorder: CallRecorder;
  upstream: Upstream;
  tokenizer: Tokenizer;
  metrics: GatewayMetrics;
  /** Spans of upstream calls (no-ops without a tracer provider). */
  tracing: GatewayTracing;
  /** The upstream's origin, for the spans' server.address and server.port. */
  upstreamOrigin: URL;
  /** Rounds of update_state handling per client request before the reply goes back as it is (default 4). */
  maxStateRounds?: number;
  /** Places the summary and lessons layers of tenants that configure them. */
  memoryLayers?: MemoryLayers;
  /** Queues async extraction after replies, for tenants that configure it. */
  extraction?: SessionExtraction;
}

const updateStateTool = createUpdateStateTool();
const statelessSchema = z.record(z.string(), z.json());

type UpstreamCompletion = {
  choices?: Array<{
    message?: {
      content?: string | null;
      tool_calls?: Array<{ id: string; type?: string; function: { name: string; arguments: string } }> | null;
      [key: string]: unknown;
    };
    finish_reason?: string | null;
    [key: string]: unknown;
  }>;
  usage?: Record<string, unknown> | null;
  [key: string]: unknown;
};

function splitCalls(calls: ReadonlyArray<{ id: string; name: string; arguments: string }>) {
  const stateCalls: ToolCall[] = [];
  const clientCalls: ToolCall[] = [];
  for (const call of calls) {
    const toolCall: ToolCall = {
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    };
    (call.name === UPDATE_STATE_TOOL_NAME ? stateCalls : clientCalls).push(toolCall);
  }
  return { stateCalls, clientCalls };
}

// Per fit: the metrics and the call record both ask, and counting a long state twice is not free.
const layersOfFit = new WeakMap<ChatFit, LayerTokens[]>();

function layerTokens(fit: ChatFit, tokenizer: Tokenizer): LayerTokens[] {
  const known = layersOfFit.get(fit);
  if (known) return known;
  // The fit's own counts when it has them (the chat context's fits do): no second count, and no
  // copy of the window (a session's fit holds up to maxTurns messages).
  const counted = (index: number) => {
    const message = fit.messages[index];
    return message ? countChatMessage(message, tokenizer) : 0;
  };
  const systemTokens = TOKENS_FOR_REPLY + (fit.systemTokens ?? counted(0));
  const stateTokens = fit.stateTokens ?? (fit.stateOmitted ? 0 : counted(1));
  // fit.tokens is the reply priming plus every message's count: the window is the rest, uncounted again.
  const layers = [
    { name: 'system', tokens: systemTokens },
    { name: 'state', tokens: stateTokens },
    { name: 'window', tokens: fit.tokens - systemTokens - stateTokens },
  ];
  layersOfFit.set(fit, layers);
  return layers;
}

function addUsage(
  total: Record<string, unknown> | undefined,
  next: Record<string, unknown> | null | undefined,
) {
  if (!next) return total;
  if (!total) return { ...next };
  const sum = { ...total };
  for (const key of ['prompt_tokens', 'completion_tokens', 'total_tokens']) {
    if (typeof next[key] === 'number')
      sum[key] = (typeof sum[key] === 'number' ? (sum[key] as number) : 0) + (next[key] as number);
  }
  return sum;
}

/**
 * POST /v1/chat/completions with memory. Per session: store what is new in the request, assemble
 * the bounded request with the core's chat context (system, state JSON, newest turns, within the
 * budget), send that upstream with the `update_state` tool added, apply the model's state patches
 * (looping while a reply is only state updates), record the reply, and answer the client with its
 * own tool calls intact.
 */
export function createChatCompletions(dependencies: ChatCompletionsDependencies) {
  const { sessions, upstream, tokenizer, metrics, tracing } = dependencies;
  /** Per session, the messages of the last call record this process added (least recently used first). */
  const recorded = {
    last: new Map<string, { step: number; messages: readonly unknown[]; chain: number }>(),
    dropped: dependencies.recorder.dropped,
  };

  const callAttributes = (
    request: ChatCompletionRequest,
    context: CallContext,
    fit: ChatFit,
    round: number,
    stream: boolean,
  ): UpstreamCallAttributes => {
    const numeric = (value: unknown) => (typeof value === 'number' ? value : undefined);
    const wire = request as Record<string, unknown>;
    return {
      model: request.model,
      upstreamOrigin: dependencies.upstreamOrigin,
      tenant: context.tenant,
      sessionKey: context.sessionKey,
      round,
      stream,
      budget: fit.budget,
      tokens: fit.tokens,
      turnsDropped: fit.turnsDropped,
      maxTokens: numeric(wire.max_completion_tokens) ?? numeric(wire.max_tokens),
      temperature: numeric(wire.temperature),
      topP: numeric(wire.top_p),
    };
  };
  const maxRounds = dependencies.maxStateRounds ?? 4;

  // What one upstream round is assembled from: a session's view, or a stateless request's own turns.
  type Assembly = { fit: ChatFit; messages: unknown[] };

  /** How this call places the tenant's summary and lessons from a session's memory (none configured: undefined). */
  const placerOf = async (context: CallContext): Promise<PlaceLayers | undefined> => {
    const memory = context.memory;
    if (!dependencies.memoryLayers || !memory || (!memory.summary && !memory.lessons)) return undefined;
    const place = await dependencies.memoryLayers.placer(context.tenant, memory);
    return (sessionMemory) => place(sessionMemory.summary);
  };

  /**
   * A session's assembly with the layers it placed after the system message. The chat context fitted
   * the rest into the budget less what they take, so the whole is within it.
   */
  const assemble = (context: CallContext, session: LoadedSession): Assembly => {
    const placed = session.placed;
    if (placed.length === 0) return session;
    const combined = withPlacedLayers(session.fit, session.messages, placed, context.settings.budget);
    const [system, ...rest] = layerTokens(session.fit, tokenizer);
    layersOfFit.set(combined.fit, [
      ...(system ? [system] : []),
      ...placed.map((layer) => ({ name: layer.name, tokens: layer.tokens, budget: layer.budget })),
      ...rest,
    ]);
    return combined;
  };

  const queueExtraction = (
    request: ChatCompletionRequest,
    context: CallContext,
    session: LoadedSession | undefined,
    fit: ChatFit,
  ) => {
    if (!session || !context.sessionKey || !context.memory || !dependencies.extraction) return;
    dependencies.extraction.afterReply({
      tenant: context.tenant,
      sessionKey: context.sessionKey,
      settings: context.settings,
      config: context.memory,
      upstreamApiKey: context.upstreamApiKey,
      model: request.model,
      turnsDropped: fit.turnsDropped,
      session,
      event: context.event,
    });
  };

  const prepare = async (request: ChatCompletionRequest, context: CallContext) => {
    const system = systemTextOf(request.messages);
    const turns = turnsOf(request.messages);
    if (context.sessionKey === undefined) {
      const chat = createChatContext({
        system: system ?? context.settings.defaultSystem,
        stateSchema: statelessSchema,
        maxTurns: turns.length,
        budget: context.settings.budget,
        tokenizer,
      });
      for (const turn of turns) chat.addMessage(turn);
      const assembly: Assembly = { fit: chat.fit(), messages: chat.messages() };
      return { turn: undefined, assembly };
    }
    const place = await placerOf(context);
    // Held in memory until the reply is recorded: one durable write per request (see beginTurn).
    const turn = await sessions.beginTurn(
      context.tenant,
      context.sessionKey,
      context.settings,
      { system, turns },
      place,
    );
    try {
      return { turn, assembly: assemble(context, turn.session) };
    } catch (error) {
      await turn.abandon();
      throw error;
    }
  };

  const upstreamBody = (
    request: ChatCompletionRequest,
    assembly: Assembly,
    stateful: boolean,
    stream: boolean,
  ) => {
    const { messages: _client, user: _user, ...passthrough } = request;
    const body: Record<string, unknown> = { ...passthrough, messages: assembly.messages };
    if (request.user !== undefined) body.user = request.user;
    if (stateful) {
      const tools = (request.tools ?? []).filter((tool) => tool.function.name !== UPDATE_STATE_TOOL_NAME);
      body.tools = [...tools, updateStateTool];
    }
    if (stream) body.stream_options = { ...(request.stream_options ?? {}), include_usage: true };
    return body;
  };

  const observe = (fit: ChatFit) => {
    for (const layer of layerTokens(fit, tokenizer))
      metrics.layerTokens.inc({ layer: layer.name }, layer.tokens);
    metrics.budgetUse.observe(fit.tokens / fit.budget);
    metrics.droppedTurns.inc(fit.turnsDropped);
    if (fit.stateTruncated) metrics.truncations.inc({ what: 'state' });
    if (fit.newestTurnTruncated) metrics.truncations.inc({ what: 'newest-turn' });
  };

  const record = (
    context: CallContext,
    session: LoadedSession | undefined,
    entry: Omit<
      CallRecord,
      | 'layers'
      | 'tokens'
      | 'budget'
      | 'turnsKept'
      | 'turnsDropped'
      | 'stateTruncated'
      | 'stateOmitted'
      | 'newestTurnTruncated'
      | 'at'
    >,
    fit: ChatFit,
  ) => {
    if (!session || !context.sessionKey) return;
    const step = entry.call * 100 + entry.round;
    const { messages, ...rest } = entry;
    const sent = Array.isArray(messages) ? messages : undefined;
    if (recorded.dropped !== dependencies.recorder.dropped) {
      // Records were dropped (the store kept failing): a kept base may be one of them.
      recorded.last.clear();
      recorded.dropped = dependencies.recorder.dropped;
    }
    const last = recorded.last.get(session.sessionId);
    // The base must come first in step order, where the inspector reads the records.
    const parts =
      last && sent && last.step < step && last.chain < MAX_DELTA_CHAIN
        ? messagesDelta(last.messages, sent)
        : undefined;
    recorded.last.delete(session.sessionId);
    if (sent) {
      recorded.last.set(session.sessionId, {
        step,
        messages: sent,
        chain: parts && last ? last.chain + 1 : 0,
      });
      if (recorded.last.size > MAX_DELTA_SESSIONS)
        recorded.last.delete(recorded.last.keys().next().value as string);
    }
    const row: StoredCallRecord = {
      ...rest,
      ...(parts && last ? { messagesDelta: { base: last.step, parts } } : { messages }),
      at: Date.now(),
      budget: fit.budget,
      tokens: fit.tokens,
      layers: layerTokens(fit, tokenizer),
      turnsKept: fit.turnsKept,
      turnsDropped: fit.turnsDropped,
      stateTruncated: fit.stateTruncated,
      stateOmitted: fit.stateOmitted,
      newestTurnTruncated: fit.newestTurnTruncated,
    };
    dependencies.recorder.add({
      sessionId: session.sessionId,
      step,
      record: row as unknown as JsonValue,
    });
  };

  /** A call record waiting for its turn's commit, which gives it the call number. */
  type PendingRecord = { entry: Omit<Parameters<typeof record>[2], 'call'>; fit: ChatFit };

  /**
   * After a turn's commit (or the commit of a failed one's changes): counts the stored turns and
   * queues the rounds' call records under the call number the commit gave.
   */
  const settled = (context: CallContext, committed: CommittedTurn, pending: PendingRecord[]) => {
    metrics.storedTurns.inc(committed.stored);
    for (const { entry, fit } of pending.splice(0))
      record(context, committed.session, { ...entry, call: committed.call }, fit);
    return committed.session;
  };

  /** Commits a request's turn (before the client gets the reply: an acknowledged turn is stored). */
  const commitTurn = async (
    context: CallContext,
    turn: SessionTurn | undefined,
    pending: PendingRecord[],
  ): Promise<LoadedSession | undefined> => {
    if (!turn) return undefined;
    return settled(context, await turn.commit(), pending);
  };

  /** A failed request: what its turn holds so far is kept (a no-op once committed). */
  const abandonTurn = async (
    context: CallContext,
    turn: SessionTurn | undefined,
    pending: PendingRecord[],
  ) => {
    const kept = await turn?.abandon();
    if (kept) settled(context, kept, pending);
  };

  const countStateResults = (results: Array<{ ok: boolean }>) => {
    for (const result of results) metrics.stateUpdates.inc({ result: result.ok ? 'applied' : 'rejected' });
  };

  /**
   * Records one upstream round's reply in the request's turn (its `update_state` calls applied and
   * counted) and keeps the call record until the turn's commit; shared by the JSON and the streaming
   * paths. Returns the session with the reply, or undefined for a stateless call.
   */
  const recordRound = async (
    turn: SessionTurn | undefined,
    pending: PendingRecord[],
    entry: Omit<PendingRecord['entry'], 'stateUpdates'>,
    reply: ReturnType<typeof splitCalls> & { content: string },
    fit: ChatFit,
  ): Promise<LoadedSession | undefined> => {
    if (!turn) return undefined;
    const recorded = await turn.recordReply(reply);
    countStateResults(recorded.results);
    const stateUpdates = recorded.results.map((result) => ({
      ok: result.ok,
      ...(result.error ? { error: result.error } : {}),
    }));
    pending.push({ entry: { ...entry, stateUpdates }, fit });
    return recorded.session;
  };

  const timedUpstream = async (body: unknown, context: CallContext, stream: boolean) => {
    const end = metrics.upstreamDuration.startTimer({ stream: String(stream) });
    try {
      return {
        response: await upstream.chatCompletions(body, {
          apiKey: context.upstreamApiKey,
          ...(context.signal ? { signal: context.signal } : {}),
        }),
        end,
      };
    } catch (error) {
      end();
      countUpstreamError(error);
      throw error;
    }
  };

  /**
   * The start of one upstream round, the same for JSON and streaming: count the fit, build the body,
   * open the call's span and send it. A failed send ends the span here (the caller has nothing open).
   */
  const startRound = async (
    request: ChatCompletionRequest,
    context: CallContext,
    assembly: Assembly,
    stateful: boolean,
    round: number,
    stream: boolean,
  ) => {
    const fit = assembly.fit;
    observe(fit);
    const body = upstreamBody(request, assembly, stateful, stream);
    const span = tracing.startUpstreamCall(
      context.traceContext,
      callAttributes(request, context, fit, round, stream),
    );
    try {
      const { response, end } = await timedUpstream(body, context, stream);
      return { fit, body, span, response, end };
    } catch (error) {
      tracing.failSpan(span, error);
      throw error;
    }
  };

  const countUpstreamError = (error: unknown) => {
    const code = StrataError.is(error) ? error.code : 'INTERNAL';
    const status = StrataError.is(error)
      ? String(error.details.upstreamStatus ?? error.details.status ?? '')
      : '';
    metrics.upstreamErrors.inc({ code, status });
  };

  return {
    /** Non-streaming: the upstream's JSON with the gateway's own tool calls taken out. */
    async complete(request: ChatCompletionRequest, context: CallContext): Promise<UpstreamCompletion> {
      const prepared = await prepare(request, context);
      const turn = prepared.turn;
      let assembly = prepared.assembly;
      const stateful = turn !== undefined;
      const pending: PendingRecord[] = [];
      let usage: Record<string, unknown> | undefined;
      let open: Span | undefined;
      try {
        for (let round = 1; ; round += 1) {
          const started = await startRound(request, context, assembly, stateful, round, false);
          const { fit, body, response, end } = started;
          open = started.span;
          let completion: UpstreamCompletion;
          try {
            completion = (await response.json()) as UpstreamCompletion;
          } catch (error) {
            const failure = new StrataError(
              'MODEL_API_ERROR',
              `The upstream answered 200 with a body that is not valid JSON (${(error as Error).message}).`,
              {
                details: { status: 502, reason: 'malformed-response' },
              },
            );
            countUpstreamError(failure);
            throw failure;
          } finally {
            end();
          }
          usage = addUsage(usage, completion.usage);
          const choice = completion.choices?.[0];
          const message = choice?.message;
          if (!choice || !message) {
            const failure = new StrataError(
              'MODEL_OUTPUT_INVALID',
              'The upstream answered without a choice; nothing was recorded.',
              { details: { status: 502 } },
            );
            countUpstreamError(failure);
            throw failure;
          }
          const calls = (message.tool_calls ?? []).map((toolCall) => ({
            id: toolCall.id,
            name: toolCall.function.name,
            arguments: toolCall.function.arguments,
          }));
          const { stateCalls, clientCalls } = splitCalls(calls);
          const content = typeof message.content === 'string' ? message.content : '';
          const recorded = await recordRound(
            turn,
            pending,
            {
              round,
              model: request.model,
              stream: false,
              messages: body.messages as JsonValue,
              usage: (completion.usage ?? null) as JsonValue,
            },
            { content, stateCalls, clientCalls },
            fit,
          );
          tracing.endUpstreamCall(open, {
            responseId: typeof completion.id === 'string' ? completion.id : undefined,
            responseModel: typeof completion.model === 'string' ? completion.model : undefined,
            finishReasons: completion.choices?.map((entry) => String(entry.finish_reason ?? '')) ?? [],
            usage: completion.usage,
            stateUpdates: stateCalls.length,
          });
          open = undefined;
          const onlyState = stateCalls.length > 0 && clientCalls.length === 0 && content === '';
          if (onlyState && round < maxRounds) {
            if (recorded) assembly = assemble(context, recorded);
            continue;
          }
          if (stateCalls.length > 0) {
            if (clientCalls.length > 0)
              message.tool_calls =
                message.tool_calls?.filter((toolCall) => toolCall.function.name !== UPDATE_STATE_TOOL_NAME) ??
                null;
            else {
              delete message.tool_calls;
              if (choice.finish_reason === 'tool_calls') choice.finish_reason = 'stop';
            }
          }
          if (usage) completion.usage = usage;
          const session = await commitTurn(context, turn, pending);
          queueExtraction(request, context, session, fit);

          return completion;
        }
      } catch (error) {
        if (open) tracing.failSpan(open, error);
        throw error;
      } finally {
        await abandonTurn(context, turn, pending);
      }
    },

    /**
     * Streaming: the first upstream response is awaited before anything is written (so its errors
     * are plain HTTP errors); `open` then starts the event stream and every chunk is relayed as it
     * arrives. Later failures become an `error` event, the form OpenAI's SDKs raise.
     */
    async stream(
      request: ChatCompletionRequest,
      context: CallContext,
      sink: { open(): void; write(chunk: Record<string, unknown>): void; end(): void },
    ): Promise<void> {
      const prepared = await prepare(request, context);
      const turn = prepared.turn;
      let assembly = prepared.assembly;
      const stateful = turn !== undefined;
      const pending: PendingRecord[] = [];
      const relay: RelayState = { nextVisibleIndex: 0 };
      const wantsUsage = request.stream_options?.include_usage === true;
      let usage: Record<string, unknown> | undefined;
      let opened = false;
      let open: Span | undefined;
      try {
        for (let round = 1; ; round += 1) {
          const started = await startRound(request, context, assembly, stateful, round, true);
          const { fit, body, response, end } = started;
          open = started.span;
          if (!opened) {
            sink.open();
            opened = true;
          }
          let streamed: StreamedRound;
          try {
            if (!response.body)
              throw new StrataError('MODEL_API_ERROR', 'The upstream stream has no body.', {
                details: { status: 502 },
              });
            streamed = await relayStreamRound(response.body, sink.write, relay);
          } catch (error) {
            countUpstreamError(error);
            throw error;
          } finally {
            end();
          }
          usage = addUsage(usage, streamed.usage);
          const { stateCalls, clientCalls } = splitCalls(streamed.toolCalls);
          const recorded = await recordRound(
            turn,
            pending,
            {
              round,
              model: request.model,
              stream: true,
              messages: body.messages as JsonValue,
              usage: (streamed.usage ?? null) as JsonValue,
            },
            { content: streamed.content, stateCalls, clientCalls },
            fit,
          );
          tracing.endUpstreamCall(open, {
            finishReasons: streamed.finishReason === null ? [] : [streamed.finishReason],
            usage: streamed.usage,
            stateUpdates: stateCalls.length,
            ...(streamed.id !== undefined ? { responseId: streamed.id } : {}),
            ...(streamed.model !== undefined ? { responseModel: streamed.model } : {}),
          });
          open = undefined;
          const onlyState = stateCalls.length > 0 && clientCalls.length === 0 && streamed.content === '';
          if (onlyState && round < maxRounds) {
            if (recorded) assembly = assemble(context, recorded);
            continue;
          }
          // Stored before the stream's last chunks and [DONE] go out: a finished stream is a stored turn.
          const session = await commitTurn(context, turn, pending);
          for (const held of streamed.held) {
            const choices = (held.choices as Array<{ finish_reason?: string | null }> | undefined) ?? [];
            if (choices.length === 0) {
              if (wantsUsage) sink.write({ ...held, usage: usage ?? held.usage });
              continue;
            }
            for (const choice of choices) {
              if (choice.finish_reason === 'tool_calls' && clientCalls.length === 0)
                choice.finish_reason = 'stop';
            }
            sink.write(held);
          }
          sink.end();
          queueExtraction(request, context, session, fit);

          return;
        }
      } catch (error) {
        if (open) tracing.failSpan(open, error);
        throw error;
      } finally {
        await abandonTurn(context, turn, pending);
      }
    },
  };
}

export type ChatCompletions = ReturnType<typeof createChatCompletions>;
