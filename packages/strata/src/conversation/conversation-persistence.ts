import { StrataError } from '../errors/strata-error.js';
import type { KnowledgeRecord, MemoryStore } from '../store/memory-store.js';
import type { ConversationTurn } from './conversation-turn.js';

/** Where a conversation memory keeps its turns and its index so it can be restored after a restart. */
export interface ConversationPersistence {
  store: MemoryStore;
  /** One namespace per conversation, e.g. `chat/user-42`. */
  namespace: string;
  /**
   * Turns per index segment. Every full segment of turns is also written as one record holding their
   * analysed terms and token counts, so a restart reads one record per segment and re-analyses only
   * the turns after the last full segment. Default 1,000.
   */
  segmentTurns?: number;
}

/** A turn as saved: the turn, its session, and the session's date. */
export interface SavedTurn {
  turn: ConversationTurn & { sessionId: string };
  sessionTime?: string;
}

/** A turn inside an index segment: what the log and the index need, without analysing it again. */
export interface SegmentTurn extends SavedTurn {
  /** Token count of the turn's line with the segment's tokenizer. */
  lineTokens: number;
  /** Retrieval terms, in order (BM25 needs term frequencies). */
  terms: readonly string[];
}

/** One full index segment. */
export interface IndexSegment {
  format: 1;
  /** Which segment (turns `number * segmentTurns` onward). */
  number: number;
  /** Name and version of the tokenizer the counts were taken with. */
  tokenizer: string;
  tokenizerVersion: number;
  turns: SegmentTurn[];
}

export const DEFAULT_SEGMENT_TURNS = 1000;

const KEY_PREFIX = 'turn-';
const SEGMENT_PREFIX = 'segment-';

/** Namespace of the turn records of one segment: a restart lists only the segment it needs. */
export function turnNamespace(namespace: string, segment: number): string {
  return `${namespace}/turns-${String(segment).padStart(6, '0')}`;
}

/** Namespace of the index segments. */
export function indexNamespace(namespace: string): string {
  return `${namespace}/index`;
}

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
export function turnsFromRecords(records: readonly KnowledgeRecord[]): SavedTurn[] {
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

/** An index segment as a knowledge record (the payload is JSON in `text`). */
export function segmentRecord(namespace: string, segment: IndexSegment): Omit<KnowledgeRecord, 'version'> {
  return {
    namespace: indexNamespace(namespace),
    key: `${SEGMENT_PREFIX}${String(segment.number).padStart(6, '0')}`,
    text: JSON.stringify(segment),
    tags: [`turns:${segment.turns.length}`],
    provenance: {
      source: 'conversation-index',
      turnIds: [],
      step: segment.number,
      createdAt: Date.now(),
    },
  };
}

/** The index segments of a namespace, in order; a gap or an unreadable segment is an error. */
export function segmentsFromRecords(records: readonly KnowledgeRecord[]): IndexSegment[] {
  const segments = records
    .filter((record) => record.key.startsWith(SEGMENT_PREFIX))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((record) => {
      let parsed: IndexSegment;
      try {
        parsed = JSON.parse(record.text) as IndexSegment;
      } catch (error) {
        throw new StrataError(
          'STORE_CORRUPT',
          `Conversation index segment '${record.namespace}/${record.key}' is not valid JSON. Delete the '${record.namespace}' records to rebuild the index from the turns.`,
          { cause: error },
        );
      }
      return parsed;
    });
  segments.forEach((segment, position) => {
    if (segment.format !== 1 || segment.number !== position || !Array.isArray(segment.turns)) {
      throw new StrataError(
        'STORE_CORRUPT',
        `Conversation index segment ${position} is missing or of an unknown format. Delete the index records to rebuild the index from the turns.`,
        { details: { segment: position } },
      );
    }
  });
  return segments;
}
