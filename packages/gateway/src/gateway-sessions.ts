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
import { decodeSession, encodeSession, type SessionData, type StoredMarks } from './session-layout.js';
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
  /**
   * The bounded assembly (system, state, newest turns within the budget) and its accounting. Read-only:
   * views of a session that did not change in between share it (and `messages`).
   */
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

/** One upstream reply as the session records it. */
export interface UpstreamReply {
  content: string;
  stateCalls: ToolCall[];
  clientCalls: ToolCall[];
}

/** A turn once committed: the session as stored, the request's call number and new turns stored. */
export interface CommittedTurn {
  session: LoadedSession;
  call: number;
  stored: number;
}

/**
 * One client request's changes to a session (from `beginTurn`): made in memory, written by `commit`.
 * End every turn with `commit` or `abandon` (its changes are otherwise written by the session's next
 * commit in this process).
 */
export interface SessionTurn {
  /** The session as assembled for the request's first upstream round. */
  readonly session: LoadedSession;
  /** The request's turns that were new (by content). */
  readonly stored: number;
  /** Records one upstream reply in memory (update_state calls applied); returns their results. */
  recordReply(reply: UpstreamReply): Promise<{
    session: LoadedSession;
    results: StateToolResult<Record<string, JsonValue>>[];
  }>;
  /**
   * Writes the turn with one compare-and-swap (made again on the newest session after a conflict);
   * resolves once it is in the store, or at once when another request's commit already wrote it.
   */
  commit(): Promise<CommittedTurn>;
  /**
   * For a request that failed: writes what the turn made so far (a failed call keeps the user's turns
   * and the replies of earlier rounds). A no-op after `commit`; never throws (when the write fails,
   * the changes wait for the session's next commit).
   */
  abandon(): Promise<CommittedTurn | undefined>;
}

/** A change of a session's data made on its chat context (changed in place). */
type Change<T> = (
  chat: ChatContext<Record<string, JsonValue>>,
  data: SessionData,
) => { data: SessionData; result: T };

/** A change made in this process's copy of a session and not yet known to be in the store. */
interface StagedChange {
  change: Change<unknown>;
  /** What the change returned when last made (it is made again on a newer session after a conflict). */
  result: unknown;
  /** Set once a commit that held it landed. */
  saved: boolean;
  /** Set when it could not be made again on a newer session: it was dropped. */
  error?: unknown;
}

const MAX_SEEN = 4096;
const MAX_ATTEMPTS = 50;
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

/**
 * A session as this process holds it: the version it committed or read last, with the session's
 * unsaved changes (see `createGatewaySessions`) made on it, and the chat context built from it.
 */
interface CachedSession {
  version: number;
  /** What that version holds in the store (see session-layout.ts); undefined: none of it yet. */
  marks: StoredMarks | undefined;
  data: SessionData;
  chat: ChatContext<Record<string, JsonValue>>;
  /** Settings the chat context was built with: other settings rebuild it. */
  settings: SessionSettings;
  /**
   * The fit and messages views took since the last change (at this budget): a turn's last round and
   * its commit show the same session, so the commit takes no copy of the whole window again.
   */
  shown?: { budget: number; fit: ChatFit; messages: LoadedSession['messages'] } | undefined;
  /** Bumped as each change starts: a view taken before it no longer matches the chat context. */
  generation: number;
}

// After a kept copy lost a compare-and-swap (other processes write this session too), the next
// turns read first: with round-robin replicas a kept copy is mostly stale and costs two extra trips.
const READ_FIRST_AFTER_CONFLICT = 8;

/**
 * Sessions over a MemoryStore. A client request's turn is made in this process's copy of the session
 * (its new turns by content, then each upstream reply) and written once, by one compare-and-swap
 * commit before the client gets the reply: one durable write per request, nothing written before it,
 * so no write can be lost and its version reused. Changes not yet written are the session's unsaved
 * changes; a commit writes all of them (a request that ran beside another in this process may find
 * its turn already written). When another process committed first (STORE_CONFLICT), the session is
 * read again and its unsaved changes are made again on it (new turns by content, state patches on the
 * newest state), never a stale copy written: two requests (in one process or many) on one session
 * both land. The changes of a session run one at a time in a process (not the upstream calls between
 * them), and its copy is kept (see `cachedSessions`), so a turn usually costs no read and one commit,
 * and only its new turns are tokenized.
 */
export function createGatewaySessions(options: GatewaySessionsOptions) {
  const { store, tokenizer } = options;
  const capacity = options.cachedSessions ?? 1000;
  // Insertion order is recency order: a hit is deleted and set again (least recently used first out).
  const cache = new Map<string, CachedSession>();
  const readFirst = new Map<string, number>();
  const tails = new Map<string, Promise<unknown>>();
  // Per session, the changes made in memory and not yet written, oldest first. The source of truth:
  // a kept copy holds exactly these on its version, and one rebuilt from the store makes them again.
  const unsaved = new Map<string, StagedChange[]>();

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

  const storedOf = (record: SessionRecord | undefined, settings: SessionSettings) =>
    decodeSession(record) ?? {
      data: { system: settings.defaultSystem, chat: emptyChat, seen: [], seenTotal: 0, calls: 0 },
      marks: undefined,
    };

  const sameSettings = (a: SessionSettings, b: SessionSettings) =>
    a.budget === b.budget &&
    a.maxTurns === b.maxTurns &&
    a.defaultSystem === b.defaultSystem &&
    (a.reservedTokens ?? 0) === (b.reservedTokens ?? 0);

  const remember = (sessionId: string, entry: CachedSession) => {
    cache.delete(sessionId);
    if (capacity <= 0) return;
    cache.set(sessionId, entry);
    // An evicted copy with unsaved changes is rebuilt from the store when next needed.
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
  };

  /**
   * The session as `entry` holds it now. Its fit and messages (the whole window assembled) are made
   * when first read, not here: a turn's last round and its commit return views nobody assembles
   * from. Read after a later change of the copy, they are made from this view's own snapshot.
   */
  const view = (sessionId: string, entry: CachedSession, place?: PlaceLayers): LoadedSession => {
    const memory = entry.data.memory ?? emptyMemory;
    const placed = place ? place(memory) : [];
    const reserved = place
      ? placed.reduce((sum, layer) => sum + layer.tokens, 0)
      : (entry.settings.reservedTokens ?? 0);
    const budget = entry.settings.budget - reserved;
    const { generation, data, settings } = entry;
    let shown = entry.shown?.budget === budget ? entry.shown : undefined;
    const show = () => {
      if (shown) return shown;
      const within = { budget };
      if (entry.generation === generation) {
        if (entry.shown?.budget !== budget)
          entry.shown = { budget, fit: entry.chat.fit(within), messages: entry.chat.messages(within) };
        shown = entry.shown;
      } else {
        const chat = chatOf(settings, data.system, data.chat);
        shown = { budget, fit: chat.fit(within), messages: chat.messages(within) };
      }
      return shown;
    };
    return {
      sessionId,
      version: entry.version,
      system: data.system,
      state: entry.chat.state,
      snapshot: data.chat,
      get fit() {
        return show().fit;
      },
      get messages() {
        return show().messages;
      },
      placed,
      calls: data.calls,
      turnCount: entry.chat.turnCount,
      memory,
    };
  };

  const read = async (sessionId: string, settings: SessionSettings): Promise<CachedSession> => {
    const record = await store.loadSession(sessionId);
    const { data, marks } = storedOf(record, settings);
    return {
      version: record?.version ?? 0,
      marks,
      data,
      chat: chatOf(settings, data.system, data.chat),
      settings,
      generation: 0,
    };
  };

  /**
   * Waits until every earlier holder of the session in this process has released it; resolves with
   * the release. Holders queue in call order.
   */
  const acquire = async (sessionId: string): Promise<() => void> => {
    const before = tails.get(sessionId) ?? Promise.resolve();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    tails.set(sessionId, held);
    await before;
    return () => {
      if (tails.get(sessionId) === held) tails.delete(sessionId);
      release();
    };
  };

  /** Runs `work` after every earlier change of the same session in this process has finished. */
  const serialized = async <T>(sessionId: string, work: () => Promise<T>): Promise<T> => {
    const release = await acquire(sessionId);
    try {
      return await work();
    } finally {
      release();
    }
  };

  /** Makes `change` on `entry` in place; a changed system prompt needs a new chat context. */
  const applyChange = (entry: CachedSession, settings: SessionSettings, change: Change<unknown>): unknown => {
    // Cleared first: a change that throws may leave the chat context half changed.
    entry.shown = undefined;
    entry.generation += 1;
    const changed = change(entry.chat, entry.data);
    if (changed.data.system !== entry.data.system)
      entry.chat = chatOf(settings, changed.data.system, changed.data.chat);
    entry.data = changed.data;
    return changed.result;
  };

  const withdraw = (sessionId: string, changes: readonly StagedChange[]) => {
    const left = (unsaved.get(sessionId) ?? []).filter((staged) => !changes.includes(staged));
    if (left.length > 0) unsaved.set(sessionId, left);
    else unsaved.delete(sessionId);
  };

  /** The session read from the store with its unsaved changes made again on it. */
  const rebuilt = async (sessionId: string, settings: SessionSettings): Promise<CachedSession> => {
    for (;;) {
      const entry = await read(sessionId, settings);
      let failed: StagedChange | undefined;
      for (const staged of unsaved.get(sessionId) ?? []) {
        try {
          staged.result = applyChange(entry, settings, staged.change);
        } catch (error) {
          // Not possible on this session (an extraction's patch invalid on a newer state): dropped, and
          // its owner gets the error. The copy may be half-changed, so it is built again.
          staged.error = error;
          failed = staged;
          break;
        }
      }
      if (!failed) return entry;
      withdraw(sessionId, [failed]);
    }
  };

  /** This process's copy of the session (kept, or rebuilt from the store). */
  const current = async (
    sessionId: string,
    settings: SessionSettings,
    honourReadFirst: boolean,
  ): Promise<CachedSession> => {
    const kept = cache.get(sessionId);
    if (kept && sameSettings(kept.settings, settings) && !(honourReadFirst && readFirst.has(sessionId)))
      return kept;
    const entry = await rebuilt(sessionId, settings);
    remember(sessionId, entry);
    return entry;
  };

  /** Makes `change` on the copy and keeps it as unsaved. A change that throws invalidates the copy. */
  const stage = (
    sessionId: string,
    settings: SessionSettings,
    entry: CachedSession,
    change: Change<unknown>,
  ) => {
    const staged: StagedChange = { change, result: undefined, saved: false };
    try {
      staged.result = applyChange(entry, settings, change);
    } catch (error) {
      cache.delete(sessionId);
      throw error;
    }
    unsaved.set(sessionId, [...(unsaved.get(sessionId) ?? []), staged]);
    return staged;
  };

  /**
   * Writes the session's unsaved changes with one compare-and-swap (on `entry.version`); after a
   * conflict, on the session read again with the changes made again. Resolves with the copy written.
   * Call it holding the session. A failed write drops the copy (the next change rebuilds it).
   */
  const save = async (
    tenant: string,
    sessionKey: string,
    sessionId: string,
    settings: SessionSettings,
    start: CachedSession,
  ): Promise<CachedSession> => {
    let entry = start;
    for (let attempt = 1; ; attempt += 1) {
      const saving = unsaved.get(sessionId) ?? [];
      if (saving.length === 0) return entry;
      try {
        // Only what changed since the stored version: the head and the chunks of new turns and hashes.
        const written = encodeSession(entry.data, entry.marks, settings.maxTurns, MAX_SEEN);
        const committed = await store.commitSession({
          sessionId,
          namespace: tenantNamespace(tenant),
          step: entry.data.chat.turnCount,
          layers: written.layers,
          meta: { sessionKey, tenant },
          expectedVersion: entry.version,
          // This process keeps its own copy: the layers it did not write are not read back.
          returnLayers: 'written',
        });
        for (const staged of saving) staged.saved = true;
        unsaved.delete(sessionId);
        entry.version = committed.version;
        entry.marks = written.marks;
        remember(sessionId, entry);
        const left = readFirst.get(sessionId);
        if (left !== undefined) {
          if (left <= 1) readFirst.delete(sessionId);
          else readFirst.set(sessionId, left - 1);
        }
        return entry;
      } catch (error) {
        if (!StrataError.is(error, 'STORE_CONFLICT') || attempt >= MAX_ATTEMPTS) {
          cache.delete(sessionId);
          throw error;
        }
        options.onConflict?.();
        readFirst.set(sessionId, READ_FIRST_AFTER_CONFLICT);
        if (readFirst.size > capacity * 2) readFirst.delete(readFirst.keys().next().value as string);
        entry = await rebuilt(sessionId, settings);
        remember(sessionId, entry);
      }
    }
  };

  /** One change, written at once (with the session's other unsaved changes). */
  async function mutate<T>(
    tenant: string,
    sessionKey: string,
    settings: SessionSettings,
    place: PlaceLayers | undefined,
    change: Change<T>,
  ): Promise<{ session: LoadedSession; result: T }> {
    const sessionId = sessionStoreId(tenant, sessionKey);
    return serialized(sessionId, async () => {
      const entry = await current(sessionId, settings, true);
      const staged = stage(sessionId, settings, entry, change as Change<unknown>);
      let saved: CachedSession;
      try {
        saved = await save(tenant, sessionKey, sessionId, settings, entry);
      } catch (error) {
        withdraw(sessionId, [staged]);
        throw error;
      }
      if (staged.error !== undefined) throw staged.error;
      return { session: view(sessionId, saved, place), result: staged.result as T };
    });
  }

  /** The change that stores what is new in a request (by content) and reserves a call number. */
  const ingestChange =
    (request: {
      system: string | undefined;
      turns: ChatMessage[];
    }): Change<{ stored: number; call: number }> =>
    (chat, data) => {
      const hashes = request.turns.map(turnHash);
      const from = firstNewTurn(data.seen, hashes);
      for (const turn of request.turns.slice(from)) chat.addMessage(turn);
      const seen = [...data.seen, ...hashes.slice(from)].slice(-MAX_SEEN);
      return {
        data: {
          ...data,
          system: request.system ?? data.system,
          chat: chat.snapshot(),
          seen,
          seenTotal: data.seenTotal + hashes.length - from,
          calls: data.calls + 1,
        },
        result: { stored: request.turns.length - from, call: data.calls + 1 },
      };
    };

  /** The change that records one upstream reply (its update_state calls applied on the newest state). */
  const replyChange =
    (reply: UpstreamReply): Change<StateToolResult<Record<string, JsonValue>>[]> =>
    (chat, data) => {
      const visible: ChatMessage = { role: 'assistant', content: reply.content };
      if (reply.clientCalls.length > 0) visible.toolCalls = reply.clientCalls;
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
          seenTotal: showsClient ? data.seenTotal + 1 : data.seenTotal,
          calls: data.calls,
        },
        result: results,
      };
    };

  const closedTurn = () =>
    new StrataError(
      'INPUT_INVALID',
      'This session turn was already committed or abandoned: begin a new one.',
    );

  return {
    /** Loads a session without changing it (a new one is empty). */
    async load(tenant: string, sessionKey: string, settings: SessionSettings): Promise<LoadedSession> {
      const sessionId = sessionStoreId(tenant, sessionKey);
      return view(sessionId, await read(sessionId, settings));
    },

    /**
     * Stores what is new in the client's request (by content) and its system prompt, and reserves a
     * call number, written at once. Returns the session to assemble from and the number of turns stored.
     */
    async ingest(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      request: { system: string | undefined; turns: ChatMessage[] },
      place?: PlaceLayers,
    ): Promise<{ session: LoadedSession; stored: number; call: number }> {
      const { session, result } = await mutate(tenant, sessionKey, settings, place, ingestChange(request));
      return { session, stored: result.stored, call: result.call };
    },

    /**
     * Records one upstream reply, written at once: applies its update_state calls (validated merge
     * patches, on the newest state) with their tool results, and the reply the client sees.
     */
    async recordReply(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      reply: UpstreamReply,
      place?: PlaceLayers,
    ): Promise<{ session: LoadedSession; results: StateToolResult<Record<string, JsonValue>>[] }> {
      const { session, result } = await mutate(tenant, sessionKey, settings, place, replyChange(reply));
      return { session, results: result };
    },

    /**
     * Starts one client request's turn: stores what is new in the request (by content) in this
     * process's copy only, and returns the session to assemble from. Its replies are recorded in the
     * copy too (`recordReply`), and `commit` writes them all at once: one durable write per request,
     * however many upstream rounds it took (see `createGatewaySessions`).
     */
    async beginTurn(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      request: { system: string | undefined; turns: ChatMessage[] },
      place?: PlaceLayers,
    ): Promise<SessionTurn> {
      const sessionId = sessionStoreId(tenant, sessionKey);
      const begun = await serialized(sessionId, async () => {
        const entry = await current(sessionId, settings, true);
        const ingest = stage(sessionId, settings, entry, ingestChange(request) as Change<unknown>);
        return { ingest, session: view(sessionId, entry, place) };
      });
      const { ingest } = begun;
      const mine: StagedChange[] = [ingest];
      let open = true;
      const ingested = () => ingest.result as { stored: number; call: number };
      const failedChange = () => mine.find((staged) => staged.error !== undefined)?.error;

      /** Writes the turn (unless another commit already did); the caller holds the session. */
      const write = async (): Promise<CommittedTurn> => {
        let entry = await current(sessionId, settings, false);
        if (!mine.every((staged) => staged.saved)) {
          try {
            entry = await save(tenant, sessionKey, sessionId, settings, entry);
          } catch (error) {
            // The client gets this error for the reply: the replies are taken back (a retry is
            // answered afresh), the user's turns kept for the session's next commit.
            withdraw(
              sessionId,
              mine.filter((staged) => staged !== ingest),
            );
            throw error;
          }
        }
        const failed = failedChange();
        if (failed !== undefined) throw failed;
        return { session: view(sessionId, entry, place), ...ingested() };
      };

      return {
        session: begun.session,
        get stored() {
          return ingested().stored;
        },
        async recordReply(reply) {
          if (!open) throw closedTurn();
          return serialized(sessionId, async () => {
            const entry = await current(sessionId, settings, false);
            const staged = stage(sessionId, settings, entry, replyChange(reply) as Change<unknown>);
            mine.push(staged);
            return {
              session: view(sessionId, entry, place),
              results: staged.result as StateToolResult<Record<string, JsonValue>>[],
            };
          });
        },
        async commit() {
          if (!open) throw closedTurn();
          open = false;
          return serialized(sessionId, write);
        },
        async abandon() {
          if (!open) return undefined;
          open = false;
          return serialized(sessionId, async () => {
            if (mine.every((staged) => staged.saved)) return undefined;
            const entry = await current(sessionId, settings, false).catch(() => undefined);
            if (!entry) return undefined;
            try {
              const saved = await save(tenant, sessionKey, sessionId, settings, entry);
              return { session: view(sessionId, saved, place), ...ingested() };
            } catch {
              // The request already failed with its own error, which its client gets; its changes
              // stay unsaved and go with the session's next commit in this process.
              return undefined;
            }
          });
        },
      };
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
