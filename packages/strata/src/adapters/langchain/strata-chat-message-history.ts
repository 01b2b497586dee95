import { BaseListChatMessageHistory } from '@langchain/core/chat_history';
import {
  type BaseMessage,
  mapChatMessagesToStoredMessages,
  mapStoredMessagesToChatMessages,
  type StoredMessage,
} from '@langchain/core/messages';
import type { JsonValue } from '../../core/provenance.js';
import { StrataError } from '../../errors/strata-error.js';
import type { MemoryStore } from '../../store/memory-store.js';

/** Options of `StrataChatMessageHistory`. */
export interface StrataChatMessageHistoryOptions {
  /** Any Strata store (in-memory, SQLite, Postgres). */
  store: MemoryStore;
  /** One conversation. */
  sessionId: string;
  /** Store namespace (default 'langchain'). */
  namespace?: string;
  /** Name of the session layer the messages are kept under (default 'langchain-history'). */
  layer?: string;
}

/** Attempts of a write that keeps meeting other writers' commits, with a short random pause between. */
const CONFLICT_RETRIES = 20;

/**
 * A LangChain chat message history kept in a Strata store: the session's messages are one layer
 * snapshot, written with compare-and-swap, so two writers never overwrite each other's messages
 * (a conflict re-reads and retries). Works with `RunnableWithMessageHistory`.
 */
export class StrataChatMessageHistory extends BaseListChatMessageHistory {
  lc_namespace = ['strata', 'langchain', 'history'];
  private readonly store: MemoryStore;
  private readonly sessionId: string;
  private readonly namespace: string;
  private readonly layer: string;
  private opened: Promise<void> | undefined;
  // This instance's writes run one at a time: only other writers can conflict with them.
  private writes: Promise<void> = Promise.resolve();

  constructor(options: StrataChatMessageHistoryOptions) {
    super();
    if (!options?.store || typeof options.sessionId !== 'string' || options.sessionId === '') {
      throw new StrataError(
        'CONFIG_INVALID',
        "StrataChatMessageHistory needs a 'store' and a non-empty 'sessionId'.",
      );
    }
    this.store = options.store;
    this.sessionId = options.sessionId;
    this.namespace = options.namespace ?? 'langchain';
    this.layer = options.layer ?? 'langchain-history';
  }

  async getMessages(): Promise<BaseMessage[]> {
    const { stored } = await this.load();
    return mapStoredMessagesToChatMessages(stored);
  }

  async addMessage(message: BaseMessage): Promise<void> {
    await this.addMessages([message]);
  }

  override async addMessages(messages: BaseMessage[]): Promise<void> {
    const added = mapChatMessagesToStoredMessages(messages);
    await this.update((stored) => [...stored, ...added]);
  }

  override async clear(): Promise<void> {
    await this.update(() => []);
  }

  private async open(): Promise<void> {
    this.opened ??= this.store.open();
    await this.opened;
  }

  private async load(): Promise<{ stored: StoredMessage[]; version: number; step: number }> {
    await this.open();
    const record = await this.store.loadSession(this.sessionId);
    if (!record) return { stored: [], version: 0, step: 0 };
    const snapshot = record.layers[this.layer] as { messages?: unknown } | undefined;
    const stored = snapshot?.messages;
    if (stored !== undefined && !Array.isArray(stored)) {
      throw new StrataError(
        'STATE_CORRUPT',
        `Session '${this.sessionId}': the '${this.layer}' snapshot has no message list.`,
      );
    }
    return { stored: (stored ?? []) as StoredMessage[], version: record.version, step: record.step };
  }

  private update(change: (stored: StoredMessage[]) => StoredMessage[]): Promise<void> {
    const run = this.writes.then(() => this.commit(change));
    this.writes = run.catch(() => undefined);
    return run;
  }

  private async commit(change: (stored: StoredMessage[]) => StoredMessage[]): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const { stored, version, step } = await this.load();
      try {
        await this.store.commitSession({
          sessionId: this.sessionId,
          namespace: this.namespace,
          step: step + 1,
          layers: { [this.layer]: { messages: change(stored) } as unknown as JsonValue },
          expectedVersion: version,
        });
        return;
      } catch (error) {
        if (!StrataError.is(error, 'STORE_CONFLICT') || attempt >= CONFLICT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
      }
    }
  }
}
