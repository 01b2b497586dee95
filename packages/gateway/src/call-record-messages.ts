import type { JsonValue } from '@strata-memory/strata';

/**
 * How a call record stores the messages it sent: whole, or as the parts that differ from an earlier
 * call record of the same session. Consecutive calls of a session send mostly the same window (the
 * system prompt and the turns kept, shifted by what was dropped and added), and writing it whole made
 * every record as large as the session (a 15 KB JSON row, serialized, sent and compressed by the store,
 * per upstream round).
 *
 * `parts`: a `[from, count]` pair reuses `count` messages of the base record's messages from index
 * `from`; any other entry is a message sent as it is. The base is the record at step `base` of the same
 * session: its step is always lower, so a reader going through the records in step order has it.
 */
export interface MessagesDelta {
  base: number;
  parts: JsonValue[];
}

/** Wire message fields compared (OpenAI Chat Completions shape, as sent upstream). */
type Wire = {
  role?: unknown;
  content?: unknown;
  name?: unknown;
  tool_call_id?: unknown;
  tool_calls?: unknown;
};

type WireCall = { id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } };

function sameCalls(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index] as WireCall;
    const b = right[index] as WireCall;
    if (
      a.id !== b.id ||
      a.type !== b.type ||
      a.function?.name !== b.function?.name ||
      a.function?.arguments !== b.function?.arguments
    )
      return false;
  }
  return true;
}

/** Whether two wire messages read the same (every field the gateway sends). */
export function sameWireMessage(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  const a = left as Wire;
  const b = right as Wire;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (
    a.role !== b.role ||
    a.content !== b.content ||
    a.name !== b.name ||
    a.tool_call_id !== b.tool_call_id ||
    'tool_calls' in a !== 'tool_calls' in b ||
    !sameCalls(a.tool_calls, b.tool_calls)
  )
    return false;
  // Only messages with no fields but these are the same: anything else is sent as it is.
  for (const key in a) if (!wireKeys.has(key)) return false;
  for (const key in b) if (!wireKeys.has(key)) return false;
  return true;
}

const wireKeys = new Set(['role', 'content', 'name', 'tool_call_id', 'tool_calls']);

/**
 * `current` as parts over `base` (see MessagesDelta): runs of messages that `base` has too become
 * `[from, count]`, the rest is kept as it is. Undefined when nothing is shared (store it whole).
 */
export function messagesDelta(
  base: readonly unknown[],
  current: readonly unknown[],
): JsonValue[] | undefined {
  const parts: JsonValue[] = [];
  let shared = 0;
  let cursor = 0;
  let index = 0;
  while (index < current.length) {
    // The next run most often starts where the last one ended; otherwise search the rest of base.
    let from = -1;
    for (let at = cursor; at < base.length; at += 1) {
      if (sameWireMessage(current[index], base[at])) {
        from = at;
        break;
      }
    }
    if (from < 0) {
      parts.push(current[index] as JsonValue);
      index += 1;
      continue;
    }
    let count = 0;
    while (
      index + count < current.length &&
      from + count < base.length &&
      sameWireMessage(current[index + count], base[from + count])
    )
      count += 1;
    parts.push([from, count]);
    shared += count;
    index += count;
    cursor = from + count;
  }
  return shared === 0 ? undefined : parts;
}

/** The messages `parts` stand for over `base`; undefined when a part reaches past what `base` has. */
export function applyMessagesDelta(
  base: readonly JsonValue[],
  parts: readonly JsonValue[],
): JsonValue[] | undefined {
  const messages: JsonValue[] = [];
  for (const part of parts) {
    if (!Array.isArray(part)) {
      messages.push(part);
      continue;
    }
    const [from, count] = part;
    if (
      typeof from !== 'number' ||
      typeof count !== 'number' ||
      from < 0 ||
      count < 0 ||
      from + count > base.length
    )
      return undefined;
    for (let at = from; at < from + count; at += 1) messages.push(base[at] as JsonValue);
  }
  return messages;
}
