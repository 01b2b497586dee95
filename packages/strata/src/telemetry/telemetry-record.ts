import type { DropReason } from '../layers/layer.js';

/** One record per `assemble`: what each layer cost and what it left out. */
export interface AssembleTelemetryRecord {
  type: 'assemble';
  step: number;
  sessionId: string | undefined;
  /** Milliseconds since epoch. */
  at: number;
  budget: number;
  tokens: number;
  stablePrefixTokens: number;
  /** Time spent in `assemble`, in microseconds. */
  microseconds: number;
  /** The extraction backlog when this request was assembled (see `ExtractionQueueStats`). */
  extractions: { waiting: number; running: number; dropped: number; superseded: number };
  layers: Array<{ name: string; tokens: number; items: number; dropped: number; truncated: number }>;
  /** Dropped items, except `ranked-out` ones (counted per layer instead: there can be thousands). */
  dropped: Array<{ layer: string; id: string; reason: DropReason }>;
}

/** Something that happened outside `assemble`: an extraction that failed, was retried or applied. */
export interface MemoryEventRecord {
  type: 'event';
  /**
   * Noun-first, kebab-case: 'transition', 'extraction-applied', 'extraction-retried',
   * 'extraction-succeeded', 'extraction-failed', 'extraction-dropped' (the queue was full: its oldest
   * waiting job), 'extraction-superseded' (replaced by a newer job of a `latestOnly` binding).
   */
  name: string;
  step: number;
  sessionId: string | undefined;
  at: number;
  details: Record<string, unknown>;
}

/** Any telemetry record: one per `assemble`, or an event. */
export type TelemetryRecord = AssembleTelemetryRecord | MemoryEventRecord;

/** Where telemetry goes. `write` must not throw and should be cheap (it runs inside `assemble`). */
export interface TelemetrySink {
  /** Takes one record; must not throw. */
  write(record: TelemetryRecord): void;
  /** Waits until everything written is stored. */
  flush?(): Promise<void>;
}
