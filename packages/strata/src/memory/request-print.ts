import type { JsonValue } from '../core/provenance.js';

/**
 * What the stable prefix of the next request is measured against once the previous request's text
 * is gone (a session resumed in another process): a hash of each message and of each line of its
 * sections. A few kilobytes instead of the request itself; two texts count as equal when their
 * 53-bit hashes are (a false match needs a collision at the same position).
 */
export interface RequestPrint {
  version: 1;
  messages: MessagePrint[];
}

/** One message of a printed request. */
export interface MessagePrint {
  role: string;
  name?: string;
  turn: boolean;
  /** Hash of the whole content. */
  content: string;
  /** Section messages: each part's lines (a chat turn has none). */
  parts: PartPrint[];
}

/** One part of a section message. */
export interface PartPrint {
  /** Hash of each complete line (newline included); `~` after it when the next line does not start cleanly. */
  lines: string[];
  /** Hash of the text after the last newline. */
  tail: string;
}

/** cyrb53 (public domain): a fast 53-bit string hash of `text[start, end)`. */
export function hashText(text: string, start = 0, end = text.length): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Where a line may be cut so both sides tokenize alike: neither whitespace nor '/' (chunks never
 * cross there); the end of the text counts as clean.
 */
export function isCleanLineStart(text: string, index: number): boolean {
  const character = text[index];
  return character === undefined || (character !== '/' && !/\s/.test(character));
}

/** The print of one section part. */
export function printPart(text: string): PartPrint {
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end < 0) break;
    const hash = hashText(text, start, end + 1);
    lines.push(isCleanLineStart(text, end + 1) ? hash : `${hash}~`);
    start = end + 1;
  }
  return { lines, tail: hashText(text, start) };
}

/** Whether a part's text is the printed one. */
export function partMatches(print: PartPrint, text: string): boolean {
  let start = 0;
  let line = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (end < 0) break;
    const entry = print.lines[line];
    if (entry === undefined || lineHash(entry) !== hashText(text, start, end + 1)) return false;
    start = end + 1;
    line += 1;
  }
  return line === print.lines.length && print.tail === hashText(text, start);
}

/**
 * Tokens of the complete lines `now` starts with in common with the printed part, cut only where
 * both continue cleanly (the same rule as for the live text).
 */
export function printedLeadingLineTokens(
  before: PartPrint,
  now: string,
  tokenizer: { count(text: string): number },
): number {
  let tokens = 0;
  let counted = 0;
  let start = 0;
  for (let line = 0; ; line += 1) {
    const end = now.indexOf('\n', start);
    const entry = before.lines[line];
    if (end < 0 || entry === undefined || lineHash(entry) !== hashText(now, start, end + 1)) return tokens;
    start = end + 1;
    if (isCleanLineStart(now, start) && !entry.endsWith('~')) {
      tokens += tokenizer.count(now.slice(counted, start));
      counted = start;
    }
  }
}

function lineHash(entry: string): string {
  return entry.endsWith('~') ? entry.slice(0, -1) : entry;
}

/** A stored print, or undefined when the value is not one (an older or hand-edited session). */
export function readRequestPrint(value: JsonValue | undefined): RequestPrint | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const print = value as unknown as RequestPrint;
  if (print.version !== 1 || !Array.isArray(print.messages)) return undefined;
  const valid = print.messages.every(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      typeof message.role === 'string' &&
      typeof message.content === 'string' &&
      Array.isArray(message.parts) &&
      message.parts.every(
        (part) =>
          Array.isArray(part?.lines) &&
          typeof part.tail === 'string' &&
          part.lines.every((line) => typeof line === 'string'),
      ),
  );
  return valid ? print : undefined;
}
