import {
  type ChatContext,
  type ChatContextSnapshot,
  type ChatFit,
  type ChatMessage,
  createChatContext,
  type JsonValue,
  type MemoryStore,
  type SessionRecord,
  type StateToolResult,
  type Tokenizer,
  type ToolCall,
} from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import { z } from 'zod';
import { firstNewTurn } from './new-client-turns.js';
import { turnHash } from './wire-message.js';

/** How one tenant's sessions are assembled (from the config file, or the server's defaults). */
export interface SessionSettings {
  /** Hard cap on the tokens of every request sent upstream. */
  budget: number;
  /** Turns a session keeps (the window); the budget may send fewer. */
  maxTurns: number;
  /** Used when a session's client never sent a system message. */
  defaultSystem: string;
  /**
   * Tokens of the budget the summary and lessons layers may take (default 0). A call that places its
   * layers (`PlaceLayers`) takes out only what they use; a plain load keeps the whole reserve out.
   */
  reservedTokens?: number;
}

/** A message a call places beside the chat context (a summary, lessons), with its tokens as sent. */
export interface PlacedMessage {
  name: string;
  message: ChatMessage;
  tokens: number;
  /** The most it may take (its configured budget); `tokens` below it leaves the rest to the window. */
  budget: number;
}

/**
 * Places a call's own messages from the session's memory while the session is held: the chat context
 * fits into the budget less what they take, so room a layer leaves unused goes to the window.
 */
export type PlaceLayers = (memory: SessionMemory) => readonly PlacedMessage[];

/** What async extraction keeps in a session: the running summary and how far each job has read. */
export interface SessionMemory {
  /** The running summary ('' until the first rewrite). */
  summary: string;
  /** Turn count the summary covers. */
  summaryThrough: number;
  /** Turn count the last applied state extraction saw. */
  stateThrough: number;
  /** Turn count the last lesson extraction saw. */
  lessonsThrough: number;
}

const emptyMemory: SessionMemory = { summary: '', summaryThrough: 0, stateThrough: 0, lessonsThrough: 0 };

/** What one session holds in the store (one JSON layer named 'gateway'). */
interface SessionData {
  system: string;
  chat: ChatContextSnapshot;
  /** Hashes of the client-visible history (turns sent, replies returned), oldest first, capped. */
  seen: string[];
  /** Calls made upstream so far (the inspector's call numbers). */
  calls: number;
  /** Absent until an extraction job first wrote to the session. */
  memory?: SessionMemory;
}

/**
 * A session as loaded or committed: plain values taken while it was held, so a later change (another
 * request on the same session) never alters what a request already assembled.
 */
export interface LoadedSession {
  sessionId: string;
  version: number;
  system: string;
  /** The session's state JSON. */
  state: Record<string, JsonValue>;
  /** The turns and state as stored. */
  snapshot: ChatContextSnapshot;
  /** The bounded assembly (system, state, newest turns within the budget) and its accounting. */
  fit: ChatFit;
  /** `fit` as OpenAI Chat Completions messages, what goes upstream. */
  messages: ReturnType<ChatContext<Record<string, JsonValue>>['messages']>;
  /** What the call's `PlaceLayers` placed (`fit` leaves room for exactly these); empty without one. */
  placed: readonly PlacedMessage[];
  calls: number;
  /** Turns added to the session so far (its window keeps the newest of them). */
  turnCount: number;
  memory: SessionMemory;
}

const MAX_SEEN = 4096;
const MAX_ATTEMPTS = 50;
const LAYER = 'gateway';
// A session's state is an open JSON object: the model's update_state patches decide its keys.
const stateSchema = z.record(z.string(), z.json());
const emptyChat: ChatContextSnapshot = {
  version: 1,
  state: {},
  turns: [],
  turnCount: 0,
  turnsSinceExtraction: 0,
};

/** Options of `createGatewaySessions`. */
export interface GatewaySessionsOptions {
  store: MemoryStore;
  tokenizer: Tokenizer;
  /** Called on every lost compare-and-swap (another request or process committed first). */
  onConflict?: () => void;
  /**
   * Sessions whose last committed version this process keeps (default 1000; 0 = none). A kept session
   * is changed without reading it first: the compare-and-swap still guards every commit, so a copy
   * another process made stale only costs a conflict and a fresh read.
   */
  cachedSessions?: number;
}

/** The store namespace of a tenant's sessions: every query names it, so tenants never meet. */
export function tenantNamespace(tenant: string): string {
  return `tenant/${tenant}`;
}

/** The store id of a tenant's session: the tenant is part of it, so another tenant's key cannot reach it. */
export function sessionStoreId(tenant: string, sessionKey: string): string {
  return `tenant/${tenant}/session/${sessionKey}`;
}

/** A session this process committed or read last, with the chat context built from it. */
interface CachedSession {
  version: number;
  data: SessionData;
  chat: ChatContext<Record<string, JsonValue>>;
  /** Settings the chat context was built with: other settings rebuild it. */
  settings: SessionSettings;
}

// After a kept copy lost a compare-and-swap (other processes write this session too), the next
// changes read first: with round-robin replicas a kept copy is mostly stale and costs two extra trips.
const READ_FIRST_AFTER_CONFLICT = 8;

/**
 * Sessions over a MemoryStore. Every change is load, recompute, compare-and-swap commit, retried on
 * STORE_CONFLICT from the fresh record: two requests (in one process or many) on one session both
 * land, because each retry re-derives its change (new turns by content, state patches on the newest
 * state) instead of writing a stale copy. Within one process the changes of a session run one at a
 * time, and the session last committed is kept (see `cachedSessions`), so a turn usually costs one
 * store round trip per change instead of two, and only its new turns are tokenized.
 */
export function createGatewaySessions(options: GatewaySessionsOptions) {
  const { store, tokenizer } = options;
  const capacity = options.cachedSessions ?? 1000;
  // Insertion order is recency order: a hit is deleted and set again (least recently used first out).
  const cache = new Map<string, CachedSession>();
  const readFirst = new Map<string, number>();
  const tails = new Map<string, Promise<unknown>>();

  const chatOf = (settings: SessionSettings, system: string, snapshot: ChatContextSnapshot) => {
    const chat = createChatContext({
      system,
      stateSchema,
      maxTurns: settings.maxTurns,
      // The whole budget: each view fits into what the layers it places leave (see `view`).
      budget: settings.budget,
      tokenizer,
    });
    chat.restore(snapshot);
    return chat;
  };

  const dataOf = (record: SessionRecord | undefined, settings: SessionSettings): SessionData => {
    const raw = record?.layers[LAYER] as unknown as SessionData | undefined;
    if (!raw) return { system: settings.defaultSystem, chat: emptyChat, seen: [], calls: 0 };
    return raw;
  };

  const sameSettings = (a: SessionSettings, b: SessionSettings) =>
    a.budget === b.budget &&
    a.maxTurns === b.maxTurns &&
    a.defaultSystem === b.defaultSystem &&
    (a.reservedTokens ?? 0) === (b.reservedTokens ?? 0);

  const remember = (sessionId: string, entry: CachedSession) => {
    if (capacity <= 0) return;
    cache.delete(sessionId);
    cache.set(sessionId, entry);
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
  };

  const view = (sessionId: string, entry: CachedSession, place?: PlaceLayers): LoadedSession => {
    const memory = entry.data.memory ?? emptyMemory;
    const placed = place ? place(memory) : [];
    const reserved = place
      ? placed.reduce((sum, layer) => sum + layer.tokens, 0)
      : (entry.settings.reservedTokens ?? 0);
    const within = { budget: entry.settings.budget - reserved };
    const fit = entry.chat.fit(within);
    return {
      sessionId,
      version: entry.version,
      system: entry.data.system,
      state: entry.chat.state,
      snapshot: entry.data.chat,
      fit,
      messages: entry.chat.messages(within),
      placed,
      calls: entry.data.calls,
      turnCount: entry.chat.turnCount,
      memory,
    };
  };

  const read = async (sessionId: string, settings: SessionSettings): Promise<CachedSession> => {
    const record = await store.loadSession(sessionId);
    const data = dataOf(record, settings);
    return { version: record?.version ?? 0, data, chat: chatOf(settings, data.system, data.chat), settings };
  };

  /** Runs `work` after every earlier change of the same session in this process has finished. */
  const serialized = async <T>(sessionId: string, work: () => Promise<T>): Promise<T> => {
    const before = tails.get(sessionId) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(sessionId, tail);
    try {
      return await run;
    } finally {
      if (tails.get(sessionId) === tail) tails.delete(sessionId);
    }
  };

  async function mutate<T>(
    tenant: string,
    sessionKey: string,
    settings: SessionSettings,
    place: PlaceLayers | undefined,
    change: (
      chat: ChatContext<Record<string, JsonValue>>,
      data: SessionData,
    ) => { data: SessionData; result: T },
  ): Promise<{ session: LoadedSession; result: T }> {
    const sessionId = sessionStoreId(tenant, sessionKey);
    return serialized(sessionId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const kept = cache.get(sessionId);
        const fromCache =
          kept !== undefined && sameSettings(kept.settings, settings) && !readFirst.has(sessionId);
        // The chat context is changed in place: a kept one is dropped until its commit lands.
        cache.delete(sessionId);
        const current = fromCache ? kept : await read(sessionId, settings);
        const changed = change(current.chat, current.data);
        try {
          const committed = await store.commitSession({
            sessionId,
            namespace: tenantNamespace(tenant),
            step: changed.data.chat.turnCount,
            layers: { [LAYER]: changed.data as unknown as JsonValue },
            meta: { sessionKey, tenant },
            expectedVersion: current.version,
          });
          const entry: CachedSession = {
            version: committed.version,
            data: changed.data,
            // A chat context's system prompt is fixed when it is made: a new one needs a new context.
            chat:
              changed.data.system === current.data.system
                ? current.chat
                : chatOf(settings, changed.data.system, changed.data.chat),
            settings,
          };
          remember(sessionId, entry);
          const left = readFirst.get(sessionId);
          if (left !== undefined) {
            if (left <= 1) readFirst.delete(sessionId);
            else readFirst.set(sessionId, left - 1);
          }
          return { session: view(sessionId, entry, place), result: changed.result };
        } catch (error) {
          if (!StrataError.is(error, 'STORE_CONFLICT') || attempt >= MAX_ATTEMPTS) throw error;
          options.onConflict?.();
          if (fromCache) {
            readFirst.set(sessionId, READ_FIRST_AFTER_CONFLICT);
            if (readFirst.size > capacity * 2) readFirst.delete(readFirst.keys().next().value as string);
          }
        }
      }
    });
  }

  return {
    /** Loads a session without changing it (a new one is empty). */
    async load(tenant: string, sessionKey: string, settings: SessionSettings): Promise<LoadedSession> {
      const sessionId = sessionStoreId(tenant, sessionKey);
      return view(sessionId, await read(sessionId, settings));
    },

    /**
     * Stores what is new in the client's request (by content) and its system prompt, and reserves a
     * call number. Returns the session to assemble from (with `place`'s layers) and the turns stored.
     */
    async ingest(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      request: { system: string | undefined; turns: ChatMessage[] },
      place?: PlaceLayers,
    ): Promise<{ session: LoadedSession; stored: number; call: number }> {
      const hashes = request.turns.map(turnHash);
      const { session, result } = await mutate(tenant, sessionKey, settings, place, (chat, data) => {
        const from = firstNewTurn(data.seen, hashes);
        for (const turn of request.turns.slice(from)) chat.addMessage(turn);
        const seen = [...data.seen, ...hashes.slice(from)].slice(-MAX_SEEN);
        return {
          data: {
            ...data,
            system: request.system ?? data.system,
            chat: chat.snapshot(),
            seen,
            calls: data.calls + 1,
          },
          result: { stored: request.turns.length - from, call: data.calls + 1 },
        };
      });
      return { session, stored: result.stored, call: result.call };
    },

    /**
     * Records one upstream reply: applies its update_state calls (validated merge patches, on the
     * newest state) with their tool results, and the reply the client sees. Returns the results and
     * the session for a next round (with `place`'s layers).
     */
    async recordReply(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      reply: { content: string; stateCalls: ToolCall[]; clientCalls: ToolCall[] },
      place?: PlaceLayers,
    ): Promise<{ session: LoadedSession; results: StateToolResult<Record<string, JsonValue>>[] }> {
      const visible: ChatMessage = { role: 'assistant', content: reply.content };
      if (reply.clientCalls.length > 0) visible.toolCalls = reply.clientCalls;
      const { session, result } = await mutate(tenant, sessionKey, settings, place, (chat, data) => {
        const results = reply.stateCalls.map((call) => chat.handleToolCall(call));
        if (reply.stateCalls.length > 0) {
          // The model sees its own state calls and their results; the client never does.
          chat.addMessage({
            role: 'assistant',
            content: reply.content,
            toolCalls: [...reply.clientCalls, ...reply.stateCalls],
          });
          for (const answer of results) chat.addMessage(answer.message);
        } else {
          chat.addMessage(visible);
        }
        const showsClient =
          reply.content !== '' || reply.clientCalls.length > 0 || reply.stateCalls.length === 0;
        return {
          data: {
            ...data,
            chat: chat.snapshot(),
            seen: showsClient ? [...data.seen, turnHash(visible)].slice(-MAX_SEEN) : data.seen,
            calls: data.calls,
          },
          result: results,
        };
      });
      return { session, results: result };
    },

    /**
     * Applies what an extraction job produced, on the newest session: a state merge patch (validated;
     * an invalid one throws STATE_PATCH_INVALID and nothing is committed), a new summary, and the
     * turn counts the job read through (never moved back).
     */
    async applyExtraction(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      change: {
        statePatch?: unknown;
        summary?: string;
        summaryThrough?: number;
        stateThrough?: number;
        lessonsThrough?: number;
      },
    ): Promise<LoadedSession> {
      const { session } = await mutate(tenant, sessionKey, settings, undefined, (chat, data) => {
        if (change.statePatch !== undefined) chat.updateState(change.statePatch);
        const memory = data.memory ?? emptyMemory;
        const later = (mark: number | undefined, known: number) => Math.max(mark ?? known, known);
        return {
          data: {
            ...data,
            chat: chat.snapshot(),
            memory: {
              summary: change.summary ?? memory.summary,
              summaryThrough: later(change.summaryThrough, memory.summaryThrough),
              stateThrough: later(change.stateThrough, memory.stateThrough),
              lessonsThrough: later(change.lessonsThrough, memory.lessonsThrough),
            },
          },
          result: undefined,
        };
      });
      return session;
    },

    /** A tenant's sessions (its namespace only). */
    async list(tenant: string) {
      const rows = await store.listSessions(tenantNamespace(tenant));
      return rows.map((row) => ({
        sessionKey: String(row.meta.sessionKey ?? ''),
        turns: row.step,
        updatedAt: row.updatedAt,
      }));
    },
  };
}

/** The sessions `createGatewaySessions` returns. */
export type GatewaySessions = ReturnType<typeof createGatewaySessions>;
