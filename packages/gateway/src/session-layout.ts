import type { ChatContextSnapshot, JsonValue, SessionRecord } from '@strata-memory/strata';
import { StrataError } from '@strata-memory/strata/errors';

/**
 * How a gateway session is laid out in the store's layers, so that a commit writes only what changed:
 * a small head (system prompt, state, counters, and the turns and client-visible history hashes of
 * the chunk still filling) in the layer `gateway`, and each full chunk of turns and hashes in a layer
 * of its own (`gateway/turns/<slot>`, `gateway/seen/<slot>`). Chunk k holds the items numbered
 * k*size .. k*size+size-1 (numbered from the session's first turn), in slot k mod slots: a full chunk
 * is written once, by the commit that fills it, and a slot is reused once the window has moved past
 * its chunk, so a session keeps a bounded number of rows. Head and chunks are written by one commit
 * (one compare-and-swap on the session's version), so a session read back is always one whole version.
 * A commit is then the session row and the head, plus a chunk every TURN_CHUNK turns. Before (layout
 * 2, still read), the filling chunks were rows of their own, rewritten by every commit; before that,
 * the whole session was one JSON layer.
 */
export const HEAD_LAYER = 'gateway';
const TURNS_PREFIX = 'gateway/turns/';
const SEEN_PREFIX = 'gateway/seen/';
/** Turns per chunk. */
export const TURN_CHUNK = 16;
/** History hashes per chunk. */
export const SEEN_CHUNK = 32;

/** The running summary and how far extraction jobs read (as in gateway-sessions). */
export interface StoredMemory {
  summary: string;
  summaryThrough: number;
  stateThrough: number;
  lessonsThrough: number;
}

/** A session's data as the gateway holds it in memory. */
export interface SessionData {
  system: string;
  chat: ChatContextSnapshot;
  /** Hashes of the client-visible history (turns sent, replies returned), oldest first, capped. */
  seen: string[];
  /** Hashes ever added to `seen` (the newest is number seenTotal - 1). */
  seenTotal: number;
  /** Calls made upstream so far (the inspector's call numbers). */
  calls: number;
  /** Absent until an extraction job first wrote to the session. */
  memory?: StoredMemory;
}

/** What the stored version of a session holds: a commit on it writes only the chunks past these. */
export interface StoredMarks {
  turnCount: number;
  seenTotal: number;
  turnSlots: number;
  seenSlots: number;
}

interface Head {
  layout: 2 | 3;
  system: string;
  calls: number;
  memory?: StoredMemory;
  state: JsonValue;
  turnCount: number;
  turnsSinceExtraction: number;
  /** Turns kept (the newest `turns` of `turnCount`). */
  turns: number;
  seenTotal: number;
  /** Hashes kept (the newest `seen` of `seenTotal`). */
  seen: number;
  turnSlots: number;
  seenSlots: number;
  /** Layout 3: the kept turns of the chunk still filling (in its own row in layout 2). */
  openTurns?: Chunk<Turn>;
  /** Layout 3: the kept hashes of the chunk still filling. */
  openSeen?: Chunk<string>;
}

interface Chunk<T> {
  /** Number of the chunk's first item. */
  from: number;
  items: T[];
}

type Turn = ChatContextSnapshot['turns'][number];

const slotsFor = (keep: number, size: number) => Math.ceil(Math.max(1, keep) / size) + 1;

/**
 * The layers a commit writes for `data` over the stored version `marks` (undefined: nothing of this
 * layout is stored yet, so every full chunk is written), and the marks once it is stored. `keepTurns`
 * and `keepSeen` are the most turns and hashes a session keeps (they size the slots).
 */
export function encodeSession(
  data: SessionData,
  marks: StoredMarks | undefined,
  keepTurns: number,
  keepSeen: number,
): { layers: Record<string, JsonValue>; marks: StoredMarks } {
  const turns = data.chat.turns;
  const turnCount = data.chat.turnCount;
  const neededTurnSlots = slotsFor(Math.max(keepTurns, turns.length), TURN_CHUNK);
  const neededSeenSlots = slotsFor(Math.max(keepSeen, data.seen.length), SEEN_CHUNK);
  // More slots than stored (a larger window configured): the whole session is laid out again.
  const whole = marks === undefined || marks.turnSlots < neededTurnSlots || marks.seenSlots < neededSeenSlots;
  const turnSlots = whole ? neededTurnSlots : marks.turnSlots;
  const seenSlots = whole ? neededSeenSlots : marks.seenSlots;
  const layers: Record<string, JsonValue> = {};
  const head: Head = {
    layout: 3,
    system: data.system,
    calls: data.calls,
    ...(data.memory ? { memory: data.memory } : {}),
    state: data.chat.state,
    turnCount,
    turnsSinceExtraction: data.chat.turnsSinceExtraction,
    turns: turns.length,
    seenTotal: data.seenTotal,
    seen: data.seen.length,
    turnSlots,
    seenSlots,
    openTurns: openChunk(turns, turnCount, TURN_CHUNK),
    openSeen: openChunk(data.seen, data.seenTotal, SEEN_CHUNK),
  };
  layers[HEAD_LAYER] = head as unknown as JsonValue;
  // A layout-2 version's marks hold here too: its full chunks are complete rows, its filling one is
  // written below once full (until then the head has it).
  writeFullChunks(layers, TURNS_PREFIX, TURN_CHUNK, turnSlots, turns, turnCount, whole ? 0 : marks.turnCount);
  writeFullChunks(
    layers,
    SEEN_PREFIX,
    SEEN_CHUNK,
    seenSlots,
    data.seen,
    data.seenTotal,
    whole ? 0 : marks.seenTotal,
  );
  return { layers, marks: { turnCount, seenTotal: data.seenTotal, turnSlots, seenSlots } };
}

/** The kept items of the chunk still filling (items: the newest of `total`); empty when none. */
function openChunk<T>(items: readonly T[], total: number, size: number): Chunk<T> {
  const start = total - items.length;
  const from = Math.max(Math.floor(total / size) * size, start);
  return { from, items: items.slice(from - start) };
}

/**
 * Writes every full chunk that was not full at `since` and holds a kept item (items: the newest of
 * `total`): the chunks filled since the stored version.
 */
function writeFullChunks<T>(
  layers: Record<string, JsonValue>,
  prefix: string,
  size: number,
  slots: number,
  items: readonly T[],
  total: number,
  since: number,
) {
  const start = total - items.length;
  for (let chunk = Math.floor(Math.max(start, since) / size); chunk * size + size <= total; chunk += 1) {
    const from = Math.max(chunk * size, start);
    const stored: Chunk<T> = { from, items: items.slice(from - start, chunk * size + size - start) };
    layers[`${prefix}${chunk % slots}`] = stored as unknown as JsonValue;
  }
}

function corrupt(record: SessionRecord, what: string): StrataError {
  return new StrataError('STORE_CORRUPT', `Gateway session '${record.sessionId}': ${what}.`, {
    details: { sessionId: record.sessionId },
  });
}

const isChunk = (value: unknown): value is Chunk<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Chunk<unknown>).items) &&
  typeof (value as Chunk<unknown>).from === 'number';

/**
 * The newest `count` of `total` items, read from their chunks; with `open` (layout 3) the items of
 * the chunk still filling come from it, not from a row.
 */
function readChunks<T>(
  record: SessionRecord,
  prefix: string,
  size: number,
  slots: number,
  count: number,
  total: number,
  open?: Chunk<T>,
): T[] {
  const items: T[] = [];
  const start = total - count;
  const openFrom = open ? Math.floor(total / size) * size : total;
  let index = start;
  while (index < openFrom) {
    const chunk = Math.floor(index / size);
    const stored = record.layers[`${prefix}${chunk % slots}`] as unknown as Chunk<T> | undefined;
    if (
      !isChunk(stored) ||
      Math.floor(stored.from / size) !== chunk ||
      stored.from > index ||
      stored.from + stored.items.length < Math.min(chunk * size + size, total)
    ) {
      throw corrupt(record, `the chunk holding item ${index} of ${prefix}* is missing or stale`);
    }
    const to = Math.min(chunk * size + size, total);
    for (; index < to; index += 1) items.push(stored.items[index - stored.from] as T);
  }
  if (index < total) {
    if (!isChunk(open) || open.from > index || open.from + open.items.length !== total)
      throw corrupt(record, `the head's open chunk of ${prefix}* does not hold item ${index}`);
    for (; index < total; index += 1) items.push(open.items[index - open.from] as T);
  }
  return items;
}

/**
 * A stored session's data and marks; undefined for no record. Reads this layout and the two before it
 * (open chunks in rows of their own; the whole session in the `gateway` layer), whose next commit
 * writes this layout.
 */
export function decodeSession(
  record: SessionRecord | undefined,
): { data: SessionData; marks: StoredMarks | undefined } | undefined {
  const raw = record?.layers[HEAD_LAYER] as unknown as
    | (Head & { chat?: undefined })
    | (Omit<SessionData, 'seenTotal'> & { layout?: undefined })
    | undefined;
  if (!record || !raw) return undefined;
  if (raw.layout === undefined) {
    // The earliest layout: one JSON value with the chat snapshot in it.
    return { data: { ...raw, seenTotal: raw.seen.length }, marks: undefined };
  }
  if (raw.layout !== 2 && raw.layout !== 3)
    throw corrupt(
      record,
      `its layout ${JSON.stringify(raw.layout)} is not one this gateway reads (2 or 3): a newer gateway wrote it, so upgrade every replica to the same version`,
    );
  const layout3 = raw.layout === 3;
  if (layout3 && (!isChunk(raw.openTurns) || !isChunk(raw.openSeen)))
    throw corrupt(record, 'the head has no open chunks');
  const turns = readChunks<Turn>(
    record,
    TURNS_PREFIX,
    TURN_CHUNK,
    raw.turnSlots,
    raw.turns,
    raw.turnCount,
    layout3 ? raw.openTurns : undefined,
  );
  const seen = readChunks<string>(
    record,
    SEEN_PREFIX,
    SEEN_CHUNK,
    raw.seenSlots,
    raw.seen,
    raw.seenTotal,
    layout3 ? raw.openSeen : undefined,
  );
  return {
    data: {
      system: raw.system,
      calls: raw.calls,
      ...(raw.memory ? { memory: raw.memory } : {}),
      chat: {
        version: 1,
        state: raw.state,
        turns,
        turnCount: raw.turnCount,
        turnsSinceExtraction: raw.turnsSinceExtraction,
      },
      seen,
      seenTotal: raw.seenTotal,
    },
    marks: {
      turnCount: raw.turnCount,
      seenTotal: raw.seenTotal,
      turnSlots: raw.turnSlots,
      seenSlots: raw.seenSlots,
    },
  };
}

/** The turns and state of a stored gateway session (for checks and tools); undefined for none. */
export function storedSessionChat(record: SessionRecord | undefined): ChatContextSnapshot | undefined {
  return decodeSession(record)?.data.chat;
}
