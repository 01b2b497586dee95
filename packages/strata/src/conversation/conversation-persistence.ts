import type { KnowledgeRecord, MemoryStore } from '../store/memory-store.js';
import type { ConversationTurn } from './conversation-turn.js';

/** Where a conversation memory keeps its turns so it can be restored after a restart. */
export interface ConversationPersistence {
  store: MemoryStore;
  /** One namespace per conversation, e.g. `chat/user-42`. */
  namespace: string;
}

const KEY_PREFIX = 'turn-';

/** A turn as a knowledge record: ordered key, verbatim text, metadata in `name:value` tags. */
export function turnRecord(
  namespace: string,
  sequence: number,
  turn: ConversationTurn & { sessionId: string },
  sessionTime: string | undefined,
): Omit<KnowledgeRecord, 'version'> {
  return {
    namespace,
    key: `${KEY_PREFIX}${String(sequence).padStart(10, '0')}`,
    text: turn.text,
    tags: [
      `id:${turn.id}`,
      `speaker:${turn.speaker}`,
      `session:${turn.sessionId}`,
      ...(turn.time === undefined ? [] : [`time:${turn.time}`]),
      ...(sessionTime === undefined ? [] : [`session-time:${sessionTime}`]),
    ],
    provenance: {
      source: 'conversation',
      sessionId: turn.sessionId,
      turnIds: [turn.id],
      step: sequence,
      createdAt: Date.now(),
    },
  };
}

/** Turns of a namespace in the order they were added; records that are not turns are ignored. */
export function turnsFromRecords(
  records: readonly KnowledgeRecord[],
): Array<{ turn: ConversationTurn & { sessionId: string }; sessionTime?: string }> {
  return records
    .filter((record) => record.key.startsWith(KEY_PREFIX))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((record) => {
      const tag = (name: string): string | undefined =>
        record.tags.find((value) => value.startsWith(`${name}:`))?.slice(name.length + 1);
      const time = tag('time');
      const sessionTime = tag('session-time');
      const turn: ConversationTurn & { sessionId: string } = {
        id: tag('id') ?? record.key,
        speaker: tag('speaker') ?? '?',
        text: record.text,
        sessionId: tag('session') ?? 'session-1',
        ...(time === undefined ? {} : { time }),
      };
      return sessionTime === undefined ? { turn } : { turn, sessionTime };
    });
}
