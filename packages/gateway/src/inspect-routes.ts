import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type ChatMessage,
  countChatMessage,
  type JsonValue,
  type MemoryStore,
  type Tokenizer,
} from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyMessagesDelta } from './call-record-messages.js';
import type { CallRecorder } from './call-recorder.js';
import type { CallRecord, StoredCallRecord } from './chat-completions.js';
import type { GatewaySessions } from './gateway-sessions.js';
import { sessionStoreId } from './gateway-sessions.js';
import { INSPECT_APP_JS, INSPECT_IMPORT_MAP, INSPECT_PAGE_HTML } from './inspect-page.js';

const importMapHash = createHash('sha256').update(INSPECT_IMPORT_MAP).digest('base64');
const CSP = `default-src 'self'; script-src 'self' 'sha256-${importMapHash}'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'`;

type WireMessage = {
  role: ChatMessage['role'];
  content: string | null;
  name?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
};

// The page's front-end stack: Preact (3 kB, escapes all text it renders) with htm templates, no build
// step. Their ES module files are served from the installed packages, so the page needs no network.
const require = createRequire(import.meta.url);
function assetFiles(): Record<string, string> {
  return {
    'preact.js': require.resolve('preact'),
    'hooks.js': require.resolve('preact/hooks'),
    // htm's require entry is CommonJS; its ES module build sits beside it.
    'htm.js': join(dirname(require.resolve('htm')), 'htm.module.js'),
  };
}

function toChatMessage(message: WireMessage): ChatMessage {
  const chat: ChatMessage = { role: message.role, content: message.content ?? '' };
  if (message.name !== undefined) chat.name = message.name;
  if (message.tool_calls?.length) {
    chat.toolCalls = message.tool_calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: call.function.arguments },
    }));
  }
  if (message.tool_call_id !== undefined) chat.toolCallId = message.tool_call_id;
  return chat;
}

/** Leading tokens identical to the previous call's request (what a provider's prefix cache can reuse). */
export function stablePrefixTokens(
  previous: WireMessage[] | undefined,
  current: WireMessage[],
  tokenizer: Tokenizer,
): number {
  if (!previous) return 0;
  let tokens = 0;
  for (let index = 0; index < current.length && index < previous.length; index += 1) {
    const message = current[index] as WireMessage;
    if (JSON.stringify(message) !== JSON.stringify(previous[index])) break;
    tokens += countChatMessage(toChatMessage(message), tokenizer);
  }
  return tokens;
}

/**
 * `/inspect`: a page listing the tenant's sessions and, per upstream call, what was sent (layers against
 * the budget, what was dropped, the stable prefix, the upstream's usage, the full messages). Behind the same
 * keys as the API: a browser sends the key as the password of HTTP Basic auth (any user name).
 */
export function registerInspectRoutes(
  app: FastifyInstance,
  dependencies: {
    authenticate: (request: FastifyRequest) => Promise<void>;
    sessions: GatewaySessions;
    store: MemoryStore;
    tokenizer: Tokenizer;
    /** Flushed before calls are listed, so a call this process made is always shown. */
    recorder: CallRecorder;
  },
): void {
  const { authenticate, sessions, store, tokenizer, recorder } = dependencies;
  const files = assetFiles();
  const assets = new Map<string, string>();
  const preHandler = authenticate;

  // Browsers ask for it on every page; an empty answer keeps their consoles clean.
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());
  app.get('/inspect', { preHandler }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', CSP).send(INSPECT_PAGE_HTML),
  );
  app.get('/inspect/app.js', { preHandler }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INSPECT_APP_JS),
  );
  app.get<{ Params: { name: string } }>('/inspect/assets/:name', { preHandler }, async (request, reply) => {
    const path = files[request.params.name];
    if (!path) throw new StrataError('ROUTE_UNKNOWN', `No inspector asset '${request.params.name}'.`);
    let text = assets.get(path);
    if (text === undefined) {
      text = readFileSync(path, 'utf8');
      assets.set(path, text);
    }
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'max-age=3600').send(text);
  });
  app.get('/inspect/api/sessions', { preHandler }, async (request) => ({
    tenant: request.tenant,
    sessions: await sessions.list(request.tenant),
  }));
  app.get<{ Params: { sessionKey: string } }>(
    '/inspect/api/sessions/:sessionKey/calls',
    { preHandler },
    async (request) => {
      await recorder.flush();
      const rows = await store.listTelemetry(sessionStoreId(request.tenant, request.params.sessionKey));
      let previous: WireMessage[] | undefined;
      // Each call's messages by step: a record stored as a delta names the earlier one it builds on.
      const sent = new Map<number, JsonValue[]>();
      const calls = rows.map((row) => {
        const { messagesDelta, ...stored } = row.record as unknown as StoredCallRecord;
        let whole = stored.messages as JsonValue[] | undefined;
        let messagesIncomplete = false;
        if (messagesDelta) {
          const base = sent.get(messagesDelta.base);
          whole = base ? applyMessagesDelta(base, messagesDelta.parts) : undefined;
          if (!whole) {
            // Its base record is gone (dropped while the store was failing): what the delta holds itself.
            messagesIncomplete = true;
            whole = messagesDelta.parts.filter((part) => !Array.isArray(part));
          }
        }
        const messages = (whole ?? []) as unknown as WireMessage[];
        if (!messagesIncomplete) sent.set(row.step, whole ?? []);
        const record: CallRecord = { ...stored, messages: messages as unknown as JsonValue };
        const stable = stablePrefixTokens(previous, messages, tokenizer);
        previous = messages;
        return {
          ...record,
          stablePrefixTokens: stable,
          ...(messagesIncomplete ? { messagesIncomplete } : {}),
        };
      });
      return { sessionKey: request.params.sessionKey, calls };
    },
  );
}
