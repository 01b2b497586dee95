import type { JsonValue, Provenance } from '../core/provenance.js';

/** What an extractor sees: the event, its payload, and every layer's snapshot taken before the event's hooks ran. */
export interface ExtractionInput {
  event: string;
  payload: unknown;
  step: number;
  sessionId: string | undefined;
  /** Layer snapshots (by layer name) as they were when the transition fired. */
  layers: Readonly<Record<string, JsonValue>>;
  /** A key unique to this transition; extractors may use it as (the base of) their result's idempotency key. */
  idempotencyKey: string;
}

/** A lesson proposed by an extractor. */
export interface ExtractedLesson {
  text: string;
  /** 0..1 (default 0.5). */
  importance?: number;
  tags?: string[];
}

/**
 * What an extraction produced. `idempotencyKey` makes applying it twice (after a retry) a no-op:
 * lessons are stored with `<idempotencyKey>#<index>` keys.
 */
export interface ExtractionResult {
  idempotencyKey: string;
  lessons?: ExtractedLesson[];
  /** Overwrites a summary layer. */
  summary?: string;
  /** A JSON merge patch (RFC 7396) for a state layer. */
  statePatch?: { [key: string]: JsonValue };
}

/** Produces lessons, a summary or a state patch from a finished scope (usually by asking a model). */
export interface Extractor {
  readonly name: string;
  /** Extracts from one finished scope. */
  run(input: ExtractionInput): Promise<ExtractionResult>;
}

/** Where an applied extraction came from, for the provenance of what it wrote. */
export interface ExtractionMeta {
  extractor: string;
  event: string;
  step: number;
  sessionId: string | undefined;
  provenance: Provenance;
}
