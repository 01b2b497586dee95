import type { JsonValue } from '../core/provenance.js';
import type { NewLesson } from '../store/memory-store.js';

/**
 * What an extractor is given. Structurally a superset of the transition engine's `ExtractionInput`
 * (transitions/extractor.ts), so the engine can pass its input unchanged.
 */
export interface ExtractorInput {
  /** The transition event, e.g. 'combat-end', 'ticket-closed'. */
  event: string;
  step: number;
  sessionId?: string | undefined;
  /** The finished scope (a combat id, a ticket id): with session and event, it makes the idempotency key. */
  scopeId?: string;
  /** A key unique to this transition; when given, it is the base of the output's key. */
  idempotencyKey?: string;
  /** What to extract from. Untrusted: prompts quote it as data. Defaults to `payload`/`layers`. */
  transcript?: string | readonly TranscriptEntry[];
  payload?: unknown;
  /** Layer snapshots when the transition fired (e.g. the window's events, the current summary). */
  layers?: Readonly<Record<string, JsonValue>>;
  /** Turn ids the extraction is derived from, recorded in provenance. */
  turnIds?: string[];
}

/** One line of the transcript an extractor reads. */
export interface TranscriptEntry {
  role?: string;
  content: string;
  id?: string;
}

/** What an extractor's run may use besides its input. */
export interface ExtractorContext {
  /** Aborts the model call (e.g. the engine shuts down). */
  signal?: AbortSignal;
}

/**
 * The results extractors produce. Each carries an idempotency key: running the same extraction
 * again (a retry) yields the same keys, so applying it twice adds nothing twice. The field names
 * (`lessons`, `summary`, `statePatch`) match the transition engine's `ExtractionResult`.
 */
export type ExtractorOutput = LessonsOutput | SummaryOutput | StatePatchOutput;

/** An extractor's answer: lessons to add. */
export interface LessonsOutput {
  kind: 'lessons';
  idempotencyKey: string;
  /** 0..n lessons, each with its own key `<idempotencyKey>#<index>` and provenance. */
  lessons: NewLesson[];
}

/** An extractor's answer: a summary that overwrites the old one. */
export interface SummaryOutput {
  kind: 'summary';
  idempotencyKey: string;
  /** The new summary; it replaces the old one. */
  summary: string;
}

/** An extractor's answer: a merge patch for a state layer. */
export interface StatePatchOutput {
  kind: 'state-patch';
  idempotencyKey: string;
  /** A JSON merge patch (RFC 7396); validate it with the state's schema before applying. */
  statePatch: { [key: string]: JsonValue };
}

/**
 * Turns a finished scope into lessons, a summary or a state patch, usually by asking a model.
 * Runs off the hot path (an engine's queue); may reject with a StrataError (model errors keep
 * their codes and `isRetryable`), which the engine records and retries.
 *
 * @example
 * const output = await createLessonExtractor({ model }).run({ event: 'combat-end', step: 40, sessionId: 'run-1', transcript }, {});
 */
export interface TypedExtractor<I = ExtractorInput, O extends ExtractorOutput = ExtractorOutput> {
  readonly name: string;
  /** Extracts from one finished scope. */
  run(input: I, context?: ExtractorContext): Promise<O>;
}
