import {
  type ChatContext,
  type ChatContextSnapshot,
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
}

/** What one session holds in the store (one JSON layer named 'gateway'). */
interface SessionData {
  system: string;
  chat: ChatContextSnapshot;
  /** Hashes of the client-visible history (turns sent, replies returned), oldest first, capped. */
  seen: string[];
  /** Calls made upstream so far (the inspector's call numbers). */
  calls: number;
}

/** A session as loaded: its chat context (the core's assembler and budget) and store version. */
export interface LoadedSession {
  sessionId: string;
  version: number;
  system: string;
  chat: ChatContext<Record<string, JsonValue>>;
  calls: number;
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

export interface GatewaySessionsOptions {
  store: MemoryStore;
  tokenizer: Tokenizer;
  /** Called on every lost compare-and-swap (another request or process committed first). */
  onConflict?: () => void;
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
 * Sessions over a MemoryStore. Every change is load, recompute, compare-and-swap commit, retried on
 * STORE_CONFLICT from the fresh record: two requests (in one process or many) on one session both
 * land, because each retry re-derives its change (new turns by content, state patches on the newest
 * state) instead of writing a stale copy.
 */
export function createGatewaySessions(options: GatewaySessionsOptions) {
  const { store, tokenizer } = options;

  const chatOf = (settings: SessionSettings, system: string, snapshot: ChatContextSnapshot) => {
    const chat = createChatContext({
      system,
      stateSchema,
      maxTurns: settings.maxTurns,
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

  async function mutate<T>(
    tenant: string,
    sessionKey: string,
    settings: SessionSettings,
    change: (session: LoadedSession, data: SessionData) => { data: SessionData; result: T } | undefined,
  ): Promise<{ session: LoadedSession; result: T | undefined }> {
    const sessionId = sessionStoreId(tenant, sessionKey);
    for (let attempt = 1; ; attempt += 1) {
      const record = await store.loadSession(sessionId);
      const data = dataOf(record, settings);
      const session: LoadedSession = {
        sessionId,
        version: record?.version ?? 0,
        system: data.system,
        chat: chatOf(settings, data.system, data.chat),
        calls: data.calls,
      };
      const changed = change(session, data);
      if (!changed) return { session, result: undefined };
      try {
        const committed = await store.commitSession({
          sessionId,
          namespace: tenantNamespace(tenant),
          step: changed.data.chat.turnCount,
          layers: { [LAYER]: changed.data as unknown as JsonValue },
          meta: { sessionKey, tenant },
          expectedVersion: session.version,
        });
        return {
          session: {
            sessionId,
            version: committed.version,
            system: changed.data.system,
            chat: chatOf(settings, changed.data.system, changed.data.chat),
            calls: changed.data.calls,
          },
          result: changed.result,
        };
      } catch (error) {
        if (!StrataError.is(error, 'STORE_CONFLICT') || attempt >= MAX_ATTEMPTS) throw error;
        options.onConflict?.();
      }
    }
  }

  return {
    /** Loads a session without changing it (a new one is empty). */
    async load(tenant: string, sessionKey: string, settings: SessionSettings): Promise<LoadedSession> {
      return (await mutate(tenant, sessionKey, settings, () => undefined)).session;
    },

    /**
     * Stores what is new in the client's request (by content) and its system prompt, and reserves a
     * call number. Returns the session to assemble from and the number of turns stored.
     */
    async ingest(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      request: { system: string | undefined; turns: ChatMessage[] },
    ): Promise<{ session: LoadedSession; stored: number; call: number }> {
      const hashes = request.turns.map(turnHash);
      const { session, result } = await mutate(tenant, sessionKey, settings, (loaded, data) => {
        const from = firstNewTurn(data.seen, hashes);
        for (const turn of request.turns.slice(from)) loaded.chat.addMessage(turn);
        const seen = [...data.seen, ...hashes.slice(from)].slice(-MAX_SEEN);
        return {
          data: {
            system: request.system ?? data.system,
            chat: loaded.chat.snapshot(),
            seen,
            calls: data.calls + 1,
          },
          result: { stored: request.turns.length - from, call: data.calls + 1 },
        };
      });
      return { session, stored: result?.stored ?? 0, call: result?.call ?? 0 };
    },

    /**
     * Records one upstream reply: applies its update_state calls (validated merge patches, on the
     * newest state) with their tool results, and the reply the client sees. Returns the results.
     */
    async recordReply(
      tenant: string,
      sessionKey: string,
      settings: SessionSettings,
      reply: { content: string; stateCalls: ToolCall[]; clientCalls: ToolCall[] },
    ): Promise<{ session: LoadedSession; results: StateToolResult<Record<string, JsonValue>>[] }> {
      const visible: ChatMessage = { role: 'assistant', content: reply.content };
      if (reply.clientCalls.length > 0) visible.toolCalls = reply.clientCalls;
      const { session, result } = await mutate(tenant, sessionKey, settings, (loaded, data) => {
        const results = reply.stateCalls.map((call) => loaded.chat.handleToolCall(call));
        if (reply.stateCalls.length > 0) {
          // The model sees its own state calls and their results; the client never does.
          loaded.chat.addMessage({
            role: 'assistant',
            content: reply.content,
            toolCalls: [...reply.clientCalls, ...reply.stateCalls],
          });
          for (const answer of results) loaded.chat.addMessage(answer.message);
        } else {
          loaded.chat.addMessage(visible);
        }
        const showsClient =
          reply.content !== '' || reply.clientCalls.length > 0 || reply.stateCalls.length === 0;
        return {
          data: {
            system: data.system,
            chat: loaded.chat.snapshot(),
            seen: showsClient ? [...data.seen, turnHash(visible)].slice(-MAX_SEEN) : data.seen,
            calls: data.calls,
          },
          result: results,
        };
      });
      return { session, results: result ?? [] };
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
