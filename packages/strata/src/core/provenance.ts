/**
 * Where a memory item came from. Every item a Memory keeps carries one, so nothing the system
 * itself wrote (prompts, instructions) becomes a memory by accident, and evaluations can trace
 * what was kept.
 */
export interface Provenance {
  /** What produced it: 'extractor:<name>', 'agent-note', 'user', 'tool:<name>', 'corpus:<name>', ... */
  source: string;
  /** The transition event that triggered it, e.g. 'combat-end'. */
  event?: string;
  /** Session (run, conversation) it came from. */
  sessionId?: string;
  /** Step number or turn ids it was derived from. */
  step?: number;
  turnIds?: string[];
  /** Milliseconds since epoch. */
  createdAt: number;
}

/** A JSON value as stored and sent over the wire. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
